import { Receipt } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function AddFundsPage() {
  return (
    <Page title="Add funds" description="Top up your advertiser balance to fund campaigns.">
      <EmptyState
        icon={<Receipt />}
        title="No transactions yet"
        description="Top-ups and their statuses will be listed here."
      />
    </Page>
  );
}
