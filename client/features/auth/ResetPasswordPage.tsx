import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Text } from '@chakra-ui/react/text';
import { langParams } from '../../lib/i18n';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSubmitHeldBeforeApp } from '../../lib/useHydrated';
import { FormField } from '../../components/ui/FormField';
import { notifyError } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { AuthLayout } from './AuthLayout';
import { authApi } from './authApi';
import { type ResetRequestValues, resetRequestSchema } from './schemas';

export function ResetPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await authApi.requestReset(email);
      onSent(email);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  });

  const form = useSubmitHeldBeforeApp();
  // Sent before the app runs, the page's script holds the form and the app sends it
  // (client/start-on-interaction.js); method post keeps the fields out of the address should
  // that script not run.
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t`Reset password`} method="post">
      <Stack gap="4">
        <FormField label={t`E-mail`} error={errors.email?.message}>
          <Input type="email" dir="ltr" autoComplete="email" {...register('email')} />
        </FormField>
        <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
          {t`Send reset link`}
        </Button>
      </Stack>
    </form>
  );
}

const route = getRouteApi('/guest/{-$lang}/reset-password');

export function ResetPasswordPage() {
  const [sentTo, setSentTo] = useState<string>();
  // "I lost access" on the sign-in page: the same link leads back in, and undoes a stranger's changes.
  const { lost } = route.useSearch();
  return (
    <AuthLayout
      title={lost ? t`I lost access` : t`Reset password`}
      subtitle={
        <>
          {t`Remembered it?`}{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="medium">
            <Link to="/{-$lang}/login" params={langParams()}>
              {t`Sign in`}
            </Link>
          </ChakraLink>
        </>
      }
    >
      {sentTo ? (
        // The server answers the same for unknown addresses, so we do too.
        <Alert.Root status="info" data-testid="reset-sent">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`Check your inbox`}</Alert.Title>
            <Alert.Description>
              {t`If an account exists for ${sentTo}, we have sent a link to set a new password. The link works once.`}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Stack gap="4">
          {lost && (
            <Text data-testid="lost-access-help">
              {t`We e-mail you a link. With it and a code from your authenticator app (or a recovery code), you set a new password, end every session, and remove what someone else added to the account: a Telegram link, second factors, payout addresses.`}
            </Text>
          )}
          <ResetPasswordForm onSent={setSentTo} />
        </Stack>
      )}
    </AuthLayout>
  );
}
