import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2, ChevronDown, History, LayoutList, UsersRound } from 'lucide-react';
import { chooseAccount } from '../../lib/account';
import { formatMoney } from '../../lib/money';
import type { AccountsQuery as AccountsData } from '../../gql/graphql';
import { LEVEL_LABELS, useAccountAccess } from './useAccountAccess';
import type { AccessLevel } from '../../../shared/access-levels';

type Account = AccountsData['accounts'][number];

/** The balance the account's kind works with: the advertiser's, or the publisher's. */
export const accountBalance = (a: Account) =>
  a.kind === 'PUBLISHER' ? String(a.publisherBalance) : String(a.advertiserBalance);

/** Acts on `account` (the person's own: null) and says so in the page's address. */
export function useSwitchAccount() {
  const navigate = useNavigate();
  return (account: Pick<Account, 'id' | 'own'>) => {
    const id = account.own ? null : Number(account.id);
    chooseAccount(id);
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, account: id ?? undefined }),
      replace: true,
    } as never);
  };
}

/**
 * The header's account switcher, for a person in more than one account: each with its name, kind
 * and balance; the whole dashboard, its live updates and its chip follow the choice.
 */
export function AccountSwitcher() {
  const { _ } = useLingui();
  const { account, accounts } = useAccountAccess();
  const switchTo = useSwitchAccount();
  if (accounts.length < 2 || !account) return null;
  return (
    <Menu.Root
      onSelect={(e) => {
        const chosen = accounts.find((a) => a.id === e.value);
        if (chosen) switchTo(chosen);
      }}
    >
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          minW="0"
          maxW={{ base: '16', sm: '32', md: '56' }}
          data-testid="account-switcher"
          title={_(msg`Switch account`)}
        >
          <Building2 />
          {/* On a phone the header has no room for the name: the icon stands for it (read out still). */}
          <Text truncate hideBelow="sm">
            {account.name}
          </Text>
          <VisuallyHidden hideFrom="sm">{account.name}</VisuallyHidden>
          {!account.own && (
            <Badge size="sm" colorPalette="brand" display={{ base: 'none', md: 'inline-flex' }}>
              {_(LEVEL_LABELS[account.accessLevel as AccessLevel])}
            </Badge>
          )}
          <ChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="72" data-testid="account-menu">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Trans>Accounts</Trans>
              </Menu.ItemGroupLabel>
              {accounts.map((a) => (
                <Menu.Item key={a.id} value={a.id} data-testid={`account-${a.id}`} aria-current={a.id === account.id}>
                  <Stack gap="0" flex="1" minW="0">
                    <HStack gap="2">
                      <Text fontWeight={a.id === account.id ? 'semibold' : 'normal'} truncate>
                        {a.name}
                      </Text>
                      {a.own && (
                        <Badge size="xs" variant="subtle">
                          <Trans>yours</Trans>
                        </Badge>
                      )}
                    </HStack>
                    <Text fontSize="xs" color="fg.muted">
                      {a.kind === 'PUBLISHER' ? _(msg`Publisher`) : _(msg`Advertiser`)} ·{' '}
                      {_(LEVEL_LABELS[a.accessLevel as AccessLevel])}
                    </Text>
                  </Stack>
                  <Text fontSize="sm" fontVariantNumeric="tabular-nums" dir="ltr">
                    {formatMoney(accountBalance(a))}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="overview" asChild>
              <Link to="/accounts">
                <LayoutList size={16} /> <Trans>All accounts</Trans>
              </Link>
            </Menu.Item>
            <Menu.Item value="activity" asChild>
              <Link to="/activity">
                <History size={16} /> <Trans>Activity of this account</Trans>
              </Link>
            </Menu.Item>
            <Menu.Item value="team" asChild>
              <Link to="/team">
                <UsersRound size={16} /> <Trans>Team of this account</Trans>
              </Link>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
