import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test-utils';
import { AddFundsForm } from './AddFundsForm';
import { amountMessages, topUpAmountError, withdrawalAmountError } from './amount';
import { StatusBadge } from './StatusBadge';
import { isTonAddress } from './tonAddress';

const TON_ADDRESS_MESSAGE = 'Enter a valid TON wallet address (USDT on TON)';
import { payoutStage, transactionStatus } from './status';
import { WithdrawForm } from './WithdrawForm';
import { publisherTotal } from './WithdrawPage';

describe('top-up amount, reading B', () => {
  it.each([
    ['', amountMessages.required],
    ['   ', amountMessages.required],
    ['abc', amountMessages.numeric],
    ['1,5', amountMessages.numeric],
    ['10.', amountMessages.numeric],
    ['1.1234567', amountMessages.numeric],
    ['1', amountMessages.topUpMinimum],
    ['1.000000', amountMessages.topUpMinimum],
    ['0', amountMessages.topUpMinimum],
    ['-5', amountMessages.topUpMinimum],
    ['1.000001', undefined],
    ['25', undefined],
    [' 300.50 ', undefined],
  ])('%j → %s', (value, message) => {
    expect(topUpAmountError(value)).toBe(message);
  });
});

describe('withdrawal amount', () => {
  it.each([
    ['', amountMessages.required],
    ['fifty', amountMessages.numeric],
    ['49.99', amountMessages.withdrawalMinimum],
    ['50', undefined],
    ['70.00', undefined],
    ['70.01', 'You can withdraw up to 70.00 $ now: 35.50 $ more is on hold until its conversions are confirmed'],
    ['1000', 'You can withdraw up to 70.00 $ now: 35.50 $ more is on hold until its conversions are confirmed'],
  ])('%j with 70.00 available and 35.50 on hold → %s', (value, message) => {
    expect(withdrawalAmountError(value, '70.00', '35.50')).toBe(message);
  });

  it('all of an available balance with nothing on hold can go; more says so', () => {
    expect(withdrawalAmountError('105.50', '105.50', '0.00')).toBeUndefined();
    expect(withdrawalAmountError('105.51', '105.50', '0.00')).toBe(
      'You can withdraw up to 105.50 $, your available balance',
    );
  });

  it('adds available and on hold exactly, 2 decimals', () => {
    expect(publisherTotal('70.00', '35.50')).toBe('105.50');
    expect(publisherTotal('0.1', '0.2')).toBe('0.30');
    expect(publisherTotal('1000000000000.004', '0.001')).toBe('1000000000000.01');
  });
});

describe('payout stages', () => {
  it('names each stage in the payee’s words; a rejection is not a failed transfer', () => {
    expect(payoutStage({ status: 'IN_PROGRESS', payoutStage: 'REQUESTED' })).toBe('Requested: waiting for approval');
    expect(payoutStage({ status: 'IN_PROGRESS', payoutStage: 'APPROVED' })).toBe(
      'Approved: goes out in the next payout round',
    );
    expect(payoutStage({ status: 'IN_PROGRESS', payoutStage: 'SENT', batchId: 3 })).toBe(
      'Sent: waiting for the chain to confirm',
    );
    expect(payoutStage({ status: 'DONE', payoutStage: 'SENT', batchId: 3 })).toBe('Paid: confirmed on chain');
    expect(payoutStage({ status: 'FAILED', payoutStage: 'REQUESTED' })).toBe('Rejected by finance');
    expect(payoutStage({ status: 'FAILED', payoutStage: 'APPROVED' })).toBe('Rejected by finance');
    expect(payoutStage({ status: 'FAILED', payoutStage: 'SENT', batchId: 3 })).toBe(
      'Not paid: the transfer was refused',
    );
    // No stage repeats its badge's word.
    for (const t of [{ status: 'DONE', batchId: 1 }, { status: 'FAILED', batchId: 1 }, { status: 'FAILED' }] as const)
      expect(payoutStage(t)).not.toMatch(new RegExp(`^${transactionStatus[t.status].label}$`));
  });
});

describe('status badge', () => {
  it('maps the statuses', () => {
    expect(transactionStatus).toEqual({
      IN_PROGRESS: { label: 'Pending', colorPalette: 'orange' },
      DONE: { label: 'Done', colorPalette: 'green' },
      FAILED: { label: 'Failed', colorPalette: 'red' },
    });
  });

  it.each([
    ['IN_PROGRESS', 'Pending', 'orange'],
    ['DONE', 'Done', 'green'],
    ['FAILED', 'Failed', 'red'],
  ] as const)('renders %s as %s in %s', async (status, label, palette) => {
    renderInApp(<StatusBadge status={status} />);
    const badge = await screen.findByText(label);
    expect(badge).toHaveAttribute('data-status', status);
    expect(badge).toHaveAttribute('data-palette', palette);
  });
});

