import { Layers } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function ProjectPage() {
  return (
    <Page title="Project">
      <EmptyState
        icon={<Layers />}
        title="You don't have any resources"
        description="Resources of a project appear here once you add them."
      />
    </Page>
  );
}
