import { useQuery, useSubscription } from '@apollo/client/react';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ActivityObjectType, ActivityQuery as ActivityData, ActivityQueryVariables } from '../../gql/graphql';
import { formatShortDate } from '../../lib/dates';
import { serverError } from '../../lib/serverError';
import { ActivityAddedSubscription, ActivityQuery } from './teamsApi';
import { useAccountAccess } from './useAccountAccess';
import { fieldName, fieldValue, shownField } from './activityFields';

export const OBJECT_NAMES: Record<ActivityObjectType, MessageDescriptor> = {
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

export function ActivityTable({ rows }: { rows: ActivityData['activity']['data'] }) {
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
                  {a.changes
                    .filter((c) => shownField(c.field))
                    .slice(0, 6)
                    .map((c) => (
                      <Text key={c.field} fontSize="sm">
                        <Text as="span" color="fg.muted">
                          {fieldName(c.field)}:
                        </Text>{' '}
                        {a.action === 'changed'
                          ? `${fieldValue(c.field, c.before)} → ${fieldValue(c.field, c.after)}`
                          : fieldValue(c.field, c.after ?? c.before)}
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

/**
 * The list reads its page anew each time the account's history grows (`activityAdded`, pushed
 * by the server), and every 30 s in case a push was lost while the socket was away.
 */
export function useLiveActivity(variables: ActivityQueryVariables, skip: boolean) {
  const result = useQuery(ActivityQuery, { variables, skip, fetchPolicy: 'cache-and-network', pollInterval: 30_000 });
  useSubscription(ActivityAddedSubscription, {
    variables: { accountId: variables.accountId },
    skip,
    onData: () => void result.refetch(),
  });
  return result;
}

/**
 * One thing's history on its own page (a project, an app, a campaign's edit form): its last
 * changes and its parts' (resources, services, budget moves), live, with a link to the whole.
 */
export function ObjectHistory({ objectType, objectId }: { objectType: ActivityObjectType; objectId: string }) {
  const { t } = useLinguiMacro();
  const { account } = useAccountAccess();
  const { data, error } = useLiveActivity(
    { accountId: account?.id ?? '0', page: 1, limit: 5, objectType, objectId },
    !account,
  );
  const rows = data?.activity.data ?? [];
  return (
    <Stack gap="3" as="section" aria-label={t`Changes`} data-testid="object-history">
      <HStack justify="space-between">
        <Heading as="h2" size="sm">
          <Trans>Changes</Trans>
        </Heading>
        <ChakraLink asChild color="brand.fg" fontSize="sm">
          <Link to="/activity">
            <Trans>All of the account’s changes</Trans>
          </Link>
        </ChakraLink>
      </HStack>
      {error ? (
        <Text fontSize="sm" color="fg.muted">
          {serverError(error).message}
        </Text>
      ) : !data ? (
        <Spinner size="sm" />
      ) : rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          <Trans>No changes yet.</Trans>
        </Text>
      ) : (
        <ActivityTable rows={rows} />
      )}
    </Stack>
  );
}
