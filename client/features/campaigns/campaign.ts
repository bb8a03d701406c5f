import { t } from '@lingui/core/macro';
import type { CampaignStatus, CreateCampaignInput } from '../../gql/graphql';
import { formatPrice } from '../../lib/money';
import { amountMessages, toMicros } from '../payments/amount';
import type { CampaignValues } from './campaignSchema';

export type { CampaignValues } from './campaignSchema';

// The product's fixed messages (the API contract's and the forms'); tests assert them verbatim.
export const campaignMessages = {
  // The server's message (campaigns.inputs.ts).
  get minQuality() {
    return t`The minimum score must be a whole number from 0 to 100`;
  },
  get nameRequired() {
    return t`Campaign name is required`;
  },
  get nameTooLong() {
    return t`Campaign name must be at most 120 characters`;
  },
  get resourceRequired() {
    return t`Resource is required`;
  },
  price: (level: number, min: string) => t`The price for tier ${level} must be at least ${min} USD`,
  get dailyCap() {
    return t`The daily cap must be a whole number of at least 1`;
  },
  get greaterThanZero() {
    return t`The value must be greater than zero`;
  },
  get notEnoughBalance() {
    return t`Not enough money on the advertiser balance`;
  },
  budgetLeft: (left: string) => t`The campaign budget has only ${left} USD left`,
  get created() {
    return t`The campaign has been successfully created`;
  },
  get required() {
    return amountMessages.required;
  },
  get numeric() {
    return amountMessages.numeric;
  },
} as const;

/** The landing's promise: no action costs less than 0.05 USD. */
export const MIN_PRICE = '0.05';

// Digits with up to 6 decimals (micro-USD); a leading minus still reads as a number, so "-1"
// gets the "too small" message rather than "not a number" (as on Add Funds).
const NUMERIC = /^-?\d+(?:\.\d{1,6})?$/;

export interface TierOption {
  level: number;
  /** Default and minimum price of the tier (Money). */
  value: string;
  /** ISO codes of the countries priced in this tier. */
  countryIds: string[];
}

export interface CampaignStatusLook {
  label: string;
  colorPalette: 'green' | 'gray' | 'orange' | 'red';
}

export const campaignStatus: Record<CampaignStatus, CampaignStatusLook> = {
  ACTIVE: {
    get label() {
      return t`Active`;
    },
    colorPalette: 'green',
  },
  STOPPED: {
    get label() {
      return t`Stopped`;
    },
    colorPalette: 'gray',
  },
  MODERATION: {
    get label() {
      return t`Moderation`;
    },
    colorPalette: 'orange',
  },
  REJECTED: {
    get label() {
      return t`Rejected`;
    },
    colorPalette: 'red',
  },
};

/**
 * A resource's status (active, stopped, moderation, rejected) from its campaigns: under
 * review while one waits for a moderator, active while one runs, rejected when review refused
 * it, stopped when every campaign has stopped. A resource without campaigns is active.
 */
export function resourceStatus(statuses: CampaignStatus[]): CampaignStatus {
  for (const status of ['MODERATION', 'ACTIVE', 'REJECTED'] as const) {
    if (statuses.includes(status)) return status;
  }
  return statuses.length > 0 ? 'STOPPED' : 'ACTIVE';
}

function fromMicros(micros: bigint): string {
  const negative = micros < 0n;
  const digits = (negative ? -micros : micros).toString().padStart(7, '0');
  const whole = digits.slice(0, -6);
  // At least 2 decimals; more only when they carry something (a price of 0.125).
  const fraction = digits.slice(-6).replace(/0{1,4}$/, '');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A Money string as USD without trailing zeros past the cents: "0.150000" → "0.15", "0.125" → "0.125". */
export function formatUsd(value: string): string {
  return fromMicros(toMicros(value));
}

/** A tier's floor: its own value, never under 0.05 USD. */
export function tierMinimum(tier: Pick<TierOption, 'value'>): string {
  const value = toMicros(tier.value);
  const floor = toMicros(MIN_PRICE);
  // BigInts: Math.max would throw.
  if (value < floor) return fromMicros(floor);
  return fromMicros(value);
}

/** Price per action of one tier: required, numeric, at least the tier's floor. */
export function priceError(raw: string, tier: Pick<TierOption, 'level' | 'value'>): string | undefined {
  const value = raw.trim();
  if (value === '') return campaignMessages.required;
  if (!NUMERIC.test(value)) return campaignMessages.numeric;
  const min = tierMinimum(tier);
  if (toMicros(value) < toMicros(min)) return campaignMessages.price(tier.level, min);
  return undefined;
}

/** Optional; a whole number of at least 1 when filled. */
/** Minimum app quality: empty (any app) or a whole number from 0 to 100. */
export function minQualityError(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  return /^\d{1,3}$/.test(value) && Number(value) <= 100 ? undefined : campaignMessages.minQuality;
}

export function dailyCapError(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    return campaignMessages.dailyCap;
  }
  return undefined;
}

