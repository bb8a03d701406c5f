import { useQuery, useSubscription } from '@apollo/client/react';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ChevronLeft, ChevronRight, CloudOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { CsvButton } from '../../components/ui/CsvButton';
import { EmptyState } from '../../components/ui/EmptyState';
import { type FragmentType, graphql, useFragment } from '../../gql';
import type { TransactionKind } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { serverError } from './serverError';
import { formatShortDate } from './status';
import { StatusBadge } from './StatusBadge';

/** Spec 9: transaction history page 1, limit 20. */
export const HISTORY_LIMIT = 20;

export const TransactionRowFragment = graphql(`
  fragment TransactionRow_transaction on Transaction {
    id
    createdAt
    updatedAt
    kind
    status
    amount
    walletAddress
    txHash
    failureReason
  }
`);

export const TransactionsQuery = graphql(`
  query Transactions($kind: TransactionKind!, $page: Int!, $limit: Int!) {
    transactions(kind: $kind, page: $page, limit: $limit) {
      total
      data {
        id
        ...TransactionRow_transaction
      }
    }
  }
`);

const TransactionUpdatedSubscription = graphql(`
  subscription TransactionUpdated {
    transactionUpdated {
      id
      kind
      ...TransactionRow_transaction
    }
  }
`);

function TransactionRow({ transaction: ref }: { transaction: FragmentType<typeof TransactionRowFragment> }) {
  const t = useFragment(TransactionRowFragment, ref);
  return (
    <Box
      as="li"
      px={{ base: '4', md: '5' }}
      py="3"
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0 }}
      data-testid="transaction-row"
      data-id={t.id}
      data-status={t.status}
    >
      <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="0.5" minW="0" flex="1">
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="transaction-amount">
            {formatMoney(t.amount)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            #{t.id} · <time dateTime={t.createdAt}>{formatShortDate(t.createdAt)}</time>
          </Text>
        </Stack>
        <StatusBadge status={t.status} />
      </HStack>
      {(t.walletAddress || (t.status === 'DONE' && t.txHash) || (t.status === 'FAILED' && t.failureReason)) && (
        <Stack gap="0.5" mt="1.5" fontSize="sm">
          {t.walletAddress && (
            <Text color="fg.muted" wordBreak="break-all">
              Wallet: {t.walletAddress}
            </Text>
          )}
          {t.status === 'DONE' && t.txHash && (
            <HStack gap="1" align="center">
              <Text color="fg.muted" wordBreak="break-all" data-testid="transaction-hash">
                Transaction hash: {t.txHash}
              </Text>
              <CopyButton value={t.txHash} label="Copy transaction hash" />
            </HStack>
          )}
          {t.status === 'FAILED' && t.failureReason && (
            <Text color="fg.error" data-testid="transaction-reason">
              Reason: {t.failureReason}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * Own top-ups or withdrawals, newest first, 20 a page. A `transactionUpdated` event writes the
 * changed row into the Apollo cache (status, hash, reason) and puts a new one on top of page 1.
 */
export function TransactionHistory({
  kind,
  title,
  empty,
}: {
  kind: TransactionKind;
  title: string;
  empty: { icon: ReactNode; title: string; description: string };
}) {
  const [page, setPage] = useState(1);
  const variables = { kind, page, limit: HISTORY_LIMIT };
  const { data, loading, error, refetch } = useQuery(TransactionsQuery, { variables });

  useSubscription(TransactionUpdatedSubscription, {
    onData: ({ client, data: event }) => {
      const changed = event.data?.transactionUpdated;
      if (!changed || changed.kind !== kind) return;
      // The event is normalised into the cache as Transaction:<id>: a listed row re-renders.
      const cached = client.cache.readQuery({ query: TransactionsQuery, variables });
      if (!cached || cached.transactions.data.some((row) => row.id === changed.id)) return;
      if (page !== 1) {
        void refetch();
        return;
      }
      client.cache.writeQuery({
        query: TransactionsQuery,
        variables,
        data: {
          ...cached,
          transactions: {
            ...cached.transactions,
            total: cached.transactions.total + 1,
            data: [changed, ...cached.transactions.data].slice(0, HISTORY_LIMIT),
          },
        },
      });
    },
  });

  const rows = data?.transactions.data ?? [];
  const total = data?.transactions.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_LIMIT));

  return (
    <Stack gap="3" as="section" aria-labelledby={`history-${kind}`}>
      <HStack justify="space-between">
        <Heading as="h2" size="lg" id={`history-${kind}`}>
          {title}
        </Heading>
        {data && total > 0 && (
          <HStack gap="3">
            <Text fontSize="sm" color="fg.muted" data-testid="history-total">
              {total} in total
            </Text>
            <CsvButton
              path={`/v1/users/transactions/${kind === 'TOP_UP' ? 'advertiser' : 'publisher'}.csv`}
              variant="ghost"
            />
          </HStack>
        )}
      </HStack>
      {loading && !data ? (
        <Card.Root variant="outline" data-testid="history-loading">
          <Stack gap="0" as="ul" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <HStack as="li" key={i} px="5" py="3" justify="space-between" borderTopWidth={i ? '1px' : 0}>
                <Stack gap="1.5">
                  <Skeleton h="4" w="24" />
                  <Skeleton h="3" w="36" />
                </Stack>
                <Skeleton h="5" w="16" borderRadius="full" />
              </HStack>
            ))}
          </Stack>
        </Card.Root>
      ) : error && !data ? (
        <EmptyState icon={<CloudOff />} title="Could not load the history" description={serverError(error).message}>
          <Button onClick={() => void refetch()}>Try again</Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        <Card.Root variant="outline" overflow="hidden">
          <Box as="ul" listStyleType="none" data-testid="transaction-history">
            {rows.map((row) => (
              <TransactionRow key={row.id} transaction={row} />
            ))}
          </Box>
        </Card.Root>
      )}
      {total > HISTORY_LIMIT && (
        <HStack justify="center" gap="3" as="nav" aria-label="History pages">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            <ChevronLeft /> Previous
          </Button>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            Page {page} of {pages}
          </Text>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= pages}
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
          >
            Next <ChevronRight />
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
