import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { t } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/ui/Logo';
import { type ThemeLabels, ThemeToggle } from '../../components/ui/ThemeToggle';
import { i18n, publicPath } from '../../lib/i18n';
import { useServerMessages } from '../../lib/useServerMessages';
import { LanguageLinks, type LanguageMenuWords } from '../landing/LanguageLinks';

const points = () => [
  t`Pay only for real actions, from 0.05 USD`,
  t`Monetize your mini app with a task showcase`,
  t`Swap traffic with other apps, tracked end to end`,
];

/**
 * The theme button's and language switcher's words in the page's language: the same English as
 * the public pages' (LanguageLinks), written here so that they are in this catalog (the public
 * pages' own, public.po, is never loaded here).
 */
const themeLabels = (): ThemeLabels => ({
  light: t`light`,
  dark: t`dark`,
  system: t`system`,
  name: (theme, next) => t`Theme: ${theme}. Switch to ${next}`,
  title: (theme) => t`Theme: ${theme}`,
});
const languageWords: LanguageMenuWords = { menu: (name) => t`Language: ${name}`, list: () => t`Languages` };

/**
 * Frame of the sign-in pages: product panel on wide screens, the form card beside it; the theme
 * button and the language switcher (links to the same page in the other languages) above it.
 * Its words are the dashboard's catalog, loaded by the route (client/routes/guest.tsx).
 */
export function AuthLayout(props: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useServerMessages(true);
  return (
    <I18nProvider i18n={i18n}>
      <AuthFrame {...props} />
    </I18nProvider>
  );
}

function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const path = useRouterState({ select: (state) => state.location.pathname });
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
        <a href={publicPath('/')} aria-label={t`Taskgram Ads home`}>
          <Logo onDark />
        </a>
        <Stack gap="6" maxW="md">
          <Heading size="3xl" lineHeight="1.15">
            {t`The ad network built for Telegram mini apps`}
          </Heading>
          <Stack gap="3">
            {points().map((point) => (
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
            <a href={publicPath('/')} aria-label={t`Taskgram Ads home`}>
              <Logo />
            </a>
          </Box>
          <HStack ms="auto" gap="1">
            <LanguageLinks path={path} words={languageWords} />
            <ThemeToggle labels={themeLabels()} />
          </HStack>
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
