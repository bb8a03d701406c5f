import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Switch } from '@chakra-ui/react/switch';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import type { StaffQuery as StaffData, StaffRole } from '../../gql/graphql';
import { formatShortDate } from '../../lib/dates';
import { isForbidden, serverError } from '../../lib/serverError';
import { pageHeadings } from '../../lib/pageHeadings';
import { StaffForbidden } from '../security/StaffForbidden';
import { Trans } from '@lingui/react/macro';

const StaffQuery = graphql(`
  query Staff {
    staffMembers {
      id
      name
      email
      isModerator
      isFinance
      isAdmin
    }
    staffRoleChanges {
      id
      email
      role
      granted
      by
      createdAt
    }
  }
`);

const SetStaffRoleMutation = graphql(`
  mutation SetStaffRole($email: String!, $role: StaffRole!, $granted: Boolean!) {
    setStaffRole(email: $email, role: $role, granted: $granted) {
      id
      isModerator
      isFinance
      isAdmin
    }
  }
`);

const ROLES: { role: StaffRole; label: string; field: 'isModerator' | 'isFinance' | 'isAdmin' }[] = [
  {
    role: 'moderator',
    get label() {
      return t`Moderator`;
    },
    field: 'isModerator',
  },
  {
    role: 'finance',
    get label() {
      return t`Finance`;
    },
    field: 'isFinance',
  },
  {
    role: 'admin',
    get label() {
      return t`Staff administrator`;
    },
    field: 'isAdmin',
  },
];
const roleLabel = (role: StaffRole) => ROLES.find((r) => r.role === role)?.label ?? role;

/**
 * Staff administrators grant and take the moderator, finance and administrator roles: in force at
 * once for the person's requests and open pages, recorded below, and mailed to them.
 */
export function StaffPage() {
  const heading = pageHeadings['/staff'];
  const { data, loading, error, refetch } = useQuery(StaffQuery, { fetchPolicy: 'cache-and-network' });
  const [setRole, { loading: saving }] = useMutation(SetStaffRoleMutation);

  const change = async (target: string, which: StaffRole, granted: boolean) => {
    try {
      await setRole({ variables: { email: target, role: which, granted } });
      notifySuccess(t`${target}: ${roleLabel(which)} ${granted ? 'granted' : 'taken away'}`);
      await refetch();
      return true;
    } catch (e) {
      notifyError(serverError(e).message);
      return false;
    }
  };

  if (error && isForbidden(error)) {
    return <StaffForbidden page={heading.title} who="staff administrators" error={error} />;
  }

  return (
    <Page title={heading.title} description={heading.description}>
      <GrantForm saving={saving} onGrant={(target, which) => change(target, which, true)} />

      {loading && !data ? (
        <Spinner />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="staff-members">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Name</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>E-mail</Trans>
                </Table.ColumnHeader>
                {ROLES.map((r) => (
                  <Table.ColumnHeader key={r.role} textAlign="center">
                    {r.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(data?.staffMembers ?? []).map((m) => (
                <Table.Row key={m.id} data-testid={`staff-${m.email}`}>
                  <Table.Cell>{m.name}</Table.Cell>
                  <Table.Cell>{m.email}</Table.Cell>
                  {ROLES.map((r) => (
                    <Table.Cell key={r.role} textAlign="center">
                      <Switch.Root
                        checked={m[r.field]}
                        disabled={saving}
                        onCheckedChange={(e) => void change(m.email, r.role, e.checked)}
                        colorPalette="brand"
                      >
                        <Switch.HiddenInput />
                        <Switch.Control />
                        <Switch.Label srOnly>{`${r.label}: ${m.email}`}</Switch.Label>
                      </Switch.Root>
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      <RoleChanges changes={data?.staffRoleChanges ?? []} />
    </Page>
  );
}

/** An account's e-mail and a role: granted. */
function GrantForm({
  saving,
  onGrant,
}: {
  saving: boolean;
  onGrant: (email: string, role: StaffRole) => Promise<boolean>;
}) {
  const [email, setEmail] = useState('');
  const [role, setNewRole] = useState<StaffRole>('moderator');
  const [emailError, setEmailError] = useState<string | null>(null);
  return (
    <Card.Root>
      <Card.Body>
        <form
          aria-label={t`Grant a role`}
          onSubmit={async (e) => {
            e.preventDefault();
            const target = email.trim();
            if (!target) return setEmailError(t`Enter required value`);
            setEmailError(null);
            if (await onGrant(target, role)) setEmail('');
          }}
        >
          <Stack direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} gap="3">
            <FormField label={t`E-mail of the account`} error={emailError ?? undefined}>
              <Input
                type="email"
                dir="ltr"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder={t`person@company.com`}
              />
            </FormField>
            <FormField label={t`Role`}>
              <NativeSelect.Root>
                <NativeSelect.Field value={role} onChange={(e) => setNewRole(e.target.value as StaffRole)}>
                  {ROLES.map((r) => (
                    <option key={r.role} value={r.role}>
                      {r.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Button type="submit" loading={saving} flexShrink={0}>
              <UserPlus size={16} /> <Trans>Grant</Trans>
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** The latest grants and removals, and by whom. */
function RoleChanges({ changes }: { changes: StaffData['staffRoleChanges'] }) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        <Trans>Recent changes</Trans>
      </Heading>
      {changes.length ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="staff-changes">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>When</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Account</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Change</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>By</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {changes.map((c) => (
                <Table.Row key={c.id}>
                  <Table.Cell whiteSpace="nowrap">{formatShortDate(c.createdAt)}</Table.Cell>
                  <Table.Cell>{c.email}</Table.Cell>
                  <Table.Cell>
                    {roleLabel(c.role)} {c.granted ? 'granted' : 'taken away'}
                  </Table.Cell>
                  <Table.Cell>{c.by}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <HStack>
          <Text color="fg.muted">
            <Trans>No role has been changed yet.</Trans>
          </Text>
        </HStack>
      )}
    </Stack>
  );
}
