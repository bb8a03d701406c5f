import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { DomainError, forbidden, STAFF_SECOND_FACTOR_MESSAGE, unauthenticated } from '../errors.ts';
import { staffFactorMissing } from '../lib/staff-factor.ts';
import type { Context } from './context.ts';

// Defines no types: each area file adds its own, schema.ts imports them all.
export const builder = new SchemaBuilder<{
  Context: Context;
  DefaultFieldNullability: false;
  AuthScopes: { authenticated: boolean; moderator: boolean; finance: boolean; admin: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Money: { Input: bigint; Output: bigint };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => {
      // A staff role counts only with a second factor where that is required.
      const staff = !staffFactorMissing(ctx.user, ctx.config);
      return {
        authenticated: !!ctx.user,
        moderator: staff && !!ctx.user?.isModerator,
        finance: staff && !!ctx.user?.isFinance,
        admin: staff && !!ctx.user?.isAdmin,
      };
    },
    unauthorizedError: (_parent, ctx) => {
      if (!ctx.user) return unauthenticated();
      const u = ctx.user;
      const heldBack = (u.isModerator || u.isFinance || u.isAdmin) && staffFactorMissing(u, ctx.config);
      return heldBack ? forbidden(STAFF_SECOND_FACTOR_MESSAGE) : forbidden();
    },
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export { DomainError };
