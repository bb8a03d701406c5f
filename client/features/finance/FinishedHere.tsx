import { useApolloClient } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef, useState } from 'react';
import { graphql } from '../../gql';
import type { FinishedWithdrawalFragment as FinishedWithdrawalFields, TransactionStatus } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { StatusBadge } from '../payments/StatusBadge';
import { payoutStage } from '../payments/status';
import { TxHash } from '../payments/TransactionHistory';

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
  }
`);

export interface QueueRow {
  id: string;
  amount: string;
  status: TransactionStatus;
}

/** What the event wrote (the fragment's fields), with the amount the queue's row showed. */
type Finished = Omit<FinishedWithdrawalFields, ' $fragmentName'> & Pick<QueueRow, 'amount'>;

/**
 * The withdrawals that left the "In progress" list while this page was open because they ended
 * (paid, refused by the chain, rejected): finance sees Done where it looked, not a row that
 * vanished. A row that left because the page, search or filter changed is not one of them.
 *
 * A row that leaves is watched in the cache until its end is there: the event that ends it
 * usually comes before the refetch that drops it, but a quick round can send and confirm while
 * the refetch after "sent" is on its way, and then the row is gone before its end arrived.
 */
export function useFinishedHere(rows: readonly QueueRow[] | undefined, view: string) {
  const client = useApolloClient();
  const seen = useRef<{ view: string; rows: readonly QueueRow[] }>({ view, rows: [] });
  const watching = useRef(new Map<string, () => void>());
  const [finished, setFinished] = useState<Finished[]>([]);
  useEffect(() => {
    if (!rows) return;
    const before = seen.current;
    seen.current = { view, rows };
    const watched = watching.current;
    const now = new Set(rows.map((r) => r.id));
    const stop = (id: string) => {
      watched.get(id)?.();
      watched.delete(id);
    };
    for (const id of [...watched.keys()]) if (before.view !== view || now.has(id)) stop(id);
    if (before.view !== view) return;
    for (const row of before.rows) {
      if (now.has(row.id) || watched.has(row.id)) continue;
      let ended = false;
      const subscription = client
        .watchFragment({ fragment: FinishedWithdrawalFragment, from: { __typename: 'Transaction', id: row.id } })
        .subscribe((result) => {
          if (ended || !result.complete || result.data.status === 'IN_PROGRESS') return;
          ended = true;
          const entry: Finished = { ...result.data, amount: row.amount };
          setFinished((list) => [entry, ...list.filter((f) => f.id !== entry.id)].slice(0, 10));
          queueMicrotask(() => stop(row.id));
        });
      watched.set(row.id, () => subscription.unsubscribe());
      if (ended) stop(row.id);
    }
  }, [rows, view, client]);
  // Leaving the page stops every watch.
  useEffect(() => {
    const watched = watching.current;
    return () => {
      for (const unsubscribe of watched.values()) unsubscribe();
      watched.clear();
    };
  }, []);
  return { finished, clear: () => setFinished([]) };
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
              Finished while you were here
            </Heading>
            <Button size="xs" variant="ghost" onClick={onClear}>
              Clear
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
                    Reason: {w.failureReason}
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
