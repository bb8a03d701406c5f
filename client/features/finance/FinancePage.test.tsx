import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { FinancePage } from './FinancePage';
import { trailLines } from './WithdrawalParts';

const ME = '3';
/** What the server's policies answer for the viewer (the page does not derive it). */
const decision = (over: Record<string, unknown> = {}) => ({
  __typename: 'WithdrawalDecision',
  own: false,
  mayApprove: false,
  gaveApproval: false,
  mayReject: false,
  ...over,
});
const row = (id: string, over: Record<string, unknown>) => {
  const r = rowFields(id, over);
  const open = r.status === 'IN_PROGRESS' && r.payoutStage !== 'SENT';
  const requested = open && r.payoutStage === 'REQUESTED' && !r.holdUntil;
  const viewerDecision =
    (over.viewerDecision as ReturnType<typeof decision> | undefined) ??
    decision({ mayApprove: requested, mayReject: open });
  return { ...r, viewerDecision };
};
const rowFields = (id: string, over: Record<string, unknown>) => ({
  __typename: 'Transaction',
  id,
  userId: '7',
  user: { __typename: 'TransactionUser', name: 'Pat Publisher', email: 'publisher@demo.local' },
  createdAt: '2026-11-29T06:00:00Z',
  updatedAt: '2026-11-29T06:00:00Z',
  status: 'IN_PROGRESS',
  amount: '60',
  walletAddress: '0QAMQEvC9jMlB-tk-12squ-jBhRoaHuvRoVp-zILAPjMAnBs',
  txHash: null,
  failureReason: null,
  chainFailure: null,
  payoutStage: 'REQUESTED',
  batchId: null,
  explorerUrl: null,
  approvalsNeeded: 1,
  approvals: [],
  holdUntil: null,
  requestedFrom: null,
  approvedByRule: false,
  rejectedBy: null,
  ...over,
});
/** The payout wallet card's answer: a funded sandbox wallet, no limit, nothing unmatched unless given. */
const wallet = (over: Record<string, unknown>) => ({
  __typename: 'PayoutWallet',
  network: 'testnet',
  chain: 'sandbox',
  address: '0QCf',
  ton: '1000000000000',
  usdt: '1000000',
  neededTon: '0',
  neededUsdt: '0',
  alert: null,
  limit: null,
  limitHit: null,
  limitsSet: false,
  limitsLifted: false,
  explorer: null,
  unmatched: [],
  ...over,
});
const approval = (userId: string, name: string) => ({
  __typename: 'WithdrawalApproval',
  userId,
  name,
  at: '2026-11-29T06:01:00Z',
});