describe('add funds form', () => {
  it('shows the messages as the amount changes and keeps Go to Payment disabled until valid', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderInApp(<AddFundsForm onSubmit={onSubmit} />);
    const input = await screen.findByLabelText(/Amount/);
    const button = screen.getByRole('button', { name: /Go to Payment/ });
    expect(button).toBeDisabled();

    await user.type(input, 'x');
    expect(await screen.findByText(amountMessages.numeric)).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.clear(input);
    expect(await screen.findByText(amountMessages.required)).toBeInTheDocument();
    await user.type(input, '1');
    expect(await screen.findByText(amountMessages.topUpMinimum)).toBeInTheDocument();
    expect(button).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '50 $' }));
    expect(input).toHaveValue('50');
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText(amountMessages.topUpMinimum)).toBeNull();
    await user.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('50'));
  });

  it('offers the quick amounts 10, 50, 100 and 300', async () => {
    renderInApp(<AddFundsForm onSubmit={async () => undefined} />);
    for (const value of ['10', '50', '100', '300']) {
      expect(await screen.findByRole('button', { name: `${value} $` })).toBeInTheDocument();
    }
  });

  it("puts the server's amount message under the field", async () => {
    const user = userEvent.setup();
    renderInApp(<AddFundsForm onSubmit={async () => 'The value must be greater than 1'} />);
    await user.type(await screen.findByLabelText(/Amount/), '5');
    await user.click(screen.getByRole('button', { name: /Go to Payment/ }));
    expect(await screen.findByText('The value must be greater than 1')).toBeInTheDocument();
  });
});

describe('withdraw form', () => {
  it('checks amount and wallet before sending', async () => {
    const onSubmit = vi.fn(async () => ({ ok: true as const }));
    const user = userEvent.setup();
    renderInApp(<WithdrawForm available="105.50" onHold="0.00" onSubmit={onSubmit} />);
    const send = await screen.findByRole('button', { name: /Send Money/ });
    await user.click(send);
    expect(await screen.findAllByText(amountMessages.required)).toHaveLength(2);

    const amount = screen.getByLabelText(/Amount/);
    await user.type(amount, '1e3');
    await user.click(send);
    expect(await screen.findByText(amountMessages.numeric)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '49');
    expect(await screen.findByText(amountMessages.withdrawalMinimum)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '200');
    expect(await screen.findByText('You can withdraw up to 105.50 $, your available balance')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // Both fields wrong: both errors at once, not the address's after the amount is fixed.
    const wallet = screen.getByLabelText(/Wallet address/);
    await user.type(wallet, 'EQabc');
    await user.click(send);
    expect(await screen.findByText(TON_ADDRESS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('You can withdraw up to 105.50 $, your available balance')).toBeInTheDocument();
    // A checksum that does not match is a mistyped address too.
    await user.clear(wallet);
    await user.type(wallet, 'UQAHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHB5-a');
    await user.click(send);
    expect(await screen.findByText(TON_ADDRESS_MESSAGE)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '50');
    await user.clear(wallet);
    await user.type(wallet, ' UQAHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHB5-k ');
    await user.click(send);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        amount: '50',
        walletAddress: 'UQAHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHB5-k',
      }),
    );
  });

  it('takes the address forms the server takes: friendly (base64 or base64url) and raw', () => {
    expect(isTonAddress('EQAHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHB8Jh')).toBe(true);
    expect(isTonAddress('UQAHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHB5-k')).toBe(true);
    expect(isTonAddress('UQAHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHB5+k')).toBe(true);
    expect(isTonAddress(`0:${'07'.repeat(32)}`)).toBe(true);
    expect(isTonAddress(`0:${'07'.repeat(31)}`)).toBe(false);
    expect(isTonAddress('EQAHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHB8Ji')).toBe(false);
    expect(isTonAddress('not-a-wallet')).toBe(false);
  });

  it("shows the server's wallet message under the wallet field", async () => {
    const message = 'This is a testnet address: payouts are sent on TON mainnet';
    const user = userEvent.setup();
    renderInApp(
      <WithdrawForm
        available="105.50"
        onHold="0.00"
        onSubmit={async () => ({ ok: false, field: 'walletAddress', message })}
      />,
    );
    await user.type(await screen.findByLabelText(/Amount/), '50');
    await user.type(screen.getByLabelText(/Wallet address/), 'kQAHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHB3nr');
    await user.click(screen.getByRole('button', { name: /Send Money/ }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
