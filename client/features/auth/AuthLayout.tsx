import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/ui/Logo';
import { ThemeToggle } from '../../components/ui/ThemeToggle';

const points = [
  'Pay only for real actions, from 0.05 USD',
  'Monetize your mini app with a task showcase',
  'Swap traffic with other apps, tracked end to end',
];

/** Frame of the sign-in pages: product panel on wide screens, the form card beside it. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex minH="100dvh">
      <Box
        display={{ base: 'none', lg: 'flex' }}
        flexDirection="column"
        justifyContent="space-between"
        w="44%"
        p="12"
        color="white"
        bgGradient="to-br"
        gradientFrom="purple.700"
        gradientTo="cyan.600"
      >
        <Link to="/" aria-label="Taskgram Ads home">
          <Logo onDark />
        </Link>
        <Stack gap="6" maxW="md">
          <Heading size="3xl" lineHeight="1.15">
            The ad network built for Telegram mini apps
          </Heading>
          <Stack gap="3">
            {points.map((point) => (
              <HStack key={point} gap="3" alignItems="flex-start">
                <CheckCircle2 size={20} style={{ flexShrink: 0, marginTop: 2 }} />
                <Text>{point}</Text>
              </HStack>
            ))}
          </Stack>
        </Stack>
        <Text fontSize="sm" opacity={0.8}>
          © {new Date().getFullYear()} Taskgram Ads
        </Text>
      </Box>
      <Flex flex="1" direction="column">
        <HStack justify="space-between" px={{ base: '4', md: '8' }} py="4">
          <Box display={{ lg: 'none' }}>
            <Link to="/" aria-label="Taskgram Ads home">
              <Logo />
            </Link>
          </Box>
          <Box ms="auto">
            <ThemeToggle />
          </Box>
        </HStack>
        <Flex flex="1" align="center" justify="center" px="4" pb="12">
          <Stack w="full" maxW="md" gap="6">
            <Stack gap="2">
              <Heading as="h1" size="2xl">
                {title}
              </Heading>
              {subtitle && <Text color="fg.muted">{subtitle}</Text>}
            </Stack>
            {children}
          </Stack>
        </Flex>
      </Flex>
    </Flex>
  );
}
