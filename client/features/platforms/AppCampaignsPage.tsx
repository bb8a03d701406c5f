import { t } from '@lingui/core/macro';
import { formatCount } from '../../lib/locale';
import { useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, ListTodo } from 'lucide-react';
import { CsvButton } from '../../components/ui/CsvButton';
import { EmptyState } from '../../components/ui/EmptyState';
import type { PlatformCampaignsQuery as PlatformCampaignsQueryType } from '../../gql/graphql';
import { LiveValue } from '../../components/ui/LiveValue';
import { Page } from '../../components/ui/Page';
import { formatMoney, roundMoney } from '../../lib/money';
import { taskTabLabels } from './platform';
import { AppQualityCard } from '../quality/AppQualityCard';
import { RewardCallbacks } from './RewardCallbacks';
import {
  PlatformCampaignsQuery,
  PlatformStatsSubscription,
  PlatformTotalsQuery,
  writePlatformTotals,
} from './platformsApi';
import { LIVE_QUERY, refetchQuietly, useLiveSubscription } from '../../lib/live';
import { Trans } from '@lingui/react/macro';

const typeLabel = (type: string) => taskTabLabels[type as keyof typeof taskTabLabels] ?? type;

/** Route /publisher/{id}/campaigns. */
export function AppCampaignsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  return <AppCampaigns platformId={id} />;
}

/**
 * App statistics: the app's traffic quality, the campaigns shown in this app,
 * Completed and Revenue $ live from `platformStatsChanged`. Load failures are silent: the empty state shows.
 */
export function AppCampaigns({ platformId }: { platformId: string }) {
  const platform = useQuery(PlatformTotalsQuery, { variables: { id: platformId }, context: LIVE_QUERY });
  const campaigns = useQuery(PlatformCampaignsQuery, {
    variables: { platformId },
    fetchPolicy: 'cache-and-network',
    context: LIVE_QUERY,
  });

  useLiveSubscription(PlatformStatsSubscription, {
    variables: { platformId },
    onLive: () => {
      refetchQuietly(platform);
      refetchQuietly(campaigns);
    },
    onData: ({ client, data }) => {
      const stats = data.data?.platformStatsChanged;
      if (!stats || stats.platformId !== platformId) return;
      writePlatformTotals(client.cache, stats);
      // Rows have no id of their own: update the listed one in place, or fetch a new one.
      let listed = false;
      client.cache.updateQuery({ query: PlatformCampaignsQuery, variables: { platformId } }, (prev) => {
        if (!prev?.platformCampaigns.some((row) => row.campaignId === stats.campaignId)) return undefined;
        listed = true;
        return {
          ...prev,
          platformCampaigns: prev.platformCampaigns.map((row) =>
            row.campaignId === stats.campaignId
              ? { ...row, completedQuantity: stats.completedQuantity, profitBudget: stats.profitBudget }
              : row,
          ),
        };
      });
      if (!listed) refetchQuietly(campaigns);
    },
  });

  const app = platform.data?.platform;
  const rows = campaigns.data?.platformCampaigns ?? (campaigns.error ? [] : null);

  return (
    <Page
      title={t`App statistics`}
      description={
        app
          ? t`Campaigns shown in ${app.title}: ${formatCount(app.completed)} completed, ${formatMoney(app.revenue)} earned`
          : undefined
      }
      actions={
        <HStack gap="2">
          {rows && rows.length > 0 && <CsvButton path={`/v1/platforms/${platformId}/campaigns.csv`} />}
          <Button asChild variant="ghost" size="sm">
            <Link to="/publisher">
              <ArrowLeft /> <Trans>My Apps</Trans>
            </Link>
          </Button>
        </HStack>
      }
    >
      <AppQualityCard platformId={platformId} />
      {rows === null ? (
        <Stack gap="2" data-testid="campaigns-loading" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="10" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState icon={<ListTodo />} title={t`You don't have any tasks`}>
          <Button asChild variant="outline">
            <Link to="/publisher">
              <Trans>Go to Publisher</Trans>
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <CampaignsTable rows={rows} />
      )}
      <RewardCallbacks platformId={platformId} />
    </Page>
  );
}

/** The campaigns shown in the app: type, resource, completed, revenue and whether each runs. */
function CampaignsTable({ rows }: { rows: PlatformCampaignsRows }) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="xl" data-scroll-restoration-id="app-campaigns">
      <Table.Root size="sm" data-testid="app-campaigns-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>Task type</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Advertised resource</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Trans>Completed</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Trans>Revenue $</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader
              title={t`Whether the campaign runs in the network; campaigns that excluded this app are not shown to its players, and which ones stays private`}
            >
              <Trans>Campaign</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.campaignId} data-testid="app-campaign-row" data-campaign-id={r.campaignId}>
              <Table.Cell>{typeLabel(r.task.type)}</Table.Cell>
              <Table.Cell>{r.task.title}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="app-campaign-completed">
                <LiveValue value={r.completedQuantity} />
              </Table.Cell>
              <Table.Cell textAlign="end" data-testid="app-campaign-revenue">
                <LiveValue value={roundMoney(r.profitBudget)} />
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={r.isActive ? 'green' : 'gray'} variant="subtle">
                  {r.isActive ? t`Running` : t`Stopped`}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
type PlatformCampaignsRows = PlatformCampaignsQueryType['platformCampaigns'];
