import { t } from '@lingui/core/macro';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { graphql } from '../../gql';
import { useLiveQuery } from '../../lib/live';
import { dateFormat } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';

export const PlatformCallbacksQuery = graphql(`
  query PlatformCallbacks($platformId: ID!) {
    platformCallbacks(platformId: $platformId) {
      id
      conversionId
      url
      status
      attempts
      nextAttemptAt
      lastStatusCode
      lastError
      createdAt
      deliveredAt
      attemptLog {
        attempt
        at
        statusCode
        error
        durationMs
      }
    }
  }
`);

const CallbackUpdatedSubscription = graphql(`
  subscription RewardCallbackUpdated($platformId: ID!) {
    rewardCallbackUpdated(platformId: $platformId) {
      id
    }
  }
`);

const STATUS: Record<string, { label: string; palette: string }> = {
  DELIVERED: {
    get label() {
      return t`Delivered`;
    },
    palette: 'green',
  },
  PENDING: {
    get label() {
      return t`Retrying`;
    },
    palette: 'orange',
  },
  FAILED: {
    get label() {
      return t`Failed`;
    },
    palette: 'red',
  },
};

const dateTime = dateFormat({ dateStyle: 'short', timeStyle: 'medium' });
const time = (iso: string) => dateTime(new Date(iso));

/**
 * The app's reward callbacks (latest 50) with every delivery attempt, refreshed live after each
 * attempt: what the publisher's server answered, or why it could not be reached.
 */
export function RewardCallbacks({ platformId }: { platformId: string }) {
  const { data } = useLiveQuery(
    PlatformCallbacksQuery,
    { variables: { platformId }, fetchPolicy: 'cache-and-network' },
    { subscription: CallbackUpdatedSubscription, variables: { platformId } },
  );
  const callbacks = data?.platformCallbacks ?? [];
  return (
    <Stack gap="3" mt="8" data-testid="reward-callbacks">
      <Heading as="h2" size="md">
        <Trans>Reward callbacks</Trans>
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        <Trans>
          After each completed task we POST the conversion to your server, signed in{' '}
          <code>
            <Trans>X-Taskgram-Signature: sha256=…</Trans>
          </code>{' '}
          (HMAC-SHA256 of the body with the app’s secret key), and retry with backoff until it answers 2xx.
        </Trans>
      </Text>
      {callbacks.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="reward-callbacks-empty">
          <Trans>
            No callbacks yet. Set a reward callback URL in the app settings to have your server told when a player
            completes a task.
          </Trans>
        </Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="xl">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Conversion</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Status</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Attempts</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Last answer</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Created</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {callbacks.map((c) => {
                const status = STATUS[c.status] ?? { label: c.status, palette: 'gray' };
                return (
                  <Table.Row key={c.id} data-testid="reward-callback-row" data-status={c.status} verticalAlign="top">
                    <Table.Cell>#{c.conversionId}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={status.palette} variant="subtle">
                        {status.label}
                      </Badge>
                      {c.nextAttemptAt && (
                        <Text fontSize="xs" color="fg.muted">
                          <Trans>next try {time(c.nextAttemptAt)}</Trans>
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{c.attempts}</Table.Cell>
                    <Table.Cell>
                      {c.attemptLog.length === 0 ? (
                        <Text color="fg.muted">
                          <Trans>Not sent yet</Trans>
                        </Text>
                      ) : (
                        <details>
                          <summary>{c.lastError ?? `HTTP ${c.lastStatusCode}`}</summary>
                          <Stack as="ol" gap="0.5" mt="1" fontSize="xs" color="fg.muted" ps="4">
                            {c.attemptLog.map((a) => (
                              <li key={a.attempt}>
                                #{a.attempt} {time(a.at)}: {a.error ?? `HTTP ${a.statusCode}`} ({a.durationMs} ms)
                              </li>
                            ))}
                          </Stack>
                        </details>
                      )}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{time(c.createdAt)}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}
