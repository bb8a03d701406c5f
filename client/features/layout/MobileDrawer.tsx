import { Badge } from '@chakra-ui/react/badge';
import { Button, IconButton } from '@chakra-ui/react/button';
import { CloseButton } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Portal } from '@chakra-ui/react/portal';
import { Separator } from '@chakra-ui/react/separator';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import {
  Bell,
  KeyRound,
  Landmark,
  Languages,
  LogOut,
  Menu as MenuIcon,
  PlusCircle,
  ShieldCheck,
  ShieldEllipsis,
  ScrollText,
  UsersRound,
} from 'lucide-react';
import { useState } from 'react';
import { type FragmentType, graphql, useFragment } from '../../gql';
import { type Area, areas } from '../../lib/areas';
import { isPositiveMoney } from '../../lib/money';
import { logOut } from '../../lib/session';
import { LANGUAGE_NAMES, type Language } from '../../lib/i18n';
import { LanguageDialog } from '../users/LanguageDialog';
import { LazySessionsDialog } from '../users/LazySessionsDialog';
import type { ExchangeBadges } from './AreaTabs';
import { areaTabs } from './tabs';

export const MobileDrawerFragment = graphql(`
  fragment MobileDrawer_user on User {
    id
    name
    email
    isModerator
    isFinance
    isAdmin
    advertiserBalance
  }
`);

/**
 * Small screens: name, e-mail, the staff pages first (for staff), areas and tabs, Add Funds and
 * Log out in a side drawer. Staff get no Add Funds button unless they advertise (a balance to
 * spend); the advertiser area's own Add funds tab stays.
 */
export function MobileDrawer({
  area,
  docsUrl,
  user: userRef,
  badges = null,
  moderationWaiting = 0,
}: {
  area: Area;
  docsUrl?: string;
  user: FragmentType<typeof MobileDrawerFragment>;
  badges?: ExchangeBadges;
  /** New reports, campaigns to review and registration requests, for moderators. */
  moderationWaiting?: number;
}) {
  const user = useFragment(MobileDrawerFragment, userRef);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);
  // What the drawer's own badges count that waits on this user: offers to answer, the queue.
  const waiting = (badges?.incoming ?? 0) + moderationWaiting;

  return (
    <>
      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" size="xs">
        <Drawer.Trigger asChild>
          <MenuButton waiting={waiting} />
        </Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Stack gap="0">
                  <Drawer.Title>{user.name}</Drawer.Title>
                  <Text fontSize="sm" color="fg.muted">
                    {user.email}
                  </Text>
                </Stack>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="5">
                  <StaffDrawerLinks user={user} moderationWaiting={moderationWaiting} onNavigate={close} />
                  {areas.map((option) => (
                    <AreaTabs
                      key={option.id}
                      option={option}
                      current={option.id === area}
                      docsUrl={docsUrl}
                      badges={badges}
                      pathname={pathname}
                      onNavigate={close}
                    />
                  ))}
                </Stack>
              </Drawer.Body>
              <Drawer.Footer flexDirection="column" alignItems="stretch" gap="2">
                <AccountActions
                  addFunds={!isStaff(user) || isPositiveMoney(user.advertiserBalance)}
                  onNavigate={close}
                  onSessions={() => {
                    close();
                    setSessionsOpen(true);
                  }}
                  onLanguage={() => {
                    close();
                    setLanguageOpen(true);
                  }}
                />
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <LazySessionsDialog open={sessionsOpen} onClose={() => setSessionsOpen(false)} />
      <LanguageDialog userId={user.id} open={languageOpen} onClose={() => setLanguageOpen(false)} />
    </>
  );
}

/** The menu button, with how many things wait for the user. */
function MenuButton({ waiting, ...rest }: { waiting: number }) {
  const { t } = useLinguiMacro();
  return (
    <IconButton
      {...rest}
      variant="ghost"
      size="sm"
      aria-label={waiting > 0 ? t`Open menu, ${waiting} waiting for you` : t`Open menu`}
      display={{ base: 'inline-flex', md: 'none' }}
      position="relative"
      data-testid="drawer-open"
    >
      <MenuIcon />
      {waiting > 0 && (
        <Badge
          colorPalette="red"
          variant="solid"
          borderRadius="full"
          size="xs"
          position="absolute"
          top="-1"
          insetEnd="-1"
          minW="4"
          justifyContent="center"
          data-testid="drawer-badge"
          aria-hidden
        >
          {waiting}
        </Badge>
      )}
    </IconButton>
  );
}

