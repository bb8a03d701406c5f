import { z } from 'zod';
import { Usd, IdTitle, Country } from '../../rest/responses.ts';

/** The lookups area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
export const TierJson = z.object({
  level: z.number(),
  value: Usd,
  prices: z.array(z.object({ value: Usd, country: Country, countryId: z.string() })),
});

export const SettingsJson = z.object({
  tierList: z.array(TierJson),
  languages: z.array(z.object({ code: z.string(), title: z.string() })),
  onlyPremiumUserCommission: z.number(),
  networkFeePercent: z.number(),
  telegramSystemBot: z.string(),
});
export const CategoriesJson = z.object({ data: z.array(IdTitle), total: z.number() });
export const CountriesJson = z.object({ data: z.array(Country), total: z.number() });
