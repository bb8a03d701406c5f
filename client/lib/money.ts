import { isEnglishFormat, isRightToLeftFormat, perLocale } from './locale';

// Money arrives as an exact decimal string ("12.50", "0.050000"). Arithmetic is done on
// scaled BigInts so that nothing ever passes through a float.

const MONEY_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

interface Scaled {
  units: bigint;
  scale: number;
}

function parse(value: string): Scaled {
  const match = MONEY_PATTERN.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

function rescale({ units, scale }: Scaled, to: number): bigint {
  return units * 10n ** BigInt(to - scale);
}

function print(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Exact sum of decimal strings. */
export function addMoney(...values: string[]): string {
  const parsed = values.map(parse);
  const scale = Math.max(0, ...parsed.map((p) => p.scale));
  const sum = parsed.reduce((total, p) => total + rescale(p, scale), 0n);
  return print(sum, scale);
}

/** Whether an amount is above zero, read exactly ("0.000001" is, "0.000000" is not). */
export function isPositiveMoney(value: string): boolean {
  return parse(value).units > 0n;
}

/** Rounds a decimal string to `places` decimals, half away from zero. */
export function roundMoney(value: string, places = 2): string {
  const parsed = parse(value);
  if (parsed.scale <= places) return print(rescale(parsed, places), places);
  const divisor = 10n ** BigInt(parsed.scale - places);
  const negative = parsed.units < 0n;
  const magnitude = negative ? -parsed.units : parsed.units;
  let rounded = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) rounded += 1n;
  return print(negative && rounded !== 0n ? -rounded : rounded, places);
}

/** `value / divisor` rounded to `places` decimals, half away from zero (CPA = spend / conversions). */
export function divideMoney(value: string, divisor: number, places = 2): string {
  if (!Number.isSafeInteger(divisor) || divisor === 0) throw new Error(`Cannot divide by ${divisor}`);
  const { units, scale } = parse(value);
  const numerator = units * 10n ** BigInt(places) * (divisor < 0 ? -1n : 1n);
  const denominator = 10n ** BigInt(scale) * BigInt(Math.abs(divisor));
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return print(negative && quotient !== 0n ? -quotient : quotient, places);
}

/** USD in the language's form, with at least 2 decimals and at most `maximumFractionDigits`. */
const usdFormat = (maximumFractionDigits: number) =>
  perLocale(
    (locale) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits,
      }),
  );
const moneyFormat = usdFormat(2);
const priceFormat = usdFormat(6);

/**
 * Right to left, an amount reads as one left-to-right unit (isolated): Arabic's "20.00 US$"
 * would otherwise show as "$US 20.00".
 */
export function amountIsolated(shown: string): string {
  return isRightToLeftFormat() ? `\u2066${shown}\u2069` : shown;
}

const amountFormat = perLocale(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** "1234567.50" → "1,234,567.50": English grouping, on the exact decimal string (no float). */
function groupEnglish(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  const sign = whole!.startsWith('-') ? '-' : '';
  const digits = sign ? whole!.slice(1) : whole!;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * An amount without its currency, where a column's header says it ("Spend $"): 2 decimals, in
 * English grouped ("1,234.50"), else in the language's own form ("1 234,50").
 * A dash (no value, e.g. no CPA without conversions) stays as it is.
 */
export function formatAmount(value: string): string {
  if (value === '-') return value;
  const rounded = roundMoney(value, 2);
  return isEnglishFormat() ? groupEnglish(rounded) : amountFormat().format(rounded as Intl.StringNumericLiteral);
}

/**
 * The way every balance is shown: 2 decimals and a `$`. In English the spec's `$` suffix with
 * thousands grouped ("12.50 $", "999,950.00 $"); in the other languages the language's own
 * ("999 950,00 $", "$999.950,00"). `Intl` formats the rounded decimal string itself, so nothing
 * passes through a float.
 */
export function formatMoney(value: string): string {
  const rounded = roundMoney(value, 2);
  if (isEnglishFormat()) return `${groupEnglish(rounded)} $`;
  return amountIsolated(moneyFormat().format(rounded as Intl.StringNumericLiteral));
}

/**
 * A price per action, as exact as it was set (`exact`: a decimal string, up to 6 decimals, at
 * least 2): "0.055 $" in English as the spec writes prices, else in the language's own form
 * ("0,055 $", "$0.055").
 */
export function formatPrice(exact: string): string {
  if (isEnglishFormat()) return `${groupEnglish(exact)} $`;
  return amountIsolated(priceFormat().format(exact as Intl.StringNumericLiteral));
}
