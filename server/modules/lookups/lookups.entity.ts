import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn } from '../../db/columns.ts';

export const Category = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: idColumn(),
    title: p.string().length(100).unique(),
  },
});
export type Category = InferEntity<typeof Category>;

/** A price tier: countries grouped by what an action costs there (micro-USD). */
export const Tier = defineEntity({
  name: 'Tier',
  tableName: 'tiers',
  properties: {
    level: p.integer().primary().autoincrement(false),
    value: p.bigint('bigint'),
  },
});
export type Tier = InferEntity<typeof Tier>;

export const TierPrice = defineEntity({
  name: 'TierPrice',
  tableName: 'tier_prices',
  uniques: [{ properties: ['countryId'] }],
  properties: {
    id: idColumn(),
    tierLevel: p.integer().index(),
    // ISO 3166-1 alpha-2 code.
    countryId: p.string().length(2),
    value: p.bigint('bigint'),
  },
});
export type TierPrice = InferEntity<typeof TierPrice>;
