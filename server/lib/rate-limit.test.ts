import { describe, expect, test } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

describe('the in-memory rate limiter (no Redis)', () => {
  test('counts each key within its window, and a key under attack keeps its count however many others come', async () => {
    const limiter = createRateLimiter(3, undefined, 60_000);
    // Away from a window's end, so the burst stays in one window.
    const into = Date.now() % 60_000;
    if (into > 55_000) await new Promise((r) => setTimeout(r, 60_100 - into));
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
    const into = Date.now() % 200;
    if (into > 150) await new Promise((r) => setTimeout(r, 210 - into));
    expect(await limiter.hit('k')).toBe(true);
    expect(await limiter.hit('k')).toBe(false);
    await new Promise((r) => setTimeout(r, 210));
    expect(await limiter.hit('k')).toBe(true);
  });

  test('a slot is held for its time, and freed after it', async () => {
    const limiter = createRateLimiter(1);
    expect(await limiter.claim('s', 100)).toBe(true);
    expect(await limiter.claim('s', 100)).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect(await limiter.claim('s', 100)).toBe(true);
  });
});
