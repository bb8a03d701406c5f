import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { useEffect, useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { ApiError, errorMessage } from '../../lib/api';
import { serverMessage } from '../../lib/serverMessages';
import { type SecondFactorStep, secondFactorStep, setSecondFactorStep } from '../../lib/signInStep';
import { passkeysSupported } from '../security/passkeys';
import { type SignedIn, authApi } from './authApi';
import { PasskeyButton } from './PasskeyButton';

/** The step the tab is at (read after the first render: the build rendered the page without it). */
export function useSecondFactorStep() {
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  useEffect(() => setStep(secondFactorStep()), []);
  const ask = (next: SecondFactorStep | null) => {
    setSecondFactorStep(next);
    setStep(next);
  };
  return [step, ask] as const;
}

/**
 * The second step of a sign-in with Telegram or Google of an account with a second factor: the
 * authenticator app's code (or a recovery code), or the account's passkey. A wrong code is said
 * under the field; an expired step says to sign in again.
 */
export function SecondFactorStepForm({
  step,
  onSignedIn,
  onDrop,
}: {
  step: SecondFactorStep;
  onSignedIn: (session: SignedIn, via: SecondFactorStep['via']) => void;
  onDrop: () => void;
}) {
  const signedIn = (session: SignedIn) => {
    setSecondFactorStep(null);
    onSignedIn(session, step.via);
  };
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t`Enter required value`);
      return;
    }
    setBusy(true);
    try {
      signedIn(await authApi.secondFactor(step.signInToken, code.trim()));
    } catch (err) {
      setError(errorMessage(err));
      // The step expired or was finished: back to the start.
      if (err instanceof ApiError && err.status === 401) onDrop();
    } finally {
      setBusy(false);
    }
  };
  const passkey = step.methods.includes('PASSKEY') && passkeysSupported();
  return (
    <form onSubmit={submit} noValidate aria-label={t`Authenticator code`} data-testid="second-factor-step">
      <Stack gap="4">
        <Alert.Root status="info" data-testid="second-factor-asked">
          <Alert.Indicator />
          <Alert.Description>{serverMessage(step.code, undefined, step.message)}</Alert.Description>
        </Alert.Root>
        {passkey && <PasskeyButton onSignedIn={signedIn} label={t`Use your passkey`} />}
        <FormField label={t`Authenticator code`} error={error}>
          <Input
            autoFocus
            autoComplete="one-time-code"
            spellCheck={false}
            placeholder="123 456"
            maxLength={9}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            name="secondFactorCode"
          />
        </FormField>
        <Button type="submit" colorPalette="brand" size="lg" loading={busy}>
          {t`Sign In`}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDrop}>
          {t`Cancel`}
        </Button>
      </Stack>
    </form>
  );
}