/**
 * Add budget / Return budget (the rule of Add funds): required, numeric, greater than zero,
 * then not over what is there to move (`available`, when known) with the server's own message.
 */
export function budgetAmountError(raw: string, mode: 'fund' | 'return', available?: string | null): string | undefined {
  const value = raw.trim();
  if (value === '') return campaignMessages.required;
  if (!NUMERIC.test(value)) return campaignMessages.numeric;
  const micros = toMicros(value);
  if (micros <= 0n) return campaignMessages.greaterThanZero;
  if (available != null && micros > toMicros(available)) {
    return mode === 'fund' ? campaignMessages.notEnoughBalance : campaignMessages.budgetLeft(formatUsd(available));
  }
  return undefined;
}

/** The initial budget of a new campaign: optional, otherwise like Add budget. */
export function initialBudgetError(raw: string, balance?: string | null): string | undefined {
  return raw.trim() === '' ? undefined : budgetAmountError(raw, 'fund', balance);
}

/** The price a premium-only campaign pays: the price plus the commission percent, exact. */
export function premiumPrice(price: string, commissionPercent: number): string {
  const micros = toMicros(price);
  return formatUsd(fromMicros((micros * BigInt(100 + commissionPercent)) / 100n));
}

/** "0.15 $ / 0.10 $ / 0.05 $", in tier order. */
export function formatPrices(prices: ReadonlyArray<{ tierLevel: number; value: string }>): string {
  return [...prices]
    .sort((a, b) => a.tierLevel - b.tierLevel)
    .map((p) => formatPrice(formatUsd(p.value)))
    .join(' / ');
}

export function emptyCampaign(tiers: TierOption[], preset?: { projectId: string; taskId: string }): CampaignValues {
  return {
    projectId: preset?.projectId ?? '',
    taskId: preset?.taskId ?? '',
    name: '',
    prices: tiers.map((t) => formatUsd(t.value)),
    dailyCap: '',
    countries: [],
    languages: [],
    isPremiumOnly: false,
    newUsersOnly: true,
    minQuality: '',
    unscoredAllowed: true,
    budget: '',
  };
}

/** The form's values as createCampaign's input; empty lists mean every country and language. */
export function toCreateInput(values: CampaignValues, tiers: TierOption[]): CreateCampaignInput {
  const budget = values.budget.trim();
  const dailyCap = values.dailyCap.trim();
  const minQuality = values.minQuality.trim();
  return {
    name: values.name.trim(),
    prices: tiers.map((t, i) => ({ tierLevel: t.level, value: (values.prices[i] ?? '').trim() })),
    dailyCap: dailyCap === '' ? null : Number(dailyCap),
    countries: values.countries,
    languages: values.languages,
    isPremiumOnly: values.isPremiumOnly,
    newUsersOnly: values.newUsersOnly,
    minQuality: minQuality === '' ? null : Number(minQuality),
    unscoredAllowed: values.unscoredAllowed,
    ...(budget === '' ? {} : { budget }),
  };
}

type FormField = `prices.${number}` | 'name' | 'dailyCap' | 'minQuality' | 'countries' | 'languages' | 'budget';

/**
 * The form field a server validation error is about. The service names the input
 * (`extensions.field`): `prices` (the tier is in the message), `prices.1.value`, `name`,
 * `dailyCap`, `countries`, `languages`, and `budget` or `value` for the initial budget.
 */
export function formFieldOf(
  failure: { field?: string; message: string; params?: Record<string, string> } | undefined,
  tiers: Pick<TierOption, 'level'>[],
): FormField | undefined {
  const field = failure?.field;
  if (!field) return undefined;
  const head = field.split('.')[0];
  if (head === 'prices') {
    const index = /^prices\.(\d+)/.exec(field);
    if (index) return `prices.${Number(index[1])}`;
    const level = failure.params?.level ?? /tier (\d+)/.exec(failure.message)?.[1];
    const tier = level ? tiers.findIndex((t) => t.level === Number(level)) : -1;
    return `prices.${Math.max(0, tier)}`;
  }
  if (head === 'value') return 'budget';
  return head === 'name' ||
    head === 'dailyCap' ||
    head === 'minQuality' ||
    head === 'countries' ||
    head === 'languages' ||
    head === 'budget'
    ? head
    : undefined;
}
