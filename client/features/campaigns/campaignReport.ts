import { isEnglishFormat, perLocale } from '../../lib/locale';
import { t } from '@lingui/core/macro';
import { addMoney, divideMoney } from '../../lib/money';
import { dateFormat } from '../../lib/dates';

/** The longest range the report covers, in days counting both ends (a leap year). */
export const MAX_REPORT_DAYS = 366;

// The server's messages for the same checks (campaigns.inputs.ts ReportInput).
export const reportMessages = {
  get required() {
    return t`Choose both dates`;
  },
  get order() {
    return t`The start date must not be after the end date`;
  },
  get tooLong() {
    return t`Choose a range of at most ${MAX_REPORT_DAYS} days`;
  },
} as const;

export type ReportPreset = '7d' | '30d' | 'month';

export const reportPresets: { value: ReportPreset; label: string }[] = [
  {
    value: '7d',
    get label() {
      return t`7 days`;
    },
  },
  {
    value: '30d',
    get label() {
      return t`30 days`;
    },
  },
  {
    value: 'month',
    get label() {
      return t`This month`;
    },
  },
];

export interface ReportRange {
  from: string;
  to: string;
}

export interface ReportDay {
  day: string;
  conversions: number;
  spend: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A day as the report speaks it: `YYYY-MM-DD` in UTC, like the server's days. */
export function utcDay(date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

/** Milliseconds of a `YYYY-MM-DD` at UTC midnight, or NaN when it is not a real date. */
function dayMs(day: string): number {
  const m = DAY.exec(day);
  if (!m) return Number.NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return utcDay(new Date(ms)) === day ? ms : Number.NaN;
}

export function addDays(day: string, days: number): string {
  return utcDay(new Date(dayMs(day) + days * MS_PER_DAY));
}

/** Days in the range counting both ends (NaN for a bad date). */
export function rangeLength({ from, to }: ReportRange): number {
  return Math.round((dayMs(to) - dayMs(from)) / MS_PER_DAY) + 1;
}

export function presetRange(preset: ReportPreset, today = utcDay()): ReportRange {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** Which preset the range is, if any (to light up its button). */
export function matchingPreset(range: ReportRange, today = utcDay()): ReportPreset | undefined {
  return reportPresets.find(({ value }) => {
    const preset = presetRange(value, today);
    return preset.from === range.from && preset.to === range.to;
  })?.value;
}

export function rangeError(range: ReportRange): string | undefined {
  if (Number.isNaN(dayMs(range.from)) || Number.isNaN(dayMs(range.to))) return reportMessages.required;
  const length = rangeLength(range);
  if (length < 1) return reportMessages.order;
  if (length > MAX_REPORT_DAYS) return reportMessages.tooLong;
  return undefined;
}

/** Whether new conversions can change the report: they all land on today (UTC). */
export function rangeIncludesToday(range: ReportRange, now = new Date()): boolean {
  const today = utcDay(now);
  return range.from <= today && today <= range.to;
}

/** Cost per action: spend / conversions with 2 decimals, or '-' without conversions. */
export function cpa(spend: string, conversions: number): string {
  return conversions > 0 ? divideMoney(spend, conversions, 2) : '-';
}

export function reportTotals(days: readonly ReportDay[]): { conversions: number; spend: string } {
  return {
    conversions: days.reduce((sum, d) => sum + d.conversions, 0),
    spend: days.length ? addMoney(...days.map((d) => d.spend)) : '0',
  };
}

const shortDay = dateFormat({ dateStyle: 'medium', timeZone: 'UTC' });
const tinyDay = dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A report day in the short local format, e.g. "Apr 3, 2026". */
export function formatDay(day: string): string {
  const ms = dayMs(day);
  return Number.isNaN(ms) ? day : shortDay(ms);
}

/** Month and day only, for the chart's axis. */
export function formatAxisDay(day: string): string {
  const ms = dayMs(day);
  return Number.isNaN(ms) ? day : tinyDay(ms);
}

const NICE_STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** A readable top for an axis: the smallest of 1, 1.2, 1.5, 2 … 8 × 10ⁿ at or above `value`. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = NICE_STEPS.find((s) => s * magnitude >= value * (1 - 1e-9)) ?? 10;
  return Number((step * magnitude).toPrecision(3));
}

/** An axis label without float noise: 12.5, 0.075, 1500. */
export function axisLabel(value: number): string {
  const rounded = Number(value.toPrecision(3));
  return axisFormat().format(rounded);
}

const axisFormat = perLocale((locale) => new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }));
