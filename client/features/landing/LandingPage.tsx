import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import {
  ArrowLeftRight,
  ArrowRight,
  BadgeCheck,
  Bot,
  ChartLine,
  ChevronDown,
  Coins,
  LayoutGrid,
  Menu as MenuIcon,
  Megaphone,
  Send,
  ShieldCheck,
  Smartphone,
  Zap,
} from 'lucide-react';
import { t } from '@lingui/core/macro';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Logo, ResponsiveLogo } from '../../components/ui/Logo';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { langParams, publicPath } from '../../lib/i18n';
import { supportBotUrl, useAuthConfig } from '../auth/useAuthConfig';
import { DROPDOWN_PANEL, LanguageLinks, PLAIN_DETAILS, themeLabels } from './LanguageLinks';

/**
 * The landing page and its FAQ in the reader's language: the build renders it in each
 * of the nine (`/`, `/ru/`, …; scripts/prerender.mjs), its words from the public pages' catalog
 * (`client/locales/<lang>/public.po`). Every text is read at render: nothing at module level.
 */

const navLinks = () => [
  { href: '#monetize', label: t`Monetize Apps` },
  { href: '#buy-traffic', label: t`Buy Traffic` },
  { href: '#exchange', label: t`Exchange Traffic` },
  { href: '#faq', label: t`FAQ` },
];

export const faqItems = () => [
  {
    question: t`What is Taskgram Ads?`,
    answer: t`Taskgram Ads is a pay-per-action ad network for Telegram mini apps. Advertisers pay only when a user completes an action: subscribes to a channel, joins a chat, launches a bot or finishes a custom task. Publishers earn by showing these tasks inside their apps.`,
  },
  {
    question: t`How does an advertiser integrate?`,
    answer: t`Create a project, add your bots, channels, chats or links and fund a campaign. Channels and chats are checked by our bot; for bots and custom tasks your server sends us one event when the conversion happens, signed with the project API key.`,
  },
  {
    question: t`How does a publisher integrate?`,
    answer: t`Register your mini app, choose the awards your users get, then place the showcase code on a page of your app. The showcase lists partner tasks, and you earn for every task your users finish.`,
  },
  {
    question: t`Where is the documentation?`,
    answer: t`Everything you need is in the dashboard: the Integrations tab opens the documentation for the showcase code, the server events and the bot SDK, with examples you can copy.`,
  },
];

function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  tinted,
}: {
  id?: string;
  eyebrow: string;
  title: string;
  lead: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box as="section" id={id} py={{ base: '16', md: '24' }} scrollMarginTop="16" bg={tinted ? 'bg.subtle' : undefined}>
      <Container maxW="6xl">
        <Stack gap="4" maxW="2xl" mb={{ base: '10', md: '14' }}>
          <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" fontSize="sm" letterSpacing="wider">
            {eyebrow}
          </Text>
          <Heading as="h2" size={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {lead}
          </Text>
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack gap="3" p="6" borderWidth="1px" borderRadius="2xl" bg="bg.panel" shadow="xs">
      <Flex w="11" h="11" align="center" justify="center" borderRadius="xl" bg="brand.subtle" color="brand.fg">
        {icon}
      </Flex>
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
    </Stack>
  );
}

// Native <details> elements: a keyboard-accessible accordion without a state machine,
// which keeps the landing page's initial JS small.
function FaqAccordion() {
  return (
    <Stack gap="3" maxW="3xl" data-testid="faq">
      {faqItems().map((item, index) => (
        <Box
          asChild
          key={item.question}
          borderWidth="1px"
          borderRadius="xl"
          bg="bg.panel"
          px="5"
          css={{ ...PLAIN_DETAILS, '&[open] .faq-chevron': { transform: 'rotate(180deg)' } }}
        >
          <details open={index === 0}>
            <HStack as="summary" py="4" justify="space-between" gap="4" fontWeight="semibold">
              {item.question}
              <ChevronDown className="faq-chevron" size={18} style={{ transition: 'transform 0.2s', flexShrink: 0 }} />
            </HStack>
            <Text pb="5" color="fg.muted">
              {item.answer}
            </Text>
          </details>
        </Box>
      ))}
    </Stack>
  );
}

