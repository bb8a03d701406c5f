import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { PageHeading } from '../../components/ui/Page';
import { HeaderLogo, MenuButtonPlace } from './HeaderParts';
import type { PageHeadingText } from '../../lib/pageHeadings';

/**
 * The signed-in layout's frame as the build renders it into the shell (scripts/prerender.mjs):
 * the header with the logo and a page's skeleton, painted before the app's code has run (a
 * deep link on a phone sees the product at once, not a blank screen). A page whose heading is
 * always the same (pageHeadings.ts) gets its shell with that heading in place of the skeleton's
 * first lines. The app replaces it with the real layout, drawn in the same places.
 */
export function ShellPlaceholder({ heading }: { heading?: PageHeadingText }) {
  return (
    <Flex direction="column" minH="100dvh" aria-busy="true">
      <Box as="header" position="sticky" top="0" bg="bg" borderBottomWidth="1px">
        <Container maxW="7xl">
          <HStack h="16" gap={{ base: '1', sm: '3' }} minW="0">
            <MenuButtonPlace />
            <Box flexShrink={0}>
              <HeaderLogo />
            </Box>
            <Box flex="1" />
            <Skeleton h="8" w="24" borderRadius="full" />
          </HStack>
        </Container>
      </Box>
      <Container as="main" maxW="7xl" flex="1" minH="100dvh" py={{ base: '6', md: '8' }}>
        {heading ? (
          <Stack gap="6">
            <PageHeading {...heading} />
            <Skeleton h="48" borderRadius="xl" />
          </Stack>
        ) : (
          <Stack gap="4">
            <Skeleton h="8" w="48" />
            <Skeleton h="5" w="72" maxW="full" />
            <Skeleton h="48" borderRadius="xl" />
          </Stack>
        )}
      </Container>
    </Flex>
  );
}
