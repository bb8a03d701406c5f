import { useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, ListTodo } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { roundMoney } from '../../lib/money';
import { Page } from '../../components/ui/Page';
import { taskTabLabels } from './platform';
import { type PlatformCampaignRow, PlatformQuery, fetchPlatformCampaigns } from './platformsApi';

const typeLabel = (type: string) => taskTabLabels[type as keyof typeof taskTabLabels] ?? type;

/** App statistics: the campaigns shown in this app (spec 2.5). Load failures are silent (spec 8). */
export function AppCampaignsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const platform = useQuery(PlatformQuery, { variables: { id } });
  const [rows, setRows] = useState<PlatformCampaignRow[] | null>(null);

  useEffect(() => {
    let alive = true;
    setRows(null);
    fetchPlatformCampaigns(id)
      .then((data) => alive && setRows(data))
      .catch(() => alive && setRows([]));
    return () => {
      alive = false;
    };
  }, [id]);

  const title = platform.data?.platform.title;

  return (
    <Page
      title="App statistics"
      description={title ? `Campaigns shown in ${title}` : undefined}
      actions={
        <Button asChild variant="ghost" size="sm">
          <Link to="/publisher">
            <ArrowLeft /> My Apps
          </Link>
        </Button>
      }
    >
      {rows === null ? (
        <Stack gap="2" data-testid="campaigns-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="10" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState icon={<ListTodo />} title="You don't have any tasks">
          <Button asChild variant="outline">
            <Link to="/publisher">Go to Publisher</Link>
          </Button>
        </EmptyState>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="xl" data-scroll-restoration-id="app-campaigns">
          <Table.Root size="sm" data-testid="app-campaigns-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Task type</Table.ColumnHeader>
                <Table.ColumnHeader>App name</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Completed</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Revenue $</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r, i) => (
                <Table.Row key={r.id ?? i}>
                  <Table.Cell>{typeLabel(r.task.type)}</Table.Cell>
                  <Table.Cell>{r.task.title}</Table.Cell>
                  <Table.Cell textAlign="end">{r.completedQuantity}</Table.Cell>
                  <Table.Cell textAlign="end">{roundMoney(String(r.profitBudget))}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={r.isActive ? 'green' : 'gray'} variant="subtle">
                      {r.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Page>
  );
}
