import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Link } from '@tanstack/react-router';
import { Wallet } from 'lucide-react';
import { type FragmentType, graphql, useFragment } from '../../gql';
import { type Area, chipAmount } from '../../lib/areas';
import { formatMoney } from '../../lib/money';

export const BalanceChipFragment = graphql(`
  fragment BalanceChip_user on User {
    id
    advertiserBalance
    publisherBalance
    publisherOnHoldBalance
  }
`);

/** Advertiser balance in Advertiser, publisher plus on-hold in Publisher, nothing in Exchange. */
export function BalanceChip({ area, user }: { area: Area; user: FragmentType<typeof BalanceChipFragment> }) {
  const balances = useFragment(BalanceChipFragment, user);
  const amount = chipAmount(area, balances);
  if (amount === null) return null;
  return (
    <Button
      asChild
      size="sm"
      variant="subtle"
      colorPalette="brand"
      borderRadius="full"
      px={{ base: '2', sm: '3' }}
      gap={{ base: '1', sm: '2' }}
      minW="0"
      flexShrink={1}
      fontVariantNumeric="tabular-nums"
      title={area === 'publisher' ? 'Available plus on hold' : 'Advertiser balance'}
    >
      <Link to={area === 'publisher' ? '/publisher/payments' : '/advertiser/payments'} data-testid="balance-chip">
        <Wallet />
        <Box as="span" truncate>
          {formatMoney(amount)}
        </Box>
      </Link>
    </Button>
  );
}
