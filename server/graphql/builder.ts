import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { DomainError } from '../errors.ts';
import { fail } from '../failures.ts';
import { holdsRole, lacksRole } from '../lib/access.ts';
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
    // The permission module's answer (lib/access.ts): a staff role counts only with a second
    // factor where that is required.
    authScopes: (ctx) => ({
      authenticated: !!ctx.user,
      moderator: holdsRole(ctx.user, 'moderator'),
      finance: holdsRole(ctx.user, 'finance'),
      admin: holdsRole(ctx.user, 'admin'),
    }),
    unauthorizedError: (_parent, ctx) =>
      ctx.user ? lacksRole(ctx.user, ['moderator', 'finance', 'admin']) : fail('SIGN_IN_REQUIRED'),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export { DomainError };
