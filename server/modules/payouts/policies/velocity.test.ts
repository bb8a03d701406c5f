import { describe, expect, test } from 'vitest';
import { withinAllowance } from './velocity.ts';

const usd = (n: number) => String(BigInt(n) * 1_000_000n);
const rows = (...amounts: number[]) => amounts.map((n, id) => ({ id, amount: usd(n) }));
const hour = (max: number, sent = 0) => ({
  kind: 'hour' as const,
  max: BigInt(usd(max)),
  sent: BigInt(usd(sent)),
  left: BigInt(usd(max - sent)),
});

describe('which approved withdrawals leave under a payout limit', () => {
  test('the longest prefix that fits: none jumps the queue', () => {
    expect(withinAllowance(rows(300, 300, 500, 100), hour(1000)).map((r) => r.id)).toEqual([0, 1]);
  });

  test('exactly at the limit leaves; one micro-dollar over waits', () => {
    expect(withinAllowance(rows(400, 600), hour(1000)).map((r) => r.id)).toEqual([0, 1]);
    const over = [{ id: 0, amount: '1000000001' }];
    expect(withinAllowance(over, hour(1000))).toEqual([]);
  });

  test('one larger than the limit itself waits for the limits to be lifted without holding back the ones behind it', () => {
    expect(withinAllowance(rows(5000, 100, 200), hour(1000)).map((r) => r.id)).toEqual([1, 2]);
    expect(withinAllowance(rows(5000, 100, 200), hour(1000, 950)).map((r) => r.id)).toEqual([]);
  });

  test('the round share only spreads a queue: it skips nothing', () => {
    const round = { kind: 'round' as const, max: BigInt(usd(150)), sent: 0n, left: BigInt(usd(150)) };
    expect(withinAllowance(rows(200, 100), round)).toEqual([]);
  });
});
