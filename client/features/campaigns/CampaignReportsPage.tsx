import { FileChartColumn } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function CampaignReportsPage() {
  return (
    <Page title="Campaign reports">
      <EmptyState
        icon={<FileChartColumn />}
        title="No records found"
        description="Reports appear once your campaigns get their first actions."
      />
    </Page>
  );
}
