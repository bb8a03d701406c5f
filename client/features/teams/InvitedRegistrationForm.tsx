import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { chooseAccount } from '../../lib/account';
import { api } from '../../lib/api';
import { loginFor } from '../../lib/guards';
import { serverError } from '../../lib/serverError';
import { setToken } from '../../lib/session';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { type InvitedRegistrationValues, invitedRegistrationSchema } from '../auth/schemas';

/**
 * Registration through an invitation, for an address without an account: a name and a password,
 * no registration queue (an Admin vouched). Signed in at once and taken into the account.
 */
export function InvitedRegistrationForm({ token, email }: { token: string; email: string }) {
  const [failure, setFailure] = useState<string>();
  const form = useForm<InvitedRegistrationValues>({
    resolver: zodResolver(invitedRegistrationSchema),
    defaultValues: { name: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name, password }) => {
    setFailure(undefined);
    try {
      const { accessToken, account } = await api<{ accessToken: string; account: { id: number; kind: string } }>(
        'POST',
        `/v1/invitations/${encodeURIComponent(token)}/registration`,
        { name, password },
      );
      setToken(accessToken);
      chooseAccount(account.id);
      window.location.assign(
        `${account.kind === 'PUBLISHER' ? '/publisher' : '/advertiser/projects'}?account=${account.id}`,
      );
    } catch (e) {
      const { field, message } = serverError(e);
      if (field === 'name' || field === 'password') form.setError(field, { message });
      else setFailure(message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t`Create your account`} data-testid="invited-registration">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t`New here? Create your account with ${email}: no review, you join the team at once.`}
        </Text>
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t`E-mail`}>
          <Input value={email} readOnly dir="ltr" autoComplete="username" />
        </FormField>
        <FormField label={t`Name`} error={errors.name?.message} required>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <NewPasswordFields
          password={form.register('password')}
          confirm={form.register('confirm')}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
        <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
          {t`Create my account and join`}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t`Have an account with this address?`} <a href={loginFor(window.location.pathname)}>{t`Sign in`}</a>
        </Text>
      </Stack>
    </form>
  );
}
