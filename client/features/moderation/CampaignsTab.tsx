import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import {
  DataTable,
  initialTableState,
  type TableState,
  tableVariables,
  TableFilter,
} from '../../components/ui/DataTable';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import type { CampaignReviewRow_CampaignFragment, CampaignReviewSortField, CampaignStatus } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import { CampaignStatusBadge } from '../campaigns/CampaignStatusBadge';
import {
  ApproveCampaignMutation,
  CampaignReviewRowFragment,
  CampaignReviewsQuery,
  ClaimCampaignReviewMutation,
  RejectCampaignMutation,
  ReleaseCampaignReviewMutation,
} from './moderationApi';
import { ClaimedBy, useMyId } from './parts';
import { useModerationEvents } from './useModerationLive';
import { LIVE_QUERY, refetchQuietly } from '../../lib/live';
import { formatShortDate } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';
import { ReviewDrawer, RejectDialog } from './ReviewDrawer';
import { ReviewCards, ReviewButtons } from './ReviewCards';

export type ReviewRow = CampaignReviewRow_CampaignFragment;

const STATUS_VIEWS: { value: string; label: string; statuses: CampaignStatus[] | null }[] = [
  {
    value: 'MODERATION',
    get label() {
      return t`Waiting for review`;
    },
    statuses: ['MODERATION'],
  },
  {
    value: 'REJECTED',
    get label() {
      return t`Rejected`;
    },
    statuses: ['REJECTED'],
  },
  {
    value: 'approved',
    get label() {
      return t`Approved`;
    },
    statuses: ['ACTIVE', 'STOPPED'],
  },
  {
    value: 'all',
    get label() {
      return t`All`;
    },
    statuses: null,
  },
];

/** Claim, release, approve and reject, for the rows and the drawer. */
export function useReviewActions() {
  const [claim] = useMutation(ClaimCampaignReviewMutation);
  const [release] = useMutation(ReleaseCampaignReviewMutation);
  const [approve] = useMutation(ApproveCampaignMutation);
  const [reject] = useMutation(RejectCampaignMutation);
  const [busy, setBusy] = useState<string>();
  // One object per busy change: the table's rows render again when it changes (the columns
  // read it), and only then.
  return useMemo(() => {
    const run = async (id: string, fn: () => Promise<unknown>, done: string) => {
      setBusy(id);
      try {
        await fn();
        notifySuccess(done);
        return true;
      } catch (e) {
        notifyError(errorMessage(e));
        return false;
      } finally {
        setBusy(undefined);
      }
    };
    return {
      busy,
      claim: (id: string) => run(id, () => claim({ variables: { id } }), t`Campaign claimed: it is yours to review`),
      release: (id: string) => run(id, () => release({ variables: { id } }), t`Campaign released to the queue`),
      approve: (id: string) => run(id, () => approve({ variables: { id } }), t`Campaign approved: it runs now`),
      reject: (id: string, reason: string) =>
        run(id, () => reject({ variables: { id, reason } }), t`Campaign rejected: the budget went back`),
    };
  }, [busy, claim, release, approve, reject]);
}
export type ReviewActions = ReturnType<typeof useReviewActions>;

