import { t } from '@lingui/core/macro';
// The forms' schemas, apart from amount.ts so that pages showing amounts do not load zod.
import '../../lib/zod-config';
import { z } from 'zod';
import { amountMessages, topUpAmountError, withdrawalAmountError } from './amount';
import { isTonAddress } from './tonAddress';

const amountField = (check: (value: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const topUpSchema = z.object({ amount: amountField(topUpAmountError) });
export type TopUpValues = z.infer<typeof topUpSchema>;

export function withdrawalSchema(available: string, onHold: string) {
  return z.object({
    amount: amountField((value) => withdrawalAmountError(value, available, onHold)),
    // Checked with the amount, so that a form with both wrong shows both at once.
    walletAddress: z
      .string()
      .trim()
      .min(1, { error: () => amountMessages.required })
      .refine((value) => isTonAddress(value), { error: () => t`Enter a valid TON wallet address (USDT on TON)` }),
  });
}
export type WithdrawalValues = z.infer<ReturnType<typeof withdrawalSchema>>;
