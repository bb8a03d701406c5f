import { z } from 'zod';
import { moneyToJson } from '../../lib/money.ts';
import { route } from '../../rest/route.ts';
import { DEFAULT_ROLES } from './user.entity.ts';
import { UpdateSelfInput, updateSelf } from './users.inputs.ts';
import type { UserView } from './users.service.ts';

export const UserJson = z.object({
  id: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  name: z.string(),
  email: z.string(),
  defaultRole: z.enum(DEFAULT_ROLES),
  advertiserBalance: z.number(),
  publisherBalance: z.number(),
  publisherOnHoldBalance: z.number(),
  isExchangeReady: z.boolean(),
  isModerator: z.boolean(),
  isFinance: z.boolean(),
  telegram: z.object({ id: z.number(), username: z.string().nullable() }).nullable(),
  /** The dashboard's language the user chose (en, ru, uk, es, pt, tr, id, fa, ar); null until chosen. */
  language: z.string().nullable(),
});

export function userJson(u: UserView): z.infer<typeof UserJson> {
  return {
    id: u.id,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    name: u.name,
    email: u.email,
    defaultRole: u.defaultRole,
    advertiserBalance: moneyToJson(u.advertiserBalance),
    publisherBalance: moneyToJson(u.publisherBalance),
    publisherOnHoldBalance: moneyToJson(u.publisherOnHoldBalance),
    isExchangeReady: u.isExchangeReady,
    isModerator: u.isModerator,
    isFinance: u.isFinance,
    telegram: u.telegram,
    language: u.language ?? null,
  };
}

export const usersRoutes = [
  route({
    method: 'GET',
    path: '/v1/users/self',
    tag: 'users',
    summary: 'The signed-in user with balances in USD.',
    access: 'user',
    response: UserJson,
    handler: async (ctx) => userJson(await ctx.services.users.self(ctx.em, ctx.user!, ctx.account!)),
  }),
  route({
    method: 'PATCH',
    path: '/v1/users/self',
    tag: 'users',
    summary:
      'Change the default role (where the logo link leads), join or leave the exchange (`isExchangeReady`, which needs at least one app and one project), and/or choose the language of the dashboard, mails and bot messages (`language`: en, ru, uk, es, pt, tr, id, fa or ar).',
    access: 'user',
    body: UpdateSelfInput,
    response: UserJson,
    handler: async (ctx, { body }) => userJson(await updateSelf(ctx, body)),
  }),
];
