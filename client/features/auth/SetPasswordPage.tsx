import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { formatShortDate } from '../../lib/dates';
import { AuthLayout } from './AuthLayout';
import { type AddedChange, authApi, type ResetInfo } from './authApi';
import { NewPasswordFields } from './NewPasswordFields';
import { type NewPasswordValues, newPasswordSchema } from './schemas';
import { useHydrated } from '../../lib/useHydrated';
import { langParams } from '../../lib/i18n';

const route = getRouteApi('/guest/{-$lang}/reset-password/$id');

type Values = NewPasswordValues & { code: string; since: string };

const kindLabel = (kind: AddedChange['kind']): string =>
  ({
    TELEGRAM: t`Telegram linked`,
    SECOND_FACTOR: t`Second factor added`,
    PAYOUT_ADDRESS: t`Payout address saved`,
    STAFF_GRANT: t`Staff role granted`,
    EMAIL: t`E-mail changed to`,
  })[kind];

/** What the new password undoes: "This was not me"'s event, or the change the owner picks. */
function UndoSince({ info, field }: { info: ResetInfo; field: UseFormRegisterReturn<'since'> }) {
  if (info.since)
    return (
      <Alert.Root status="info" data-testid="reset-undone">
        <Alert.Indicator />
        <Alert.Description>
          {t`What was added to the account since ${formatShortDate(info.since)} has been removed. Prove it is you with a second factor you had before then.`}
        </Alert.Description>
      </Alert.Root>
    );
  if (!info.changes.length) return null;
  return (
    <FormField
      label={t`Was something on the account changed by someone else?`}
      helperText={t`Everything added since the change you pick is removed: Telegram link, second factors, payout addresses, staff roles granted, an e-mail change.`}
    >
      <NativeSelect.Root>
        <NativeSelect.Field {...field} data-testid="reset-since">
          <option value="">{t`No, I only need a new password`}</option>
          {info.changes.map((c) => (
            <option key={`${c.kind}:${c.at}:${c.label}`} value={c.at}>
              {t`From ${formatShortDate(c.at)}: ${kindLabel(c.kind)} ${c.label}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/**
 * The way back into an account (a reset link, "I lost access", "This was not me"): a new password,
 * and for an account with a second factor a code from one it had before the first change that was
 * not its owner's; everything added since that change is undone.
 */
export function SetPasswordForm({ resetId, onDone }: { resetId: string; onDone: () => void }) {
  const [info, setInfo] = useState<ResetInfo | null>(null);
  const [gone, setGone] = useState<string>();
  useEffect(() => {
    authApi
      .resetInfo(resetId)
      .then(setInfo, (error) =>
        setGone(
          error instanceof ApiError && error.status === 400
            ? t`This link has expired or was already used. Request a new one below.`
            : errorMessage(error),
        ),
      );
  }, [resetId]);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(newPasswordSchema) as never,
    defaultValues: { password: '', confirm: '', code: '', since: '' },
  });
  const hydrated = useHydrated();
  const since = info?.since ?? (watch('since') || null);

  const submit = handleSubmit(async ({ password }) => {
    // The schema checks the password; the code and the change are this page's own fields.
    const { code, since: picked } = getValues();
    if (info?.secondFactor && !code.trim()) {
      setError('code', { message: t`Enter a code from your authenticator app, or a recovery code` });
      return;
    }
    try {
      await authApi.setPassword(resetId, password, { code: code.trim(), since: info?.since ? undefined : picked });
      notifySuccess(t`Your password has been changed`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setError('code', { message: errorMessage(error) });
      else notifyError(errorMessage(error));
    }
  });

  if (gone)
    return (
      <Alert.Root status="error" data-testid="reset-gone">
        <Alert.Indicator />
        <Alert.Description>{gone}</Alert.Description>
      </Alert.Root>
    );
  if (!info) return <Skeleton height="40" data-testid="reset-loading" />;
  return (
    <form onSubmit={submit} noValidate aria-label={t`Set a new password`}>
      <Stack gap="4">
        <UndoSince info={info} field={register('since')} />
        {info.secondFactor && (
          <FormField
            label={t`Code from your authenticator app, or a recovery code`}
            error={errors.code?.message}
            helperText={since ? t`From a second factor you had before ${formatShortDate(since)}.` : undefined}
          >
            <Input
              autoComplete="one-time-code"
              spellCheck={false}
              placeholder="123 456"
              maxLength={20}
              dir="ltr"
              {...register('code')}
            />
          </FormField>
        )}
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
