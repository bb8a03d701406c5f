import { ChartLine } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function StatisticsPage() {
  return (
    <Page title="Statistics" description="Conversions, profit and CPA of your apps by day.">
      <EmptyState icon={<ChartLine />} title="No records found" />
    </Page>
  );
}
