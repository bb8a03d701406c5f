import { createRequire } from 'node:module';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { Category, Tier, TierPrice } from './lookups.entity.ts';
import { LANGUAGES, ONLY_PREMIUM_USER_COMMISSION_PERCENT } from './lookups.constants.ts';

// ISO 3166-1 names come from a maintained data package, not a hand-written list.
const countriesData = createRequire(import.meta.url)('i18n-iso-countries') as {
  getNames(lang: string, opts?: { select: 'official' | 'alias' | 'all' }): Record<string, string>;
  registerLocale(data: unknown): void;
};
countriesData.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));
const COUNTRY_NAMES: Record<string, string> = countriesData.getNames('en', { select: 'official' });

export interface Country {
  id: string;
  title: string;
}

export interface TierView {
  level: number;
  value: bigint;
  prices: { value: bigint; country: Country; countryId: string }[];
}

/** The publisher's part of a price: what `record_conversion` credits (`price * (100 - fee) / 100`). */
export const publisherShare = (price: bigint, feePercent: number): bigint => (price * BigInt(100 - feePercent)) / 100n;

export class LookupsService {
  constructor(private readonly config: Config) {}

  countries(opts: { search?: string; ids?: string[] } = {}): Country[] {
    const search = opts.search?.trim().toLowerCase();
    const ids = opts.ids?.map((i) => i.toUpperCase());
    return Object.entries(COUNTRY_NAMES)
      .map(([id, title]) => ({ id, title }))
      .filter(
        (c) =>
          (!ids || ids.includes(c.id)) &&
          (!search || c.title.toLowerCase().includes(search) || c.id.toLowerCase() === search),
      )
      .sort((a, b) => a.title.localeCompare(b.title));
  }

  country(id: string): Country {
    return { id, title: COUNTRY_NAMES[id] ?? id };
  }

  async categories(em: EntityManager, page: number, limit: number) {
    const [data, total] = await em.findAndCount(
      Category,
      {},
      { orderBy: { title: 'asc' }, limit, offset: (page - 1) * limit },
    );
    return { data, total };
  }

  async tierList(em: EntityManager): Promise<TierView[]> {
    const tiers = await em.find(Tier, {}, { orderBy: { level: 'asc' } });
    const prices = await em.find(TierPrice, {}, { orderBy: { countryId: 'asc' } });
    return tiers.map((t) => ({
      level: t.level,
      value: t.value,
      prices: prices
        .filter((p) => p.tierLevel === t.level)
        .map((p) => ({ value: p.value, country: this.country(p.countryId), countryId: p.countryId })),
    }));
  }

  async settings(em: EntityManager) {
    return {
      tierList: await this.tierList(em),
      languages: LANGUAGES.map((l) => ({ ...l })),
      onlyPremiumUserCommission: ONLY_PREMIUM_USER_COMMISSION_PERCENT,
      networkFeePercent: this.config.networkFeePercent,
      telegramSystemBot: this.config.telegramSystemBot,
    };
  }
}
