import { builder } from '../../graphql/builder.ts';
import { topics } from '../../lib/pubsub.ts';
import { type BalancesPayload, newestBalances } from '../ledger/balances.ts';
import { parseInput } from '../../graphql/args.ts';
import { DEFAULT_ROLES } from './user.entity.ts';
import { UpdateSelfInput, updateSelf } from './users.inputs.ts';
import type { TelegramLink } from './telegram-link.ts';
import type { UserView } from './users.service.ts';

export const DefaultRoleEnum = builder.enumType('DefaultRole', { values: DEFAULT_ROLES });

export const TelegramLinkRef = builder.objectRef<TelegramLink>('TelegramLink').implement({
  description: 'The Telegram account linked through the system bot (notifications, sign-in).',
  fields: (t) => ({
    id: t.field({ type: 'String', description: 'Telegram user id.', resolve: (l) => String(l.id) }),
    username: t.exposeString('username', { nullable: true }),
  }),
});

export const UserRef = builder.objectRef<UserView>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    defaultRole: t.expose('defaultRole', { type: DefaultRoleEnum }),
    advertiserBalance: t.expose('advertiserBalance', { type: 'Money' }),
    publisherBalance: t.expose('publisherBalance', { type: 'Money' }),
    publisherOnHoldBalance: t.expose('publisherOnHoldBalance', { type: 'Money' }),
    isExchangeReady: t.exposeBoolean('isExchangeReady'),
    isModerator: t.exposeBoolean('isModerator'),
    isFinance: t.exposeBoolean('isFinance'),
    isAdmin: t.exposeBoolean('isAdmin', { description: 'Grants and takes staff roles (the Staff page).' }),
    telegram: t.field({ type: TelegramLinkRef, nullable: true, resolve: (u) => u.telegram }),
    language: t.exposeString('language', {
      nullable: true,
      description: 'The language the user chose (en, ru, uk, es, pt, tr, id, fa, ar); null until chosen.',
    }),
  }),
});

const BalancesRef = builder.objectRef<BalancesPayload>('Balances').implement({
  description: 'A user’s balances after a ledger transfer.',
  fields: (t) => ({
    advertiserBalance: t.field({ type: 'Money', resolve: (b) => BigInt(b.advertiserBalance) }),
    publisherBalance: t.field({ type: 'Money', resolve: (b) => BigInt(b.publisherBalance) }),
    publisherOnHoldBalance: t.field({ type: 'Money', resolve: (b) => BigInt(b.publisherOnHoldBalance) }),
  }),
});

const UpdateMeInput = builder.inputType('UpdateMeInput', {
  fields: (t) => ({
    defaultRole: t.field({ type: DefaultRoleEnum, required: false }),
    isExchangeReady: t.boolean({
      required: false,
      description: 'Join (needs at least one app and one project) or leave the exchange.',
    }),
    language: t.string({
      required: false,
      description: 'The language of the dashboard, mails and bot messages: en, ru, uk, es, pt, tr, id, fa or ar.',
    }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserRef,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.users.self(ctx.em, ctx.user!, ctx.account!),
  }),
);

builder.mutationField('updateMe', (t) =>
  t.field({
    type: UserRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UpdateMeInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      updateSelf(
        ctx,
        parseInput(UpdateSelfInput, {
          defaultRole: input.defaultRole ?? undefined,
          isExchangeReady: input.isExchangeReady ?? undefined,
          language: input.language ?? undefined,
        }),
      ),
  }),
);

builder.subscriptionField('balanceChanged', (t) =>
  t.field({
    type: BalancesRef,
    authScopes: { authenticated: true },
    // Never an older state after a newer one, whatever order the events were published in.
    subscribe: async (_root, _args, ctx) =>
      newestBalances(await ctx.pubsub.subscribe<BalancesPayload>(topics.balance(ctx.account!.id))),
    resolve: (payload) => payload,
  }),
);
