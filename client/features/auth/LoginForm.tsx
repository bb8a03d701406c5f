import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSubmitHeldBeforeApp } from '../../lib/useHydrated';
import { FormField } from '../../components/ui/FormField';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { notifyError } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { type SignedIn, authApi } from './authApi';
import { langParams } from '../../lib/i18n';
import { type LoginValues, loginSchema } from './schemas';
import { PasskeyButton } from './PasskeyButton';
import { passkeysSupported } from '../security/passkeys';

/**
 * E-mail and password sign-in; server errors (wrong password, pending request) go to a toast.
 * When the account or the address has seen many failed attempts, the server asks for the code
 * it mailed to the account: the form then shows why and a field for it.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (session: SignedIn) => void }) {
  /** The second factor's ask offers the passkey when the account has one. */
  const [passkeyOffered, setPasskeyOffered] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  /** The server's word on why a code is needed, once it asked for one. */
  const [codeAsked, setCodeAsked] = useState<string | null>(null);
  /** The same for an account with a second factor: the app's code (or a recovery code). */
  const [factorAsked, setFactorAsked] = useState<string | null>(null);
  // Once the field is on screen, the cursor goes to it.
  useEffect(() => {
    if (codeAsked) setFocus('code');
  }, [codeAsked, setFocus]);
  useEffect(() => {
    if (factorAsked) setFocus('secondFactorCode');
  }, [factorAsked, setFocus]);

  const submit = handleSubmit(async (values) => {
    try {
      onSignedIn(await authApi.login(values));
    } catch (error) {
      if (error instanceof ApiError && error.next === 'EMAIL_CODE') {
        setCodeAsked(error.message);
        return;
      }
      if (error instanceof ApiError && error.next === 'SECOND_FACTOR') {
        // The first ask is the form's new field; a wrong code is said under it.
        if (factorAsked) setError('secondFactorCode', { message: error.message });
        else setFactorAsked(error.message);
        setPasskeyOffered(!!error.methods?.includes('PASSKEY') && passkeysSupported());
        return;
      }
      notifyError(errorMessage(error));
    }
  });

  const form = useSubmitHeldBeforeApp();
  // Sent before the app runs, the page's script holds the form and the app sends it
  // (client/start-on-interaction.js); method post keeps the fields out of the address should
  // that script not run.
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t`Sign in`} method="post">
      <Stack gap="4">
        <FormField label={t`E-mail`} error={errors.email?.message}>
          <Input type="email" dir="ltr" autoComplete="email" placeholder="you@company.com" {...register('email')} />
        </FormField>
        <FormField label={t`Password`} error={errors.password?.message}>
          <PasswordInput
            autoComplete="current-password"
            placeholder={t`6 to 128 characters`}
            {...register('password')}
          />
        </FormField>
        {codeAsked && (
          <>
            <Alert.Root status="warning" data-testid="sign-in-code-asked">
              <Alert.Indicator />
              <Alert.Description>{codeAsked}</Alert.Description>
            </Alert.Root>
            <FormField label={t`Code from the e-mail`} error={errors.code?.message}>
              <Input
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="K7QX-M2PD"
                maxLength={9}
                {...register('code')}
              />
            </FormField>
          </>
        )}
        {factorAsked && (
          <SecondFactorAsked message={factorAsked} error={errors.secondFactorCode?.message}>
            {passkeyOffered && <PasskeyButton onSignedIn={onSignedIn} label={t`Use your passkey`} />}
            <Input
              autoComplete="one-time-code"
              inputMode="text"
              spellCheck={false}
              placeholder="123 456"
              maxLength={9}
              {...register('secondFactorCode')}
            />
          </SecondFactorAsked>
        )}
        <RecoveryLinks />
        <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
          {t`Sign In`}
        </Button>
      </Stack>
    </form>
  );
}

/** The second factor's ask: why, the passkey's button when there is one, and the code's field. */
function SecondFactorAsked({
  message,
  error,
  children: [passkey, field],
}: {
  message: string;
  error?: string;
  children: [React.ReactNode, React.ReactNode];
}) {
  return (
    <>
      <Alert.Root status="info" data-testid="second-factor-asked">
        <Alert.Indicator />
        <Alert.Description>{message}</Alert.Description>
      </Alert.Root>
      {passkey}
      <FormField label={t`Authenticator code`} error={error}>
        {field}
      </FormField>
    </>
  );
}

/** The ways back: "I lost access" (the reset that lists what changed) and "Forgot password?". */
function RecoveryLinks() {
  return (
    <HStack justify="space-between" gap="4" wrap="wrap">
      <ChakraLink asChild fontSize="sm" color="brand.fg">
        <Link to="/{-$lang}/reset-password" params={langParams()} search={{ lost: true }} data-testid="lost-access">
          {t`I lost access`}
        </Link>
      </ChakraLink>
      <ChakraLink asChild fontSize="sm" color="brand.fg">
        <Link to="/{-$lang}/reset-password" params={langParams()}>
          {t`Forgot password?`}
        </Link>
      </ChakraLink>
    </HStack>
  );
}
