import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { SegmentGroup } from '@chakra-ui/react/segment-group';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, CloudOff, Inbox, ShieldOff, X } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import type { TransactionStatus } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { isForbidden, serverError } from '../payments/serverError';
import { formatShortDate } from '../payments/status';
import { StatusBadge } from '../payments/StatusBadge';
import { type DecisionTarget, DecisionDialog } from './DecisionDialog';

const PAGE_SIZE = 20;

const WithdrawalQueueQuery = graphql(`
  query WithdrawalQueue($status: TransactionStatus, $page: Int!, $limit: Int!) {
    withdrawalQueue(status: $status, page: $page, limit: $limit) {
      total
      data {
        id
        userId
        createdAt
        updatedAt
        status
        amount
        walletAddress
        txHash
        failureReason
      }
    }
  }
`);

const WithdrawalQueueChangedSubscription = graphql(`
  subscription WithdrawalQueueChanged {
    withdrawalQueueChanged {
      id
      status
    }
  }
`);

const CompleteWithdrawalMutation = graphql(`
  mutation CompleteWithdrawal($id: ID!, $txHash: String!) {
    completeWithdrawal(id: $id, txHash: $txHash) {
      id
      status
      txHash
      updatedAt
    }
  }
`);

const FailWithdrawalMutation = graphql(`
  mutation FailWithdrawal($id: ID!, $reason: String!) {
    failWithdrawal(id: $id, reason: $reason) {
      id
      status
      failureReason
      updatedAt
    }
  }
`);

export const queueFilters: Array<{ value: TransactionStatus; label: string }> = [
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'DONE', label: 'Done' },
  { value: 'FAILED', label: 'Failed' },
];

/** Finance staff: the live withdrawal queue; pay out and mark done with the hash, or fail it. */
export function FinancePage() {
  const [status, setStatus] = useState<TransactionStatus>('IN_PROGRESS');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [busy, setBusy] = useState(false);

  const { data, loading, error, refetch } = useQuery(WithdrawalQueueQuery, {
    variables: { status, page: 1, limit: PAGE_SIZE * page },
  });
  const forbidden = Boolean(error && isForbidden(error));

  // A new or decided withdrawal moves between lists and changes the totals: refetch the page.
  useSubscription(WithdrawalQueueChangedSubscription, { skip: forbidden, onData: () => void refetch() });

  const [complete] = useMutation(CompleteWithdrawalMutation);
  const [fail] = useMutation(FailWithdrawalMutation);

  const decide = async (decision: DecisionTarget, value: string): Promise<string | undefined> => {
    setBusy(true);
    try {
      if (decision.action === 'done') {
        await complete({ variables: { id: decision.id, txHash: value } });
        notifySuccess(`Withdrawal #${decision.id} marked done`);
      } else {
        await fail({ variables: { id: decision.id, reason: value } });
        notifySuccess(`Withdrawal #${decision.id} marked failed`);
      }
      setTarget(null);
      await refetch();
      return undefined;
    } catch (e) {
      const { message, field } = serverError(e);
      if (field === 'txHash' || field === 'reason') return message;
      notifyError(message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  if (forbidden) {
    return (
      <Page title="Finance">
        <EmptyState
          icon={<ShieldOff />}
          title="This area is for finance staff"
          description="Ask an administrator if you need access."
        />
      </Page>
    );
  }

  const rows = data?.withdrawalQueue.data ?? [];
  const total = data?.withdrawalQueue.total ?? 0;

  return (
    <Page title="Finance" description="Withdrawal requests: send USDT on TON, then mark them done or failed.">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <SegmentGroup.Root
          value={status}
          onValueChange={(e) => {
            setStatus(e.value as TransactionStatus);
            setPage(1);
          }}
          size="sm"
          aria-label="Status"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={queueFilters} />
        </SegmentGroup.Root>
        <Text fontSize="sm" color="fg.muted" data-testid="withdrawal-queue-total">
          {total} {total === 1 ? 'withdrawal' : 'withdrawals'}
        </Text>
      </HStack>
      {loading && !data ? (
        <Stack gap="3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="24" borderRadius="lg" />
          ))}
        </Stack>
      ) : error && !data ? (
        <EmptyState icon={<CloudOff />} title="Could not load withdrawals" description={serverError(error).message}>
          <Button onClick={() => void refetch()}>Try again</Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Inbox />}
          title="No withdrawals here"
          description="New withdrawal requests appear here as soon as they are made."
        />
      ) : (
        <Stack gap="3" data-testid="withdrawal-queue">
          {rows.map((w) => (
            <Card.Root key={w.id} size="sm" variant="outline" data-testid="withdrawal" data-id={w.id}>
              <Card.Body>
                <Stack gap="3">
                  <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
                    <Stack gap="0.5">
                      <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
                        {formatMoney(w.amount)}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        #{w.id} · user {w.userId} · <time dateTime={w.createdAt}>{formatShortDate(w.createdAt)}</time>
                      </Text>
                    </Stack>
                    <StatusBadge status={w.status} />
                  </HStack>
                  {w.walletAddress && (
                    <HStack gap="1" minW="0">
                      <Box fontFamily="mono" fontSize="sm" wordBreak="break-all" data-testid="withdrawal-wallet">
                        {w.walletAddress}
                      </Box>
                      <CopyButton value={w.walletAddress} label="Copy wallet address" />
                    </HStack>
                  )}
                  {w.status === 'DONE' && w.txHash && (
                    <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                      Transaction hash: {w.txHash}
                    </Text>
                  )}
                  {w.status === 'FAILED' && w.failureReason && (
                    <Text fontSize="sm" color="fg.error">
                      Reason: {w.failureReason}
                    </Text>
                  )}
                  {w.status === 'IN_PROGRESS' && (
                    <HStack gap="2" wrap="wrap">
                      <Button
                        size="sm"
                        colorPalette="green"
                        onClick={() => setTarget({ id: w.id, amount: w.amount, action: 'done' })}
                      >
                        <Check /> Mark done
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setTarget({ id: w.id, amount: w.amount, action: 'failed' })}
                      >
                        <X /> Mark failed
                      </Button>
                    </HStack>
                  )}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
          {rows.length < total && (
            <Button variant="outline" alignSelf="center" onClick={() => setPage((p) => p + 1)}>
              Show more
            </Button>
          )}
        </Stack>
      )}
      <DecisionDialog target={target} busy={busy} onClose={() => setTarget(null)} onConfirm={decide} />
    </Page>
  );
}
