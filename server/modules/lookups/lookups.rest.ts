import { CategoriesJson, CountriesJson, SettingsJson } from './lookups.responses.ts';
import { z } from 'zod';
import { moneyToJson } from '../../lib/money.ts';
import { route } from '../../rest/route.ts';
import { says } from '../../failures.ts';

const intParam = (name: string, def: number, max: number) =>
  z.coerce
    .number({ error: says('MUST_NUMBER', { name }) })
    .int(says('MUST_WHOLE_NUMBER', { name }))
    .min(1, says('MUST_AT_LEAST_1', { name }))
    .max(max, says('MUST_AT_MOST', { name, max }))
    .default(def);

export const lookupsRoutes = [
  route({
    method: 'GET',
    path: '/v1/settings',
    tag: 'lookups',
    summary:
      'Tier list with per-country prices (USD), languages, premium-only commission (percent) and the system bot.',
    access: 'user',
    response: SettingsJson,
    handler: async (ctx) => {
      const s = await ctx.services.lookups.settings(ctx.em);
      return {
        ...s,
        tierList: s.tierList.map((t) => ({
          level: t.level,
          value: moneyToJson(t.value),
          prices: t.prices.map((p) => ({ value: moneyToJson(p.value), country: p.country, countryId: p.countryId })),
        })),
      };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/categories',
    tag: 'lookups',
    summary: 'Categories of projects and apps.',
    access: 'user',
    response: CategoriesJson,
    query: z.object({ page: intParam('page', 1, 1_000_000), limit: intParam('limit', 100, 100) }),
    handler: async (ctx, { query }) => {
      const { data, total } = await ctx.services.lookups.categories(ctx.em, query.page, query.limit);
      return { data: data.map((c) => ({ id: c.id, title: c.title })), total };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/countries',
    tag: 'lookups',
    summary: 'ISO 3166-1 countries; `search` filters by name, `ids` (comma-separated alpha-2 codes) by code.',
    access: 'public',
    response: CountriesJson,
    query: z.object({
      search: z.string().trim().max(100).optional(),
      ids: z
        .string()
        .optional()
        .transform((v) =>
          v
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : undefined,
        ),
    }),
    handler: async (ctx, { query }) => {
      const data = ctx.services.lookups.countries(query);
      return { data, total: data.length };
    },
  }),
];
