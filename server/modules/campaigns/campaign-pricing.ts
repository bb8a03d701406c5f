import { fail } from '../../failures.ts';
import { formatMoney } from '../../lib/money.ts';
import { LANGUAGES, ONLY_PREMIUM_USER_COMMISSION_PERCENT } from '../lookups/lookups.constants.ts';
import { MIN_ACTION_PRICE } from './campaign-views.ts';

/** A campaign's prices and targeting, checked: pure decisions over the tiers and lookups. */

/** Prices per tier: every tier of the settings, at least the tier's price and never under 0.05 USD. */
export function resolvePrices(
  tiers: { level: number; value: bigint }[],
  input: { tierLevel: number; value: bigint }[] | undefined,
  current?: Record<string, string>,
): Record<string, string> {
  const given = new Map((input ?? []).map((p) => [p.tierLevel, p.value]));
  for (const level of given.keys()) {
    if (!tiers.some((t) => t.level === level)) throw fail('TIER_UNKNOWN', { level });
  }
  const prices: Record<string, string> = {};
  for (const t of tiers) {
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max takes numbers)
    const floor = t.value > MIN_ACTION_PRICE ? t.value : MIN_ACTION_PRICE;
    const value = given.get(t.level) ?? (current?.[t.level] ? BigInt(current[t.level]) : floor);
    if (value < floor) {
      throw fail('TIER_PRICE_BELOW_FLOOR', { level: t.level, floor: formatMoney(floor) });
    }
    if (value > 1_000_000_000n) {
      throw fail('TIER_PRICE_ABOVE_MAX', { level: t.level });
    }
    prices[t.level] = value.toString();
  }
  return prices;
}

export function minPrice(prices: Record<string, string>, premium: boolean): bigint {
  const min = Object.values(prices).reduce<bigint | null>((m, v) => {
    const b = BigInt(v);
    return m === null || b < m ? b : m;
  }, null);
  const base = min ?? MIN_ACTION_PRICE;
  return base + (premium ? (base * BigInt(ONLY_PREMIUM_USER_COMMISSION_PERCENT)) / 100n : 0n);
}

export function checkCountries(known: Set<string>, codes: string[] | undefined): string[] | undefined {
  if (!codes) return undefined;
  const result = [...new Set(codes.map((c) => c.toUpperCase()))];
  for (const c of result) if (!known.has(c)) throw fail('COUNTRY_UNKNOWN', { code: c });
  return result.sort();
}

export function checkLanguages(codes: string[] | undefined): string[] | undefined {
  if (!codes) return undefined;
  const known = new Set<string>(LANGUAGES.map((l) => l.code));
  const result = [...new Set(codes.map((c) => c.toLowerCase()))];
  for (const c of result) if (!known.has(c)) throw fail('LANGUAGE_UNKNOWN', { code: c });
  return result.sort();
}
