import { t } from '@lingui/core/macro';
import { useMutation } from '@apollo/client/react';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import {
  DataTable,
  initialTableState,
  type TableState,
  tableQueryString,
  tableVariables,
} from '../../components/ui/DataTable';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql, useFragment as unmask } from '../../gql';
import type { TransactionSortField, TransactionStatus, WithdrawalQueueQuery as QueueData } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { isForbidden, serverError } from '../../lib/serverError';
import { formatShortDate } from '../../lib/dates';
import { FinishedHere, FinishedWithdrawalFragment, type QueueEvent, useFinishedHere } from './FinishedHere';
import { PayoutWalletCard } from './PayoutWalletCard';
import { type DecisionTarget, DecisionDialog } from './DecisionDialog';
import { refetchQuietly, useLiveQuery } from '../../lib/live';
import { pageHeadings } from '../../lib/pageHeadings';
import { StaffForbidden } from '../security/StaffForbidden';
import { Wallet, Status, Decision, Payer, WithdrawalCard } from './WithdrawalParts';
import { QueueHeader } from './QueueHeader';

const PAGE_SIZE = 20;

const WithdrawalQueueQuery = graphql(`
  query WithdrawalQueue(
    $page: Int!
    $size: Int
    $sortField: TransactionSortField
    $sortOrder: SortOrder
    $filters: TransactionFilters
    $search: String
  ) {
    withdrawalQueue(
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
        userId
        user {
          name
          email
        }
        createdAt
        updatedAt
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
        batchId
        explorerUrl
        approvalsNeeded
        approvals {
          userId
          name
          at
        }
        viewerDecision {
          own
          mayApprove
          gaveApproval
          mayReject
        }
        holdUntil
        requestedFrom
        approvedByRule
        rejectedBy {
          userId
          name
          at
        }
      }
    }
  }
`);

export type Withdrawal = QueueData['withdrawalQueue']['data'][number];
/** What a row's buttons do: approve it (the network sends it), or open the reject dialog. */
export interface Decide {
  approve: (id: string) => void;
  reject: (target: DecisionTarget) => void;
  busyId: string | null;
}

const WithdrawalQueueChangedSubscription = graphql(`
  subscription WithdrawalQueueChanged {
    withdrawalQueueChanged {
      ...FinishedWithdrawal
      updatedAt
      viewerDecision {
        own
        mayApprove
        gaveApproval
        mayReject
      }
    }
  }
`);

const ApproveWithdrawalMutation = graphql(`
  mutation ApproveWithdrawal($id: ID!) {
    approveWithdrawal(id: $id) {
      id
      status
      payoutStage
      updatedAt
      approvals {
        userId
        name
        at
      }
      viewerDecision {
        own
        mayApprove
        gaveApproval
        mayReject
      }
    }
  }
`);

const ApproveWithdrawalsMutation = graphql(`
  mutation ApproveWithdrawals($ids: [ID!]!) {
    approveWithdrawals(ids: $ids) {
      id
      status
      payoutStage
      updatedAt
      approvals {
        userId
        name
        at
      }
      viewerDecision {
        own
        mayApprove
        gaveApproval
        mayReject
      }
    }
  }
`);

const FailWithdrawalMutation = graphql(`
  mutation FailWithdrawal($id: ID!, $reason: String!) {
    failWithdrawal(id: $id, reason: $reason) {
      id
      status
      failureReason
      chainFailure {
        kind
        exitCode
      }
      updatedAt
    }
  }
`);

/**
 * Finance staff: the live withdrawal queue. Approve (one, or every requested one on the page)
 * and the network pays it from its hot wallet; reject with a reason. The stages follow live
 * (the event carries the stage, so a sent row loses its Reject at once): requested → approved →
 * sent → paid, or rejected / not paid with why; one that ends while the list is open stays in
 * sight above it ("Finished while you were here").
 */
export function FinancePage() {
  const [status, setStatus] = useState<TransactionStatus>('IN_PROGRESS');
  const [state, setState] = useState<TableState<TransactionSortField>>(() => initialTableState({ size: PAGE_SIZE }));
  const filters = { status: [status] };
  // A new or decided withdrawal moves between lists and changes the totals: refetch the page.
  // Each event is also told to "Finished while you were here" (below), then the page refetched.
  const recordEvent = useRef<(event: QueueEvent | undefined) => void>(() => {});
  const queue = useLiveQuery(
    WithdrawalQueueQuery,
    { variables: { ...tableVariables(state), filters }, notifyOnNetworkStatusChange: true },
    {
      subscription: WithdrawalQueueChangedSubscription,
      skip: (r) => Boolean(r.error && isForbidden(r.error)),
      onEvent: (event, { refetch }) => {
        const changed = event?.withdrawalQueueChanged;
        if (changed)
          recordEvent.current({ ...unmask(FinishedWithdrawalFragment, changed), updatedAt: changed.updatedAt });
        refetch();
      },
    },
  );
  const { data, previousData, loading, error, refetch } = queue;
  const current = data ?? previousData;
  const forbidden = Boolean(error && isForbidden(error));
  const { decisions, approve, approving, target, setTarget, busy, decide } = useDecisions(() => refetchQuietly(queue));
  const columns = useMemo(() => queueColumns(decisions), [decisions]);
  // Withdrawals that end while the "In progress" list is open stay in sight, with how they ended.
  const { finished, clear, record } = useFinishedHere(
    status === 'IN_PROGRESS' ? current?.withdrawalQueue.data : undefined,
    JSON.stringify(tableVariables(state)),
  );
  recordEvent.current = record;
  // One's own withdrawals are not in "approve all": another finance person decides them.
  // The server's policies say which the viewer may approve (own money, four eyes, the hold).
  const requested = (current?.withdrawalQueue.data ?? []).filter((w) => w.viewerDecision?.mayApprove);

  if (forbidden) {
    return <StaffForbidden page={t`Finance`} who="finance staff" error={error} />;
  }

  const total = current?.withdrawalQueue.totalCount ?? 0;

  return (
    <Page {...pageHeadings['/finance']}>
      <PayoutWalletCard />
      <QueueHeader
        status={status}
        total={total}
        requested={requested.length}
        approving={approving === 'all'}
        onApproveAll={() => void approve(requested.map((w) => w.id))}
        csvPath={`/v1/finance/withdrawals.csv${tableQueryString(state, filters)}`}
        onStatus={(next) => {
          setStatus(next);
          setState((s) => ({ ...s, page: 1 }));
        }}
      />
      {status === 'IN_PROGRESS' && <FinishedHere finished={finished} onClear={clear} />}
      <DataTable<Withdrawal, TransactionSortField>
        label={t`Withdrawals`}
        testId="withdrawal-queue"
        columns={columns}
        data={current?.withdrawalQueue.data}
        totalCount={total}
        loading={loading}
        error={error ? serverError(error).message : null}
        onRetry={() => void refetch()}
        state={state}
        onStateChange={setState}
        searchPlaceholder={t`Wallet, hash, #id or e-mail`}
        getRowId={(w) => w.id}
        rowProps={(w) => ({ 'data-testid': 'withdrawal', 'data-id': w.id })}
        minW="1000px"
        cards={(rows) => (
          <Stack gap="3">
            {rows.map((w) => (
              <WithdrawalCard key={w.id} w={w} onDecide={decisions} />
            ))}
          </Stack>
        )}
      />
      <DecisionDialog target={target} busy={busy} onClose={() => setTarget(null)} onConfirm={decide} />
    </Page>
  );
}

