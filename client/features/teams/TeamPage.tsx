import { useMutation, useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { LogOut, UserMinus, UserPlus, CloudOff } from 'lucide-react';
import { useState } from 'react';
import { ACCESS_LEVELS, type AccessLevel } from '../../../shared/access-levels';
import type { TeamQuery as TeamData } from '../../gql/graphql';
import { CopyButton } from '../../components/ui/CopyButton';
import { EmptyState } from '../../components/ui/EmptyState';
import { FormField } from '../../components/ui/FormField';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { formatShortDate } from '../../lib/dates';
import { pageHeadings } from '../../lib/pageHeadings';
import { serverError } from '../../lib/serverError';
import { LayoutMeQuery } from '../layout/layoutApi';
import {
  AccountsQuery,
  InviteMemberMutation,
  RemoveMemberMutation,
  RevokeInvitationMutation,
  SetMemberLevelMutation,
  TeamQuery,
} from './teamsApi';
import { LEVEL_HINTS, LEVEL_LABELS, useAccountAccess } from './useAccountAccess';

/**
 * The account's people: who works in it with which access level, the invitations waiting, and —
 * for its Admins — inviting, changing levels and removing. Everyone in the account sees the list.
 */
export function TeamPage() {
  const { t } = useLinguiMacro();
  const { _ } = useLingui();
  const heading = pageHeadings['/team'];
  const { account, can, why } = useAccountAccess();
  const me = useQuery(LayoutMeQuery).data?.me;
  const accountId = account?.id;
  const { data, loading, error, refetch } = useQuery(TeamQuery, {
    variables: { accountId: accountId ?? '0' },
    skip: !accountId,
    fetchPolicy: 'cache-and-network',
  });
  const [setLevel, { loading: saving }] = useMutation(SetMemberLevelMutation);
  const [remove, { loading: removing }] = useMutation(RemoveMemberMutation, {
    refetchQueries: [{ query: AccountsQuery }],
  });
  const [revoke] = useMutation(RevokeInvitationMutation);
  const admin = can('people');

  const run = async (act: () => Promise<unknown>, done: string) => {
    try {
      await act();
      notifySuccess(done);
      await refetch();
    } catch (e) {
      notifyError(serverError(e).message);
    }
  };

  return (
    <Page title={heading.title} description={heading.description}>
      {account && (
        <Text color="fg.muted" data-testid="team-account">
          <Trans>
            Account: <b>{account.name}</b>
          </Trans>
        </Text>
      )}
      {accountId && <InviteForm accountId={accountId} disabledWhy={why('people')} onSent={() => void refetch()} />}

      {loading && !data ? (
        <Spinner />
      ) : error ? (
        <EmptyState
          icon={<CloudOff />}
          title={t`The team could not be loaded`}
          description={serverError(error).message}
        />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="team-members">
            <MemberHeader />
            <Table.Body>
              <MemberRows
                members={data?.members ?? []}
                meId={me?.id}
                admin={admin}
                busy={saving || removing}
                disabledWhy={why('people')}
                onLevel={(m, level) =>
                  void run(
                    () => setLevel({ variables: { accountId: accountId!, userId: m.userId, accessLevel: level } }),
                    t`${m.name} now has ${_(LEVEL_LABELS[level])} access`,
                  )
                }
                onRemove={(m, self) =>
                  void run(
                    () => remove({ variables: { accountId: accountId!, userId: m.userId } }),
                    self ? t`You left the account` : t`${m.name} was removed from the account`,
                  )
                }
              />
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      <InvitationList
        invitations={data?.invitations ?? []}
        admin={admin}
        onRevoke={(i) =>
          void run(
            () => revoke({ variables: { accountId: accountId!, id: i.id } }),
            t`The invitation to ${i.email} was revoked`,
          )
        }
      />
    </Page>
  );
}

function MemberHeader() {
  return (
    <Table.Header>
      <Table.Row>
        <Table.ColumnHeader>
          <Trans>Name</Trans>
        </Table.ColumnHeader>
        <Table.ColumnHeader>
          <Trans>E-mail</Trans>
        </Table.ColumnHeader>
        <Table.ColumnHeader>
          <Trans>Access level</Trans>
        </Table.ColumnHeader>
        <Table.ColumnHeader>
          <Trans>Since</Trans>
        </Table.ColumnHeader>
        <Table.ColumnHeader />
      </Table.Row>
    </Table.Header>
  );
}

type Member = TeamData['members'][number];

/** The account's people with their levels: an Admin changes them and removes; a member may leave. */
function MemberRows({
  members,
  meId,
  admin,
  busy,
  disabledWhy,
  onLevel,
  onRemove,
}: {
  members: Member[];
  meId: string | undefined;
  admin: boolean;
  busy: boolean;
  disabledWhy: string | undefined;
  onLevel: (m: Member, level: AccessLevel) => void;
  onRemove: (m: Member, self: boolean) => void;
}) {
  const { t } = useLinguiMacro();
  return (
    <>
      {members.map((m) => {
        const self = m.userId === meId;
        return (
          <Table.Row key={m.userId} data-testid={`member-${m.email}`}>
            <Table.Cell>
              {m.name}{' '}
              {m.owner && (
                <Badge size="xs" variant="subtle">
                  <Trans>owner</Trans>
                </Badge>
              )}
            </Table.Cell>
            <Table.Cell dir="ltr">{m.email}</Table.Cell>
            <Table.Cell>
              <LevelSelect
                value={m.accessLevel as AccessLevel}
                label={t`Access level of ${m.name}`}
                disabled={!admin || m.owner || self || busy}
                title={
                  m.owner
                    ? t`The account’s owner is always its Admin`
                    : self
                      ? t`Your own level is changed by another Admin`
                      : disabledWhy
                }
                onChange={(level) => onLevel(m, level)}
              />
            </Table.Cell>
            <Table.Cell>{formatShortDate(m.since)}</Table.Cell>
            <Table.Cell textAlign="end">
              {!m.owner && (self || admin) && (
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  loading={busy}
                  data-testid={self ? 'leave-account' : `remove-${m.email}`}
                  onClick={() => onRemove(m, self)}
                >
                  {self ? <LogOut /> : <UserMinus />} {self ? <Trans>Leave</Trans> : <Trans>Remove</Trans>}
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        );
      })}
    </>
  );
}

type Invitation = TeamData['invitations'][number];

/** The invitations sent, newest first, with their status; an Admin revokes one still waiting. */
function InvitationList({
  invitations,
  admin,
  onRevoke,
}: {
  invitations: Invitation[];
  admin: boolean;
  onRevoke: (i: Invitation) => void;
}) {
  const { _ } = useLingui();
  return (
    <Stack gap="3">
      <Heading size="md">
        <Trans>Invitations</Trans>
      </Heading>
      {invitations.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No invitations yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="team-invitations">
            <Table.Body>
              {invitations.map((i) => (
                <Table.Row key={i.id} data-testid={`invitation-${i.email}`}>
                  <Table.Cell dir="ltr">{i.email}</Table.Cell>
                  <Table.Cell>{_(LEVEL_LABELS[i.accessLevel as AccessLevel])}</Table.Cell>
                  <Table.Cell>
                    <InvitationStatus status={i.status} />
                  </Table.Cell>
                  <Table.Cell color="fg.muted">
                    <Trans>until {formatShortDate(i.expiresAt)}</Trans>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {i.status === 'OPEN' && admin && (
                      <Button size="xs" variant="ghost" onClick={() => onRevoke(i)}>
                        <Trans>Revoke</Trans>
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function InvitationStatus({ status }: { status: string }) {
  const { t } = useLinguiMacro();
  const [label, palette] =
    status === 'OPEN'
      ? [t`Waiting`, 'blue']
      : status === 'ACCEPTED'
        ? [t`Accepted`, 'green']
        : status === 'REVOKED'
          ? [t`Revoked`, 'gray']
          : [t`Expired`, 'orange'];
  return (
    <Badge size="sm" colorPalette={palette}>
      {label}
    </Badge>
  );
}

function LevelSelect({
  value,
  label,
  disabled,
  title,
  onChange,
}: {
  value: AccessLevel;
  label: string;
  disabled?: boolean;
  title?: string;
  onChange: (level: AccessLevel) => void;
}) {
  const { _ } = useLingui();
  return (
    <NativeSelect.Root size="sm" disabled={disabled} title={title} maxW="44">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value as AccessLevel)}>
        {ACCESS_LEVELS.map((level) => (
          <option key={level} value={level}>
            {_(LEVEL_LABELS[level])}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** An Admin invites by e-mail with a level; the link is shown to copy into Telegram. */
function InviteForm({
  accountId,
  disabledWhy,
  onSent,
}: {
  accountId: string;
  disabledWhy?: string;
  onSent: () => void;
}) {
  const { t } = useLinguiMacro();
  const { _ } = useLingui();
  const [email, setEmail] = useState('');
  const [level, setLevel] = useState<AccessLevel>('STANDARD');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [invite, { loading }] = useMutation(InviteMemberMutation);
  return (
    <Card.Root>
      <Card.Body>
        <form
          aria-label={t`Invite a person`}
          title={disabledWhy}
          onSubmit={async (e) => {
            e.preventDefault();
            const target = email.trim();
            if (!target) return setFieldError(t`Enter required value`);
            setFieldError(null);
            try {
              const res = await invite({ variables: { accountId, email: target, accessLevel: level } });
              setLink(res.data?.inviteMember.link ?? null);
              setEmail('');
              notifySuccess(t`Invitation sent to ${target}`);
              onSent();
            } catch (err) {
              const failure = serverError(err);
              if (failure.field === 'email') setFieldError(failure.message);
              else notifyError(failure.message);
            }
          }}
        >
          <Stack gap="3">
            <Stack direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} gap="3">
              <FormField label={t`E-mail`} error={fieldError ?? undefined}>
                <Input
                  type="email"
                  dir="ltr"
                  value={email}
                  disabled={!!disabledWhy}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder={t`person@company.com`}
                />
              </FormField>
              <FormField label={t`Access level`}>
                <LevelSelect value={level} label={t`Access level`} disabled={!!disabledWhy} onChange={setLevel} />
              </FormField>
              <Button type="submit" colorPalette="brand" loading={loading} disabled={!!disabledWhy} flexShrink={0}>
                <UserPlus /> <Trans>Invite</Trans>
              </Button>
            </Stack>
            <Text fontSize="sm" color="fg.muted">
              {disabledWhy ?? _(LEVEL_HINTS[level])}
            </Text>
            {link && (
              <HStack gap="2" data-testid="invitation-link" borderWidth="1px" borderRadius="md" px="3" py="2">
                <Text fontSize="sm" truncate dir="ltr" flex="1">
                  {link}
                </Text>
                <CopyButton value={link} label={t`Copy the link to send in Telegram`} />
              </HStack>
            )}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
