import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { campaignMessages } from './campaign';
import { Trans } from '@lingui/react/macro';

/** Under a budget refused for want of money: the way to add it. */
export function AddFundsHint({ message }: { message: string | undefined }) {
  if (message !== campaignMessages.notEnoughBalance) return null;
  return (
    <Text fontSize="sm" data-testid="add-funds-hint">
      <Trans>
        <ChakraLink asChild color="brand.fg" fontWeight="medium">
          <Link to="/advertiser/payments">
            <Trans>Add funds</Trans>
          </Link>
        </ChakraLink>{' '}
        to your advertiser balance, then come back.
      </Trans>
    </Text>
  );
}
