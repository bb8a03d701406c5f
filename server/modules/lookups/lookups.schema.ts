import { builder } from '../../graphql/builder.ts';
import { checkPage } from '../../graphql/args.ts';
import type { Category } from './lookups.entity.ts';
import { type Country, type TierView, publisherShare } from './lookups.service.ts';

const CountryRef = builder.objectRef<Country>('Country').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

const CategoryRef = builder.objectRef<Category>('Category').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

const TierPriceRef = builder.objectRef<TierView['prices'][number]>('TierPrice').implement({
  fields: (t) => ({
    value: t.expose('value', { type: 'Money' }),
    countryId: t.exposeString('countryId'),
    country: t.expose('country', { type: CountryRef }),
  }),
});

export const TierRef = builder.objectRef<TierView>('Tier').implement({
  fields: (t) => ({
    level: t.exposeInt('level'),
    value: t.expose('value', { type: 'Money' }),
    publisherValue: t.field({
      type: 'Money',
      description:
        'What a publisher earns for an action at the tier’s price: `value` less the network fee (`Settings.networkFeePercent`), as every conversion credits it (rounded down to the micro-USD).',
      resolve: (tier, _a, ctx) => publisherShare(tier.value, ctx.config.networkFeePercent),
    }),
    prices: t.expose('prices', { type: [TierPriceRef] }),
  }),
});

const LanguageRef = builder.objectRef<{ code: string; title: string }>('Language').implement({
  fields: (t) => ({ code: t.exposeString('code'), title: t.exposeString('title') }),
});

const SettingsRef = builder
  .objectRef<{
    tierList: TierView[];
    languages: { code: string; title: string }[];
    onlyPremiumUserCommission: number;
    networkFeePercent: number;
    telegramSystemBot: string;
  }>('Settings')
  .implement({
    fields: (t) => ({
      tierList: t.expose('tierList', { type: [TierRef] }),
      languages: t.expose('languages', { type: [LanguageRef] }),
      onlyPremiumUserCommission: t.exposeInt('onlyPremiumUserCommission', {
        description: 'Extra percent of the price for campaigns shown only to Telegram Premium users.',
      }),
      networkFeePercent: t.exposeInt('networkFeePercent', {
        description: 'Percent of each paid action the network keeps; the publisher earns the rest.',
      }),
      telegramSystemBot: t.exposeString('telegramSystemBot'),
    }),
  });

const CategoryPageRef = builder.objectRef<{ data: Category[]; total: number }>('CategoryPage').implement({
  fields: (t) => ({ data: t.expose('data', { type: [CategoryRef] }), total: t.exposeInt('total') }),
});

builder.queryFields((t) => ({
  settings: t.field({
    type: SettingsRef,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.lookups.settings(ctx.em),
  }),
  categories: t.field({
    type: CategoryPageRef,
    authScopes: { authenticated: true },
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      limit: t.arg.int({ required: true, defaultValue: 100 }),
    },
    resolve: (_root, { page, limit }, ctx) => {
      checkPage(page, limit);
      return ctx.services.lookups.categories(ctx.em, page, limit);
    },
  }),
  countries: t.field({
    type: [CountryRef],
    authScopes: { authenticated: true },
    args: { search: t.arg.string({ required: false }) },
    resolve: (_root, { search }, ctx) => ctx.services.lookups.countries({ search: search ?? undefined }),
  }),
}));
