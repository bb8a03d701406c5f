import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { HStack, type StackProps } from '@chakra-ui/react/stack';
import { t } from '@lingui/core/macro';
import { Outlet, useLocation } from '@tanstack/react-router';
import { ResponsiveLogo } from '../../components/ui/Logo';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { publicPath } from '../../lib/i18n';
import { LanguageLinks, themeLabels } from '../landing/LanguageLinks';

/** The two policies, each in the page's language. */
function PolicyLinks(props: StackProps) {
  return (
    <HStack gap="4" {...props}>
      <ChakraLink href={publicPath('/user-agreement')} fontSize="sm">
        {t`User Agreement`}
      </ChakraLink>
      <ChakraLink href={publicPath('/privacy-policy')} fontSize="sm">
        {t`Privacy Policy`}
      </ChakraLink>
    </HStack>
  );
}

/** The policies' frame in the page's language (the build renders them in all nine: scripts/prerender.mjs). */
export function PolicyLayout() {
  const path = useLocation({ select: (location) => location.pathname });
  return (
    <Box minH="100dvh">
      <Box as="header" borderBottomWidth="1px">
        <Container maxW="4xl">
          <HStack h="16" justify="space-between" gap="2">
            <ChakraLink href={publicPath('/')} aria-label={t`Taskgram Ads home`} flexShrink={0}>
              <ResponsiveLogo />
            </ChakraLink>
            <HStack gap={{ base: '1', sm: '4' }} minW="0" whiteSpace="nowrap">
              <PolicyLinks display={{ base: 'none', md: 'flex' }} />
              <LanguageLinks path={path} />
              <ThemeToggle labels={themeLabels()} />
            </HStack>
          </HStack>
          {/* On a phone the two links get their own row: in some languages they do not fit beside the rest. */}
          <PolicyLinks display={{ base: 'flex', md: 'none' }} pb="3" flexWrap="wrap" />
        </Container>
      </Box>
      <Container as="main" maxW="3xl" py={{ base: '8', md: '14' }}>
        <Outlet />
      </Container>
    </Box>
  );
}
