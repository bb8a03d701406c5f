import { t } from '@lingui/core/macro';
// The messages of Add funds and Withdraw; tests assert them verbatim.
// Each in the reader's language when read (the spec's English is the source).
export const amountMessages = {
  get required() {
    return t`Enter required value`;
  },
  get numeric() {
    return t`Enter correct value`;
  },
  get topUpMinimum() {
    return t`The value must be greater than 1`;
  },
  get withdrawalMinimum() {
    return t`The value must be at least 50`;
  },
};

/**
 * More than can be withdrawn now: how much can, and what of the rest is on hold (the server
 * says the same, payments.service.ts).
 */
export function aboveAvailableMessage(available: string, onHold: string): string {
  return toMicros(onHold) > 0n
    ? t`You can withdraw up to ${available} $ now: ${onHold} $ more is on hold until its conversions are confirmed`
    : t`You can withdraw up to ${available} $, your available balance`;
}

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

/** Add Funds: required, numeric, greater than 1 (exclusive). */
export function topUpAmountError(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return amountMessages.required;
  if (!NUMERIC.test(value)) return amountMessages.numeric;
  if (toMicros(value) <= toMicros(TOP_UP_MINIMUM)) return amountMessages.topUpMinimum;
  return undefined;
}

/**
 * Withdraw: required, numeric, at least 50, and at most the available balance (money on hold
 * cannot be withdrawn yet; the message says how much is), as the server checks it.
 */
export function withdrawalAmountError(raw: string, available: string, onHold: string): string | undefined {
  const value = raw.trim();
  if (value === '') return amountMessages.required;
  if (!NUMERIC.test(value)) return amountMessages.numeric;
  const micros = toMicros(value);
  if (micros < toMicros(WITHDRAWAL_MINIMUM)) return amountMessages.withdrawalMinimum;
  if (micros > toMicros(available)) return aboveAvailableMessage(available, onHold);
  return undefined;
}
