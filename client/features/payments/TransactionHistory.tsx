import { t } from '@lingui/core/macro';
import { formatCount } from '../../lib/locale';
import { useMutation } from '@apollo/client/react';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { CsvButton } from '../../components/ui/CsvButton';
import {
  DataTable,
  initialTableState,
  TableFilter,
  type TableState,
  tableQueryString,
  tableVariables,
} from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { type FragmentType, graphql, useFragment as unmask, useFragment } from '../../gql';
import type { TransactionKind, TransactionSortField, TransactionStatus } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { serverError } from '../../lib/serverError';
import { formatShortDate } from '../../lib/dates';
import { isHeld, payoutStage, transactionStatus } from './status';
import { StatusBadge } from './StatusBadge';
import { useLiveQuery } from '../../lib/live';
import { Trans, useLingui } from '@lingui/react/macro';
import { failureReasonText } from './failureReason';

/** Transaction history page 1, limit 20. */
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
    chainFailure {
      kind
      exitCode
    }
    payoutStage
    approvalsNeeded
    approvalsGiven
    batchId
    explorerUrl
    holdUntil
    payUrl
  }
`);

const CancelTopUpMutation = graphql(`
  mutation CancelTopUp($id: ID!) {
    cancelTopUp(id: $id) {
      id
      status
      failureReason
      chainFailure {
        kind
        exitCode
      }
      payUrl
      updatedAt
    }
  }
`);

export const TransactionsQuery = graphql(`
  query Transactions(
    $kind: TransactionKind!
    $page: Int!
    $size: Int
    $sortField: TransactionSortField
    $sortOrder: SortOrder
    $filters: TransactionFilters
    $search: String
  ) {
    transactions(
      kind: $kind
      page: $page
      size: $size
      sortField: $sortField
      sortOrder: $sortOrder
      filters: $filters
      search: $search
    ) {
      totalCount
      data {
        id
        status
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
        <Box mt="1.5">
          <Details transaction={t} />
        </Box>
      )}
      {t.payUrl && (
        <Box mt="2">
          <TopUpActions transaction={t} />
        </Box>
      )}
    </Box>
  );
}

type Row = { id: string; status: TransactionStatus } & FragmentType<typeof TransactionRowFragment>;

/** The row's fields (rows carry a fragment reference). */
const fields = (row: Row) => unmask(TransactionRowFragment, row);

const column = createColumnHelper<Row>();
// Made at render (their headers in the reader's language), once per page.
const baseColumns = () => [
  column.accessor('id', { id: 'id', header: '#', cell: (c) => `#${c.getValue()}` }),
  column.accessor((r) => fields(r).createdAt, {
    id: 'createdAt',
    header: t`Date`,
    cell: (c) => <time dateTime={c.getValue()}>{formatShortDate(c.getValue())}</time>,
  }),
  column.accessor((r) => fields(r).amount, {
    id: 'amount',
    header: t`Amount`,
    meta: { align: 'end' },
    cell: (c) => (
      <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="transaction-amount">
        {formatMoney(c.getValue())}
      </Text>
    ),
  }),
  column.accessor('status', { id: 'status', header: t`Status`, cell: (c) => <StatusBadge status={c.getValue()} /> }),
];
const withdrawalColumns = () => [
  ...baseColumns(),
  column.display({ id: 'details', header: t`Details`, cell: (c) => <Details transaction={fields(c.row.original)} /> }),
];
const topUpColumns = () => [
  ...baseColumns(),
  column.display({
    id: 'details',
    header: () => (
      <Box as="span" srOnly>
        <Trans>Details</Trans>
      </Box>
    ),
    cell: (c) => {
      const t = fields(c.row.original);
      if (t.payUrl) return <TopUpActions transaction={t} />;
      return t.status === 'FAILED' && t.failureReason ? <Details transaction={t} /> : null;
    },
  }),
];

/**
 * A top-up that waits for payment: back to its checkout, or cancel it. Unpaid, it expires after
 * an hour by itself (the reconciliation job).
 */
function TopUpActions({ transaction: tx }: { transaction: { id: string; payUrl?: string | null } }) {
  const { t } = useLingui();
  const [cancel, { loading }] = useMutation(CancelTopUpMutation);
  if (!tx.payUrl) return null;
  return (
    <Stack gap="1" data-testid="top-up-waiting">
      <HStack gap="2" wrap="wrap">
        <Button asChild size="xs" colorPalette="brand">
          <a href={tx.payUrl}>
            <Trans>Continue payment</Trans>
          </a>
        </Button>
        <Button
          size="xs"
          variant="outline"
          loading={loading}
          onClick={() =>
            void cancel({ variables: { id: tx.id } }).then(
              () => notifySuccess(t`Top-up #${tx.id} cancelled`),
              (e) => notifyError(serverError(e).message),
            )
          }
        >
          <Trans>Cancel</Trans>
        </Button>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        <Trans>Waiting for payment; unpaid, it expires after an hour.</Trans>
      </Text>
    </Stack>
  );
}

const statusOptions = () => [
  { value: '', label: t`All statuses` },
  ...(Object.keys(transactionStatus) as TransactionStatus[]).map((s) => ({
    value: s,
    label: transactionStatus[s].label,
  })),
];

