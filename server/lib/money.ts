/** Money is integer micro-USD (bigint) everywhere; these are the only conversions. */
export const MICROS_PER_USD = 1_000_000n;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,6}))?$/;

/** "12.5" → 12_500_000n. Rejects more than 6 decimals, exponents and anything not a plain decimal. */
export function parseMoney(input: string | number | bigint): bigint {
  if (typeof input === 'bigint') return input;
  const text = typeof input === 'number' ? numberToPlain(input) : input.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`Not a money amount: ${String(input)}`);
  const [, sign, whole, frac = ''] = m;
  const micros = BigInt(whole) * MICROS_PER_USD + BigInt(frac.padEnd(6, '0'));
  return sign ? -micros : micros;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError('Not a finite amount');
  // Numbers from JSON are rounded to micro-USD once, here, and never used for arithmetic.
  return n.toFixed(6);
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
