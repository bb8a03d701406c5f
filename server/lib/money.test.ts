import { describe, expect, test } from 'vitest';
import { formatMoney, MAX_MICROS, MoneyRangeError, moneyToJson, parseMoney } from './money.ts';

describe('parseMoney', () => {
  test.each([
    ['0', 0n],
    ['1', 1_000_000n],
    ['12.5', 12_500_000n],
    ['12.50', 12_500_000n],
    ['0.05', 50_000n],
    ['0.000001', 1n],
    ['999999.999999', 999_999_999_999n],
    ['-3.25', -3_250_000n],
    [' 7.1 ', 7_100_000n],
    ['007.10', 7_100_000n],
  ])('%j → %s micro-USD', (text, micros) => {
    expect(parseMoney(text)).toBe(micros);
  });

  test.each([
    ['1.0000001'], // 7 decimals
    ['0.0000005'],
    ['1e3'],
    ['1E-2'],
    ['1.5e2'],
    [''],
    ['.5'],
    ['5.'],
    ['+1'],
    ['1,5'],
    ['abc'],
    ['0x10'],
    ['Infinity'],
    ['1 000'],
    ['--1'],
  ])('rejects %j', (text) => {
    expect(() => parseMoney(text)).toThrow(RangeError);
  });

  test('numbers are taken as written, never rounded: finer than a micro-dollar and non-finite ones are refused', () => {
    // 0.1 + 0.2 is 0.30000000000000004: finer than the ledger's unit, refused as the same string is
    // (it was rounded to 0.3 before, and 50.0000004 to 50).
    expect(() => parseMoney(0.1 + 0.2)).toThrow(RangeError);
    expect(() => parseMoney(50.0000004)).toThrow(RangeError);
    expect(() => parseMoney(1e-7)).toThrow(RangeError);
    expect(parseMoney(0.000001)).toBe(1n);
    expect(parseMoney(12.5)).toBe(12_500_000n);
    expect(parseMoney(0.05)).toBe(50_000n);
    expect(parseMoney(-0.5)).toBe(-500_000n);
    expect(() => parseMoney(Number.NaN)).toThrow(RangeError);
    expect(() => parseMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    // JavaScript writes an exponent from 1e21: refused rather than misread.
    expect(() => parseMoney(1e21)).toThrow(RangeError);
  });

  test('bigint passes through as micro-USD', () => {
    expect(parseMoney(42n)).toBe(42n);
  });
});

describe('formatMoney', () => {
  test.each([
    [0n, '0.00'],
    [1n, '0.000001'],
    [10n, '0.00001'],
    [50_000n, '0.05'],
    [100_000n, '0.10'],
    [1_000_000n, '1.00'],
    [1_500_000n, '1.50'],
    [12_345_678n, '12.345678'],
    [12_340_000n, '12.34'],
    [12_345_000n, '12.345'],
    [-250_000n, '-0.25'],
    [-1n, '-0.000001'],
  ])('%s → %j', (micros, text) => {
    expect(formatMoney(micros)).toBe(text);
  });

  test('exact round trips', () => {
    for (const text of ['0.00', '0.000001', '0.05', '1.50', '12.345678', '-0.25', '1000000.10', '123456789.987654']) {
      expect(formatMoney(parseMoney(text))).toBe(text);
    }
    for (const micros of [0n, 1n, 999_999n, 1_000_001n, -7n, 123_456_789_012_345n]) {
      expect(parseMoney(formatMoney(micros))).toBe(micros);
    }
  });

  test('values beyond 2^53 stay exact', () => {
    const beyond = 2n ** 53n + 1n; // 9007199254740993: not representable as a double
    expect(formatMoney(beyond)).toBe('9007199254.740993');
    expect(parseMoney('9007199254.740993')).toBe(beyond);
    // The int8 column's limit is the most there is: an exact amount up to it, a refusal past it.
    const most = '9223372036854.775807';
    expect(parseMoney(most)).toBe(MAX_MICROS);
    expect(formatMoney(parseMoney(most))).toBe(most);
    expect(parseMoney(`-${most}`)).toBe(-MAX_MICROS);
    expect(formatMoney(MAX_MICROS * 4n)).toBe('36893488147419.103228');
  });

  /** What `parseMoney(value)` refuses with: its failure's code and the limit it says. */
  const refusal = (value: Parameters<typeof parseMoney>[0]) => {
    try {
      parseMoney(value);
    } catch (err) {
      if (err instanceof MoneyRangeError) return { code: err.code, max: err.max };
    }
    return null;
  };

  test('amounts past the ledger are refused with the limit in the message; large JSON numbers must be strings', () => {
    for (const text of ['9223372036854.775808', `${(2n ** 64n).toString()}.123457`, '9'.repeat(1000)]) {
      expect(refusal(text)).toEqual({ code: 'AMOUNT_OVER_LEDGER', max: formatMoney(MAX_MICROS) });
    }
    expect(() => parseMoney(2n ** 63n)).toThrow(MoneyRangeError);
    // 9007199254740993 as a JSON number arrives as …992: a double past 2^53 micro-USD skips micro-dollars.
    expect(refusal(9_007_199_254.740993)).toEqual({ code: 'AMOUNT_NUMBER_INEXACT', max: '9007199254.740991' });
    expect(parseMoney(9_007_199_254.74)).toBe(9_007_199_254_740_000n);
  });
});

describe('moneyToJson', () => {
  test('USD as a number with at most 6 decimals', () => {
    expect(moneyToJson(12_500_000n)).toBe(12.5);
    expect(moneyToJson(50_000n)).toBe(0.05);
    expect(moneyToJson(1n)).toBe(0.000001);
    expect(moneyToJson(0n)).toBe(0);
    expect(moneyToJson(-250_000n)).toBe(-0.25);
  });
});
