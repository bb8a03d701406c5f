import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { AuthConfig } from '../auth/authApi';
import { supportBotUrl } from '../auth/useAuthConfig';

export function LayoutFooter({ config }: { config?: AuthConfig }) {
  return (
    <Box as="footer" borderTopWidth="1px" py="6" mt="auto">
      <Container maxW="7xl">
        <Flex gap={{ base: '3', md: '6' }} wrap="wrap" fontSize="sm" color="fg.muted" align="center">
          <Text>© {new Date().getFullYear()} Taskgram Ads</Text>
          <Box flex="1" />
          {config && (
            <ChakraLink href={supportBotUrl(config.supportBot)} target="_blank" rel="noreferrer">
              <Trans>Support</Trans>
            </ChakraLink>
          )}
          {config && (
            <ChakraLink href={config.docsUrl} target="_blank" rel="noreferrer">
              <Trans>Knowledge base</Trans>
            </ChakraLink>
          )}
          <ChakraLink asChild>
            <Link to="/user-agreement">
              <Trans>User Agreement</Trans>
            </Link>
          </ChakraLink>
          <ChakraLink asChild>
            <Link to="/privacy-policy">
              <Trans>Privacy Policy</Trans>
            </Link>
          </ChakraLink>
        </Flex>
      </Container>
    </Box>
  );
}
