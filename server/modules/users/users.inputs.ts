import { z } from 'zod';
import type { Context } from '../../graphql/context.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import { DEFAULT_ROLES } from './user.entity.ts';
import { says } from '../../failures.ts';

export const UpdateSelfInput = z
  .object({
    defaultRole: z.enum(DEFAULT_ROLES, { error: says('DEFAULTROLE_MUST_ADVERTISER_OR_PUBLISHER') }).optional(),
    isExchangeReady: z.boolean({ error: says('ISEXCHANGEREADY_MUST_TRUE_OR_FALSE') }).optional(),
    language: z.enum(LANGUAGES, { error: says('LANGUAGE_MUST_ONE_OF', { values: LANGUAGES.join(', ') }) }).optional(),
  })
  .refine((b) => b.defaultRole !== undefined || b.isExchangeReady !== undefined || b.language !== undefined, {
    message: says('SEND_DEFAULTROLE_ISEXCHANGEREADY_OR_LANGUAGE'),
  });

/** One rule for REST and GraphQL: joining the exchange is checked before anything is written. */
export async function updateSelf(ctx: Context, input: z.infer<typeof UpdateSelfInput>) {
  if (input.isExchangeReady) await ctx.services.exchange.assertCanJoin(ctx.em, ctx.user!.id);
  return ctx.services.users.updateSelf(ctx.em, ctx.user!, input);
}
