import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Drawer } from '@chakra-ui/react/drawer';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { ExternalLink } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  DataTable,
  initialTableState,
  type TableState,
  tableVariables,
  TableFilter,
} from '../../components/ui/DataTable';
import { FormField } from '../../components/ui/FormField';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import type { CampaignReviewRow_CampaignFragment, CampaignReviewSortField, CampaignStatus } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/locale';
import { formatMoney } from '../../lib/money';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import { CampaignStatusBadge } from '../campaigns/CampaignStatusBadge';
import { typeLabels } from '../projects/constants';
import {
  ApproveCampaignMutation,
  CampaignReviewDetailQuery,
  CampaignReviewRowFragment,
  CampaignReviewsQuery,
  ClaimCampaignReviewMutation,
  RejectCampaignMutation,
  ReleaseCampaignReviewMutation,
} from './moderationApi';
import { ClaimedBy, History, QueueCard, queueWhen, useMyId } from './parts';
import { useModerationEvents, useOpenItemEvents } from './useModerationLive';
import { LIVE_QUERY, refetchQuietly } from '../../lib/live';
import { formatShortDate } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';

type ReviewRow = CampaignReviewRow_CampaignFragment;

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
function useReviewActions() {
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
type ReviewActions = ReturnType<typeof useReviewActions>;

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

/** Phones: the review queue as cards. */
function ReviewCards({
  list,
  myId,
  actions,
  onOpen: setOpenId,
  onReject: setRejecting,
}: {
  list: ReviewRow[];
  myId: string | undefined;
  actions: ReturnType<typeof useReviewActions>;
  onOpen: (id: string) => void;
  onReject: (campaign: ReviewRow) => void;
}) {
  return (
    <Stack gap="2">
      {list.map((r) => (
        <QueueCard
          key={r.id}
          title={t`#${r.id} · ${r.name}`}
          lines={[
            `${r.task.title} · ${typeLabels[r.task.type].toLowerCase()} · ${formatMoney(r.budget)}`,
            `${r.advertiser.name} · ${r.advertiser.email}`,
            queueWhen('created', r.createdAt, r.claimedBy, myId),
          ]}
          badges={<CampaignStatusBadge status={r.status} />}
          actions={
            <ReviewButtons
              campaign={r}
              myId={myId}
              actions={actions}
              onReject={setRejecting}
              onOpen={setOpenId}
              compact
            />
          }
          onOpen={() => setOpenId(r.id)}
          rowProps={{ 'data-testid': 'review-row', 'data-campaign-id': r.id, 'data-status': r.status }}
        />
      ))}
    </Stack>
  );
}

/**
 * A row's or the drawer's buttons. Claiming opens the campaign (everything a player will see, what
 * it pays and to whom it is shown); Approve is in the open campaign only: a row offers Review.
 */
function ReviewButtons({
  campaign,
  myId,
  actions,
  onReject,
  onOpen,
  compact,
}: {
  campaign: ReviewRow;
  myId?: string;
  actions: ReviewActions;
  onReject: (c: ReviewRow) => void;
  /** Opens the campaign's drawer (rows); absent in the drawer itself. */
  onOpen?: (id: string) => void;
  compact?: boolean;
}) {
  if (campaign.status !== 'MODERATION') return null;
  const size = compact ? 'xs' : 'md';
  const busy = actions.busy === campaign.id;
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  if (!campaign.claimedBy) {
    return (
      <Button
        size={size}
        colorPalette="brand"
        loading={busy}
        onClick={stop(() => void actions.claim(campaign.id).then((ok) => ok && onOpen?.(campaign.id)))}
        data-testid="claim-campaign"
      >
        <Trans>Claim</Trans>
      </Button>
    );
  }
  if (campaign.claimedBy.id !== myId) return null;
  return (
    <HStack gap="1" justify="flex-end">
      <Button size={size} variant="outline" loading={busy} onClick={stop(() => void actions.release(campaign.id))}>
        <Trans>Release</Trans>
      </Button>
      <Button
        size={size}
        colorPalette="red"
        variant="outline"
        onClick={stop(() => onReject(campaign))}
        data-testid="reject-campaign"
      >
        <Trans>Reject</Trans>
      </Button>
      {onOpen ? (
        <Button size={size} colorPalette="brand" onClick={stop(() => onOpen(campaign.id))} data-testid="open-campaign">
          <Trans>Review</Trans>
        </Button>
      ) : (
        <Button
          size={size}
          colorPalette="green"
          loading={busy}
          onClick={stop(() => void actions.approve(campaign.id))}
          data-testid="approve-campaign"
        >
          <Trans>Approve</Trans>
        </Button>
      )}
    </HStack>
  );
}

interface ReviewDrawerProps {
  id: string | null;
  onClose: () => void;
  myId?: string;
  actions: ReviewActions;
  onReject: (c: ReviewRow) => void;
}

function ReviewDrawer({ id, onClose, myId, actions, onReject }: ReviewDrawerProps) {
  const { data, error, refetch } = useQuery(CampaignReviewDetailQuery, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'cache-and-network',

    context: LIVE_QUERY,
  });
  useOpenItemEvents('campaigns', id, refetch);
  const detail = data?.campaignReview;
  const c = detail ? unmask(CampaignReviewRowFragment, detail.campaign) : undefined;
  return (
    <Drawer.Root
      open={id !== null}
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: 'full', sm: 'md' }}
      placement="end"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="review-drawer">
            <Drawer.Header>
              <Drawer.Title>{c?.name ?? `Campaign #${id}`}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {!c ? (
                error ? (
                  <Text color="fg.error">{errorMessage(error)}</Text>
                ) : (
                  <Stack gap="3">
                    <Skeleton h="6" />
                    <Skeleton h="24" />
                  </Stack>
                )
              ) : (
                <Stack gap="6">
                  <HStack gap="2" wrap="wrap">
                    <CampaignStatusBadge status={c.status} />
                    <ClaimedBy claimedBy={c.claimedBy} myId={myId} />
                  </HStack>
                  {c.rejectReason && (
                    <Text fontSize="sm" color="fg.error">
                      <Trans>Rejected: {c.rejectReason}</Trans>
                    </Text>
                  )}
                  <CampaignFacts c={c} />
                  <Stack gap="2">
                    <Heading size="sm">
                      <Trans>History</Trans>
                    </Heading>

                    {detail && detail.history.length > 0 ? (
                      <History entries={detail.history} />
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        <Trans>Waiting for its first moderator.</Trans>
                      </Text>
                    )}
                  </Stack>
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.Footer>
              {c && <ReviewButtons campaign={c} myId={myId} actions={actions} onReject={onReject} />}
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** The reason is required: the advertiser reads it on their Campaign page. */
function RejectDialog({
  campaign,
  actions,
  onClose,
}: {
  campaign: ReviewRow | null;
  actions: ReviewActions;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const budget = campaign ? formatMoney(campaign.budget) : '';
  const advertiser = campaign?.advertiser.name ?? '';
  const invalid = touched && !reason.trim();
  const submit = async () => {
    setTouched(true);
    if (!campaign || !reason.trim()) return;
    if (await actions.reject(campaign.id, reason.trim())) onClose();
  };
  return (
    <Dialog.Root
      open={campaign !== null}
      onOpenChange={(e) => !e.open && onClose()}
      onExitComplete={() => {
        setReason('');
        setTouched(false);
      }}
      size="sm"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reject-dialog">
            {/* Clear of the close button: a long title ("Reject …?") does not run under it. */}
            <Dialog.Header pe="12">
              <Dialog.Title>
                <Trans>Reject {campaign?.name}?</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  <Trans>
                    The campaign stops for good and its budget of {budget} goes back to {advertiser}’s balance.
                  </Trans>
                </Text>
                <FormField
                  label={t`Reason`}
                  required
                  error={invalid ? t`Tell the advertiser why the campaign is rejected` : undefined}
                  helperText={t`Shown to the advertiser on their Campaign page`}
                >
                  <Textarea
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    onBlur={() => setTouched(true)}
                    rows={3}
                    maxLength={500}
                    data-testid="reject-reason"
                  />
                </FormField>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                colorPalette="red"
                loading={campaign !== null && actions.busy === campaign.id}
                onClick={() => void submit()}
                data-testid="reject-submit"
              >
                <Trans>Reject campaign</Trans>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The task as players will see it in the showcase: its logo, title and kind beside a Start button. */
function PlayerPreview({ c }: { c: ReviewRow }) {
  return (
    <Stack gap="1.5">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted">
        <Trans>As players will see it</Trans>
      </Text>
      <HStack gap="3" p="3" borderWidth="1px" borderRadius="l2" data-testid="player-preview">
        {c.task.logo ? (
          <Image src={c.task.logo} alt="" boxSize="10" borderRadius="md" objectFit="cover" data-testid="preview-logo" />
        ) : (
          <Box boxSize="10" borderRadius="md" bg="bg.muted" />
        )}
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="medium" truncate>
            {c.task.title}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {typeLabels[c.task.type]}
          </Text>
        </Stack>
        <Box
          as="span"
          px="3"
          py="1"
          borderRadius="full"
          bg="colorPalette.solid"
          color="colorPalette.contrast"
          colorPalette="brand"
          fontSize="sm"
          aria-hidden
        >
          <Trans>Start</Trans>
        </Box>
      </HStack>
      <ChakraLink href={c.task.url} target="_blank" rel="noreferrer" fontSize="sm" data-testid="preview-link">
        <Trans>
          Open {c.task.url} <ExternalLink size={12} />
        </Trans>
      </ChakraLink>
    </Stack>
  );
}

/** Who the campaign is shown to, in words. */
export function targetingLines(g: ReviewRow['targeting']): [string, string][] {
  const players = [g.premiumOnly && t`Telegram Premium only`, g.newUsersOnly && t`new to this advertiser only`].filter(
    Boolean,
  );
  return [
    [t`Countries`, g.countries.length ? g.countries.join(', ') : t`All`],
    [t`Languages`, g.languages.length ? g.languages.join(', ') : t`All`],
    [t`Players`, players.length ? players.join('; ') : t`Everyone`],
    [t`Daily cap`, g.dailyCap === null ? t`None` : t`${formatCount(g.dailyCap)} a day`],
    [t`Apps`, g.minQuality === null ? t`Any app` : qualityFloor(g.minQuality, g.unscoredAllowed)],
  ];
}

/**
 * The campaign under review, before Approve: what players will see (with the resource's link),
 * what it pays per tier, to whom it is shown, and whose it is.
 */
function CampaignFacts({ c }: { c: ReviewRow }) {
  const facts: [string, string][] = [
    [
      t`Pays`,
      [...c.prices]
        .sort((a, b) => a.tierLevel - b.tierLevel)
        .map((p) => `Tier ${p.tierLevel}: ${formatMoney(p.value)}`)
        .join(' · '),
    ],
    [t`Budget`, formatMoney(c.budget)],
    ...targetingLines(c.targeting),
    [t`Advertiser`, `${c.advertiser.name} · ${c.advertiser.email}`],
    ['Project', c.project.title],
    [t`Created`, formatShortDate(c.createdAt)],
  ];
  return (
    <Stack gap="4">
      <PlayerPreview c={c} />
      <Stack as="dl" gap="2" fontSize="sm" data-testid="campaign-facts">
        {facts.map(([k, v]) => (
          <HStack key={k} align="flex-start" gap="3">
            <Text as="dt" color="fg.muted" minW="20">
              {k}
            </Text>
            <Text as="dd">{v}</Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

/** A campaign's least app quality, and whether apps without a score yet are in. */
function qualityFloor(min: number, unscoredAllowed: boolean): string {
  return unscoredAllowed ? t`Quality ${min} or more, and apps without a score yet` : t`Quality ${min} or more`;
}
