import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans } from '@lingui/react/macro';
import { Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { api, errorMessage } from '../../lib/api';
import { authApi } from '../auth/authApi';
import { type ResetRequestValues, resetRequestSchema } from '../auth/schemas';

/**
 * The account's e-mail and a way to change it: after a fresh proof, a link to the new address
 * confirms it; the old address is told then, with a "This was not me" link that puts it back.
 */
export function EmailCard() {
  const [current, setCurrent] = useState<string>();
  const [sent, setSent] = useState<string>();
  useEffect(() => {
    api<{ email: string }>('GET', '/v1/users/self').then(
      (me) => setCurrent(me.email),
      () => setCurrent(undefined),
    );
  }, []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });
  const submit = handleSubmit(async ({ email }) => {
    try {
      await authApi.changeEmail(email);
      setSent(t`We sent a link to ${email}: open it within 24 hours to make it your e-mail`);
      reset();
    } catch (error) {
      setError('email', { message: errorMessage(error) });
    }
  });
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          <HStack gap="2">
            <Mail size={18} /> <Trans>E-mail</Trans>
          </HStack>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text data-testid="account-email">
            <Trans>
              Mail and sign-in use <strong dir="ltr">{current ?? '…'}</strong>.
            </Trans>
          </Text>
          {sent && (
            <Alert.Root status="info" data-testid="email-change-sent">
              <Alert.Indicator />
              <Alert.Description>{sent}</Alert.Description>
            </Alert.Root>
          )}
          <form onSubmit={submit} noValidate aria-label={t`Change e-mail`}>
            <Stack gap="3">
              <FormField
                label={t`New e-mail`}
                error={errors.email?.message}
                helperText={t`We send a link to the new address; the change is made when you open it, and the old address is told.`}
              >
                <Input type="email" dir="ltr" autoComplete="email" {...register('email')} />
              </FormField>
              <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
                <Trans>Change e-mail</Trans>
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
