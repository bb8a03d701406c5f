import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test-utils';
import { BalanceChip } from './BalanceChip';

const user = {
  __typename: 'User' as const,
  id: '1',
  advertiserBalance: '12.345',
  publisherBalance: '1000000000000.004',
  publisherOnHoldBalance: '0.001',
};

// The fragment masks the data at type level only; tests pass the plain fields.
const ref = user as unknown as Parameters<typeof BalanceChip>[0]['user'];

describe('BalanceChip', () => {
  it('shows the advertiser balance rounded to 2 decimals with a $ suffix', async () => {
    renderInApp(<BalanceChip area="advertiser" user={ref} />);
    expect(await screen.findByTestId('balance-chip')).toHaveTextContent('12.35 $');
  });

  it('shows what a publisher can withdraw, the hold apart, and the exact total in its title', async () => {
    renderInApp(<BalanceChip area="publisher" user={ref} />);
    const chip = await screen.findByTestId('balance-chip');
    expect(screen.getByTestId('balance-chip-amount')).toHaveTextContent('1,000,000,000,000.00 $');
    expect(screen.getByTestId('balance-chip-hold')).toHaveTextContent('+ 0.00 $ on hold');
    expect(chip.closest('[title]')).toHaveAttribute('title', expect.stringContaining('1,000,000,000,000.01 $ in all'));
  });

  it('shows no chip in Exchange', async () => {
    renderInApp(
      <>
        <span>layout</span>
        <BalanceChip area="exchange" user={ref} />
      </>,
    );
    await screen.findByText('layout');
    expect(screen.queryByTestId('balance-chip')).toBeNull();
  });
});