/**
 * Own top-ups or withdrawals on the data table (20 a page): sort, status filter,
 * search, CSV of what is selected. A `transactionUpdated` event re-renders a listed row through
 * the cache (status, hash, reason); a row that is not listed refetches the page.
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
  const { t } = useLingui();
  const columns = useMemo(() => (kind === 'WITHDRAWAL' ? withdrawalColumns() : topUpColumns()), [kind]);
  const [state, setState] = useState<TableState<TransactionSortField>>(() =>
    initialTableState({ size: HISTORY_LIMIT }),
  );
  const [status, setStatus] = useState<TransactionStatus | ''>('');
  const filters = { status: status ? [status] : null };
  const transactions = useLiveQuery(
    TransactionsQuery,
    { variables: { kind, ...tableVariables(state), filters }, notifyOnNetworkStatusChange: true },
    {
      subscription: TransactionUpdatedSubscription,
      onEvent: (event, { refetch, result }) => {
        const changed = event?.transactionUpdated;
        if (!changed || changed.kind !== kind) return;
        // Normalised into the cache as Transaction:<id>: a listed row re-renders by itself.
        const shown = (result.data ?? result.previousData)?.transactions.data;
        if (!shown?.some((row) => row.id === changed.id)) refetch();
      },
    },
  );
  const { data, previousData, loading, error, refetch } = transactions;
  const current = data ?? previousData;

  const rows = current?.transactions.data;
  const total = current?.transactions.totalCount ?? 0;
  const narrowed = Boolean(status || state.search);
  const count = formatCount(total); // the reader's digits and grouping

  return (
    <Stack gap="3" as="section" aria-labelledby={`history-${kind}`}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg" id={`history-${kind}`}>
          {title}
        </Heading>
        {current && (total > 0 || narrowed) && (
          <HStack gap="3">
            <Text fontSize="sm" color="fg.muted" data-testid="history-total">
              {narrowed ? t`${count} found` : t`${count} in total`}
            </Text>
            <CsvButton
              path={`/v1/users/transactions/${kind === 'TOP_UP' ? 'advertiser' : 'publisher'}.csv${tableQueryString(state, filters)}`}
              variant="ghost"
            />
          </HStack>
        )}
      </HStack>
      {current && total === 0 && !narrowed ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        <DataTable<Row, TransactionSortField>
          label={title}
          testId="transaction-history"
          columns={columns}
          data={rows}
          totalCount={total}
          loading={loading}
          error={error ? serverError(error).message : null}
          onRetry={() => void refetch()}
          state={state}
          onStateChange={setState}
          searchPlaceholder={kind === 'WITHDRAWAL' ? t`Wallet, hash or #id` : '#id'}
          toolbar={
            <TableFilter
              label={t`Status`}
              value={status}
              onChange={(v) => {
                setStatus(v as TransactionStatus | '');
                setState((s) => ({ ...s, page: 1 }));
              }}
              options={statusOptions()}
              testId="history-status-filter"
            />
          }
          getRowId={(r) => r.id}
          rowProps={(r) => ({ 'data-testid': 'transaction-row', 'data-id': r.id, 'data-status': r.status })}
          minW={kind === 'WITHDRAWAL' ? '760px' : '480px'}
          cards={(list) => (
            <Card.Root variant="outline" overflow="hidden">
              <Box as="ul" listStyleType="none">
                {list.map((row) => (
                  <TransactionRow key={row.id} transaction={row} />
                ))}
              </Box>
            </Card.Root>
          )}
        />
      )}
    </Stack>
  );
}

/** Wallet, and the hash of a done withdrawal or the reason of a failed one. */
function Details({ transaction: t }: { transaction: ReturnType<typeof fields> }) {
  const wallet = t.walletAddress;
  const holdUntil = t.holdUntil ? formatShortDate(t.holdUntil) : '';
  const reason = failureReasonText(t);
  return (
    <Stack gap="0.5" fontSize="sm" maxW="md">
      {t.walletAddress && (
        <Text color="fg.muted" wordBreak="break-all">
          <Trans>Wallet: {wallet}</Trans>
        </Text>
      )}
      {t.kind === 'WITHDRAWAL' && (
        <Text color="fg.muted" data-testid="payout-stage">
          {payoutStage(t)}
        </Text>
      )}
      {t.kind === 'WITHDRAWAL' && t.approvalsNeeded === 2 && t.approvalsGiven != null && (
        <Text color="fg.muted" data-testid="payout-approvals">
          {approvalsOf(t.approvalsGiven)}
        </Text>
      )}
      {isHeld(t) && (
        <Text color="orange.fg" data-testid="payout-hold">
          <Trans>New address, can be approved from {holdUntil}</Trans>
        </Text>
      )}
      {t.status === 'DONE' && t.txHash && <TxHash hash={t.txHash} url={t.explorerUrl} />}
      {t.status === 'FAILED' && t.failureReason && (
        <Text color="fg.error" data-testid="transaction-reason">
          <Trans>Reason: {reason}</Trans>
        </Text>
      )}
    </Stack>
  );
}

/** A payout's transaction hash: a link to the block explorer where there is one, and a copy button. */
export function TxHash({ hash, url }: { hash: string; url?: string | null }) {
  const { t } = useLingui();
  return (
    <HStack gap="1" align="center">
      <Text color="fg.muted" wordBreak="break-all" data-testid="transaction-hash">
        <Trans>Transaction hash:</Trans>{' '}
        {url ? (
          <Link href={url} target="_blank" rel="noopener noreferrer" colorPalette="blue" data-testid="explorer-link">
            {hash}
          </Link>
        ) : (
          hash
        )}
      </Text>
      <CopyButton value={hash} label={t`Copy transaction hash`} />
    </HStack>
  );
}

/** A withdrawal that takes two finance people, as its payee follows it: "1 of 2 approvals". */
function approvalsOf(given: number): string {
  const count = formatCount(given);
  const needed = formatCount(2);
  return t`${count} of ${needed} approvals`;
}
