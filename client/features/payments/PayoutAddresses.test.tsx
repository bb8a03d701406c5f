import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { PayoutAddressesCard } from './PayoutAddresses';
import { WithdrawForm } from './WithdrawForm';

const WALLET = '0QAMQEvC9jMlB-tk-12squ-jBhRoaHuvRoVp-zILAPjMAnBs';

describe('saved payout addresses', () => {
  it('lists them (paid before or new), saves one with a label, removes one', async () => {
    let saved = [{ __typename: 'PayoutAddress', id: '1', address: WALLET, label: 'Tonkeeper', paidAt: true }];
    const apollo = testApollo((operation, variables) => {
      if (operation === 'PayoutAddresses') return { payoutAddresses: saved };
      if (operation === 'AddPayoutAddress') {
        const added = {
          __typename: 'PayoutAddress',
          id: '2',
          address: variables.address,
          label: variables.label,
          paidAt: false,
        };
        saved = [...saved, added];
        return { addPayoutAddress: added };
      }
      if (operation === 'RemovePayoutAddress') {
        saved = saved.filter((a) => a.id !== variables.id);
        return { removePayoutAddress: true };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderInApp(apollo.wrap(<PayoutAddressesCard />));
    const first = await screen.findByTestId('payout-address');
    expect(first).toHaveTextContent('Tonkeeper');
    expect(first).toHaveTextContent('Paid before');

    // Empty fields are said before anything is sent.
    await user.click(screen.getByRole('button', { name: /Save address/ }));
    expect(screen.getByText('Enter a label of 1 to 60 characters, e.g. “My Tonkeeper”')).toBeInTheDocument();
    expect(apollo.count('AddPayoutAddress')).toBe(0);

    await user.type(screen.getByLabelText('Label'), 'Wallet in Telegram');
    await user.type(screen.getByLabelText('Address to save'), `  ${WALLET}x `);
    await user.click(screen.getByRole('button', { name: /Save address/ }));
    await waitFor(() => expect(screen.getAllByTestId('payout-address')).toHaveLength(2));
    expect(apollo.calls.find((c) => c.operationName === 'AddPayoutAddress')?.variables).toEqual({
      address: `${WALLET}x`,
      label: 'Wallet in Telegram',
    });
    const added = screen.getAllByTestId('payout-address')[1]!;
    expect(added).toHaveTextContent('New: first withdrawal held');

    await user.click(within(added).getByRole('button', { name: 'Remove Wallet in Telegram' }));
    await waitFor(() => expect(screen.getAllByTestId('payout-address')).toHaveLength(1));
  });

  it('a saved address fills the withdrawal’s wallet field in one click', async () => {
    const user = userEvent.setup();
    renderInApp(
      <WithdrawForm
        available="100"
        onHold="0"
        onSubmit={async () => ({ ok: true })}
        saved={[{ id: '1', label: 'Tonkeeper', address: WALLET }]}
      />,
    );
    await user.click(within(await screen.findByTestId('saved-addresses')).getByRole('button', { name: 'Tonkeeper' }));
    expect(screen.getByLabelText('Wallet address')).toHaveValue(WALLET);
  });
});
