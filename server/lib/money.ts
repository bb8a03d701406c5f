/** Money is integer micro-USD (bigint) everywhere; these are the only conversions. */
export const MICROS_PER_USD = 1_000_000n;

/** The most the ledger holds in one amount or one account: PostgreSQL's bigint of micro-USD. */
export const MAX_MICROS = 9_223_372_036_854_775_807n;
/** The largest amount a JSON number carries to the micro-dollar (2^53 - 1 micro-USD). */
export const MAX_JSON_NUMBER_MICROS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A well-formed amount outside what the ledger holds: its failure's code (server/failures.ts) says
 * which limit, `max` the figure; the code is its message.
 */
export class MoneyRangeError extends RangeError {
  override name = 'MoneyRangeError';
  constructor(
    readonly code: 'AMOUNT_OVER_LEDGER' | 'AMOUNT_NUMBER_INEXACT',
    readonly max = formatMoney(code === 'AMOUNT_OVER_LEDGER' ? MAX_MICROS : MAX_JSON_NUMBER_MICROS),
  ) {
    super(code);
  }
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,6}))?$/;

/**
 * "12.5" → 12_500_000n. Rejects more than 6 decimals, exponents and anything not a plain
 * decimal (RangeError), and amounts past what the ledger holds (MoneyRangeError).
 */
export function parseMoney(input: string | number | bigint): bigint {
  if (typeof input === 'bigint') return checkRange(input);
  const text = typeof input === 'number' ? numberToPlain(input) : input.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`Not a money amount: ${String(input).slice(0, 40)}`);
  const [, sign, whole, frac = ''] = m;
  // Thousands of digits would make a huge bigint for nothing: anything past 20 is out of range.
  // (A number's toFixed has at most 21, and its own limit below.)
  if (typeof input !== 'number' && whole.replace(/^0+/, '').length > 20) {
    throw new MoneyRangeError('AMOUNT_OVER_LEDGER');
  }
  const micros = BigInt(whole) * MICROS_PER_USD + BigInt(frac.padEnd(6, '0'));
  // Past 2^53 micro-USD a double skips micro-dollars (9007199254740993 arrives as …992).
  if (typeof input === 'number' && micros > MAX_JSON_NUMBER_MICROS) {
    throw new MoneyRangeError('AMOUNT_NUMBER_INEXACT');
  }
  return checkRange(sign ? -micros : micros);
}

function checkRange(micros: bigint): bigint {
  if (micros > MAX_MICROS || micros < -MAX_MICROS) throw new MoneyRangeError('AMOUNT_OVER_LEDGER');
  return micros;
}

/**
 * A JSON number as the decimal text it was written as (its shortest form), never rounded: one
 * finer than a micro-dollar (50.0000004) is refused as the same text in a string is, instead of
 * silently becoming 50. Never used for arithmetic.
 */
function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError('Not a finite amount');
  // From 1e21 JavaScript writes an exponent: far past what a JSON number carries exactly.
  if (Math.abs(n) >= 1e21) throw new MoneyRangeError('AMOUNT_NUMBER_INEXACT');
  // Below 1e-6 it writes one too (1e-7): finer than the ledger's unit, refused by DECIMAL.
  return String(n);
}

/** 12_500_000n → "12.50": exact, at least 2 and at most 6 decimals. */
export function formatMoney(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / MICROS_PER_USD;
  let frac = (abs % MICROS_PER_USD).toString().padStart(6, '0').replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** For the REST layer: USD as a JSON number with at most 6 decimals. */
export function moneyToJson(micros: bigint): number {
  return Number(formatMoney(micros));
}