// A plain disclosure rather than Chakra's Menu: the menu machinery would push the landing
// page's initial JS over its budget.
function SectionsMenu() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  return (
    <Box ref={rootRef} position="relative" display={{ base: 'block', xl: 'none' }}>
      <IconButton
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-label={t`Sections menu`}
        aria-expanded={open}
        aria-controls={listId}
        data-testid="landing-sections-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon />
      </IconButton>
      <Stack as="nav" id={listId} aria-label={t`Sections`} hidden={!open} left="0" minW="48" {...DROPDOWN_PANEL}>
        {navLinks().map((link) => (
          <ChakraLink
            key={link.href}
            href={link.href}
            px="3"
            py="2"
            borderRadius="md"
            fontWeight="medium"
            _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            onClick={() => setOpen(false)}
          >
            {link.label}
          </ChakraLink>
        ))}
      </Stack>
    </Box>
  );
}

function Header() {
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/80"
      backdropFilter="blur(12px)"
      borderBottomWidth="1px"
    >
      <Container maxW="7xl">
        <HStack h="16" justify="space-between" gap={{ base: '2', md: '6' }}>
          <HStack gap="1" flexShrink={0}>
            <SectionsMenu />
            <ChakraLink href={publicPath('/')} aria-label={t`Taskgram Ads home`}>
              <ResponsiveLogo />
            </ChakraLink>
          </HStack>
          {/* One line from xl up, in every language (the header a little wider than the page for it); the sections menu below. */}
          <HStack as="nav" gap="4" display={{ base: 'none', xl: 'flex' }} aria-label={t`Sections`}>
            {navLinks().map((link) => (
              <ChakraLink
                key={link.href}
                href={link.href}
                color="fg.muted"
                _hover={{ color: 'fg' }}
                fontWeight="medium"
                fontSize="sm"
                whiteSpace="nowrap"
              >
                {link.label}
              </ChakraLink>
            ))}
          </HStack>
          <HStack gap={{ base: '1', sm: '2' }} flexShrink={0}>
            <LanguageLinks path="/" />
            <ThemeToggle labels={themeLabels()} />
            <Button asChild variant="ghost" size={{ base: 'xs', sm: 'sm' }}>
              <Link to="/{-$lang}/login" params={langParams()}>
                {t`Sign In`}
              </Link>
            </Button>
            <Button asChild colorPalette="brand" size={{ base: 'xs', sm: 'sm' }}>
              <Link to="/{-$lang}/register" params={langParams()}>
                {t`Sign Up`}
              </Link>
            </Button>
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}

