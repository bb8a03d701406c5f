import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Link } from '@tanstack/react-router';
import { ChartColumn, CloudOff, Megaphone, Plus } from 'lucide-react';
import { Suspense, lazy, useMemo, useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { CsvButton } from '../../components/ui/CsvButton';
import { DataTable, TableFilter, type TableState, tableQueryString } from '../../components/ui/DataTable';
import { notifyError } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import type { CampaignSortField, CampaignStatus, TaskType } from '../../gql/graphql';
import { typeLabels } from '../projects/constants';
import { toMicros } from '../payments/amount';
import { serverError } from '../../lib/serverError';
import { type CampaignRow, CampaignCards, campaignColumns } from './CampaignList';
import { campaignStatus } from './campaign';
import {
  CampaignRowFragment,
  CampaignsQuery,
  campaignsFirstState,
  campaignsVariables,
  SetCampaignActiveMutation,
} from './campaignsApi';
import { useLiveCampaignStats } from './useLiveCampaignStats';
import { LIVE_QUERY, refetchQuietly } from '../../lib/live';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';

// The form (zod, react-hook-form, the lookups) and the budget modal load after the page.
const CreateCampaignDialog = lazy(() =>
  import('./CreateCampaignDialog').then((m) => ({ default: m.CreateCampaignDialog })),
);
const BudgetDialog = lazy(() => import('./BudgetDialog').then((m) => ({ default: m.BudgetDialog })));
const EditCampaignDialog = lazy(() => import('./EditCampaignDialog').then((m) => ({ default: m.EditCampaignDialog })));

/**
 * What the switch shows at once: the server runs a campaign that is switched on and has budget
 * for an action (staff decisions, Moderation and Rejected, stay); its answer follows.
 */
export function optimisticStatus(
  campaign: Pick<CampaignRow, 'status' | 'budget' | 'prices'>,
  isActive: boolean,
): CampaignStatus {
  if (campaign.status !== 'ACTIVE' && campaign.status !== 'STOPPED') return campaign.status;
  const cheapest = campaign.prices.reduce<bigint | null>((min, p) => {
    const v = toMicros(p.value);
    return min === null || v < min ? v : min;
  }, null);
  return isActive && toMicros(campaign.budget) >= (cheapest ?? 1n) ? 'ACTIVE' : 'STOPPED';
}

/** Turns a campaign on or off optimistically; a refusal reverts the switch and shows a toast. */
export function useSetCampaignActive() {
  const [update] = useMutation(SetCampaignActiveMutation);
  return (campaign: Pick<CampaignRow, 'id' | 'status' | 'budget' | 'prices'>, isActive: boolean) =>
    update({
      variables: { id: campaign.id, isActive },
      optimisticResponse: {
        __typename: 'Mutation',
        updateCampaign: {
          __typename: 'Campaign',
          id: campaign.id,
          isActive,
          status: optimisticStatus(campaign, isActive),
        },
      },
    }).catch((error: unknown) => notifyError(serverError(error).message));
}

const statusOptions = [
  {
    value: '',
    get label() {
      return t`All statuses`;
    },
  },
  ...(['ACTIVE', 'STOPPED', 'MODERATION', 'REJECTED'] as const).map((v) => ({
    value: v,
    get label() {
      return campaignStatus[v].label;
    },
  })),
];
const typeOptions = [
  {
    value: '',
    get label() {
      return t`All task types`;
    },
  },
  ...(Object.keys(typeLabels) as TaskType[]).map((v) => ({
    value: v,
    get label() {
      return typeLabels[v];
    },
  })),
];

/** The list's table state and filters, its query, and its live counters (refetched each time the subscription is live). */
function useCampaignList() {
  const [state, setState] = useState<TableState<CampaignSortField>>(campaignsFirstState);
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const [taskType, setTaskType] = useState<TaskType | ''>('');
  const variables = campaignsVariables(state, { status, taskType });
  const campaigns = useQuery(CampaignsQuery, {
    variables,
    notifyOnNetworkStatusChange: true,
    context: LIVE_QUERY,
  });
  const failed = Boolean(campaigns.error && !(campaigns.data ?? campaigns.previousData));
  useLiveCampaignStats(undefined, failed, () => refetchQuietly(campaigns));
  return { state, setState, status, setStatus, taskType, setTaskType, filters: variables.filters, campaigns };
}

/**
 * Campaign: every campaign of the advertiser on the data table (20 a page): sort by
 * the headers, status and task type filters, search by name, CSV of what is selected; counters
 * tick live.
 */
export function CampaignPage() {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [budget, setBudget] = useState<{ mode: 'fund' | 'return'; id: string | null }>({ mode: 'fund', id: null });
  const { state, setState, status, setStatus, taskType, setTaskType, filters, campaigns } = useCampaignList();
  const { data, previousData, loading, error, refetch } = campaigns;
  const current = data ?? previousData;
  const setActive = useSetCampaignActive();

  const total = current?.campaigns.totalCount ?? 0;
  const narrowed = Boolean(status || taskType || state.search);
  const firstLoad = loading && !current;
  const rows = current ? unmask(CampaignRowFragment, current.campaigns.data) : undefined;
  // The row itself, so the budget left shown in Return budget follows live events.
  const budgetTarget = rows?.find((r) => r.id === budget.id) ?? null;
  const actions = useMemo(
    () => ({
      onToggle: (campaign: CampaignRow, isActive: boolean) => void setActive(campaign, isActive),
      onBudget: (mode: 'fund' | 'return', campaign: CampaignRow) => setBudget({ mode, id: campaign.id }),
      onEdit: (campaign: CampaignRow) => setEditing(campaign.id),
    }),
    [setActive],
  );
  const columns = useMemo(() => campaignColumns(actions), [actions]);
  const filter = (set: () => void) => {
    set();
    setState((s) => ({ ...s, page: 1 }));
  };

  return (
    <Page
      {...pageHeadings['/advertiser/campaign']}
      actions={
        <CampaignActions
          csvPath={`/v1/campaigns.csv${tableQueryString(state, filters)}`}
          firstLoad={firstLoad}
          total={total}
          narrowed={narrowed}
          onCreate={() => setCreating(true)}
        />
      }
    >
      {firstLoad ? (
        <RowsLoading testId="campaigns-loading" />
      ) : error && !current ? (
        <EmptyState icon={<CloudOff />} title={t`Could not load campaigns`} description={serverError(error).message}>
          <Button onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : total === 0 && !narrowed ? (
        <EmptyState
          icon={<Megaphone />}
          title={t`No Campaign`}
          description={t`Create a campaign for one of your resources to start buying actions.`}
        >
          <Button colorPalette="brand" onClick={() => setCreating(true)}>
            <Plus /> <Trans>Add New Campaign</Trans>
          </Button>
        </EmptyState>
      ) : (
        <DataTable<CampaignRow, CampaignSortField>
          label={t`Campaigns`}
          testId="campaign-table"
          columns={columns}
          data={rows}
          totalCount={total}
          loading={loading}
          error={error ? serverError(error).message : null}
          onRetry={() => void refetch()}
          state={state}
          onStateChange={setState}
          searchPlaceholder={t`Campaign or resource`}
          toolbar={
            <CampaignFilters
              status={status}
              taskType={taskType}
              onStatus={(v) => filter(() => setStatus(v))}
              onTaskType={(v) => filter(() => setTaskType(v))}
            />
          }
          getRowId={(c) => c.id}
          rowProps={(c) => ({ 'data-testid': 'campaign-row', 'data-campaign-id': c.id })}
          minW="1080px"
          cards={(list) => <CampaignCards rows={list} {...actions} />}
        />
      )}

      <CampaignDialogs
        creating={creating}
        onCreated={() => setCreating(false)}
        editing={editing}
        onEdited={() => setEditing(null)}
        budgetMode={budget.mode}
        budgetTarget={budgetTarget}
        onBudgetClosed={() => setBudget((b) => ({ ...b, id: null }))}
      />
    </Page>
  );
}

/** The page's buttons: CSV (when there is something to export), Reports, and Add New Campaign. */
function CampaignActions({
  csvPath,
  firstLoad,
  total,
  narrowed,
  onCreate,
}: {
  csvPath: string;
  firstLoad: boolean;
  total: number;
  narrowed: boolean;
  onCreate: () => void;
}) {
  return (
    <HStack gap="2" wrap="wrap">
      {/* While the first page loads the buttons hold their places, disabled (nothing moves when it comes). */}
      {(firstLoad || total > 0) && <CsvButton path={csvPath} size="md" disabled={firstLoad} />}
      <Button asChild variant="outline">
        <Link to="/advertiser/campaign/reports" data-testid="campaign-reports-link">
          <ChartColumn /> <Trans>Reports</Trans>
        </Link>
      </Button>
      {(firstLoad || total > 0 || narrowed) && (
        <Button colorPalette="brand" onClick={onCreate} disabled={firstLoad}>
          <Plus /> <Trans>Add New Campaign</Trans>
        </Button>
      )}
    </HStack>
  );
}

/** The list's filters: status and task type (each brings the table back to its first page). */
function CampaignFilters({
  status,
  taskType,
  onStatus,
  onTaskType,
}: {
  status: CampaignStatus | '';
  taskType: TaskType | '';
  onStatus: (v: CampaignStatus | '') => void;
  onTaskType: (v: TaskType | '') => void;
}) {
  return (
    <>
      <TableFilter
        label={t`Status`}
        value={status}
        onChange={(v) => onStatus(v as CampaignStatus | '')}
        options={statusOptions}
        testId="campaign-status-filter"
      />
      <TableFilter
        label={t`Task type`}
        value={taskType}
        onChange={(v) => onTaskType(v as TaskType | '')}
        options={typeOptions}
        testId="campaign-type-filter"
      />
    </>
  );
}

/** Skeleton rows while the first page loads. */
function RowsLoading({ testId }: { testId: string }) {
  return (
    <Stack gap="2" data-testid={testId} aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h="14" borderRadius="md" />
      ))}
    </Stack>
  );
}

/** The dialogs the page opens: create, edit, and add or return budget (lazily loaded, mounted closed). */
function CampaignDialogs(p: {
  creating: boolean;
  onCreated: () => void;
  editing: string | null;
  onEdited: () => void;
  budgetMode: 'fund' | 'return';
  budgetTarget: CampaignRow | null;
  onBudgetClosed: () => void;
}) {
  return (
    <>
      <Suspense fallback={null}>
        <CreateCampaignDialog open={p.creating} onClose={p.onCreated} />
      </Suspense>
      <Suspense fallback={null}>
        <EditCampaignDialog campaignId={p.editing} onClose={p.onEdited} />
      </Suspense>
      <Suspense fallback={null}>
        <BudgetDialog mode={p.budgetMode} campaign={p.budgetTarget} onClose={p.onBudgetClosed} />
      </Suspense>
    </>
  );
}
