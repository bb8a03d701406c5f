import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { List } from '@chakra-ui/react/list';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { langParams } from '../../lib/i18n';
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../lib/api';
import { AuthLayout } from './AuthLayout';

/**
 * “This was not me”, from a security notice's link (`/not-me#<token>`): nothing happens until
 * the person confirms here (a mail scanner that opens links must not lock the account); then
 * every session of the account ends and its withdrawals stop.
 */
export function NotMePage() {
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');
  const [resetId, setResetId] = useState<string>();
  const [error, setError] = useState<string>();
  // The token is in the fragment: it never reaches a server log or a Referer.
  useEffect(() => setToken(window.location.hash.replace(/^#/, '') || null), []);

  const confirm = async () => {
    if (!token) return;
    setState('busy');
    setError(undefined);
    try {
      const done = await api<{ ok: true; resetId: string }>('POST', '/v1/auth/not-me', { token });
      setResetId(done.resetId);
      setState('done');
    } catch (e) {
      setError(errorMessage(e));
      setState('ready');
    }
  };

  return (
    <AuthLayout title={t`This was not me`}>
      {state === 'done' ? (
        <Stack gap="4" data-testid="not-me-done">
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t`Every session has ended and withdrawals are stopped`}</Alert.Title>
              <Alert.Description>
                {t`Nobody is signed in to the account any more, and no withdrawal is taken or sent.`}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Text>
            {t`What was added to the account since the event in our message is removed: a Telegram link, second factors, payout addresses, staff roles it granted, an e-mail change. Now set a new password with a second factor you had before then (or a recovery code); withdrawals resume with it.`}
          </Text>
          {resetId && (
            <Button asChild colorPalette="brand" size="lg">
              <Link
                to="/{-$lang}/reset-password/$id"
                params={{ ...langParams(), id: resetId }}
                data-testid="not-me-reset"
              >
                {t`Set a new password`}
              </Link>
            </Button>
          )}
        </Stack>
      ) : (
        <Stack gap="4">
          <Text>{t`If a sign-in, a change or a withdrawal in our message was not yours, stop the account here:`}</Text>
          <List.Root ps="5" gap="1">
            <List.Item>{t`every session of the account ends, on every device, and what was added to it since is removed;`}</List.Item>
            <List.Item>
              {t`no withdrawal is taken or sent until you sign in with your second factor or reset your password.`}
            </List.Item>
          </List.Root>
          {!token && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                {t`This address is missing its code: open the link from the message as it came.`}
              </Alert.Description>
            </Alert.Root>
          )}
          {error && (
            <Alert.Root status="error" data-testid="not-me-error">
              <Alert.Indicator />
              <Alert.Description>{error}</Alert.Description>
            </Alert.Root>
          )}
          <Button colorPalette="red" size="lg" disabled={!token} loading={state === 'busy'} onClick={confirm}>
            {t`End every session and stop withdrawals`}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
