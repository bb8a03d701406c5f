import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { ShieldAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  DataTable,
  initialTableState,
  TableFilter,
  type TableState,
  tableVariables,
} from '../../components/ui/DataTable';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import type {
  PlayerReportFilters,
  PlayerReportReason,
  PlayerReportRow_ReportFragment,
  PlayerReportSortField,
  PlayerReportStatus,
} from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import {
  ClaimPlayerReportMutation,
  PlayerReportRowFragment,
  PlayerReportsQuery,
  ReleasePlayerReportMutation,
} from './moderationApi';
import { ClaimedBy, QueueCard, queueWhen, ReportStatusBadge, reasonLabels, ruleLabels, useMyId } from './parts';
import { ReportDrawer } from './ReportDrawer';
import { useModerationEvents } from './useModerationLive';
import { LIVE_QUERY, refetchQuietly } from '../../lib/live';
import { formatShortDate } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';

export type ReportRow = PlayerReportRow_ReportFragment;

const STATUS_VIEWS: { value: string; label: string; statuses: PlayerReportStatus[] | null }[] = [
  {
    value: 'open',
    get label() {
      return t`Open (new and in review)`;
    },
    statuses: ['NEW', 'IN_REVIEW'],
  },
  {
    value: 'NEW',
    get label() {
      return t`New`;
    },
    statuses: ['NEW'],
  },
  {
    value: 'IN_REVIEW',
    get label() {
      return t`In review`;
    },
    statuses: ['IN_REVIEW'],
  },
  {
    value: 'RESOLVED',
    get label() {
      return t`Resolved`;
    },
    statuses: ['RESOLVED'],
  },
  {
    value: 'REJECTED',
    get label() {
      return t`Rejected`;
    },
    statuses: ['REJECTED'],
  },
  {
    value: 'all',
    get label() {
      return t`All statuses`;
    },
    statuses: null,
  },
];

/**
 * Claim and release in one place, for the table's rows and the drawer. `onClaimed` runs after
 * a successful claim: the table opens the report, because a claimed report sorts after the
 * new ones and would leave the claimer's page in a long queue.
 */
