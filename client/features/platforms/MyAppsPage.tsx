import { Smartphone } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function MyAppsPage() {
  return (
    <Page title="My Apps" description="Mini apps that show the task showcase to their users.">
      <EmptyState icon={<Smartphone />} title="You don't have any platforms" description="Adding apps opens soon." />
    </Page>
  );
}