/**
 * Approving (one or many) and rejecting (with the dialog's reason), each followed by a refetch of
 * the queue (in line with the live refetches: an answer older than a later event's never lands last).
 */
function useDecisions(refetch: () => Promise<unknown>) {
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [approving, setApproving] = useState<string | null>(null);
  const [approveOne] = useMutation(ApproveWithdrawalMutation);
  const [approveMany] = useMutation(ApproveWithdrawalsMutation);
  const [fail] = useMutation(FailWithdrawalMutation);

  const approve = async (ids: string[]) => {
    setApproving(ids.length === 1 ? ids[0]! : 'all');
    try {
      const acted =
        ids.length === 1
          ? [(await approveOne({ variables: { id: ids[0]! } })).data?.approveWithdrawal]
          : ((await approveMany({ variables: { ids } })).data?.approveWithdrawals ?? []);
      notifySuccess(approvedMessage(ids, acted));
      await refetch();
    } catch (e) {
      notifyError(serverError(e).message);
    } finally {
      setApproving(null);
    }
  };
  // The columns change only with the busy row: they reach the latest `approve` through a ref.
  const approveRef = useRef(approve);
  approveRef.current = approve;
  const decisions = useMemo<Decide>(
    () => ({ approve: (id) => void approveRef.current([id]), reject: setTarget, busyId: approving }),
    [approving],
  );

  const decide = async (decision: DecisionTarget, value: string): Promise<string | undefined> => {
    setBusy(true);
    try {
      await fail({ variables: { id: decision.id, reason: value } });
      notifySuccess(t`Withdrawal #${decision.id} rejected`);
      setTarget(null);
      await refetch();
      return undefined;
    } catch (e) {
      const { message, field } = serverError(e);
      if (field === 'reason') return message;
      notifyError(message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { decisions, approve, approving, target, setTarget, busy, decide };
}

/** What an approval did: approved, or (four eyes) the first of two approvals given. */
function approvedMessage(ids: string[], acted: ({ id: string; payoutStage?: string | null } | undefined)[]): string {
  const firsts = acted.filter((w) => w?.payoutStage === 'REQUESTED').length;
  const approved = acted.length - firsts;
  if (ids.length === 1) {
    return firsts
      ? t`Withdrawal #${ids[0]}: your approval is the first of two; a second finance person approves it`
      : approvedOne(ids[0]);
  }
  return firsts
    ? t`${approved} withdrawals approved; ${firsts} more have your approval and wait for a second finance person`
    : t`${approved} withdrawals approved`;
}

const column = createColumnHelper<Withdrawal>();

function queueColumns(onDecide: Decide) {
  return [
    column.accessor('id', { id: 'id', header: '#', cell: (c) => `#${c.getValue()}` }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: t`Requested`,
      cell: (c) => <time dateTime={c.getValue()}>{formatShortDate(c.getValue())}</time>,
    }),
    column.accessor('userId', {
      id: 'user',
      header: t`User`,
      enableSorting: false,
      cell: (c) => <Payer w={c.row.original} />,
    }),
    column.accessor('amount', {
      id: 'amount',
      header: t`Amount`,
      meta: { align: 'end' },
      cell: (c) => (
        <Text as="span" fontWeight="bold" fontVariantNumeric="tabular-nums">
          {formatMoney(c.getValue())}
        </Text>
      ),
    }),
    column.display({ id: 'wallet', header: t`Wallet`, cell: (c) => <Wallet w={c.row.original} /> }),
    column.accessor('status', { id: 'status', header: t`Status`, cell: (c) => <Status w={c.row.original} /> }),
    column.display({
      id: 'actions',
      header: t`Decision`,
      cell: (c) => <Decision w={c.row.original} onDecide={onDecide} />,
    }),
  ];
}

/** One withdrawal approved (a toast). */
function approvedOne(id: string): string {
  return t`Withdrawal #${id} approved`;
}
