import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { QUICK_AMOUNTS } from './amount';
import { type TopUpValues, topUpSchema } from './amountSchema';
import { Trans } from '@lingui/react/macro';

/**
 * Amount with quick picks; `Go to Payment` stays disabled while the amount is empty or invalid.
 * `onSubmit` returns a server message to show under the field, or nothing.
 */
export function AddFundsForm({
  onSubmit,
  moneyBlocked,
}: {
  onSubmit: (amount: string) => Promise<string | undefined>;
  /** Why money cannot move from here (the access level): the button is disabled and says it on hover. */
  moneyBlocked?: string;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useForm<TopUpValues>({ resolver: zodResolver(topUpSchema), mode: 'onChange', defaultValues: { amount: '' } });
  const amount = watch('amount');

  const submit = handleSubmit(async (values) => {
    const fieldError = await onSubmit(values.amount.trim());
    if (fieldError) setError('amount', { message: fieldError });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Add funds`}>
      <Stack gap="4">
        <FormField label={t`Amount, USD`} error={errors.amount?.message}>
          <InputGroup endElement="USD">
            <Input inputMode="decimal" autoComplete="off" placeholder={t`Enter amount`} {...register('amount')} />
          </InputGroup>
        </FormField>
        <HStack gap="2" wrap="wrap" role="group" aria-label={t`Quick amounts`}>
          {QUICK_AMOUNTS.map((value) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={amount.trim() === value ? 'solid' : 'outline'}
              colorPalette={amount.trim() === value ? 'brand' : 'gray'}
              aria-pressed={amount.trim() === value}
              onClick={() => setValue('amount', value, { shouldValidate: true, shouldDirty: true })}
            >
              {value} $
            </Button>
          ))}
        </HStack>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          disabled={!isValid || amount.trim() === '' || !!moneyBlocked}
          title={moneyBlocked}
          loading={isSubmitting}
        >
          <CreditCard /> <Trans>Go to Payment</Trans>
        </Button>
      </Stack>
    </form>
  );
}
