import { RequestCache } from '@pothos/plugin-scope-auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { schema } from '../schema.ts';
import { builder, forgetRequestScopes } from './builder.ts';
import type { Context } from './context.ts';
import { documentCache } from './documents.ts';
import { graphqlFastPath } from './fast-path.ts';

/*
 * What the scope-auth plugin keeps for a request is forgotten with its answer
 * (builder.ts's forgetRequestScopes): kept, it held the request's context past V8's young
 * collections (docs/performance.md).
 */

/** A context as the plugin sees it: nobody signed in (the scope check reads only `user`). */
const visitor = () => ({ user: null }) as unknown as Context;

describe('scope-auth’s per-request cache', () => {
  test('forgetRequestScopes clears the cache the plugin reads (one copy of the plugin, not two)', () => {
    const ctx = visitor();
    const kept = RequestCache.fromContext(ctx, builder);
    expect(RequestCache.fromContext(ctx, builder)).toBe(kept);
    forgetRequestScopes(ctx);
    expect(RequestCache.fromContext(ctx, builder)).not.toBe(kept);
  });

  test('the fast path forgets it once the answer is made', async () => {
    const made: Context[] = [];
    const serve = graphqlFastPath({
      schema,
      documents: documentCache({ schema, validationRules: [], introspection: false, maxTokens: 1000 }),
      makeContext: () => {
        const ctx = visitor();
        made.push(ctx);
        return ctx;
      },
      formatError: (formatted) => formatted,
    });
    const sent: string[] = [];
    const reply = {
      code: () => reply,
      header: () => reply,
      send: (body: string) => void sent.push(body),
    } as unknown as FastifyReply;
    const req = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: { query: '{ me { id } }' },
    } as unknown as FastifyRequest;

    // The first sight of a document is Apollo's; the second is served here.
    expect(await serve(req, reply)).toBe(false);
    expect(await serve(req, reply)).toBe(true);
    // The field's scope was checked for this context: nobody is signed in.
    expect(JSON.parse(sent[0]).errors).toMatchObject([{ path: ['me'], message: expect.stringMatching(/sign in/) }]);
    expect(made).toHaveLength(1);
    // What the check kept (the scopes it evaluated) is gone: the plugin would start afresh.
    expect(RequestCache.fromContext(made[0], builder).scopes).toBeUndefined();
  });
});
