import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useCallback, useEffect, useRef, useState } from 'react';
import { graphql } from '../../gql';
import type { FinishedWithdrawalFragment as FinishedWithdrawalFields, TransactionStatus } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { StatusBadge } from '../payments/StatusBadge';
import { payoutStage } from '../payments/status';
import { TxHash } from '../payments/TransactionHistory';
import { Trans } from '@lingui/react/macro';

/**
 * A withdrawal's end as the live event writes it into the cache: the queue's subscription
 * (FinancePage.tsx) selects this fragment, so what is read here is always what the event wrote.
 */
export const FinishedWithdrawalFragment = graphql(`
  fragment FinishedWithdrawal on Transaction {
    id
    status
    payoutStage
    batchId
    txHash
    explorerUrl
    failureReason
    chainFailure {
      kind
      exitCode
    }
  }
`);

export interface QueueRow {
  id: string;
  amount: string;
  status: TransactionStatus;
}

/** What the event wrote (the fragment's fields), with the amount the queue's row showed. */
type Finished = Omit<FinishedWithdrawalFields, ' $fragmentName'> & Pick<QueueRow, 'amount'>;

/** A queue event: the fragment's fields and when the withdrawal last changed. */
export type QueueEvent = Omit<FinishedWithdrawalFields, ' $fragmentName'> & { updatedAt: string };

/**
 * The withdrawals that left the "In progress" list while this page was open because they ended
 * (paid, refused by the chain, rejected): finance sees Done where it looked, not a row that
 * vanished. A row that left because the page, search or filter changed is not one of them.
 *
 * How each ended is read from the queue's events (`record`), in the order the socket brought
 * them, not from the cache: a refetch sent before the event that ended a withdrawal and answered
 * after it writes the older state back into the cache, and the refetch that follows no longer
 * lists the row to correct it. A row that leaves before its end arrived waits for it.
 */
export function useFinishedHere(rows: readonly QueueRow[] | undefined, view: string) {
  const seen = useRef<{ view: string; rows: readonly QueueRow[] }>({ view, rows: [] });
  const latest = useRef(new Map<string, QueueEvent>());
  const waiting = useRef(new Map<string, QueueRow>());
  const [finished, setFinished] = useState<Finished[]>([]);
  const finish = useCallback((event: QueueEvent, row: QueueRow) => {
    waiting.current.delete(row.id);
    const { updatedAt: _, ...fields } = event;
    const entry: Finished = { ...fields, amount: row.amount };
    setFinished((list) => [entry, ...list.filter((f) => f.id !== entry.id)].slice(0, 10));
  }, []);
  const record = useCallback(
    (event: QueueEvent | undefined) => {
      if (!event) return;
      const held = latest.current.get(event.id);
      if (held && Date.parse(held.updatedAt) > Date.parse(event.updatedAt)) return;
      latest.current.set(event.id, event);
      const row = waiting.current.get(event.id);
      if (row && event.status !== 'IN_PROGRESS') finish(event, row);
    },
    [finish],
  );
  useEffect(() => {
    if (!rows) return;
    const before = seen.current;
    seen.current = { view, rows };
    if (before.view !== view) {
      waiting.current.clear();
      return;
    }
    const now = new Set(rows.map((r) => r.id));
    for (const id of [...waiting.current.keys()]) if (now.has(id)) waiting.current.delete(id);
    for (const row of before.rows) {
      if (now.has(row.id)) continue;
      const event = latest.current.get(row.id);
      if (event && event.status !== 'IN_PROGRESS') finish(event, row);
      else waiting.current.set(row.id, row);
    }
  }, [rows, view, finish]);
  return { finished, record, clear: () => setFinished([]) };
}

/** "Finished while you were here": each with its end (Done with its transaction, or why it failed). */
export function FinishedHere({ finished, onClear }: { finished: Finished[]; onClear: () => void }) {
  if (!finished.length) return null;
  return (
    <Card.Root size="sm" variant="subtle" data-testid="finished-here">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between">
            <Heading as="h2" size="sm">
              <Trans>Finished while you were here</Trans>
            </Heading>
            <Button size="xs" variant="ghost" onClick={onClear}>
              <Trans>Clear</Trans>
            </Button>
          </HStack>
          <Stack as="ul" listStyleType="none" gap="2">
            {finished.map((w) => (
              <Stack as="li" key={w.id} gap="0.5" data-testid="finished-withdrawal" data-id={w.id}>
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
                    #{w.id} · {formatMoney(w.amount)}
                  </Text>
                  <StatusBadge status={w.status} />
                  <Text fontSize="sm" color="fg.muted" data-testid="payout-stage">
                    {payoutStage(w)}
                  </Text>
                </HStack>
                {w.status === 'DONE' && w.txHash && <TxHash hash={w.txHash} url={w.explorerUrl} />}
                {w.status === 'FAILED' && w.failureReason && (
                  <Text fontSize="sm" color="fg.error">
                    <Trans>Reason: {w.failureReason}</Trans>
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
