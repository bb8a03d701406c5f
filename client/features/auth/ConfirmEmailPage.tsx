import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { langParams } from '../../lib/i18n';
import { AuthLayout } from './AuthLayout';
import { authApi } from './authApi';

const route = getRouteApi('/confirm-email/$id');

/**
 * The link sent to a new e-mail (`/confirm-email/<id>`): nothing changes until the person presses
 * the button here (a mail scanner that opens links must not change the account).
 */
export function ConfirmEmailPage() {
  const { id } = route.useParams();
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setState('busy');
    setError(undefined);
    try {
      setEmail((await authApi.confirmEmail(id)).email);
      setState('done');
    } catch (e) {
      setError(errorMessage(e));
      setState('ready');
    }
  };
  return (
    <AuthLayout title={t`Confirm your new e-mail`}>
      {state === 'done' ? (
        <Stack gap="4">
          <Alert.Root status="success" data-testid="email-confirmed">
            <Alert.Indicator />
            <Alert.Description>{t`Your account’s e-mail is now ${email}. Sign in with it from now on.`}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/{-$lang}/login" params={langParams()}>
              {t`Sign in`}
            </Link>
          </Button>
        </Stack>
      ) : (
        <Stack gap="4">
          <Text>{t`Press the button to make this address the e-mail of your account. The old address will be told.`}</Text>
          {error && (
            <Alert.Root status="error" data-testid="email-confirm-error">
              <Alert.Indicator />
              <Alert.Description>{error}</Alert.Description>
            </Alert.Root>
          )}
          <Button colorPalette="brand" size="lg" loading={state === 'busy'} onClick={confirm}>
            {t`Confirm the new e-mail`}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
