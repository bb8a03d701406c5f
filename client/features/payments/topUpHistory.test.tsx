import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { TransactionHistory } from './TransactionHistory';

const topUp = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: 'Transaction',
  id,
  createdAt: '2026-11-29T06:00:00Z',
  updatedAt: '2026-11-29T06:00:00Z',
  kind: 'TOP_UP',
  status: 'IN_PROGRESS',
  amount: '12',
  walletAddress: null,
  txHash: null,
  failureReason: null,
  chainFailure: null,
  payoutStage: null,
  approvalsNeeded: null,
  approvalsGiven: null,
  batchId: null,
  explorerUrl: null,
  holdUntil: null,
  payUrl: `http://localhost/pay/sandbox/${id}?token=t`,
  ...over,
});

describe('a top-up waiting for payment, in the history', () => {
  it('goes back to its checkout or is cancelled; it then reads Failed with its reason', async () => {
    const rows = [topUp('9'), topUp('8', { status: 'DONE', payUrl: null })];
    const apollo = testApollo((operation, variables) => {
      if (operation === 'Transactions')
        return { transactions: { __typename: 'TransactionPage', totalCount: rows.length, data: rows } };
      if (operation === 'CancelTopUp')
        return {
          cancelTopUp: {
            __typename: 'Transaction',
            id: variables.id,
            status: 'FAILED',
            failureReason: 'Cancelled',
            chainFailure: null,
            payUrl: null,
            updatedAt: '2026-11-29T06:10:00Z',
          },
        };
      return undefined;
    });
    renderInApp(
      apollo.wrap(
        <TransactionHistory kind="TOP_UP" title="History" empty={{ icon: null, title: 'None', description: '' }} />,
      ),
    );
    const waiting = await screen.findByTestId('top-up-waiting');
    expect(within(waiting).getByRole('link', { name: 'Continue payment' })).toHaveAttribute(
      'href',
      'http://localhost/pay/sandbox/9?token=t',
    );
    expect(waiting).toHaveTextContent('unpaid, it expires after an hour');
    // Only the waiting one has the buttons.
    expect(screen.getAllByTestId('top-up-waiting')).toHaveLength(1);
    await userEvent.setup().click(within(waiting).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Top-up #9 cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('top-up-waiting')).toBeNull());
    expect(screen.getByTestId('transaction-reason')).toHaveTextContent('Reason: Cancelled');
  });
});
