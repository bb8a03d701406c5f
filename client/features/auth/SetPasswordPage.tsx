import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { AuthLayout } from './AuthLayout';
import { authApi } from './authApi';
import { NewPasswordFields } from './NewPasswordFields';
import { type NewPasswordValues, newPasswordSchema } from './schemas';
import { useHydrated } from '../../lib/useHydrated';
import { langParams } from '../../lib/i18n';

const route = getRouteApi('/guest/{-$lang}/reset-password/$id');

export function SetPasswordForm({ resetId, onDone }: { resetId: string; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const hydrated = useHydrated();

  const submit = handleSubmit(async ({ password }) => {
    try {
      await authApi.setPassword(resetId, password);
      notifySuccess(t`Your password has been changed`);
      onDone();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Set a new password`}>
      <Stack gap="4">
        <NewPasswordFields
          password={register('password')}
          confirm={register('confirm')}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
        <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} disabled={!hydrated}>
          {t`Save password`}
        </Button>
      </Stack>
    </form>
  );
}

export function SetPasswordPage() {
  const { id } = route.useParams();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t`Set a new password`}>
      <SetPasswordForm resetId={id} onDone={() => void navigate({ to: '/{-$lang}/login', params: langParams() })} />
      {/* An invalid or expired link only fails on submit: leave a way on either way. */}
      <HStack justify="space-between" gap="4" wrap="wrap" fontSize="sm">
        <ChakraLink asChild color="brand.fg" fontWeight="medium">
          <Link to="/{-$lang}/reset-password" params={langParams()} data-testid="request-new-link">
            {t`Request a new link`}
          </Link>
        </ChakraLink>
        <ChakraLink asChild color="brand.fg" fontWeight="medium">
          <Link to="/{-$lang}/login" params={langParams()}>
            {t`Back to Sign in`}
          </Link>
        </ChakraLink>
      </HStack>
    </AuthLayout>
  );
}
