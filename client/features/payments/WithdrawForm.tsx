import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowUpFromLine } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { type WithdrawalValues, withdrawalSchema } from './amountSchema';
import { Trans } from '@lingui/react/macro';

export type WithdrawResult = { ok: true } | { ok: false; field?: 'amount' | 'walletAddress'; message?: string };

/**
 * Amount (≥ 50, not above the available balance) and a USDT-on-TON wallet. The server checks
 * the address (and the balance again); its message lands under the field it names.
 */
export function WithdrawForm({
  available,
  onHold,
  onSubmit,
  saved = [],
  moneyBlocked,
}: {
  /** Why money cannot move from here (the access level): the button is disabled and says it on hover. */
  moneyBlocked?: string;
  available: string;
  onHold: string;
  onSubmit: (values: WithdrawalValues) => Promise<WithdrawResult>;
  /** The user's saved payout addresses: one click puts one in the wallet field. */
  saved?: { id: string; label: string; address: string }[];
}) {
  const schema = useMemo(() => withdrawalSchema(available, onHold), [available, onHold]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<WithdrawalValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { amount: '', walletAddress: '' },
  });

  const submit = handleSubmit(async (values) => {
    const result = await onSubmit({ amount: values.amount.trim(), walletAddress: values.walletAddress.trim() });
    if (result.ok) reset();
    else if (result.field && result.message) setError(result.field, { message: result.message }, { shouldFocus: true });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Withdraw money`}>
      <Stack gap="4">
        <FormField label={t`Amount, USD`} error={errors.amount?.message} helperText={t`At least 50 $`}>
          <InputGroup endElement="USD">
            <Input inputMode="decimal" autoComplete="off" placeholder={t`Enter amount`} {...register('amount')} />
          </InputGroup>
        </FormField>
        {saved.length > 0 && (
          <HStack gap="2" wrap="wrap" data-testid="saved-addresses">
            <Text fontSize="sm" color="fg.muted">
              <Trans>
                <Trans>Pay to:</Trans>
              </Trans>
            </Text>
            {saved.map((a) => (
              <Button
                key={a.id}
                size="xs"
                variant="outline"
                onClick={() => setValue('walletAddress', a.address, { shouldValidate: true })}
              >
                {a.label}
              </Button>
            ))}
          </HStack>
        )}
        <FormField
          label={t`Wallet address`}
          error={errors.walletAddress?.message}
          helperText={t`Your USDT wallet on TON, e.g. EQ… or UQ…`}
        >
          <Input
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder={t`USDT (TON) wallet address`}
            {...register('walletAddress')}
          />
        </FormField>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          disabled={!!moneyBlocked}
          title={moneyBlocked}
          loading={isSubmitting}
        >
          <ArrowUpFromLine /> <Trans>Send Money</Trans>
        </Button>
      </Stack>
    </form>
  );
}
