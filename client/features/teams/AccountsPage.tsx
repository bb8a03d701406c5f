import { useQuery, useSubscription } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Spinner } from '@chakra-ui/react/spinner';
import { Table } from '@chakra-ui/react/table';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { ArrowDownUp, CloudOff } from 'lucide-react';
import { useState } from 'react';
import type { AccessLevel } from '../../../shared/access-levels';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { formatCount } from '../../lib/locale';
import { formatMoney } from '../../lib/money';
import { pageHeadings } from '../../lib/pageHeadings';
import { serverError } from '../../lib/serverError';
import { accountBalance, useSwitchAccount } from './AccountSwitcher';
import type { AccountsQuery as AccountsQueryData } from '../../gql/graphql';
import { AccountsChangedSubscription, AccountsQuery } from './teamsApi';
import { LEVEL_LABELS, useAccountId } from './useAccountAccess';

type Sort = 'name' | 'kind' | 'balance' | 'level' | 'today' | 'conversions' | 'campaigns';
type AccountRowData = NonNullable<AccountsQueryData['accounts']>[number];

/** The account's day so far: what it spent (an advertiser) or earned (a publisher). */
const todayMoney = (a: AccountRowData) => (a.kind === 'PUBLISHER' ? a.todayRevenue : a.todaySpend);

/**
 * An agency's overview: every account the person is in with its balance, its day so far (spend
 * or revenue, conversions), its campaigns running and the person's level, sortable, each a step
 * into it. Read anew each time the server says one of them changed (`accountsChanged`).
 */
export function AccountsPage() {
  const { t } = useLinguiMacro();
  const heading = pageHeadings['/accounts'];
  const [sort, setSort] = useState<Sort>('name');
  const { data, loading, error, refetch } = useQuery(AccountsQuery, { fetchPolicy: 'cache-and-network' });
  // Pushed: read anew when one of the accounts changes (at most once a second an account).
  useSubscription(AccountsChangedSubscription, { onData: () => void refetch() });
  const accounts = [...(data?.accounts ?? [])].sort((a, b) =>
    sort === 'balance'
      ? Number(accountBalance(b)) - Number(accountBalance(a))
      : sort === 'today'
        ? Number(todayMoney(b)) - Number(todayMoney(a))
        : sort === 'level'
          ? a.accessLevel.localeCompare(b.accessLevel)
          : sort === 'kind'
            ? a.kind.localeCompare(b.kind)
            : sort === 'conversions'
              ? b.todayConversions - a.todayConversions
              : sort === 'campaigns'
                ? b.openCampaigns - a.openCampaigns
                : Number(b.own) - Number(a.own) || a.name.localeCompare(b.name),
  );
  const header = (key: Sort, label: string) => (
    <Button variant="ghost" size="xs" onClick={() => setSort(key)} aria-pressed={sort === key}>
      {label} <ArrowDownUp />
    </Button>
  );
  return (
    <Page title={heading.title} description={heading.description}>
      {loading && !data ? (
        <Spinner />
      ) : error ? (
        <EmptyState
          icon={<CloudOff />}
          title={t`The accounts could not be loaded`}
          description={serverError(error).message}
        />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="accounts-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{header('name', t`Account`)}</Table.ColumnHeader>
                <Table.ColumnHeader>{header('kind', t`Kind`)}</Table.ColumnHeader>
                <Table.ColumnHeader>{header('level', t`Your access`)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{header('balance', t`Balance`)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{header('today', t`Spent or earned today`)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{header('conversions', t`Conversions today`)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{header('campaigns', t`Campaigns running`)}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {accounts.map((a) => (
                <AccountRow key={a.id} account={a} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Page>
  );
}

function AccountRow({ account: a }: { account: AccountRowData }) {
  const { t } = useLinguiMacro();
  const { _ } = useLingui();
  const navigate = useNavigate();
  const switchTo = useSwitchAccount();
  const current = useAccountId();
  const shown = current ? Number(a.id) === current : a.own;
  return (
    <Table.Row data-testid={`accounts-row-${a.id}`}>
      <Table.Cell fontWeight={shown ? 'semibold' : undefined}>
        {a.name}{' '}
        {a.own && (
          <Badge size="xs" variant="subtle">
            <Trans>yours</Trans>
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>{a.kind === 'PUBLISHER' ? t`Publisher` : t`Advertiser`}</Table.Cell>
      <Table.Cell>{_(LEVEL_LABELS[a.accessLevel as AccessLevel])}</Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" dir="ltr">
        {formatMoney(accountBalance(a))}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" dir="ltr" data-testid="account-today">
        {formatMoney(todayMoney(a))}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {formatCount(a.todayConversions)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {formatCount(a.openCampaigns)}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Button
          size="xs"
          variant={shown ? 'subtle' : 'outline'}
          onClick={() => {
            switchTo(a);
            void navigate({
              to: a.kind === 'PUBLISHER' ? '/publisher' : '/advertiser/projects',
              search: (prev: Record<string, unknown>) => ({
                ...prev,
                account: a.own ? undefined : Number(a.id),
              }),
            } as never);
          }}
        >
          {shown ? <Trans>Open (current)</Trans> : <Trans>Open</Trans>}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