/** One area's tabs as links (the docs tab opens the documentation). */
function AreaTabs({
  option,
  current,
  docsUrl,
  badges,
  pathname,
  onNavigate,
}: {
  option: (typeof areas)[number];
  current: boolean;
  docsUrl?: string;
  badges: ExchangeBadges;
  pathname: string;
  onNavigate: () => void;
}) {
  const { _ } = useLingui();
  return (
    <Stack gap="1">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color={current ? 'brand.fg' : 'fg.muted'}>
        {_(option.label)}
      </Text>
      {areaTabs[option.id].map((tab) =>
        tab.to === null ? (
          <Button key="docs" asChild variant="ghost" justifyContent="flex-start" size="sm">
            <a href={docsUrl} target="_blank" rel="noreferrer">
              {_(tab.label)}
            </a>
          </Button>
        ) : (
          <Button
            key={tab.to}
            asChild
            variant={tab.matches(pathname) ? 'subtle' : 'ghost'}
            justifyContent="flex-start"
            size="sm"
            onClick={onNavigate}
          >
            <Link to={tab.to}>
              {_(tab.label)}
              {tab.badge && badges?.[tab.badge] ? (
                <Badge colorPalette="red" variant="solid" borderRadius="full" size="xs" ms="auto">
                  {badges[tab.badge]}
                </Badge>
              ) : null}
            </Link>
          </Button>
        ),
      )}
    </Stack>
  );
}

const isStaff = (user: { isModerator: boolean; isFinance: boolean; isAdmin: boolean }) =>
  user.isModerator || user.isFinance || user.isAdmin;

/** Add Funds (when it is for this user), notifications, sessions and password, log out. */
function AccountActions({
  addFunds,
  onNavigate,
  onSessions,
  onLanguage,
}: {
  addFunds: boolean;
  onNavigate: () => void;
  onSessions: () => void;
  onLanguage: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <Separator />
      {addFunds && (
        <Button asChild colorPalette="brand" onClick={onNavigate}>
          <Link to="/advertiser/payments">
            <PlusCircle /> <Trans>Add Funds</Trans>
          </Link>
        </Button>
      )}
      <Button asChild variant="ghost" onClick={onNavigate}>
        <Link to="/notifications">
          <Bell /> <Trans>Notifications and Telegram</Trans>
        </Link>
      </Button>
      <Button asChild variant="ghost" onClick={onNavigate}>
        <Link to="/security">
          <ShieldEllipsis /> <Trans>Security: second factor</Trans>
        </Link>
      </Button>
      <Button variant="ghost" onClick={onSessions}>
        <KeyRound /> <Trans>Sessions and password</Trans>
      </Button>
      <Button variant="ghost" onClick={onLanguage} data-testid="drawer-language">
        <Languages /> <Trans>Language</Trans> · {LANGUAGE_NAMES[i18n.locale as Language] ?? LANGUAGE_NAMES.en}
      </Button>
      <Button variant="outline" onClick={logOut}>
        <LogOut /> <Trans>Log out</Trans>
      </Button>
    </>
  );
}

/** The staff pages, for those whose roles have them: moderation (with what waits), finance, staff. */
function StaffDrawerLinks({
  user,
  moderationWaiting,
  onNavigate,
}: {
  user: { isModerator: boolean; isFinance: boolean; isAdmin: boolean };
  moderationWaiting: number;
  onNavigate: () => void;
}) {
  const links = [
    user.isModerator && {
      to: '/moderation' as const,
      icon: <ShieldCheck />,
      label: msg`Moderation`,
      count: moderationWaiting,
    },
    user.isFinance && { to: '/finance' as const, icon: <Landmark />, label: msg`Finance`, count: 0 },
    user.isAdmin && { to: '/staff' as const, icon: <UsersRound />, label: msg`Staff`, count: 0 },
    (user.isFinance || user.isAdmin) && { to: '/audit' as const, icon: <ScrollText />, label: msg`Audit`, count: 0 },
  ].filter((l) => !!l);
  const { _ } = useLingui();
  if (!links.length) return null;
  return (
    <Stack gap="1" data-testid="drawer-staff">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted">
        <Trans>Staff</Trans>
      </Text>
      {links.map((l) => (
        <Button key={l.to} asChild variant="ghost" justifyContent="flex-start" size="sm" onClick={onNavigate}>
          <Link to={l.to}>
            {l.icon} {_(l.label)}
            {l.count > 0 && (
              <Badge colorPalette="red" variant="solid" borderRadius="full" size="xs" ms="auto">
                {l.count}
              </Badge>
            )}
          </Link>
        </Button>
      ))}
    </Stack>
  );
}
