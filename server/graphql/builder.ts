import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { DomainError, forbidden, unauthenticated } from '../errors.ts';
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
    authScopes: (ctx) => ({
      authenticated: !!ctx.user,
      moderator: !!ctx.user?.isModerator,
      finance: !!ctx.user?.isFinance,
      admin: !!ctx.user?.isAdmin,
    }),
    unauthorizedError: (_parent, ctx) => (ctx.user ? forbidden() : unauthenticated()),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export { DomainError };
