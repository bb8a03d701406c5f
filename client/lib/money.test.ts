import { describe, expect, it } from 'vitest';
import { addMoney, divideMoney, formatMoney, formatPrice, isPositiveMoney, roundMoney } from './money';

describe('money on decimal strings', () => {
  it.each([
    ['12.345', '12.35 $'],
    ['0.005', '0.01 $'],
    ['0.004999', '0.00 $'],
    ['12.5', '12.50 $'],
    ['7', '7.00 $'],
    ['0.050000', '0.05 $'],
    ['19.995', '20.00 $'],
    ['99999999999999999.995', '100,000,000,000,000,000.00 $'],
    ['123456789012345678.125', '123,456,789,012,345,678.13 $'],
  ])('formats %s as %s', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it('rounds negative amounts half away from zero', () => {
    expect(roundMoney('-0.005')).toBe('-0.01');
    expect(roundMoney('-0.004')).toBe('0.00');
  });

  it('adds exactly where floats would not', () => {
    expect(addMoney('0.1', '0.2')).toBe('0.3');
    expect(addMoney('0.000001', '12.5')).toBe('12.500001');
    expect(addMoney('9007199254740993.01', '0.99')).toBe('9007199254740994.00');
  });

  it('divides exactly, half away from zero', () => {
    expect(divideMoney('10', 3)).toBe('3.33');
    expect(divideMoney('0.050000', 2)).toBe('0.03');
    expect(divideMoney('0.15', 7)).toBe('0.02');
    expect(divideMoney('1.000000', 1)).toBe('1.00');
    expect(divideMoney('9007199254740993.00', 1)).toBe('9007199254740993.00');
    expect(divideMoney('-0.05', 2)).toBe('-0.03');
    expect(() => divideMoney('1', 0)).toThrow();
  });

  it('refuses anything that is not a decimal amount', () => {
    expect(() => formatMoney('12,50')).toThrow();
    expect(() => formatMoney('1e3')).toThrow();
  });

  it('tells a positive amount exactly, with no float in between', () => {
    expect(['0.000001', '12.50', '1'].map(isPositiveMoney)).toEqual([true, true, true]);
    expect(['0', '0.000000', '-0.000001'].map(isPositiveMoney)).toEqual([false, false, false]);
  });
});

describe('money and counts in the reader’s form', () => {
  it('keeps the spec’s form in English and takes the language’s own elsewhere, exactly', async () => {
    const { setFormatLocale, formatCount, formatPercent } = await import('./locale');
    try {
      expect(formatMoney('999950.005')).toBe('999,950.01 $');
      setFormatLocale('ru');
      // Grouping and the decimal comma, the sign after (Intl's no-break spaces normalised).
      expect(formatMoney('999950.005').replace(/\s/g, ' ')).toBe('999 950,01 $');
      // Exact past a float's digits: the decimal string itself is formatted.
      expect(formatMoney('123456789012345678.125').replace(/\s/g, ' ')).toBe('123 456 789 012 345 678,13 $');
      expect(formatCount(12345).replace(/\s/g, ' ')).toBe('12 345');
      // A price keeps every decimal it was set with (up to 6), in the language's form.
      expect(formatPrice('0.055').replace(/\s/g, ' ')).toBe('0,055 $');
      expect(formatPrice('0.05').replace(/\s/g, ' ')).toBe('0,05 $');
      setFormatLocale('tr');
      expect(formatMoney('1234.5')).toBe('$1.234,50');
      expect(formatPercent(0.125)).toBe('%12,5');
      setFormatLocale('fa');
      expect(formatMoney('1234.5')).toContain('۱٬۲۳۴٫۵۰');
      expect(formatMoney('1234.5')).toMatch(/^\u2066.*\u2069$/);
    } finally {
      setFormatLocale('en');
    }
    expect(formatCount(12345)).toBe((12345).toLocaleString());
    expect(formatPrice('0.055')).toBe('0.055 $');
  });
});
