import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { type FormEvent, useRef, useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { formatMoney } from '../../lib/money';
import { serverError } from '../../lib/serverError';
import { AddFundsHint } from './AddFundsHint';
import { budgetAmountError } from './campaign';
import { AdvertiserBalanceQuery, FundCampaignMutation, ReturnCampaignBudgetMutation } from './campaignsApi';
import { Trans } from '@lingui/react/macro';

export type BudgetMode = 'fund' | 'return';

const copy = {
  fund: {
    get title() {
      return t`Add budget`;
    },
    get source() {
      return t`Advertiser balance`;
    },
    get submit() {
      return t`Add budget`;
    },
    get done() {
      return t`The campaign budget has been topped up`;
    },
  },
  return: {
    get title() {
      return t`Return budget`;
    },
    get source() {
      return t`Campaign budget left`;
    },
    get submit() {
      return t`Return to balance`;
    },
    get done() {
      return t`The budget has been returned to your balance`;
    },
  },
} as const;

/**
 * The amount of Add budget (from the advertiser balance) or Return budget (back to it):
 * required, numeric, greater than zero, at most `available`. The button stays disabled while
 * the amount is empty or wrong. `onSubmit` resolves with a server message for the field.
 */
export function BudgetForm({
  mode,
  available,
  onSubmit,
  onCancel,
}: {
  mode: BudgetMode;
  /** Advertiser balance (fund) or the campaign's budget left (return); undefined while loading. */
  available?: string | null;
  onSubmit: (value: string) => Promise<string | undefined>;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverMessage, setServerMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const localError = budgetAmountError(value, mode, available);
  const shown = serverMessage ?? (touched ? localError : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localError) return;
    setBusy(true);
    try {
      setServerMessage(await onSubmit(value.trim()));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={copy[mode].title}>
      <Stack gap="4">
        <HStack justify="space-between" borderWidth="1px" borderRadius="lg" px="4" py="3" bg="bg.subtle">
          <Text color="fg.muted">{copy[mode].source}</Text>
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="budget-available">
            {available != null ? formatMoney(available) : '…'}
          </Text>
        </HStack>
        <FormField label={t`Amount, USD`} error={shown}>
          <InputGroup endElement="USD">
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={t`Enter amount`}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setTouched(true);
                setServerMessage(undefined);
              }}
              onBlur={() => setTouched(true)}
            />
          </InputGroup>
        </FormField>
        <AddFundsHint message={shown} />
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          )}
          <Button
            type="submit"
            colorPalette="brand"
            loading={busy}
            disabled={value.trim() === '' || Boolean(localError) || Boolean(serverMessage)}
          >
            {copy[mode].submit}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** 128 random bits as hex; crypto.randomUUID exists only on secure origins. */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function isAmountRefusal(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((e) => e.extensions?.code === 'BAD_USER_INPUT' || e.extensions?.code === 'CONFLICT')
  );
}

export interface BudgetTarget {
  id: string;
  name: string;
  budget: string;
}

/** Add budget / Return budget modal of a campaign row (size sm). */
export function BudgetDialog({
  mode,
  campaign,
  onClose,
}: {
  mode: BudgetMode;
  campaign: BudgetTarget | null;
  onClose: () => void;
}) {
  const open = campaign !== null;
  const balance = useQuery(AdvertiserBalanceQuery, {
    skip: !open || mode !== 'fund',
    fetchPolicy: 'cache-and-network',
  });
  const [fund] = useMutation(FundCampaignMutation);
  const [giveBack] = useMutation(ReturnCampaignBudgetMutation);
  const available = mode === 'fund' ? balance.data?.me.advertiserBalance : campaign?.budget;
  // One key per transfer: sending the same amount again (a retry after a lost answer) moves the
  // money once; another amount is another transfer.
  const attempt = useRef<{ value: string; key: string } | null>(null);

  const submit = async (value: string): Promise<string | undefined> => {
    if (!campaign) return undefined;
    if (attempt.current?.value !== value) attempt.current = { value, key: newKey() };
    const variables = { id: campaign.id, value, idempotencyKey: attempt.current.key };
    try {
      if (mode === 'fund') await fund({ variables });
      else await giveBack({ variables });
      attempt.current = null;
      notifySuccess(copy[mode].done);
      onClose();
      return undefined;
    } catch (error) {
      const { message } = serverError(error);
      // The server's answer about the amount (not enough money, more than is left) goes under
      // the field; anything else (network, not found) is a toast.
      if (isAmountRefusal(error)) return message;
      notifyError(message);
      return undefined;
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${mode}-budget-dialog`}>
            <Dialog.Header>
              <Stack gap="0.5" minW="0">
                <Dialog.Title>{copy[mode].title}</Dialog.Title>
                <Text fontSize="sm" color="fg.muted" truncate title={campaign?.name}>
                  {campaign?.name}
                </Text>
              </Stack>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {open && (
                <BudgetForm key={campaign.id} mode={mode} available={available} onSubmit={submit} onCancel={onClose} />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
