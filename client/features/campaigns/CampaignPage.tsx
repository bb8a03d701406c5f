import { Megaphone } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function CampaignPage() {
  return (
    <Page title="Campaign">
      <EmptyState
        icon={<Megaphone />}
        title="No Campaign"
        description="Campaigns are created for the resources of your projects."
      />
    </Page>
  );
}
