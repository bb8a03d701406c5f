import { t } from '@lingui/core/macro';
import { useMutation } from '@apollo/client/react';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Switch } from '@chakra-ui/react/switch';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { BellRing, Send } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { CopyButton } from '../../components/ui/CopyButton';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import type { NotificationGroup, NotificationSettingsQuery, NotificationType } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { dateFormat } from '../../lib/dates';
import { useLiveQuery } from '../../lib/live';
import { serverError } from '../../lib/serverError';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { EVENT_LABELS } from './eventLabels';

const NotificationSettingsQueryDoc = graphql(`
  query NotificationSettings {
    notificationSettings {
      telegramConfigured
      telegram {
        id
        username
      }
      preferences {
        type
        group
        label
        telegram
        email
        alwaysOn
      }
    }
  }
`);

const TelegramLinkChangedSubscription = graphql(`
  subscription TelegramLinkChanged {
    telegramLinkChanged {
      telegram {
        id
        username
      }
    }
  }
`);

const StartTelegramLinkMutation = graphql(`
  mutation StartTelegramLink {
    startTelegramLink {
      url
      expiresAt
    }
  }
`);

const UnlinkTelegramMutation = graphql(`
  mutation UnlinkTelegram {
    unlinkTelegram {
      telegram {
        id
      }
    }
  }
`);

const UpdateNotificationSettingsMutation = graphql(`
  mutation UpdateNotificationSettings($changes: [NotificationPreferenceInput!]!) {
    updateNotificationSettings(changes: $changes) {
      type
      group
      label
      telegram
      email
      alwaysOn
    }
  }
`);

const linkTime = dateFormat({ timeStyle: 'short' });

type Settings = NotificationSettingsQuery['notificationSettings'];
type Preference = Settings['preferences'][number];

const GROUP_TITLES: Record<NotificationGroup, string> = {
  get SECURITY() {
    return t`Security notices (always on)`;
  },
  get ADVERTISER() {
    return t`Advertiser`;
  },
  get PUBLISHER() {
    return t`Publisher`;
  },
  get EXCHANGE() {
    return t`Exchange`;
  },
  get MODERATION() {
    return t`Moderation`;
  },
  get FINANCE() {
    return t`Finance`;
  },
};

/**
 * Where the user hears of what happens: the Telegram link (through the system bot, live when
 * the bot confirms) and, per event type, Telegram and e-mail switches.
 */
export function NotificationsPage() {
  const { data, error, refetch } = useLiveQuery(
    NotificationSettingsQueryDoc,
    { fetchPolicy: 'cache-and-network' },
    { subscription: TelegramLinkChangedSubscription },
  );
  const settings = data?.notificationSettings;
  return (
    <Page {...pageHeadings['/notifications']}>
      {error && !settings ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>Could not load your notification settings: {serverError(error).message}</Trans>
          </Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert.Root>
      ) : !settings ? (
        <Stack gap="4">
          <Skeleton h="32" />
          <Skeleton h="64" />
        </Stack>
      ) : (
        <>
          <TelegramCard settings={settings} />
          <PreferencesTable settings={settings} />
        </>
      )}
    </Page>
  );
}

