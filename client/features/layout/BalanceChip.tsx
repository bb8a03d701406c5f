import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Link } from '@tanstack/react-router';
import { Wallet } from 'lucide-react';
import { type FragmentType, graphql, useFragment } from '../../gql';
import { type Area, chipAmount } from '../../lib/areas';
import { formatMoney, isPositiveMoney } from '../../lib/money';
import { Trans, useLingui } from '@lingui/react/macro';

export const BalanceChipFragment = graphql(`
  fragment BalanceChip_user on User {
    id
    advertiserBalance
    publisherBalance
    publisherOnHoldBalance
  }
`);

/**
 * Advertiser balance in Advertiser; in Publisher what can be withdrawn now, with the money on
 * hold apart (the total is in the title); nothing in Exchange.
 */
export function BalanceChip({ area, user }: { area: Area; user: FragmentType<typeof BalanceChipFragment> }) {
  // In the layout (not remounted by a language switch): re-rendered by Lingui, figures too.
  const { t } = useLingui();
  const balances = useFragment(BalanceChipFragment, user);
  const amount = chipAmount(area, balances);
  if (amount === null) return null;
  const publisher = area === 'publisher';
  const onHold = publisher && isPositiveMoney(balances.publisherOnHoldBalance) ? balances.publisherOnHoldBalance : null;
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
      title={
        publisher
          ? t`${formatMoney(balances.publisherBalance)} available to withdraw, ${formatMoney(balances.publisherOnHoldBalance)} on hold: ${formatMoney(amount)} in all`
          : t`Advertiser balance`
      }
    >
      <Link to={publisher ? '/publisher/payments' : '/advertiser/payments'} data-testid="balance-chip">
        <Wallet />
        {/* The figure itself never shrinks; on a narrow phone the hold after it gives way first. */}
        <Box as="span" whiteSpace="nowrap" flexShrink={0} data-testid="balance-chip-amount">
          {formatMoney(publisher ? balances.publisherBalance : amount)}
        </Box>
        {/* On phones too (shorter): without it the chip's figure looked like the Withdraw page's
            total and seemed to disagree with it. */}
        {onHold && (
          <Box
            as="span"
            fontSize="xs"
            color="fg.muted"
            fontWeight="normal"
            truncate
            minW="0"
            data-testid="balance-chip-hold"
          >
            + {formatMoney(onHold)}
            <Box as="span" display={{ base: 'none', sm: 'inline' }}>
              <Trans> on hold</Trans>
            </Box>
          </Box>
        )}
      </Link>
    </Button>
  );
}
