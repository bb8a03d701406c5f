import { t } from '@lingui/core/macro';
import { changedFields } from '../teams/StaleNotice';
import { type CampaignValues, formatUsd } from './campaign';

/** The campaign as the server has it when a change came on a stale version (REST's shape). */
export interface StaleCampaign {
  version: number;
  name: string;
  dailyCap: number | null;
  countries: string[];
  languages: string[];
  isPremiumOnly: boolean;
  newUsersOnly: boolean;
  minQuality: number | null;
  prices: { tierLevel: number; value: number }[];
}

/** What the other person changed, field by field, from what this form showed to what is saved. */
export function staleChanges(shown: CampaignValues, current: StaleCampaign): string[] {
  // Exact micro-dollar decimals on both sides (formatUsd), no float rounding.
  const prices = (list: string[]) => list.map((p) => formatUsd(p)).join(' / ');
  return changedFields(
    { ...shown, prices: prices(shown.prices) },
    { ...current, prices: prices(current.prices.map((p) => String(p.value))) },
    {
      name: t`the name`,
      dailyCap: t`the daily cap`,
      countries: t`the countries`,
      languages: t`the languages`,
      minQuality: t`the minimum quality`,
      isPremiumOnly: t`premium players only`,
      newUsersOnly: t`new users only`,
      prices: t`the prices`,
    },
  );
}