function TelegramCard({ settings }: { settings: Settings }) {
  const [start, { loading: starting }] = useMutation(StartTelegramLinkMutation);
  const [unlink, { loading: unlinking }] = useMutation(UnlinkTelegramMutation, {
    refetchQueries: [NotificationSettingsQueryDoc],
  });
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const linked = settings.telegram;

  const startLink = async () => {
    try {
      const { data } = await start();
      const started = data?.startTelegramLink;
      if (!started) return;
      setLink(started);
      window.open(started.url, '_blank', 'noopener');
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  return (
    <Card.Root variant="outline" data-testid="telegram-card">
      <Card.Body>
        <Stack gap="3">
          <HStack gap="2">
            <Send size={18} aria-hidden />
            <Heading as="h2" size="md">
              <Trans>Telegram</Trans>
            </Heading>
          </HStack>
          {!settings.telegramConfigured ? (
            <Alert.Root status="info" data-testid="telegram-off">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  <Trans>Telegram notifications are not available yet</Trans>
                </Alert.Title>
                <Alert.Description>
                  <Trans>
                    This network has not connected its Telegram bot. E-mail notifications work meanwhile; this card
                    offers to link your Telegram once the bot is there.
                  </Trans>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : linked ? (
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Text data-testid="telegram-linked">
                <Trans>
                  Linked to <b>{linked.username ? `@${linked.username}` : t`Telegram user ${linked.id}`}</b>: messages
                  come from the system bot.
                </Trans>
              </Text>
              <Button variant="outline" colorPalette="red" size="sm" onClick={() => setConfirming(true)}>
                <Trans>Unlink</Trans>
              </Button>
            </HStack>
          ) : (
            <LinkPanel link={link} starting={starting} onStart={() => void startLink()} />
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title={t`Unlink Telegram?`}
        confirmLabel={t`Unlink`}
        loading={unlinking}
        iconColor="orange.500"
        testId="unlink-telegram"
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void unlink().then(
            () => {
              setConfirming(false);
              setLink(null);
              notifySuccess(t`Telegram unlinked`);
            },
            (e) => notifyError(errorMessage(e)),
          )
        }
      >
        <Trans>No more notifications in Telegram, and no sign-in with it, until you link it again.</Trans>
      </ConfirmDialog>
    </Card.Root>
  );
}

function PreferencesTable({ settings }: { settings: Settings }) {
  const { _ } = useLingui();
  // The event's name in the dashboard's language; the server's English for a type this build does not know.
  const eventLabel = (p: Preference) => {
    const label = EVENT_LABELS[p.type as NotificationType];
    return label ? _(label) : p.label;
  };
  const [update] = useMutation(UpdateNotificationSettingsMutation);
  const telegramUsable = settings.telegramConfigured && !!settings.telegram;
  const change = (p: Preference, channel: 'telegram' | 'email', on: boolean) => {
    const next = { ...p, [channel]: on };
    void update({
      variables: { changes: [{ type: p.type as NotificationType, [channel]: on }] },
      optimisticResponse: {
        __typename: 'Mutation',
        updateNotificationSettings: settings.preferences.map((x) => (x.type === p.type ? next : x)),
      },
      update: (cache, { data: changed }) => {
        if (!changed) return;
        cache.updateQuery({ query: NotificationSettingsQueryDoc }, (old) =>
          old
            ? {
                ...old,
                notificationSettings: { ...old.notificationSettings, preferences: changed.updateNotificationSettings },
              }
            : old,
        );
      },
    }).catch((e) => notifyError(errorMessage(e)));
  };
  const groups = [...new Set(settings.preferences.map((p) => p.group))];
  return (
    <Stack gap="6" data-testid="notification-preferences">
      {!telegramUsable && settings.telegramConfigured && (
        <Text color="fg.muted" fontSize="sm">
          <Trans>The Telegram switches take effect once Telegram is linked.</Trans>
        </Text>
      )}
      {groups.map((group) => (
        <Stack key={group} gap="2">
          <Heading as="h2" size="md">
            {GROUP_TITLES[group]}
          </Heading>
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Event</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader w={{ base: '20', sm: '28' }} px={{ base: '1', sm: '3' }} textAlign="center">
                    <Trans>Telegram</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader w={{ base: '20', sm: '28' }} px={{ base: '1', sm: '3' }} textAlign="center">
                    <Trans>E-mail</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {settings.preferences
                  .filter((p) => p.group === group)
                  .map((p) => (
                    <Table.Row key={p.type} data-testid={`preference-${p.type}`}>
                      <Table.Cell whiteSpace="normal">{eventLabel(p)}</Table.Cell>
                      {(['telegram', 'email'] as const).map((channel) => (
                        <Table.Cell key={channel} textAlign="center" px={{ base: '1', sm: '3' }}>
                          <Switch.Root
                            checked={p[channel]}
                            disabled={p.alwaysOn || (channel === 'telegram' && !settings.telegramConfigured)}
                            onCheckedChange={(e) => change(p, channel, e.checked)}
                            colorPalette="brand"
                          >
                            <Switch.HiddenInput />
                            <Switch.Control />
                            <Switch.Label srOnly>{channelLabel(eventLabel(p), channel)}</Switch.Label>
                          </Switch.Root>
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      ))}
    </Stack>
  );
}

/** Not linked yet: the button that opens the bot, then the link and how long it works while the page waits. */
function LinkPanel({
  link,
  starting,
  onStart,
}: {
  link: { url: string; expiresAt: string } | null;
  starting: boolean;
  onStart: () => void;
}) {
  return (
    <Stack gap="3">
      <Text color="fg.muted">
        <Trans>Link your Telegram account: the bot opens, you press Start, and this page shows it at once.</Trans>
      </Text>
      <HStack>
        <Button onClick={onStart} loading={starting} data-testid="link-telegram">
          <BellRing size={16} /> <Trans>Link Telegram</Trans>
        </Button>
      </HStack>
      {link && (
        <Alert.Root status="info" data-testid="telegram-link-waiting">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>Waiting for you to press Start in the bot…</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>
                <HStack gap="1" wrap="wrap">
                  <ChakraLink href={link.url} target="_blank" rel="noopener" color="brand.fg" wordBreak="break-all">
                    {link.url}
                  </ChakraLink>
                  <CopyButton value={link.url} label={t`Copy the link`} />
                </HStack>
                The link works once, until {linkTime(new Date(link.expiresAt))}.
              </Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** A switch's name for screen readers: the notification and its channel. */
function channelLabel(label: string, channel: string): string {
  return channel === 'telegram' ? t`${label} by Telegram` : t`${label} by e-mail`;
}
