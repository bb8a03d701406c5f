import { useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { CsvButton } from '../../components/ui/CsvButton';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { formatShortDate } from '../../lib/dates';
import { pageHeadings } from '../../lib/pageHeadings';
import { serverError } from '../../lib/serverError';
import type { ActivityObjectType, ActivityQuery as ActivityData } from '../../gql/graphql';
import { ActivityQuery, TeamQuery } from './teamsApi';
import { useAccountAccess } from './useAccountAccess';

const PAGE_SIZE = 20;

const OBJECT_NAMES: Record<ActivityObjectType, MessageDescriptor> = {
  campaign: msg`Campaign`,
  app: msg`App`,
  service: msg`App service`,
  project: msg`Project`,
  resource: msg`Resource`,
  budget: msg`Budget`,
  payoutAddress: msg`Payout address`,
  member: msg`Member`,
  invitation: msg`Invitation`,
};

const ACTION_NAMES: Record<string, MessageDescriptor> = {
  created: msg`created`,
  changed: msg`changed`,
  deleted: msg`deleted`,
  funded: msg`funded`,
  returned: msg`returned to the balance`,
};

/** A field's value as JSON text, shown short. */
const shown = (json: string | null | undefined) => {
  if (json == null) return '—';
  const text = json.startsWith('"') ? (JSON.parse(json) as string) : json;
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/**
 * The account's change history (the Activity page): who changed which campaign, app, project,
 * resource, price, budget, person or payout address, when, from where, and the fields before and
 * after; by person and kind of thing, newest first, as CSV too. Read anew every few seconds.
 */
export function ActivityPage() {
  const { t } = useLinguiMacro();
  const { _ } = useLingui();
  const heading = pageHeadings['/activity'];
  const { account } = useAccountAccess();
  const [userId, setUserId] = useState('');
  const [objectType, setObjectType] = useState<ActivityObjectType | ''>('');
  const [page, setPage] = useState(1);
  const accountId = account?.id ?? '0';
  const people = useQuery(TeamQuery, { variables: { accountId }, skip: !account });
  const { data, loading, error } = useQuery(ActivityQuery, {
    variables: { accountId, page, limit: PAGE_SIZE, userId: userId || null, objectType: objectType || null },
    skip: !account,
    fetchPolicy: 'cache-and-network',
    pollInterval: 3000,
  });
  const rows = data?.activity.data ?? [];
  const total = data?.activity.total ?? 0;
  const csvQuery = new URLSearchParams({ ...(userId ? { userId } : {}), ...(objectType ? { objectType } : {}) });
  return (
    <Page
      title={heading.title}
      description={heading.description}
      actions={account && <CsvButton path={`/v1/accounts/${account.id}/activity.csv?${csvQuery}`} />}
    >
      <HStack gap="3" wrap="wrap">
        <NativeSelect.Root size="sm" maxW="60">
          <NativeSelect.Field
            aria-label={t`Person`}
            value={userId}
            onChange={(e) => (setUserId(e.target.value), setPage(1))}
          >
            <option value="">{t`Everyone`}</option>
            {(people.data?.members ?? []).map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" maxW="60">
          <NativeSelect.Field
            aria-label={t`What changed`}
            value={objectType}
            onChange={(e) => (setObjectType(e.target.value as ActivityObjectType | ''), setPage(1))}
          >
            <option value="">{t`Everything`}</option>
            {(Object.keys(OBJECT_NAMES) as ActivityObjectType[]).map((k) => (
              <option key={k} value={k}>
                {_(OBJECT_NAMES[k])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontSize="sm" color="fg.muted">
          <Trans>{total} changes</Trans>
        </Text>
      </HStack>
      {loading && !data ? (
        <Spinner />
      ) : error ? (
        <EmptyState
          icon={<CloudOff />}
          title={t`The activity could not be loaded`}
          description={serverError(error).message}
        />
      ) : rows.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No changes yet.</Trans>
        </Text>
      ) : (
        <ActivityTable rows={rows} />
      )}
      {total > PAGE_SIZE && (
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
            <Trans>Newer</Trans>
          </Button>
          <Button size="sm" variant="outline" disabled={page * PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>
            <Trans>Older</Trans>
          </Button>
        </HStack>
      )}
    </Page>
  );
}

function ActivityTable({ rows }: { rows: ActivityData['activity']['data'] }) {
  const { _ } = useLingui();
  const { t } = useLinguiMacro();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid="activity-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>When</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Who</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>What</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Before → after</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((a) => (
            <Table.Row key={a.id} data-testid="activity-row">
              <Table.Cell whiteSpace="nowrap">{formatShortDate(a.at)}</Table.Cell>
              <Table.Cell>
                <Stack gap="0">
                  <Text>{a.userName ?? t`The system`}</Text>
                  {a.ip && (
                    <Text fontSize="xs" color="fg.muted" dir="ltr">
                      {a.ip}
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
              <Table.Cell>
                {_(OBJECT_NAMES[a.objectType])} {a.objectId ? `#${a.objectId}` : ''}{' '}
                {_(ACTION_NAMES[a.action] ?? msg`changed`)}
              </Table.Cell>
              <Table.Cell>
                <Stack gap="0.5">
                  {a.changes.slice(0, 6).map((c) => (
                    <Text key={c.field} fontSize="sm">
                      <Text as="span" color="fg.muted">
                        {c.field}:
                      </Text>{' '}
                      {a.action === 'changed' ? `${shown(c.before)} → ${shown(c.after)}` : shown(c.after ?? c.before)}
                    </Text>
                  ))}
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
