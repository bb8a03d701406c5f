import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { HStack } from '@chakra-ui/react/stack';
import { Outlet, Link } from '@tanstack/react-router';
import { ResponsiveLogo } from '../../components/ui/Logo';
import { ThemeToggle } from '../../components/ui/ThemeToggle';

export function PolicyLayout() {
  return (
    <Box minH="100dvh">
      <Box as="header" borderBottomWidth="1px">
        <Container maxW="4xl">
          <HStack h="16" justify="space-between" gap="2">
            <Link to="/" aria-label="Taskgram Ads home" style={{ flexShrink: 0 }}>
              <ResponsiveLogo />
            </Link>
            <HStack gap={{ base: '3', sm: '4' }} minW="0" whiteSpace="nowrap">
              <ChakraLink asChild fontSize="sm">
                <Link to="/user-agreement">User Agreement</Link>
              </ChakraLink>
              <ChakraLink asChild fontSize="sm">
                <Link to="/privacy-policy">Privacy Policy</Link>
              </ChakraLink>
              <ThemeToggle />
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Container as="main" maxW="3xl" py={{ base: '8', md: '14' }}>
        <Outlet />
      </Container>
    </Box>
  );
}
