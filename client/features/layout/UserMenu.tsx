import { Avatar } from '@chakra-ui/react/avatar';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { Button } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Bell, KeyRound, Languages, LogOut, ShieldCheck, ShieldEllipsis, UsersRound, History } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { type FragmentType, graphql, useFragment } from '../../gql';
import type { DefaultRole } from '../../lib/areas';
import { LANGUAGE_NAMES, type Language } from '../../lib/i18n';
import { logOut } from '../../lib/session';
import { LazySessionsDialog } from '../users/LazySessionsDialog';
import { LanguageDialog } from '../users/LanguageDialog';
import { useUpdateDefaultRole } from '../users/useUpdateDefaultRole';

export const UserMenuFragment = graphql(`
  fragment UserMenu_user on User {
    id
    name
    email
    defaultRole
    isModerator
  }
`);

export function UserMenu({ user: userRef }: { user: FragmentType<typeof UserMenuFragment> }) {
  const user = useFragment(UserMenuFragment, userRef);
  const { update } = useUpdateDefaultRole(user.id);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);
  const { t, i18n } = useLingui();

  return (
    <>
      <LazySessionsDialog open={sessionsOpen} onClose={() => setSessionsOpen(false)} />
      <LanguageDialog userId={user.id} open={languageOpen} onClose={() => setLanguageOpen(false)} />
      {/* Each item acts on its own click (pages are real links, asChild), not through the menu's
          onSelect: zag's onSelect acts on the highlighted item as last rendered, which a click
          on a busy machine can outrun (then the menu closes and nothing happens). Enter on an
          item clicks it too. */}
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" px="1" borderRadius="full" data-testid="user-menu">
            <Avatar.Root size="sm" colorPalette="purple">
              <Avatar.Fallback name={user.name} />
            </Avatar.Root>
            {/* Named from its content, so the visible initials are part of the name (WCAG 2.5.3). */}
            <VisuallyHidden>
              <Trans>User menu</Trans>
            </VisuallyHidden>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="72">
              <Who name={user.name} email={user.email} copyLabel={t`Copy e-mail`} />
              <Menu.Separator />
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>
                  <Trans>Main area (logo link)</Trans>
                </Menu.ItemGroupLabel>
                <Menu.RadioItemGroup
                  value={user.defaultRole}
                  onValueChange={(e) => void update(e.value as DefaultRole)}
                >
                  <Menu.RadioItem value="ADVERTISER">
                    <Trans>Advertiser</Trans>
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                  <Menu.RadioItem value="PUBLISHER">
                    <Trans>Publisher</Trans>
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                </Menu.RadioItemGroup>
              </Menu.ItemGroup>
              <Menu.Separator />
              {/* A dialog, not a submenu: a nested menu closed itself when the page re-rendered
                  just after sign-in, and the phone's drawer opens the same dialog. */}
              <Menu.Item value="language" data-testid="language-menu" onClick={() => setLanguageOpen(true)}>
                <Languages size={16} />
                <Trans>Language</Trans>
                <Text as="span" ms="auto" color="fg.muted" fontSize="sm">
                  {LANGUAGE_NAMES[i18n.locale as Language] ?? LANGUAGE_NAMES.en}
                </Text>
              </Menu.Item>
              <Menu.Separator />
              {user.isModerator && (
                <Menu.Item value="moderation" asChild>
                  <Link to="/moderation">
                    <ShieldCheck size={16} /> <Trans>Moderation</Trans>
                  </Link>
                </Menu.Item>
              )}
              <AccountItems />
              <Menu.Item value="notifications" data-testid="notifications" asChild>
                <Link to="/notifications">
                  <Bell size={16} /> <Trans>Notifications and Telegram</Trans>
                </Link>
              </Menu.Item>
              <Menu.Item value="security" data-testid="security" asChild>
                <Link to="/security">
                  <ShieldEllipsis size={16} /> <Trans>Security: second factor</Trans>
                </Link>
              </Menu.Item>
              <Menu.Item value="sessions" data-testid="sessions" onClick={() => setSessionsOpen(true)}>
                <KeyRound size={16} /> <Trans>Sessions and password</Trans>
              </Menu.Item>
              <Menu.Item value="logout" color="fg.error" data-testid="logout" onClick={() => logOut()}>
                <LogOut size={16} /> <Trans>Log out</Trans>
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </>
  );
}

/** The menu's first lines: who is signed in, with the e-mail to copy. */
function Who({ name, email, copyLabel }: { name: string; email: string; copyLabel: string }) {
  return (
    <Stack gap="0" px="2" py="2">
      <Text fontWeight="semibold" data-testid="user-name">
        {name}
      </Text>
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted" truncate data-testid="user-email">
          {email}
        </Text>
        {/* Out of the tab order: opening the menu does not land (with its ring) on it; the
            menu's items take the keys. */}
        <CopyButton value={email} label={copyLabel} tabIndex={-1} />
      </HStack>
    </Stack>
  );
}

/** The account's people and its change history. */
function AccountItems() {
  return (
    <>
      <Menu.Item value="team" data-testid="team" asChild>
        <Link to="/team">
          <UsersRound size={16} /> <Trans>Team and access</Trans>
        </Link>
      </Menu.Item>
      <Menu.Item value="activity" data-testid="activity" asChild>
        <Link to="/activity">
          <History size={16} /> <Trans>Account activity</Trans>
        </Link>
      </Menu.Item>
    </>
  );
}
