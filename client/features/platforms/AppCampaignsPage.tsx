import { Button } from '@chakra-ui/react/button';
import { Link } from '@tanstack/react-router';
import { ListTodo } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function AppCampaignsPage() {
  return (
    <Page title="App statistics">
      <EmptyState icon={<ListTodo />} title="You don't have any tasks">
        <Button asChild variant="outline">
          <Link to="/publisher">Go to Publisher</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
