import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { RadioCard } from '@chakra-ui/react/radio-card';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Textarea } from '@chakra-ui/react/textarea';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { notifyError } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { authApi } from './authApi';
import { type RegistrationValues, registrationSchema } from './schemas';
import { useHydrated } from '../../lib/useHydrated';

const roles = () =>
  [
    { value: 'ADVERTISER', label: t`Advertiser`, description: t`Buy traffic in other telegram apps` },
    { value: 'PUBLISHER', label: t`Publisher`, description: t`Monetize your audience` },
  ] as const;

/** The closed-registration request: stored for a moderator, who approves or declines it. */
export function RegistrationForm({ onFiled }: { onFiled: (email: string) => void }) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationValues>({
    resolver: zodResolver(registrationSchema),
    defaultValues: { name: '', email: '', password: '', telegram: '', role: 'ADVERTISER', company: '', comment: '' },
  });
  const hydrated = useHydrated();

  const submit = handleSubmit(async ({ telegram, company, comment, ...required }) => {
    try {
      await authApi.register({
        ...required,
        ...(telegram ? { telegram } : {}),
        ...(company ? { company } : {}),
        ...(comment ? { comment } : {}),
      });
      onFiled(required.email);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Registration request`}>
      <Stack gap="4">
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <RadioCard.Root
              name={field.name}
              value={field.value}
              onValueChange={(e) => field.onChange(e.value)}
              colorPalette="brand"
              size="sm"
            >
              <RadioCard.Label>{t`I want to`}</RadioCard.Label>
              <SimpleGrid columns={2} gap="3">
                {roles().map((role) => (
                  <RadioCard.Item key={role.value} value={role.value}>
                    <RadioCard.ItemHiddenInput />
                    <RadioCard.ItemControl>
                      <RadioCard.ItemContent>
                        <RadioCard.ItemText>{role.label}</RadioCard.ItemText>
                        <RadioCard.ItemDescription>{role.description}</RadioCard.ItemDescription>
                      </RadioCard.ItemContent>
                      <RadioCard.ItemIndicator />
                    </RadioCard.ItemControl>
                  </RadioCard.Item>
                ))}
              </SimpleGrid>
            </RadioCard.Root>
          )}
        />
        <FormField label={t`Name`} required error={errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label={t`E-mail`} required error={errors.email?.message}>
          <Input type="email" dir="ltr" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label={t`Password`} required error={errors.password?.message} helperText={t`6 to 128 characters`}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField
          label="Telegram"
          error={errors.telegram?.message}
          helperText={t`So we can reach you quickly, e.g. @name`}
        >
          <Input dir="ltr" placeholder="@username" {...register('telegram')} />
        </FormField>
        <FormField label={t`Company or website`} error={errors.company?.message}>
          <Input {...register('company')} />
        </FormField>
        <FormField label={t`Comment`} error={errors.comment?.message}>
          <Textarea rows={3} placeholder={t`Your apps, channels or traffic volumes`} {...register('comment')} />
        </FormField>
        <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} disabled={!hydrated}>
          {t`Send request`}
        </Button>
      </Stack>
    </form>
  );
}
