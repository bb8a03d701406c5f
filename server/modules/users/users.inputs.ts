import { z } from 'zod';
import type { Context } from '../../graphql/context.ts';
import { DEFAULT_ROLES } from './user.entity.ts';

export const UpdateSelfInput = z
  .object({
    defaultRole: z.enum(DEFAULT_ROLES, { error: 'defaultRole must be ADVERTISER or PUBLISHER' }).optional(),
    isExchangeReady: z.boolean({ error: 'isExchangeReady must be true or false' }).optional(),
  })
  .refine((b) => b.defaultRole !== undefined || b.isExchangeReady !== undefined, {
    message: 'Send defaultRole or isExchangeReady',
  });

/** One rule for REST and GraphQL: joining the exchange is checked before anything is written. */
export async function updateSelf(ctx: Context, input: z.infer<typeof UpdateSelfInput>) {
  if (input.isExchangeReady) await ctx.services.exchange.assertCanJoin(ctx.em, ctx.user!.id);
  return ctx.services.users.updateSelf(ctx.em, ctx.user!, input);
}
