import { ApolloProvider, useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack } from '@chakra-ui/react/stack';
import { LocaleProvider } from '@chakra-ui/react/locale';
import { I18nProvider, useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { Landmark, ScrollText, ShieldCheck, UsersRound } from 'lucide-react';
import { getApolloClient, onAccountLost } from '../../apollo';
import { accountId, accountOfSearch, chooseAccount } from '../../lib/account';
import { notifyError } from '../../components/ui/toaster';
import { AccountSwitcher } from '../teams/AccountSwitcher';
import { ThemeMenu } from '../../components/ui/ThemeMenu';
import { EmptyState } from '../../components/ui/EmptyState';
import { HeaderLogo, MenuButtonPlace } from './HeaderParts';
import { LayoutMeQuery } from './layoutApi';
import { type Area, areaFromPath, areaOnScreen, areas, homePath, isStaffPath } from '../../lib/areas';
import { useAuthConfig } from '../auth/useAuthConfig';
import { useAwaitingOffers } from '../exchange/useAwaitingOffers';
import { useModerationCounts, waitingTotal } from '../moderation/useModerationLive';
import { ChooseRoleDialog } from '../users/ChooseRoleDialog';
import { TelegramLinkDialog } from '../auth/TelegramLinkDialog';
import { AreaTabs } from './AreaTabs';
import { BalanceChip } from './BalanceChip';
import { LayoutFooter } from './LayoutFooter';
import { MobileDrawer } from './MobileDrawer';
import { RoleSwitcher } from './RoleSwitcher';
import { UserMenu } from './UserMenu';
import { useLiveBalance } from './useLiveBalance';
import { useScrollPositions } from './useScrollPositions';
import { CloudOff } from 'lucide-react';
import { LIVE_QUERY, refetchQuietly } from '../../lib/live';
import { isMiniApp } from '../../lib/telegram';
import { useServerMessages } from '../../lib/useServerMessages';
import { activateLanguage, applyDocumentLanguage, i18n, preferredLanguage } from '../../lib/i18n';

const STAFF_PAGES: Record<string, string> = {
  finance: 'Finance',
  staff: 'Staff',
  audit: 'Audit',
  security: 'Security',
  notifications: 'Notifications',
  accounts: 'Accounts',
};

/** The name for the header of a page of no area: the moderation queue, finance, notifications. */
function staffPageOf(pathname: string): string | undefined {
  if (!isStaffPath(pathname)) return undefined;
  return STAFF_PAGES[pathname.split('/').filter(Boolean)[0]] ?? 'Moderation';
}

function Shell() {
  const { pathname, search } = useLocation();
  const area = areaFromPath(pathname);
  const config = useAuthConfig();
  const layoutMe = useQuery(LayoutMeQuery, { context: LIVE_QUERY });
  const { data, error, refetch } = layoutMe;
  const me = data?.me;
  useLiveBalance(me?.id, () => refetchQuietly(layoutMe), layoutMe.observable);
  useAccountLanguage(me?.language, !!me);
  useServerMessages();
  const badges = useAwaitingOffers(me?.isExchangeReady === true);
  const moderationWaiting = waitingTotal(useModerationCounts(me?.isModerator === true));
  useScrollPositions();
  useAccountInAddress(search as Record<string, unknown>);
  // Inside Telegram: a compact header under Telegram's own, clear of its safe areas; Telegram
  // sets the theme, so no theme menu, and no footer.
  const mini = isMiniApp();

  return (
    <Flex
      direction="column"
      minH="100dvh"
      pb={mini ? 'var(--tg-viewport-safe-area-inset-bottom, 0px)' : undefined}
      data-mini-app={mini ? '' : undefined}
    >
      <Box
        as="header"
        position="sticky"
        top="0"
        zIndex="sticky"
        bg="bg/85"
        backdropFilter="blur(12px)"
        borderBottomWidth="1px"
        pt={
          mini
            ? 'calc(var(--tg-viewport-safe-area-inset-top, 0px) + var(--tg-viewport-content-safe-area-inset-top, 0px))'
            : undefined
        }
      >
        <Container maxW="7xl">
          <HStack h={mini ? '12' : '16'} gap={{ base: '1', sm: '3' }} minW="0">
            {me ? (
              <MobileDrawer
                area={area}
                docsUrl={config?.docsUrl}
                user={me}
                badges={badges}
                moderationWaiting={moderationWaiting}
              />
            ) : error ? null : (
              <MenuButtonPlace />
            )}
            <LogoLink me={me} area={area} inArea={areaOnScreen(pathname) !== null} />
            <RoleSwitcher area={area} staffPage={staffPageOf(pathname)} />
            {me && <AccountSwitcher />}
            <Box flex="1" />
            <StaffLinks
              moderator={me?.isModerator === true}
              finance={me?.isFinance === true}
              admin={me?.isAdmin === true}
              moderationWaiting={moderationWaiting}
            />
            {/* Staff pages belong to no area
: no area's balance over the queue. */}
            {isStaffPath(pathname) ? null : me ? (
              <BalanceChip area={area} user={me} />
            ) : (
              <Skeleton h="8" w="24" borderRadius="full" />
            )}
            {!mini && <ThemeMenu />}
            {me && (
              <Box display={{ base: 'none', md: 'block' }}>
                <UserMenu user={me} />
              </Box>
            )}
          </HStack>
          {/* The queue and finance have their own tabs; an area's tabs above them misled moderators. */}
          {!isStaffPath(pathname) && (
            <Box display={{ base: 'none', md: 'block' }} mb="-1px">
              <AreaTabs area={area} docsUrl={config?.docsUrl} badges={badges} />
            </Box>
          )}
        </Container>
      </Box>
      {/* At least a screen tall: the footer starts below the fold, so a page growing as its data comes does not push it. */}
      <Container as="main" maxW="7xl" flex="1" minH="100dvh" py={{ base: '6', md: '8' }}>
        {error && !me ? <AccountError message={error.message} onRetry={() => void refetch()} /> : <Page />}
      </Container>
      {!mini && <LayoutFooter config={config} />}
      <ChooseRoleDialog open={'chooseRole' in (search as object)} userId={me?.id} />
      <TelegramLinkDialog signedIn={!!me} />
    </Flex>
  );
}

/**
 * Signed-in layout: owns the Apollo client and Lingui, so the public pages load neither. Its words
 * follow the reader's language (lib/i18n.ts), Chakra's components its direction.
 */
export function HomeLayout() {
  return (
    <ApolloProvider client={getApolloClient()}>
      <I18nProvider i18n={i18n}>
        <Direction>
          <Shell />
        </Direction>
      </I18nProvider>
    </ApolloProvider>
  );
}

/**
 * The account acted on and the page's address agree: a teammate's link (`?account=`) chooses it,
 * a remembered choice is written into the address, and a lost one (removed) leaves it, saying so.
 */
function useAccountInAddress(search: Record<string, unknown>) {
  const navigate = useNavigate();
  const { t } = useLinguiMacro();
  const named = accountOfSearch(search);
  useEffect(() => {
    if (named && named !== accountId()) chooseAccount(named);
    else if (!named && accountId())
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, account: accountId() }),
        replace: true,
      } as never);
  }, [named, navigate]);
  useEffect(
    () =>
      onAccountLost(() => {
        notifyError(t`You no longer have access to that account: you are back in your own.`);
        void navigate({
          to: '.',
          search: (prev: Record<string, unknown>) => ({ ...prev, account: undefined }),
          replace: true,
        } as never);
      }),
    [navigate, t],
  );
}