function ShowcasePreview() {
  const tasks = [
    { icon: <Send size={18} />, title: t`Subscribe to Crypto Daily`, reward: t`+50 coins` },
    { icon: <Bot size={18} />, title: t`Launch Farm Hero bot`, reward: t`+80 coins` },
    { icon: <Megaphone size={18} />, title: t`Join the Traders chat`, reward: t`+40 coins` },
  ];
  return (
    <Box
      w="full"
      maxW="sm"
      mx="auto"
      p="5"
      borderRadius="3xl"
      bg="bg.panel"
      borderWidth="1px"
      shadow="2xl"
      aria-label={t`Showcase preview`}
    >
      <HStack justify="space-between" mb="4">
        <Text fontWeight="semibold">{t`Earn rewards`}</Text>
        <Badge colorPalette="green" variant="subtle">
          {t`3 tasks`}
        </Badge>
      </HStack>
      <Stack gap="3">
        {tasks.map((task) => (
          <HStack key={task.title} p="3" borderRadius="xl" bg="bg.subtle" gap="3">
            <Flex w="9" h="9" align="center" justify="center" borderRadius="lg" bg="brand.solid" color="brand.contrast">
              {task.icon}
            </Flex>
            <Text flex="1" fontSize="sm" fontWeight="medium">
              {task.title}
            </Text>
            <Badge colorPalette="purple">{task.reward}</Badge>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

function Hero() {
  return (
    <Box as="section" position="relative" overflow="hidden" py={{ base: '16', md: '28' }}>
      <Box
        position="absolute"
        inset="0"
        zIndex="-1"
        bgGradient="to-br"
        gradientFrom="purple.500/15"
        gradientVia="transparent"
        gradientTo="cyan.500/15"
      />
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="12" alignItems="center">
          <Stack gap="6">
            <Badge
              alignSelf="flex-start"
              colorPalette="purple"
              variant="surface"
              size="lg"
              borderRadius="full"
              px="3"
              // A long language's tagline wraps on a phone instead of running past the screen.
              whiteSpace="normal"
              maxW="full"
              h="auto"
              py="1"
            >
              {t`Pay-per-action ad network for mini apps`}
            </Badge>
            <Heading as="h1" size={{ base: '4xl', md: '6xl' }} letterSpacing="-0.03em" lineHeight="1.05">
              {t`Real users for Telegram apps.`}{' '}
              <Text as="span" color="brand.fg">
                {t`Pay only for actions.`}
              </Text>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              {t`Buy subscriptions, bot launches and custom actions from 0.05 USD per action, earn by showing partner tasks in your mini app, or swap traffic with other apps.`}
            </Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild colorPalette="brand" size="xl">
                <Link to="/{-$lang}/register" params={langParams()}>
                  {t`Get started`} <ArrowRight />
                </Link>
              </Button>
              <Button asChild variant="outline" size="xl">
                <a href="#faq">{t`How it works`}</a>
              </Button>
            </HStack>
          </Stack>
          <ShowcasePreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Footer() {
  const config = useAuthConfig();
  return (
    <Box as="footer" borderTopWidth="1px" py="10">
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} gap="6" justify="space-between" align={{ md: 'center' }}>
          <Stack gap="2">
            <Logo />
            <Text fontSize="sm" color="fg.muted">
              © {new Date().getFullYear()} Taskgram Ads. {t`Pay-per-action advertising for mini apps.`}
            </Text>
          </Stack>
          <Flex gap={{ base: '3', md: '6' }} direction={{ base: 'column', sm: 'row' }} fontSize="sm">
            {/* Hidden until the support contacts are known (the page's HTML is built without them). */}
            <ChakraLink
              href={config ? supportBotUrl(config.supportBot) : undefined}
              hidden={!config}
              target="_blank"
              rel="noreferrer"
              data-testid="support-bot-link"
            >
              <Send size={14} /> {t`Support bot`}
            </ChakraLink>
            <ChakraLink
              href={config ? `mailto:${config.supportEmail}` : undefined}
              hidden={!config}
              data-testid="support-email-link"
            >
              {config?.supportEmail}
            </ChakraLink>
            <ChakraLink href={publicPath('/user-agreement')}>{t`User Agreement`}</ChakraLink>
            <ChakraLink href={publicPath('/privacy-policy')}>{t`Privacy Policy`}</ChakraLink>
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}

export function LandingPage() {
  return (
    <Box minH="100dvh">
      <Header />
      <main>
        <Hero />
        <Section
          id="monetize"
          eyebrow={t`For publishers`}
          title={t`Monetize your mini app audience`}
          lead={t`Add the task showcase to your app. Your users complete partner tasks for in-app awards, and you earn for every finished task.`}
          tinted
        >
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            <Feature
              icon={<Smartphone />}
              title={t`One snippet`}
              text={t`Place the showcase code on any page of your app. It adapts to a dark or light theme.`}
            />
            <Feature
              icon={<Coins />}
              title={t`Revenue that ticks`}
              text={t`See revenue and the on-hold balance grow live, then withdraw in USDT on TON.`}
            />
            <Feature
              icon={<BadgeCheck />}
              title={t`Your awards`}
              text={t`Reward users with your own coins, gems or lives, configured per task type.`}
            />
          </SimpleGrid>
        </Section>
        <Section
          id="buy-traffic"
          eyebrow={t`For advertisers`}
          title={t`Buy traffic from 0.05 USD per action`}
          lead={t`Group your bots, channels, chats and links into projects, fund a campaign and pay only when a real user acts.`}
        >
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            <Feature
              icon={<Zap />}
              title={t`Every action counts`}
              text={t`Channel and chat subscriptions are checked by our bot; bots report launches through a simple server event.`}
            />
            <Feature
              icon={<ChartLine />}
              title={t`Live statistics`}
              text={t`Watch spend and conversions update as they happen, per campaign and per resource.`}
            />
            <Feature
              icon={<ShieldCheck />}
              title={t`Fraud protection`}
              text={t`Users who leave a channel during the hold period are not paid for.`}
            />
          </SimpleGrid>
        </Section>
        <Section
          id="exchange"
          eyebrow={t`Exchange`}
          title={t`Exchange traffic with other apps`}
          lead={t`Show another app's tasks in yours and get the same number of actions back, tracked on both sides, with no money changing hands.`}
          tinted
        >
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Feature
              icon={<LayoutGrid />}
              title={t`Catalog of partners`}
              text={t`Browse apps that are open to swaps and send an offer with the quantities on both sides.`}
            />
            <Feature
              icon={<ArrowLeftRight />}
              title={t`Fair swaps`}
              text={t`Delivered and received actions update live until the deal is complete.`}
            />
          </SimpleGrid>
        </Section>
        <Section
          id="faq"
          eyebrow={t`FAQ`}
          title={t`Questions and answers`}
          lead={t`Still unsure? Our support team answers in Telegram.`}
        >
          <FaqAccordion />
        </Section>
      </main>
      <Footer />
    </Box>
  );
}
