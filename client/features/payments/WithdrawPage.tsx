import { Banknote } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function WithdrawPage() {
  return (
    <Page title="Withdraw Money" description="Withdrawals are paid in USDT on TON and processed within up to 72 hours.">
      <EmptyState
        icon={<Banknote />}
        title="No withdrawals yet"
        description="Your withdrawal requests and their statuses will be listed here."
      />
    </Page>
  );
}