/** Campaign review: an advertiser's first campaigns wait here for a moderator. */
export function CampaignsTab() {
  const myId = useMyId();
  const [state, setState] = useState<TableState<CampaignReviewSortField>>(initialTableState());
  const [statusView, setStatusView] = useState('MODERATION');
  const [openId, setOpenId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ReviewRow | null>(null);
  const actions = useReviewActions();

  const listQuery = useQuery(CampaignReviewsQuery, {
    variables: {
      ...tableVariables(state),
      filters: { status: STATUS_VIEWS.find((v) => v.value === statusView)?.statuses ?? null },
    },
    notifyOnNetworkStatusChange: true,
    context: LIVE_QUERY,
  });
  const { data, previousData, loading, error, refetch } = listQuery;
  const refresh = useThrottledCallback(() => refetchQuietly(listQuery), 250);
  useModerationEvents('campaigns', refresh);
  const page = data?.campaignReviews ?? previousData?.campaignReviews;
  const rows = useMemo(() => page?.data.map((r) => unmask(CampaignReviewRowFragment, r)), [page]);

  const columns = useMemo(() => reviewColumns(myId, actions, setRejecting, setOpenId), [myId, actions]);

  return (
    <>
      <DataTable
        label={t`Campaigns in review`}
        testId="campaigns-table"
        columns={columns}
        data={rows}
        totalCount={page?.totalCount ?? 0}
        loading={loading}
        error={error ? errorMessage(error) : null}
        onRetry={() => void refetch()}
        state={state}
        onStateChange={setState}
        searchPlaceholder={t`Search campaign, resource, advertiser or project`}
        getRowId={(r) => r.id}
        onRowClick={(r) => setOpenId(r.id)}
        rowProps={(r) => ({ 'data-testid': 'review-row', 'data-campaign-id': r.id, 'data-status': r.status })}
        cards={(list) => (
          <ReviewCards list={list} myId={myId} actions={actions} onOpen={setOpenId} onReject={setRejecting} />
        )}
        toolbar={
          <TableFilter
            label={t`Status`}
            value={statusView}
            onChange={(v) => {
              setStatusView(v);
              setState((s) => ({ ...s, page: 1 }));
            }}
            options={STATUS_VIEWS.map((v) => ({ value: v.value, label: v.label }))}
            testId="filter-campaign-status"
          />
        }
      />
      <ReviewDrawer id={openId} onClose={() => setOpenId(null)} myId={myId} actions={actions} onReject={setRejecting} />
      <RejectDialog campaign={rejecting} actions={actions} onClose={() => setRejecting(null)} />
    </>
  );
}

/** The review queue's columns; a row's buttons claim, release, approve or reject it. */
function reviewColumns(
  myId: string | undefined,
  actions: ReturnType<typeof useReviewActions>,
  setRejecting: (campaign: ReviewRow) => void,
  open: (id: string) => void,
): ColumnDef<ReviewRow, any>[] {
  const col = createColumnHelper<ReviewRow>();
  return [
    col.accessor('id', { id: 'id', header: '#', cell: (c) => <Text color="fg.muted">{c.getValue()}</Text> }),
    col.accessor('createdAt', {
      id: 'createdAt',
      header: t`Created`,
      cell: (c) => <Text whiteSpace="nowrap">{formatShortDate(c.getValue())}</Text>,
    }),
    col.accessor('name', {
      id: 'name',
      header: t({ message: 'Campaign', context: 'one campaign' }),
      cell: (c) => (
        <Stack gap="0" maxW="60">
          <Text fontWeight="medium" lineClamp={1} title={c.getValue()}>
            {c.getValue()}
          </Text>
          <Text fontSize="xs" color="fg.muted" lineClamp={1} title={c.row.original.task.title}>
            {c.row.original.task.title} · {c.row.original.task.type.toLowerCase().replace('_', ' ')}
          </Text>
        </Stack>
      ),
    }),
    col.accessor((r) => r.advertiser.name, {
      id: 'advertiser',
      header: t`Advertiser`,
      cell: (c) => (
        <Stack gap="0">
          <Text lineClamp={1}>{c.getValue()}</Text>
          <Text fontSize="xs" color="fg.muted" lineClamp={1}>
            {c.row.original.advertiser.email}
          </Text>
        </Stack>
      ),
    }),
    col.accessor('budget', {
      id: 'budget',
      header: t`Budget`,
      meta: { align: 'end' },
      cell: (c) => <Text whiteSpace="nowrap">{formatMoney(c.getValue())}</Text>,
    }),
    col.accessor('status', {
      id: 'status',
      header: t`Status`,
      cell: (c) => <CampaignStatusBadge status={c.getValue()} />,
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
      cell: (c) => (
        <ReviewButtons
          campaign={c.row.original}
          myId={myId}
          actions={actions}
          onReject={setRejecting}
          onOpen={open}
          compact
        />
      ),
    }),
  ];
}

export interface ReviewDrawerProps {
  id: string | null;
  onClose: () => void;
  myId?: string;
  actions: ReviewActions;
  onReject: (c: ReviewRow) => void;
}