/** Chakra's (Ark's) locale: menus, drawers and positioning follow the language's direction. */
function Direction({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  // (Leaving the dashboard keeps it: the sign-in and public pages show in the same language.)
  useEffect(() => applyDocumentLanguage(active.locale), [active.locale]);
  return <LocaleProvider locale={active.locale}>{children}</LocaleProvider>;
}

/** The account's language once it is known (else this browser's), shown at once. */
function useAccountLanguage(saved: string | null | undefined, known: boolean) {
  useEffect(() => {
    if (!known) return;
    const language = preferredLanguage(saved);
    if (language !== i18n.locale) void activateLanguage(language).catch(() => undefined);
  }, [saved, known]);
}

/** Wide screens: the moderation queue (with what waits) and finance, for staff. */
function StaffLinks({
  moderator,
  finance,
  admin,
  moderationWaiting,
}: {
  moderator: boolean;
  finance: boolean;
  admin: boolean;
  moderationWaiting: number;
}) {
  const { t } = useLinguiMacro();
  return (
    <>
      {moderator && (
        <Button asChild size="sm" variant="ghost" display={{ base: 'none', md: 'inline-flex' }}>
          <Link to="/moderation" data-testid="moderation-link">
            <ShieldCheck /> <Trans>Moderation</Trans>
            {moderationWaiting > 0 && (
              <Badge
                colorPalette="red"
                variant="solid"
                borderRadius="full"
                size="xs"
                data-testid="badge-moderation"
                aria-label={t`${moderationWaiting} waiting`}
              >
                {moderationWaiting}
              </Badge>
            )}
          </Link>
        </Button>
      )}
      {finance && (
        <Button asChild size="sm" variant="ghost" display={{ base: 'none', md: 'inline-flex' }}>
          <Link to="/finance" data-testid="finance-link">
            <Landmark /> <Trans>Finance</Trans>
          </Link>
        </Button>
      )}
      {admin && (
        <Button asChild size="sm" variant="ghost" display={{ base: 'none', md: 'inline-flex' }}>
          <Link to="/staff" data-testid="staff-link">
            <UsersRound /> <Trans>Staff</Trans>
          </Link>
        </Button>
      )}
      {(finance || admin) && (
        <Button asChild size="sm" variant="ghost" display={{ base: 'none', md: 'inline-flex' }}>
          <Link to="/audit" data-testid="audit-link">
            <ScrollText /> <Trans>Audit</Trans>
          </Link>
        </Button>
      )}
    </>
  );
}

/**
 * The logo: the home of the area on screen (a publisher page leads to the Publisher area's home,
 * whatever the user's default role); on a page of no area (moderation, finance, notifications),
 * the user's home (homePath).
 */
function LogoLink({ me, area, inArea }: { me: Parameters<typeof homePath>[0]; area: Area; inArea: boolean }) {
  const { t } = useLinguiMacro();
  return (
    <Link
      to={inArea || !me ? (areas.find((a) => a.id === area)?.home ?? homePath(me)) : homePath(me)}
      aria-label={t`Taskgram Ads, home`}
      data-testid="logo-link"
      style={{ flexShrink: 0 }}
    >
      <HeaderLogo />
    </Link>
  );
}

/** The page, keyed by language: it renders whole in the new one, its figures (lib/locale.ts) too. */
function Page() {
  const { i18n: active } = useLingui();
  return <Outlet key={active.locale} />;
}

function AccountError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useLinguiMacro();
  return (
    <EmptyState icon={<CloudOff />} title={t`Could not load your account`} description={message}>
      <Button onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </EmptyState>
  );
}
