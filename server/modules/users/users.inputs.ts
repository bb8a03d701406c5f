import { z } from 'zod';
import type { Context } from '../../graphql/context.ts';
import { LANGUAGES } from '../../../showcase/i18n/languages.ts';
import { DEFAULT_ROLES } from './user.entity.ts';

export const UpdateSelfInput = z
  .object({
    defaultRole: z.enum(DEFAULT_ROLES, { error: 'defaultRole must be ADVERTISER or PUBLISHER' }).optional(),
    isExchangeReady: z.boolean({ error: 'isExchangeReady must be true or false' }).optional(),
    language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
  })
  .refine((b) => b.defaultRole !== undefined || b.isExchangeReady !== undefined || b.language !== undefined, {
    message: 'Send defaultRole, isExchangeReady or language',
  });

/** One rule for REST and GraphQL: joining the exchange is checked before anything is written. */
export async function updateSelf(ctx: Context, input: z.infer<typeof UpdateSelfInput>) {
  if (input.isExchangeReady) await ctx.services.exchange.assertCanJoin(ctx.em, ctx.user!.id);
  return ctx.services.users.updateSelf(ctx.em, ctx.user!, input);
}