describe('the Finance page under the payout policy', () => {
  it('one’s own withdrawal has no buttons; four eyes show as “1 of 2” with who gave it; the second approval is said so', async () => {
    const queue = [
      row('8', {
        userId: ME,
        user: { __typename: 'TransactionUser', name: 'Morgan', email: 'moderator@demo.local' },
        viewerDecision: decision({ own: true }),
      }),
      row('7', {
        amount: '1000',
        approvalsNeeded: 2,
        approvals: [approval(ME, 'Morgan')],
        viewerDecision: decision({ gaveApproval: true, mayReject: true }),
      }),
      row('6', { amount: '1500', approvalsNeeded: 2, approvals: [approval('4', 'Robin')] }),
      row('5', {}),
      row('4', { amount: '2000', approvalsNeeded: 2 }),
      // A first withdrawal to a new address, in its hold.
      row('3', { holdUntil: '2099-01-01T10:00:00Z' }),
    ];
    const apollo = testApollo((operation, variables) => {
      if (operation === 'FinanceMe') return { me: { __typename: 'User', id: ME } };
      if (operation === 'WithdrawalQueue')
        return { withdrawalQueue: { __typename: 'TransactionPage', totalCount: queue.length, data: queue } };
      if (operation === 'PayoutWallet') {
        return {
          payoutWallet: wallet({
            limit:
              'Payouts wait: the hot wallet sent 100.00 USD in the last hour, the limit is 100.00 (PAYOUT_MAX_PER_HOUR_USD).',
            // The same as figures: said in the reader's language.
            limitHit: {
              __typename: 'PayoutLimitHit',
              kind: 'hour',
              sent: '100',
              max: '100',
              waiting: 4,
              waitingAmount: '200',
            },
            limitsSet: true,
            unmatched: [
              {
                __typename: 'UnmatchedTransfer',
                withdrawalId: '99',
                txHash: 'c28edad35cca50856ce97599730ff4e5806d31833028b794ef99d79bf0ad6296',
                amount: '25',
                destination: '0QBLBfSvUfkeGGGF2-oitDeByJklX7oegscUgvkFfPPyGRNZ',
                reason:
                  'No withdrawal #99 in the books (requested after a restore point?): it paid 25.00 USDT to 0QBL…',
                seenAt: '2026-11-29T06:00:00Z',
                booked: null,
              },
              {
                __typename: 'UnmatchedTransfer',
                withdrawalId: '98',
                txHash: 'b17edad35cca50856ce97599730ff4e5806d31833028b794ef99d79bf0ad6296',
                amount: '40',
                destination: '0QBLBfSvUfkeGGGF2-oitDeByJklX7oegscUgvkFfPPyGRNZ',
                reason: 'Withdrawal #98 is for 30.00 USDT to 0QCx…: it paid 40.00 USDT to 0QBL…',
                seenAt: '2026-11-29T05:00:00Z',
                booked: { __typename: 'UnmatchedBooking', status: 'IN_PROGRESS', amount: '30', address: '0QCx' },
              },
            ],
          }),
        };
      }
      if (operation === 'LiftPayoutLimits')
        return { liftPayoutLimits: { __typename: 'PayoutWallet', limit: null, limitHit: null, limitsLifted: true } };
      if (operation === 'ApproveWithdrawal') {
        return {
          approveWithdrawal: {
            __typename: 'Transaction',
            id: variables.id,
            status: 'IN_PROGRESS',
            // #4 needs two: mine is the first.
            payoutStage: variables.id === '4' ? 'REQUESTED' : 'APPROVED',
            updatedAt: '2026-11-29T06:02:00Z',
            approvals: [approval(ME, 'Morgan')],
            viewerDecision: decision({ gaveApproval: true, mayReject: variables.id === '4' }),
          },
        };
      }
      if (operation === 'ApproveWithdrawals') {
        return {
          approveWithdrawals: (variables.ids as string[]).map((id) => ({
            __typename: 'Transaction',
            id,
            status: 'IN_PROGRESS',
            payoutStage: 'APPROVED',
            updatedAt: '2026-11-29T06:02:00Z',
            approvals: [],
            viewerDecision: decision({ gaveApproval: true }),
          })),
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderInApp(apollo.wrap(<FinancePage />));
    // A payout limit holds withdrawals back: said, and lifted for today from here.
    const limit = await screen.findByTestId('payout-limit');
    expect(limit).toHaveTextContent(
      'Payouts wait: the hot wallet sent 100.00 $ in the last hour, the limit is 100.00 $ (PAYOUT_MAX_PER_HOUR_USD). Approved withdrawals waiting in order: 4 (200.00 $).',
    );
    await user.click(within(limit).getByRole('button', { name: 'Lift for today' }));
    await waitFor(() => expect(apollo.count('LiftPayoutLimits')).toBe(1));
    const rowOf = async (id: string) =>
      (await screen.findAllByTestId('withdrawal')).find((el) => el.getAttribute('data-id') === id)!;

    // A paid transfer the books cannot place (after a restore): the chain's evidence, for finance.
    const unmatched = await screen.findByTestId('payout-unmatched');
    expect(unmatched).toHaveTextContent('Paid on chain, not in the books');
    const [missing, other] = within(unmatched).getAllByTestId('payout-unmatched-row');
    expect(missing).toHaveTextContent(
      /25\.00 \$ · names withdrawal #99 · .*No withdrawal #99 in the books \(requested after a restore point\?\): it paid 25\.00 \$ to 0QBLBfSvUfkeGGGF2-oitDeByJklX7oegscUgvkFfPPyGRNZ.*c28edad35cca/,
    );
    // Said by the dashboard from the booking, in the reader's language: not the server's English.
    expect(other).toHaveTextContent('Withdrawal #98 is for 30.00 $ to 0QCx: it paid 40.00 $ to 0QBL');
    expect(other).not.toHaveTextContent('USDT');

    // One's own: said, no buttons.
    const own = await rowOf('8');
    await within(own).findByTestId('own-withdrawal');
    expect(within(own).queryByRole('button', { name: /Approve/ })).toBeNull();
    // The first approval given by me: said, no button to give it again.
    const mine = await rowOf('7');
    expect(within(mine).getByTestId('approvals')).toHaveTextContent('1 of 2 approvals · Morgan');
    expect(within(mine).getByTestId('first-approval-given')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Approve|second approval/ })).toBeNull();
    // Another's first approval: I give the second.
    const theirs = await rowOf('6');
    expect(within(theirs).getByTestId('approvals')).toHaveTextContent('1 of 2 approvals · Robin');
    // Held: said until when, no Approve (Reject stays).
    const held = await rowOf('3');
    expect(within(held).getByTestId('payout-hold')).toHaveTextContent(/^New address: can be approved from /);
    expect(within(held).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(held).getByRole('button', { name: /Reject/ })).toBeInTheDocument();
    // "Approve all" leaves out my own, the one I approved and the held one: 6, 5 and 4.
    expect(screen.getByRole('button', { name: /Approve 3 requested/ })).toBeInTheDocument();
    expect(within(await rowOf('4')).getByTestId('approvals')).toHaveTextContent('0 of 2 approvals');
    await user.click(within(theirs).getByRole('button', { name: 'Give the second approval' }));
    await waitFor(() => expect(apollo.count('ApproveWithdrawal')).toBe(1));
    expect(await screen.findByText('Withdrawal #6 approved')).toBeInTheDocument();
    await user.click(within(await rowOf('4')).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Withdrawal #4: your approval is the first of two; a second finance person approves it'),
    ).toBeInTheDocument();
  });
});

describe('who decided, on each withdrawal (the audit trail)', () => {
  it('says where it was asked from, who approved it (both), who rejected it, the rule, and the batch', () => {
    const lines = (over: Record<string, unknown>) => trailLines(row('1', over) as Parameters<typeof trailLines>[0]);
    expect(lines({ requestedFrom: '203.0.113.7' })).toEqual(['Requested from 203.0.113.7']);
    // While it waits for a second approval, the first is on the "1 of 2" line, not here.
    expect(lines({ approvalsNeeded: 2, approvals: [approval('3', 'Morgan')] })).toEqual([]);
    expect(
      lines({
        status: 'DONE',
        payoutStage: null,
        batchId: 4,
        requestedFrom: '203.0.113.7',
        approvals: [approval('3', 'Morgan'), approval('4', 'Robin')],
      }),
    ).toEqual(['Requested from 203.0.113.7', 'Approved by Morgan and Robin', 'Paid in batch 4']);
    expect(lines({ payoutStage: 'APPROVED', approvedByRule: true })).toEqual(['Approved by the auto-approve rule']);
    expect(
      lines({
        status: 'FAILED',
        rejectedBy: { __typename: 'WithdrawalApproval', userId: '3', name: 'Morgan', at: '2026-11-29T06:03:00Z' },
      }),
    ).toEqual(['Rejected by Morgan']);
    // Sent and refused by the chain: the batch it went in.
    expect(lines({ status: 'FAILED', batchId: 2, approvals: [approval('3', 'Morgan')] })).toEqual([
      'Approved by Morgan',
      'Sent in batch 2',
    ]);
  });
});

describe('the payout wallet short of funds', () => {
  it('says by how much in the reader’s words, from the figures the card shows (not the server’s English)', async () => {
    const apollo = testApollo((operation) => {
      if (operation === 'FinanceMe') return { me: { __typename: 'User', id: ME } };
      if (operation === 'WithdrawalQueue')
        return { withdrawalQueue: { __typename: 'TransactionPage', totalCount: 0, data: [] } };
      if (operation === 'PayoutWallet')
        return {
          payoutWallet: wallet({
            alert: 'Approved withdrawals are waiting: the hot wallet needs 50.00 USDT and 1.000 TON (fees) more.',
            usdt: '10',
            neededUsdt: '60.5',
            ton: '500000000',
            neededTon: '1500000000',
          }),
        };
      return undefined;
    });
    renderInApp(apollo.wrap(<FinancePage />));
    expect(await screen.findByTestId('payout-wallet-alert')).toHaveTextContent(
      'The hot wallet needs 50.50 $ in USDT and 1.000 TON for fees more than it holds. Send them to 0QCf; nothing is sent until then.',
    );
  });
});

/** Withdrawal 5's "sent" event (the queue's subscription). */
const sentEvent = {
  __typename: 'Transaction',
  id: '5',
  status: 'IN_PROGRESS',
  payoutStage: 'SENT',
  batchId: 3,
  txHash: null,
  explorerUrl: null,
  failureReason: null,
  chainFailure: null,
  updatedAt: '2026-11-29T06:05:00Z',
};

describe('a withdrawal that ends while “In progress” is open', () => {
  it('leaves the list and stays in sight above it as Done, with its transaction, in the payee’s words', async () => {
    let queue = [row('5', { payoutStage: 'SENT', batchId: 3 }), row('4', {})];
    const apollo = testApollo((operation) => {
      if (operation === 'FinanceMe') return { me: { __typename: 'User', id: ME } };
      if (operation === 'WithdrawalQueue')
        return { withdrawalQueue: { __typename: 'TransactionPage', totalCount: queue.length, data: queue } };
      if (operation === 'PayoutWallet') return { payoutWallet: wallet({ explorer: '/sandbox/explorer/tx/' }) };
      return undefined;
    });
    renderInApp(apollo.wrap(<FinancePage />));
    const sent = (await screen.findAllByTestId('withdrawal')).find((el) => el.getAttribute('data-id') === '5')!;
    // Sent: no Reject (it ends by what the chain does), in the same words as the publisher's page.
    expect(within(sent).getByTestId('payout-stage')).toHaveTextContent('Sent: waiting for the chain to confirm');
    expect(within(sent).queryByRole('button', { name: /Reject/ })).toBeNull();
    expect(screen.queryByTestId('finished-here')).toBeNull();

    // The chain confirms it: the event carries the end; the refetched list no longer has it.
    const hash = 'ab'.repeat(32);
    queue = [row('4', {})];
    await waitFor(() => expect(apollo.count('WithdrawalQueue')).toBe(1));
    await waitFor(() => expect(apollo.subscribed('WithdrawalQueueChanged')).toBe(true));
    apollo.emit({
      withdrawalQueueChanged: {
        __typename: 'Transaction',
        id: '5',
        status: 'DONE',
        payoutStage: 'SENT',
        batchId: 3,
        txHash: hash,
        explorerUrl: `/sandbox/explorer/tx/${hash}`,
        failureReason: null,
        chainFailure: null,
        updatedAt: '2026-11-29T06:05:00Z',
      },
    });
    const finished = await screen.findByTestId('finished-withdrawal');
    expect(finished).toHaveAttribute('data-id', '5');
    expect(within(finished).getByTestId('transaction-status')).toHaveTextContent('Done');
    expect(within(finished).getByTestId('payout-stage')).toHaveTextContent('Paid: confirmed on chain');
    expect(within(finished).getByTestId('explorer-link')).toHaveAttribute('href', `/sandbox/explorer/tx/${hash}`);
    await waitFor(() =>
      expect(screen.getAllByTestId('withdrawal').map((el) => el.getAttribute('data-id'))).toEqual(['4']),
    );
    // Cleared when read.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByTestId('finished-here')).toBeNull());
  });

  it('stays in sight when the refetch drops it before the event that ends it arrives (a quick round)', async () => {
    let queue = [row('5', { payoutStage: 'APPROVED' }), row('4', {})];
    const apollo = testApollo((operation) => {
      if (operation === 'FinanceMe') return { me: { __typename: 'User', id: ME } };
      if (operation === 'WithdrawalQueue')
        return { withdrawalQueue: { __typename: 'TransactionPage', totalCount: queue.length, data: queue } };
      if (operation === 'PayoutWallet') return { payoutWallet: wallet({}) };
      return undefined;
    });
    renderInApp(apollo.wrap(<FinancePage />));
    await waitFor(() => expect(screen.getAllByTestId('withdrawal')).toHaveLength(2));
    // "Sent" arrives; by the time its refetch runs, the chain has confirmed: the list drops the row.
    const event = sentEvent;
    queue = [row('4', {})];
    await waitFor(() => expect(apollo.subscribed('WithdrawalQueueChanged')).toBe(true));
    apollo.emit({ withdrawalQueueChanged: event });
    await waitFor(() =>
      expect(screen.getAllByTestId('withdrawal').map((el) => el.getAttribute('data-id'))).toEqual(['4']),
    );
    expect(screen.queryByTestId('finished-here')).toBeNull();
    // Then the event that ends it: the list does not change, the end shows.
    const hash = 'cd'.repeat(32);
    apollo.emit({
      withdrawalQueueChanged: { ...event, status: 'DONE', txHash: hash, updatedAt: '2026-11-29T06:05:01Z' },
    });
    const finished = await screen.findByTestId('finished-withdrawal');
    expect(finished).toHaveAttribute('data-id', '5');
    expect(within(finished).getByTestId('transaction-status')).toHaveTextContent('Done');
    expect(within(finished).getByTestId('transaction-hash')).toHaveTextContent(hash);
  });

  it('a refetch answered after the event that ended it does not take the end back (sent, then paid, then the older answer)', async () => {
    let queue = [row('5', { payoutStage: 'APPROVED' }), row('4', {})];
    const hash = 'ef'.repeat(32);
    const sent = sentEvent;
    let race = false;
    const apollo = testApollo((operation) => {
      if (operation === 'FinanceMe') return { me: { __typename: 'User', id: ME } };
      if (operation === 'WithdrawalQueue') {
        const answer = { withdrawalQueue: { __typename: 'TransactionPage', totalCount: queue.length, data: queue } };
        if (race) {
          // The chain confirms while this answer (still "sent") is on its way: the event comes first.
          // (The event is written into the cache asynchronously, still before this answer.)
          race = false;
          queue = [row('4', {})];
          apollo.emit({
            withdrawalQueueChanged: { ...sent, status: 'DONE', txHash: hash, updatedAt: '2026-11-29T06:05:01Z' },
          });
        }
        return answer;
      }
      if (operation === 'PayoutWallet') return { payoutWallet: wallet({}) };
      return undefined;
    });
    renderInApp(apollo.wrap(<FinancePage />));
    await waitFor(() => expect(screen.getAllByTestId('withdrawal')).toHaveLength(2));
    queue = [row('5', { payoutStage: 'SENT', batchId: 3, updatedAt: '2026-11-29T06:05:00Z' }), row('4', {})];
    race = true;
    apollo.emit({ withdrawalQueueChanged: sent });
    const finished = await screen.findByTestId('finished-withdrawal');
    expect(finished).toHaveAttribute('data-id', '5');
    expect(within(finished).getByTestId('transaction-status')).toHaveTextContent('Done');
    expect(within(finished).getByTestId('transaction-hash')).toHaveTextContent(hash);
    await waitFor(() =>
      expect(screen.getAllByTestId('withdrawal').map((el) => el.getAttribute('data-id'))).toEqual(['4']),
    );
  });
});
