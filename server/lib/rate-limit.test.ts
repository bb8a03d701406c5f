import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

// The limiter reads the time from Date.now(): the tests set it, so no window ends mid-test on a busy machine.
const WINDOW_START = Date.UTC(2026, 11, 7, 12, 0, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(WINDOW_START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the in-memory rate limiter (no Redis)', () => {
  test('counts each key within its window, and a key under attack keeps its count however many others come', async () => {
    const limiter = createRateLimiter(3, undefined, 60_000);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limiter.hit('attacker'));
    expect(answers).toEqual([true, true, true, false]);
    // Twenty thousand other players in the same minute: each counted from one, the attacker still refused.
    for (let i = 0; i < 20_000; i++) expect(await limiter.hit(`player:${i}`)).toBe(true);
    expect(await limiter.hit('player:7')).toBe(true);
    expect(await limiter.hit('attacker')).toBe(false);
    // An undone hit is given back; a limit per call is honoured.
    await limiter.undo('player:8');
    expect(await limiter.hit('player:8', 1)).toBe(true);
    expect(await limiter.hit('player:8', 1)).toBe(false);
  });

  test('a new window starts every key from zero', async () => {
    const limiter = createRateLimiter(1, undefined, 200);
    expect(await limiter.hit('k')).toBe(true);
    expect(await limiter.hit('k')).toBe(false);
    vi.setSystemTime(WINDOW_START + 210);
    expect(await limiter.hit('k')).toBe(true);
  });

  test('a slot is held for its time, and freed after it', async () => {
    const limiter = createRateLimiter(1);
    expect(await limiter.claim('s', 100)).toBe(true);
    expect(await limiter.claim('s', 100)).toBe(false);
    vi.setSystemTime(WINDOW_START + 120);
    expect(await limiter.claim('s', 100)).toBe(true);
  });
});
