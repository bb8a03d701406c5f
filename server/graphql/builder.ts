import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin, { RequestCache } from '@pothos/plugin-scope-auth';
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

/**
 * Forgets what the scope-auth plugin kept for a request (its scopes, its answers per field), once
 * the request's answer is made. The plugin keeps it in a WeakMap keyed by the context, and the
 * map is as old as the schema: V8's young collections keep a WeakMap value alive while its entry
 * is there, and the value holds the context, so every request's context, its fork of the entity
 * manager and the request itself outlived two young collections and were copied into the old
 * generation, ~1.5 MB at each collection (docs/performance.md). Removed, the entry leaves them
 * to die young, as the REST read's do.
 */
export function forgetRequestScopes(ctx: Context): void {
  RequestCache.clearForContext(ctx);
}
