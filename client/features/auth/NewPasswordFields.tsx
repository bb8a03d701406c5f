import { t } from '@lingui/core/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { PasswordInput } from '../../components/ui/PasswordInput';

/** A new password and its repetition, as the reset link's page and the change in the dashboard ask for them. */
export function NewPasswordFields(props: {
  password: UseFormRegisterReturn<'password'>;
  confirm: UseFormRegisterReturn<'confirm'>;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <FormField label={t`New password`} error={props.errors.password} helperText={t`6 to 128 characters`}>
        <PasswordInput autoComplete="new-password" {...props.password} />
      </FormField>
      <FormField label={t`Repeat password`} error={props.errors.confirm}>
        <PasswordInput autoComplete="new-password" {...props.confirm} />
      </FormField>
    </>
  );
}
