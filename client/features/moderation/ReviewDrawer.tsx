import { t } from '@lingui/core/macro';
import { useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Drawer } from '@chakra-ui/react/drawer';
import { Heading } from '@chakra-ui/react/heading';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { useFragment as unmask } from '../../gql';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { CampaignStatusBadge } from '../campaigns/CampaignStatusBadge';
import { CampaignReviewDetailQuery, CampaignReviewRowFragment } from './moderationApi';
import { ClaimedBy, History } from './parts';
import { useOpenItemEvents } from './useModerationLive';
import { LIVE_QUERY } from '../../lib/live';
import { Trans } from '@lingui/react/macro';
import { CampaignFacts } from './CampaignFacts';
import type { ReviewActions, ReviewDrawerProps, ReviewRow } from './CampaignsTab';
import { ReviewButtons } from './ReviewCards';

export function ReviewDrawer({ id, onClose, myId, actions, onReject }: ReviewDrawerProps) {
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
export function RejectDialog({
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
