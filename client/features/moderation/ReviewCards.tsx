import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { formatMoney } from '../../lib/money';
import { CampaignStatusBadge } from '../campaigns/CampaignStatusBadge';
import { typeLabels } from '../projects/constants';
import { QueueCard, queueWhen } from './parts';
import { Trans } from '@lingui/react/macro';
import type { ReviewActions, ReviewRow } from './CampaignsTab';
import type { useReviewActions } from './CampaignsTab';

/** Phones: the review queue as cards. */
export function ReviewCards({
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
export function ReviewButtons({
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
