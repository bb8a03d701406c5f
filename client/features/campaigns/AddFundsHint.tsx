import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { campaignMessages } from './campaign';

/** Under a budget refused for want of money: the way to add it. */
export function AddFundsHint({ message }: { message: string | undefined }) {
  if (message !== campaignMessages.notEnoughBalance) return null;
  return (
    <Text fontSize="sm" data-testid="add-funds-hint">
      <ChakraLink asChild color="brand.fg" fontWeight="medium">
        <Link to="/advertiser/payments">Add funds</Link>
      </ChakraLink>{' '}
      to your advertiser balance, then come back.
    </Text>
  );
}
