import { plural, t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert } from '@chakra-ui/react/alert';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Heading } from '@chakra-ui/react/heading';
import { Portal } from '@chakra-ui/react/portal';
import { Separator } from '@chakra-ui/react/separator';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { zodResolver } from '@hookform/resolvers/zod';
import { Laptop, Smartphone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import type { MySessionsQuery as MySessionsResult } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { formatShortDate } from '../../lib/dates';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { type ChangePasswordValues, changePasswordSchema } from '../auth/schemas';
import { Trans } from '@lingui/react/macro';

const MySessionsQuery = graphql(`
  query MySessions {
    mySessions {
      id
      method
      createdAt
      lastSeenAt
      ip
      lastIp
      userAgent
      current
    }
  }
`);

const EndSessionMutation = graphql(`
  mutation EndSession($id: ID!) {
    endSession(id: $id)
  }
`);

const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input)
  }
`);

const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg\//],
  ['Opera', /OPR\//],
  ['Firefox', /Firefox\//],
  ['Chrome', /Chrome\/|CriOS\//],
  ['Safari', /Safari\//],
  ['Telegram', /Telegram/i],
];
const SYSTEMS: [string, RegExp][] = [
  ['Android', /Android/],
  ['iPhone', /iPhone/],
  ['iPad', /iPad/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux/],
];

/** "Chrome on Windows" from a User-Agent; the raw string when nothing is recognised. */
export function deviceName(userAgent: string | null | undefined): { name: string; phone: boolean } {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([, re]) => re.test(ua))?.[0] ?? null;
  const os = SYSTEMS.find(([, re]) => re.test(ua))?.[0] ?? null;
  const phone = /Android|iPhone|Mobile/.test(ua);
  if (browser && os) return { name: `${browser} on ${os}`, phone };
  return { name: browser ?? os ?? (ua ? ua.slice(0, 60) : t`Unknown device`), phone };
}

function ChangePasswordForm() {
  const [change] = useMutation(ChangePasswordMutation);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirm: '' },
  });
  const submit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      const { data } = await change({
        variables: { input: { currentPassword, password } },
        refetchQueries: ['MySessions'],
      });
      const ended = data?.changePassword ?? 0;
      reset();
      notifySuccess(
        ended
          ? plural(ended, {
              one: 'Password changed. Your other session was signed out.',
              other: 'Password changed. # other sessions were signed out.',
            })
          : t`Password changed.`,
      );
    } catch (error) {
      const message = errorMessage(error);
      if (/current password/i.test(message)) setError('currentPassword', { message });
      else notifyError(message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t`Change password`}>
      <Stack gap="3">
        <FormField label={t`Current password`} error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
        </FormField>
        <NewPasswordFields
          password={register('password')}
          confirm={register('confirm')}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
        <Text fontSize="sm" color="fg.muted">
          <Trans>Every other session of your account is signed out; this one stays.</Trans>
        </Text>
        <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
          <Trans>Change password</Trans>
        </Button>
      </Stack>
    </form>
  );
}

type Session = MySessionsResult['mySessions'][number];

/** Sessions of one device: the same browser and system from the same address. */
export interface DeviceGroup {
  key: string;
  name: string;
  phone: boolean;
  ip: string;
  /** Newest first. */
  sessions: Session[];
  current: boolean;
}

/**
 * The sessions grouped by device (browser, system and last address), this device first, then
 * the most recently seen: a browser signed in again and again shows once, with its count.
 */
export function groupByDevice(sessions: readonly Session[]): DeviceGroup[] {
  const groups = new Map<string, DeviceGroup>();
  for (const s of sessions) {
    const device = deviceName(s.userAgent);
    const key = `${device.name}|${s.lastIp}`;
    const group = groups.get(key) ?? { key, ...device, ip: s.lastIp, sessions: [], current: false };
    group.sessions.push(s);
    group.current ||= s.current;
    groups.set(key, group);
  }
  const seen = (s: Session) => new Date(s.lastSeenAt).getTime();
  for (const g of groups.values())
    g.sessions.sort((a, b) => Number(b.current) - Number(a.current) || seen(b) - seen(a));
  return [...groups.values()].sort(
    (a, b) => Number(b.current) - Number(a.current) || seen(b.sessions[0]) - seen(a.sessions[0]),
  );
}

function DeviceRow({ group, ending, onEnd }: { group: DeviceGroup; ending: boolean; onEnd: (ids: string[]) => void }) {
  const Icon = group.phone ? Smartphone : Laptop;
  const [latest] = group.sessions;
  const first = group.sessions.reduce((a, b) => (a.createdAt < b.createdAt ? a : b));
  const others = group.sessions.filter((s) => !s.current);
  const count = group.sessions.length;
  return (
    <HStack
      as="li"
      py="3"
      gap="3"
      align="flex-start"
      borderBottomWidth="1px"
      data-testid="session-row"
      data-sessions={count}
    >
      <Box pt="1" color="fg.muted">
        <Icon size={20} aria-hidden />
      </Box>
      <Stack gap="0.5" flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium">{group.name}</Text>
          {group.current && (
            <Badge colorPalette="green" size="sm">
              <Trans>This device</Trans>
            </Badge>
          )}
          {count > 1 && (
            <Badge size="sm" data-testid="session-count">
              <Trans>{count} sessions</Trans>
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            Last seen {formatShortDate(latest.lastSeenAt)} from {group.ip}
          </Trans>
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {first.method === 'GOOGLE'
            ? count > 1
              ? t`First signed in ${formatShortDate(first.createdAt)} from ${first.ip} with Google`
              : t`Signed in ${formatShortDate(first.createdAt)} from ${first.ip} with Google`
            : count > 1
              ? t`First signed in ${formatShortDate(first.createdAt)} from ${first.ip} with a password`
              : t`Signed in ${formatShortDate(first.createdAt)} from ${first.ip} with a password`}
        </Text>
      </Stack>
      {others.length > 0 && (
        <Button size="xs" variant="outline" loading={ending} onClick={() => onEnd(others.map((s) => s.id))}>
          {group.current
            ? plural(others.length, { one: 'Sign out the other one', other: 'Sign out the # others' })
            : t`Sign out`}
        </Button>
      )}
    </HStack>
  );
}

function SessionList() {
  const { data, loading, error, refetch } = useQuery(MySessionsQuery, { fetchPolicy: 'network-only' });
  const [end, { loading: ending }] = useMutation(EndSessionMutation);
  const sessions = data?.mySessions ?? [];
  const others = sessions.filter((s) => !s.current);

  const endSessions = async (ids: string[]) => {
    try {
      for (const id of ids) await end({ variables: { id } });
      notifySuccess(ids.length === 1 ? t`Signed out there.` : t`Signed out of ${ids.length} other sessions.`);
    } catch (e) {
      notifyError(errorMessage(e));
    }
    await refetch();
  };

  if (error) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Root>
    );
  }
  if (loading && !data) {
    return (
      <Stack gap="3" aria-busy="true">
        <Skeleton height="14" />
        <Skeleton height="14" />
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      <Stack gap="0" as="ul" listStyleType="none" aria-label={t`Sessions`}>
        {groupByDevice(sessions).map((g) => (
          <DeviceRow key={g.key} group={g} ending={ending} onEnd={(ids) => void endSessions(ids)} />
        ))}
      </Stack>
      {others.length > 0 ? (
        <Button
          variant="outline"
          colorPalette="red"
          alignSelf="flex-start"
          loading={ending}
          onClick={() => void endSessions(others.map((s) => s.id))}
        >
          <Trans>Sign out of all other sessions</Trans>
        </Button>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <Trans>You are signed in here only.</Trans>
        </Text>
      )}
    </Stack>
  );
}

/** Where the account is signed in (each session can be ended) and a new password. */
export function SessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      size="md"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Sessions and password</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {open && (
                <Stack gap="6">
                  <Stack gap="2">
                    <Heading as="h3" size="sm">
                      <Trans>Where you are signed in</Trans>
                    </Heading>
                    <SessionList />
                  </Stack>
                  <Separator />
                  <Stack gap="2">
                    <Heading as="h3" size="sm">
                      <Trans>Change password</Trans>
                    </Heading>
                    <ChangePasswordForm />
                  </Stack>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
