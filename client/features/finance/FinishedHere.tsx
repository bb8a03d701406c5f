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
 */
export function useFinishedHere(rows: readonly QueueRow[] | undefined, view: string) {
  const client = useApolloClient();
  const seen = useRef<{ view: string; rows: readonly QueueRow[] }>({ view, rows: [] });
  const [finished, setFinished] = useState<Finished[]>([]);
  useEffect(() => {
    if (!rows) return;
    const before = seen.current;
    seen.current = { view, rows };
    if (before.view !== view) return;
    const now = new Set(rows.map((r) => r.id));
    const ended: Finished[] = [];
    for (const row of before.rows) {
      if (now.has(row.id)) continue;
      const latest = client.cache.readFragment({
        id: client.cache.identify({ __typename: 'Transaction', id: row.id }),
        fragment: FinishedWithdrawalFragment,
      });
      if (latest && latest.status !== 'IN_PROGRESS') {
        ended.push({ ...latest, amount: row.amount });
      }
    }
    if (ended.length)
      setFinished((list) => [...ended, ...list.filter((f) => !ended.some((e) => e.id === f.id))].slice(0, 10));
  }, [rows, view, client]);
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
