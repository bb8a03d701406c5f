import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { chooseAccount } from '../../lib/account';
import { api, errorMessage } from '../../lib/api';
import { loginFor } from '../../lib/guards';
import { getToken } from '../../lib/session';
import { AuthLayout } from '../auth/AuthLayout';
import { InvitedRegistrationForm } from './InvitedRegistrationForm';

const route = getRouteApi('/invitations/$token');

interface Preview {
  accountName: string;
  invitedBy: string | null;
  email: string;
  accessLevel: 'ADMIN' | 'STANDARD' | 'BILLING' | 'READ_ONLY';
  expiresAt: string;
  status: 'OPEN' | 'ACCEPTED' | 'REVOKED' | 'EXPIRED';
  /** The address has an account (sign in and accept); without one, register here. */
  hasAccount: boolean;
}

const levelName = (level: Preview['accessLevel']) =>
  ({ ADMIN: t`Admin`, STANDARD: t`Standard`, BILLING: t`Billing`, READ_ONLY: t`Read-only` })[level];

/**
 * An invitation's link (`/invitations/<token>`): what it is for, and Accept for the person signed in
 * with the invited address (nothing happens until they press it: a mail scanner opens links too).
 */
export function InvitationPage() {
  const { token } = route.useParams();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const signedIn = !!getToken();
  useEffect(() => {
    api<Preview>('GET', `/v1/invitations/${encodeURIComponent(token)}`)
      .then(setPreview)
      .catch((e) => setError(errorMessage(e)));
  }, [token]);

  const accept = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const account = await api<{ id: number; kind: string }>(
        'POST',
        `/v1/invitations/${encodeURIComponent(token)}/acceptance`,
      );
      chooseAccount(account.id);
      window.location.assign(
        `${account.kind === 'PUBLISHER' ? '/publisher' : '/advertiser/projects'}?account=${account.id}`,
      );
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t`An invitation to a team`}>
      <Stack gap="4">
        {!preview && !error && <Spinner />}
        {preview && (
          <Text data-testid="invitation-text">
            {preview.invitedBy
              ? t`${preview.invitedBy} invites ${preview.email} to the account “${preview.accountName}” with ${levelName(preview.accessLevel)} access.`
              : t`${preview.email} is invited to the account “${preview.accountName}” with ${levelName(preview.accessLevel)} access.`}
          </Text>
        )}
        {preview && preview.status !== 'OPEN' && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>
              {preview.status === 'ACCEPTED'
                ? t`This invitation has already been used.`
                : preview.status === 'REVOKED'
                  ? t`This invitation was revoked: ask an Admin of the account for a new one.`
                  : t`This invitation has expired: ask an Admin of the account for a new one.`}
            </Alert.Description>
          </Alert.Root>
        )}
        {error && (
          <Alert.Root status="error" data-testid="invitation-error">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        {preview?.status === 'OPEN' &&
          (signedIn ? (
            <Button colorPalette="brand" size="lg" loading={busy} onClick={accept} data-testid="accept-invitation">
              {t`Accept the invitation`}
            </Button>
          ) : preview.hasAccount ? (
            <Button asChild colorPalette="brand" size="lg">
              <a href={loginFor(window.location.pathname)}>{t`Sign in as ${preview.email} to accept`}</a>
            </Button>
          ) : (
            <InvitedRegistrationForm token={token} email={preview.email} />
          ))}
      </Stack>
    </AuthLayout>
  );
}
