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

  it('shows publisher plus on-hold, added exactly', async () => {
    renderInApp(<BalanceChip area="publisher" user={ref} />);
    expect(await screen.findByTestId('balance-chip')).toHaveTextContent('1000000000000.01 $');
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
