import { formatMoney } from '../../../lib/money.ts';

/** The payout limits' settings (micro-USD; absent: no limit; a round's share of the wallet, 1: all). */
export interface VelocitySettings {
  maxPerHour?: bigint;
  maxPerDay?: bigint;
  maxRoundShare: number;
}

/** The tightest payout limit now: which, its maximum, what was sent under it, and what is left (micro-USD). */
export interface LimitHit {
  kind: 'hour' | 'day' | 'round';
  max: bigint;
  sent: bigint;
  left: bigint;
}

/** A payout limit that holds approved withdrawals back, as stored and shown (micro-USD as decimal strings). */
export interface PayoutLimitHit {
  kind: 'hour' | 'day';
  sent: string;
  max: string;
  waiting: number;
  waitingAmount: string;
}

/** Whether any payout limit is set (the hour's, the day's, or a round's share below all). */
export function limitsSet(s: VelocitySettings): boolean {
  return s.maxPerHour !== undefined || s.maxPerDay !== undefined || s.maxRoundShare < 1;
}

/** What one round may send of the wallet's `usdt` (PAYOUT_MAX_ROUND_SHARE); undefined: no share limit. */
export function roundShareOf(usdt: bigint, share: number): bigint | undefined {
  return share < 1 ? (usdt * BigInt(Math.round(share * 1_000_000))) / 1_000_000n : undefined;
}

/**
 * The tightest limit given what the hot wallet sent in the last hour and 24 hours (every
 * instance's batches, summed by the database) and what the round may still send; null when no
 * limit is set.
 */
export function tightestLimit(
  sent: { hour: bigint; day: bigint },
  s: VelocitySettings,
  roundLeft: bigint | undefined,
): LimitHit | null {
  const hits: LimitHit[] = [];
  if (s.maxPerHour !== undefined)
    hits.push({ kind: 'hour', max: s.maxPerHour, sent: sent.hour, left: s.maxPerHour - sent.hour });
  if (s.maxPerDay !== undefined)
    hits.push({ kind: 'day', max: s.maxPerDay, sent: sent.day, left: s.maxPerDay - sent.day });
  if (roundLeft !== undefined) hits.push({ kind: 'round', max: roundLeft, sent: 0n, left: roundLeft });
  return hits.length ? hits.reduce((a, b) => (b.left < a.left ? b : a)) : null;
}

/**
 * The approved withdrawals (in order) that leave under `allowance`: the longest prefix that fits,
 * so none jumps the queue — except one larger than the hour's or the day's limit itself, which
 * no window will ever fit: it waits for the limits to be lifted without holding back the ones
 * behind it.
 */
export function withinAllowance<T extends { amount: string }>(rows: T[], allowance: LimitHit): T[] {
  const taken: T[] = [];
  let sum = 0n;
  for (const r of rows) {
    const amount = BigInt(r.amount);
    if (allowance.kind !== 'round' && amount > allowance.max) continue;
    if (sum + amount > allowance.left) break;
    sum += amount;
    taken.push(r);
  }
  return taken;
}

/** The setting that names a limit of this kind. */
export const limitSetting = (kind: 'hour' | 'day') =>
  kind === 'hour' ? 'PAYOUT_MAX_PER_HOUR_USD' : 'PAYOUT_MAX_PER_DAY_USD';

/** The payout_state key of a day's (UTC) lift of the limits. */
export const liftKey = (now = new Date()) => `limits-lifted:${now.toISOString().slice(0, 10)}`;

/** The wallet card's English line for a limit hit (the notice to finance says the same). */
export function limitMessage(hit: PayoutLimitHit): string {
  const name = limitSetting(hit.kind);
  const span = hit.kind === 'hour' ? 'the last hour' : 'the last 24 hours';
  return `Payouts wait: the hot wallet sent ${formatMoney(BigInt(hit.sent))} USD in ${span}, the limit is ${formatMoney(BigInt(hit.max))} (${name}). ${hit.waiting} approved withdrawals (${formatMoney(BigInt(hit.waitingAmount))} USD) wait in order; a finance person can lift the limits for the rest of the day.`;
}

/** The stored limit hit (JSON; an older English line is kept as it is). */
export function storedLimit(value: string | null): { limit: string | null; limitHit: PayoutLimitHit | null } {
  if (!value) return { limit: null, limitHit: null };
  if (!value.startsWith('{')) return { limit: value, limitHit: null };
  const hit = JSON.parse(value) as PayoutLimitHit;
  return { limit: limitMessage(hit), limitHit: hit };
}
