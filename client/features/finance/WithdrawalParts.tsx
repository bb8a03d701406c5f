import { t } from '@lingui/core/macro';
import { formatList } from '../../lib/locale';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, X } from 'lucide-react';
import { CopyButton } from '../../components/ui/CopyButton';
import { formatMoney } from '../../lib/money';
import { formatShortDate } from '../../lib/dates';
import { StatusBadge } from '../payments/StatusBadge';
import { isHeld, payoutStage } from '../payments/status';
import { TxHash } from '../payments/TransactionHistory';
import { Trans } from '@lingui/react/macro';
import { failureReasonText } from '../payments/failureReason';
import type { Decide, Withdrawal } from './FinancePage';

export function Wallet({ w }: { w: Withdrawal }) {
  if (!w.walletAddress) return null;
  return (
    <HStack gap="1" minW="0" maxW="sm">
      <Box fontFamily="mono" fontSize="sm" wordBreak="break-all" data-testid="withdrawal-wallet">
        {w.walletAddress}
      </Box>
      <CopyButton value={w.walletAddress} label={t`Copy wallet address`} />
    </HStack>
  );
}

/** The status badge over the payout stage (requested, approved, sent in batch N, confirmed). */
export function Status({ w }: { w: Withdrawal }) {
  const twoNeeded = w.approvalsNeeded === 2 && w.status === 'IN_PROGRESS' && w.payoutStage === 'REQUESTED';
  const approvals = w.approvals.length;
  const approvers = formatList(w.approvals.map((a) => a.name));
  return (
    <Stack gap="1" align="flex-start">
      <StatusBadge status={w.status} />
      <Text fontSize="xs" color="fg.muted" data-testid="payout-stage">
        {payoutStage(w)}
      </Text>
      {twoNeeded && (
        <Text fontSize="xs" color="orange.fg" data-testid="approvals">
          {w.approvals.length ? t`${approvals} of 2 approvals · ${approvers}` : t`${approvals} of 2 approvals`}
        </Text>
      )}
      <Trail w={w} />
    </Stack>
  );
}

/** Who decided (the audit trail): where it was asked from, who approved or rejected it, its batch. */
export function trailLines(w: Withdrawal): string[] {
  const lines: string[] = [];
  if (w.requestedFrom) lines.push(t`Requested from ${w.requestedFrom}`);
  const decided = w.status !== 'IN_PROGRESS' || w.payoutStage !== 'REQUESTED';
  if (w.approvedByRule) lines.push(t`Approved by the auto-approve rule`);
  else if (decided && w.approvals.length) lines.push(t`Approved by ${formatList(w.approvals.map((a) => a.name))}`);
  if (w.rejectedBy) lines.push(t`Rejected by ${w.rejectedBy.name}`);
  // While SENT the stage says its batch already.
  if (w.batchId && w.status !== 'IN_PROGRESS')
    lines.push(w.status === 'DONE' ? t`Paid in batch ${w.batchId}` : t`Sent in batch ${w.batchId}`);
  return lines;
}

export function Trail({ w }: { w: Withdrawal }) {
  const lines = trailLines(w);
  if (!lines.length) return null;
  return (
    <Stack gap="0" data-testid="withdrawal-trail">
      {lines.map((line) => (
        <Text key={line} fontSize="xs" color="fg.muted">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Approve or reject while it waits; afterwards its transaction (with the explorer link) or the reason it failed. */
export function Decision({ w, onDecide }: { w: Withdrawal; onDecide: Decide }) {
  const decision = w.viewerDecision;
  if (w.status === 'IN_PROGRESS' && w.payoutStage !== 'SENT' && decision?.own) {
    return (
      <Text fontSize="sm" color="fg.muted" maxW="xs" data-testid="own-withdrawal">
        <Trans>Your own withdrawal: another finance person approves or rejects it</Trans>
      </Text>
    );
  }
  if (w.status === 'IN_PROGRESS' && w.payoutStage !== 'SENT') {
    const gaveFirst = !!decision?.gaveApproval;
    return (
      <HStack gap="2" wrap="wrap">
        {w.payoutStage === 'REQUESTED' && gaveFirst && (
          <Text fontSize="sm" color="fg.muted" maxW="xs" data-testid="first-approval-given">
            <Trans>You gave the first approval: a second finance person approves it</Trans>
          </Text>
        )}
        {isHeld(w) && (
          <Text fontSize="sm" color="orange.fg" maxW="xs" data-testid="payout-hold">
            <Trans>New address: can be approved from {formatShortDate(w.holdUntil!)}</Trans>
          </Text>
        )}
        {decision?.mayApprove && (
          <Button
            size="sm"
            colorPalette="green"
            loading={onDecide.busyId === w.id}
            onClick={() => onDecide.approve(w.id)}
          >
            <Check /> {w.approvals.length ? t`Give the second approval` : t`Approve`}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => onDecide.reject({ id: w.id, amount: w.amount })}
        >
          <X /> <Trans>Reject</Trans>
        </Button>
      </HStack>
    );
  }
  if (w.status === 'IN_PROGRESS') {
    return (
      <Text fontSize="sm" color="fg.muted" maxW="xs">
        <Trans>On its way: the chain confirms it</Trans>
      </Text>
    );
  }
  if (w.status === 'DONE' && w.txHash) {
    return (
      <Box fontSize="sm" maxW="xs">
        <TxHash hash={w.txHash} url={w.explorerUrl} />
      </Box>
    );
  }
  if (w.status === 'FAILED' && w.failureReason) {
    const reason = failureReasonText(w);
    return (
      <Text fontSize="sm" color="fg.error" maxW="xs">
        <Trans>Reason: {reason}</Trans>
      </Text>
    );
  }
  return null;
}

/** Who asked for the payout: name over e-mail (the id until the row has them). */
export function Payer({ w }: { w: Withdrawal }) {
  if (!w.user)
    return (
      <Text as="span">
        <Trans>User #{w.userId}</Trans>
      </Text>
    );
  return (
    <Stack gap="0" data-testid="withdrawal-user">
      <Text fontSize="sm" lineClamp={1}>
        {w.user.name}
      </Text>
      <Text fontSize="xs" color="fg.muted" lineClamp={1}>
        {w.user.email}
      </Text>
    </Stack>
  );
}

/** Phones: a card per withdrawal with the same facts and buttons. */
export function WithdrawalCard({ w, onDecide }: { w: Withdrawal; onDecide: Decide }) {
  return (
    <Card.Root size="sm" variant="outline" data-testid="withdrawal" data-id={w.id}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
            <Stack gap="0.5">
              <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
                {formatMoney(w.amount)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                #{w.id} · <time dateTime={w.createdAt}>{formatShortDate(w.createdAt)}</time>
              </Text>
              <Payer w={w} />
            </Stack>
            <Status w={w} />
          </HStack>
          <Wallet w={w} />
          <Decision w={w} onDecide={onDecide} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
