// Messages of spec 5 (Add funds reading B, Withdraw); tests assert them verbatim.
export const amountMessages = {
  required: 'Enter required value',
  numeric: 'Enter correct value',
  topUpMinimum: 'The value must be greater than 1',
  withdrawalMinimum: 'The value must be greater than 50',
  aboveTotal: 'The value must be lower than total balance',
} as const;

export const TOP_UP_MINIMUM = '1';
export const WITHDRAWAL_MINIMUM = '50';
export const QUICK_AMOUNTS = ['10', '50', '100', '300'] as const;

// Digits with an optional fraction of up to 6 places (the server's micro-USD precision); a
// leading minus is numeric too, so "-5" reads as "too small" rather than "not a number".
const NUMERIC = /^-?\d+(?:\.\d{1,6})?$/;

/** A decimal string as integer micro-USD: compared exactly, never through a float. */
export function toMicros(value: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,6}))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const micros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return sign ? -micros : micros;
}

/** Add Funds, reading B: required, numeric, greater than 1 (exclusive). */
export function topUpAmountError(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return amountMessages.required;
  if (!NUMERIC.test(value)) return amountMessages.numeric;
  if (toMicros(value) <= toMicros(TOP_UP_MINIMUM)) return amountMessages.topUpMinimum;
  return undefined;
}

/**
 * Withdraw: required, numeric, at least 50, and below the total publisher balance (available
 * plus on hold; spec 5: 'The value must be lower than total balance'), as the server checks it.
 * Whether on-hold money blocks the amount is the server's answer (shown under the field).
 */
export function withdrawalAmountError(raw: string, total: string): string | undefined {
  const value = raw.trim();
  if (value === '') return amountMessages.required;
  if (!NUMERIC.test(value)) return amountMessages.numeric;
  const micros = toMicros(value);
  if (micros < toMicros(WITHDRAWAL_MINIMUM)) return amountMessages.withdrawalMinimum;
  if (micros >= toMicros(total)) return amountMessages.aboveTotal;
  return undefined;
}