export function useReportClaims(onClaimed?: (id: string) => void) {
  const [claim] = useMutation(ClaimPlayerReportMutation);
  const [release] = useMutation(ReleasePlayerReportMutation);
  const [busy, setBusy] = useState<string>();
  const run = async (id: string, action: 'claim' | 'release') => {
    setBusy(id);
    try {
      await (action === 'claim' ? claim : release)({ variables: { id } });
      notifySuccess(action === 'claim' ? t`Report claimed: it is yours to decide` : t`Report released to the queue`);
      if (action === 'claim') onClaimed?.(id);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, claim: (id: string) => run(id, 'claim'), release: (id: string) => run(id, 'release') };
}

const player = (r: ReportRow) => r.playerName ?? (r.playerId ? `Player ${r.playerId}` : t`The whole app`);

/** The shared player-report queue: a live data table, claims, and the detail drawer. */
export function PlayerReportsTab() {
  const myId = useMyId();
  const [state, setState] = useState<TableState<PlayerReportSortField>>(initialTableState());
  const [statusView, setStatusView] = useState('open');
  const [reason, setReason] = useState<PlayerReportReason | ''>('');
  const [claimedBy, setClaimedBy] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  // A claimed report opens here: it stays in front of its claimer wherever it sorts now.
  const claims = useReportClaims(setOpenId);

  const filters: PlayerReportFilters = {
    status: STATUS_VIEWS.find((v) => v.value === statusView)?.statuses ?? null,
    reason: reason ? [reason] : null,
    claimedBy: claimedBy || null,
  };
  const listQuery = useQuery(PlayerReportsQuery, {
    variables: { ...tableVariables(state), filters },
    notifyOnNetworkStatusChange: true,
    context: LIVE_QUERY,
  });
  const { data, previousData, loading, error, refetch } = listQuery;
  // A report filed, claimed or decided anywhere: the cached row is already updated by the
  // layout's subscription; the page is refetched so membership and counts follow.
  const refresh = useThrottledCallback(() => refetchQuietly(listQuery), 250);
  useModerationEvents('reports', refresh);

  const page = data?.playerReports ?? previousData?.playerReports;
  const rows = useMemo(() => page?.data.map((r) => unmask(PlayerReportRowFragment, r)), [page]);
  const setFilter = (fn: () => void) => {
    fn();
    setState((s) => ({ ...s, page: 1 }));
  };

  const columns = useMemo(() => reportColumns(myId, claims, setOpenId), [myId, claims]);

  return (
    <>
      <DataTable
        label={t`Player reports`}
        testId="reports-table"
        columns={columns}
        data={rows}
        totalCount={page?.totalCount ?? 0}
        loading={loading}
        error={error ? errorMessage(error) : null}
        onRetry={() => void refetch()}
        state={state}
        onStateChange={setState}
        searchPlaceholder={t`Search text, player, app or campaign`}
        placeholderHeight="10"
        getRowId={(r) => r.id}
        onRowClick={(r) => setOpenId(r.id)}
        rowProps={(r) => ({ 'data-testid': 'report-row', 'data-report-id': r.id, 'data-status': r.status })}
        cards={(list) => <ReportCards list={list} myId={myId} claims={claims} onOpen={setOpenId} />}
        toolbar={
          <HStack gap="2" wrap="wrap">
            <TableFilter
              label={t`Status`}
              value={statusView}
              onChange={(v) => setFilter(() => setStatusView(v))}
              options={STATUS_VIEWS.map((v) => ({ value: v.value, label: v.label }))}
              testId="filter-status"
            />
            <TableFilter
              label={t`Reason`}
              value={reason}
              onChange={(v) => setFilter(() => setReason(v as PlayerReportReason | ''))}
              options={[
                { value: '', label: t`All reasons` },
                ...Object.entries(reasonLabels).map(([value, label]) => ({ value, label })),
              ]}
              testId="filter-reason"
            />
            <TableFilter
              label={t`Claimed by`}
              value={claimedBy}
              onChange={(v) => setFilter(() => setClaimedBy(v))}
              options={[
                { value: '', label: t`Anyone` },
                { value: 'me', label: t`Me` },
                { value: 'none', label: t`Nobody` },
              ]}
              testId="filter-claimed"
            />
          </HStack>
        }
      />
      <ReportDrawer id={openId} onClose={() => setOpenId(null)} claims={claims} myId={myId} />
    </>
  );
}

/** The queue's columns; a row's actions claim, release or open it. */
function reportColumns(
  myId: string | undefined,
  claims: ReturnType<typeof useReportClaims>,
  setOpenId: (id: string) => void,
): ColumnDef<ReportRow, any>[] {
  const col = createColumnHelper<ReportRow>();
  return [
    col.accessor('id', { id: 'id', header: '#', cell: (c) => <Text color="fg.muted">{c.getValue()}</Text> }),
    col.accessor('createdAt', {
      id: 'createdAt',
      header: t`Filed`,
      cell: (c) => <Text whiteSpace="nowrap">{formatShortDate(c.getValue())}</Text>,
    }),
    col.accessor(player, {
      id: 'player',
      header: t`Player`,
      cell: (c) => (
        <Stack gap="0">
          <Text fontWeight="medium" lineClamp={1}>
            {c.getValue()}
          </Text>
          {c.row.original.playerId && c.row.original.playerName && (
            <Text fontSize="xs" color="fg.muted">
              {c.row.original.playerId}
            </Text>
          )}
        </Stack>
      ),
    }),
    col.accessor((r) => r.app.title, { id: 'app', header: t`App` }),
    col.accessor((r) => r.campaign?.name ?? '—', {
      id: 'campaign',
      header: t({ message: 'Campaign', context: 'one campaign' }),
      cell: (c) => (
        <Stack gap="0" maxW="56">
          <Text lineClamp={1} title={c.getValue()}>
            {c.getValue()}
          </Text>
          {c.row.original.campaign && (
            <Text fontSize="xs" color="fg.muted" lineClamp={1}>
              {c.row.original.campaign.taskTitle} · {c.row.original.campaign.ownerName}
            </Text>
          )}
        </Stack>
      ),
    }),
    col.accessor('reason', {
      id: 'reason',
      header: t`Reason`,
      cell: (c) => (
        <Stack gap="0">
          <HStack gap="1">
            {c.getValue() === 'FRAUD_RULE' && <ShieldAlert size={14} aria-hidden />}
            <Text whiteSpace="nowrap">{reasonLabels[c.getValue() as PlayerReportReason]}</Text>
          </HStack>
          {c.row.original.rule && (
            <Text fontSize="xs" color="fg.muted">
              {ruleLabels[c.row.original.rule] ?? c.row.original.rule}
            </Text>
          )}
        </Stack>
      ),
    }),
    col.accessor('status', {
      id: 'status',
      header: t`Status`,
      cell: (c) => <ReportStatusBadge status={c.getValue()} />,
    }),
    col.accessor((r) => r.claimedBy?.name ?? '', {
      id: 'claimedBy',
      header: t`Claimed by`,
      cell: (c) => <ClaimedBy claimedBy={c.row.original.claimedBy} myId={myId} />,
    }),
    col.display({
      id: 'actions',
      header: () => (
        <Box as="span" srOnly>
          <Trans>Actions</Trans>
        </Box>
      ),
      meta: { align: 'end' },
      cell: (c) => <RowActions report={c.row.original} myId={myId} claims={claims} onOpen={setOpenId} />,
    }),
  ];
}

/** Phones: the queue as cards. */
function ReportCards({
  list,
  myId,
  claims,
  onOpen: setOpenId,
}: {
  list: ReportRow[];
  myId: string | undefined;
  claims: ReturnType<typeof useReportClaims>;
  onOpen: (id: string) => void;
}) {
  return (
    <Stack gap="2">
      {list.map((r) => (
        <QueueCard
          key={r.id}
          title={t`#${r.id} · ${reasonLabels[r.reason]}${r.rule ? ` · ${ruleLabels[r.rule] ?? r.rule}` : ''}`}
          lines={[
            player(r),
            r.campaign ? `${r.app.title} · ${r.campaign.name}` : r.app.title,
            queueWhen('filed', r.createdAt, r.claimedBy, myId),
          ]}
          badges={<ReportStatusBadge status={r.status} />}
          actions={<RowActions report={r} myId={myId} claims={claims} onOpen={setOpenId} />}
          onOpen={() => setOpenId(r.id)}
          rowProps={{ 'data-testid': 'report-row', 'data-report-id': r.id, 'data-status': r.status }}
        />
      ))}
    </Stack>
  );
}

/** Claim (new), release and decide (mine), or who holds it (someone else's). */
function RowActions({
  report,
  myId,
  claims,
  onOpen,
}: {
  report: ReportRow;
  myId?: string;
  claims: ReturnType<typeof useReportClaims>;
  onOpen: (id: string) => void;
}) {
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  const busy = claims.busy === report.id;
  if (report.status === 'NEW') {
    return (
      <Button
        size="xs"
        colorPalette="brand"
        loading={busy}
        onClick={stop(() => void claims.claim(report.id))}
        data-testid="claim-report"
      >
        <Trans>Claim</Trans>
      </Button>
    );
  }
  if (report.status === 'IN_REVIEW' && report.claimedBy?.id === myId) {
    return (
      <HStack gap="1" justify="flex-end">
        <Button
          size="xs"
          variant="outline"
          loading={busy}
          onClick={stop(() => void claims.release(report.id))}
          data-testid="release-report"
        >
          <Trans>Release</Trans>
        </Button>
        <Button size="xs" colorPalette="brand" onClick={stop(() => onOpen(report.id))} data-testid="decide-report">
          <Trans>Decide</Trans>
        </Button>
      </HStack>
    );
  }
  return (
    <Button size="xs" variant="ghost" onClick={stop(() => onOpen(report.id))}>
      <Trans>View</Trans>
    </Button>
  );
}
