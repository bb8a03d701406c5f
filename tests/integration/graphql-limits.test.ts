import { createRequire } from 'node:module';
import type { DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as clientDocuments from '../../client/gql/graphql.ts';
import { GRAPHQL_LIMITS, graphqlArmor } from '../../server/graphql/limits.ts';
import { schema } from '../../server/schema.ts';
import { startTestApp } from '../helpers/app.ts';
import { gqlWs, login, type WsClient } from '../helpers/graphql.ts';

// graphql's CommonJS copy, the one the schema is built with (see server/graphql/jit.ts).
const { validate, specifiedRules, parse, print } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

const documents = Object.entries(clientDocuments).filter(
  (e): e is [string, DocumentNode] => e[0].endsWith('Document') && (e[1] as DocumentNode)?.kind === 'Document',
);

test('every operation of the web client passes the limits', () => {
  expect(documents.length).toBeGreaterThan(50);
  const rules = [...specifiedRules, ...graphqlArmor().validationRules];
  for (const [name, document] of documents) {
    // Printed and parsed again with the token limit, as the server parses what clients send.
    const reparsed = parse(print(document), { maxTokens: GRAPHQL_LIMITS.maxTokens });
    const errors = validate(schema, reparsed, rules);
    expect(
      errors.map((e) => e.message),
      name,
    ).toEqual([]);
  }
});

describe('abusive operations are refused before they run', () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let token: string;
  const sockets: WsClient[] = [];
  beforeAll(async () => {
    app = await startTestApp({ demo: true });
    token = await login(app, 'advertiser@demo.local');
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await app?.close();
  });

  const post = async (query: string) => {
    const t = performance.now();
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: { message: string }[] };
    return { status: res.status, body, ms: performance.now() - t };
  };

  test('2,000 aliases of me: 400 in milliseconds with a clear message', async () => {
    const query = `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: me { id }`).join(' ')} }`;
    const res = await post(query);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    // Past the token limit first (2,000 aliases are ~10,000 tokens).
    expect(res.body.errors?.[0].message).toMatch(/more that 2000 tokens/);
    // Refused before any parsing work: seconds would mean the limit did not apply (a slow
    // machine still answers well within this).
    expect(res.ms).toBeLessThan(10_000);
    console.log(`[limits] 2,000 aliases refused in ${Math.round(res.ms)} ms`);
  });

  test('too many aliases, too deep: each refused with its reason', async () => {
    const aliases = await post(`{ ${Array.from({ length: 30 }, (_, i) => `a${i}: me { id }`).join(' ')} }`);
    expect(aliases.status).toBe(400);
    expect(aliases.body.errors?.[0].message).toMatch(/alias/i);

    // Fragments that spread each other are as deep as their expansion.
    const deep = await post(`{ me { ...F1 } }
      ${Array.from({ length: 14 }, (_, i) => `fragment F${i + 1} on User { id ${i < 13 ? `... on User { ...F${i + 2} }` : ''} }`).join('\n')}`);
    expect(deep.status).toBe(400);
    expect(deep.body.errors?.map((e) => e.message).join(' ')).toMatch(/depth|cycle|spread/i);

    const normal = await post('{ me { id email publisherBalance } }');
    expect(normal.status).toBe(200);
    expect(normal.body.errors).toBeUndefined();
  });

  test('graphql-ws refuses the same operations', async () => {
    const ws = gqlWs(app, token);
    sockets.push(ws);
    await ws.connected;
    // One root field (as subscriptions must have), 30 aliases inside it.
    const aliases = ws.subscribe(
      `subscription { balanceChanged { ${Array.from({ length: 30 }, (_, i) => `a${i}: advertiserBalance`).join(' ')} } }`,
    );
    expect(JSON.stringify(await aliases.error())).toMatch(/alias/i);
    const tokens = ws.subscribe(`subscription { balanceChanged { ${'advertiserBalance '.repeat(2500)} } }`);
    expect(JSON.stringify(await tokens.error())).toMatch(/more that 2000 tokens/);
    // A normal subscription on the same socket still works.
    const normal = ws.subscribe('subscription { balanceChanged { advertiserBalance } }');
    await expect(normal.error(300)).rejects.toThrow();
    normal.dispose();
  });
});
