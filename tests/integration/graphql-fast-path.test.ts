// GraphQL's fast path (server/graphql/fast-path.ts): a query seen before is executed without
// Apollo's pipeline. Its answers must be Apollo's, byte for byte in meaning: the first send of
// each document below goes through Apollo, the repeats through the fast path.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { graphqlFastPathTotal } from '../../server/lib/metrics.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { login } from '../helpers/graphql.ts';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  token = await login(app, 'advertiser@demo.local');
});
afterAll(() => app?.close());

async function post(body: unknown, o: { token?: string; contentType?: string } = {}) {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': o.contentType ?? 'application/json',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
}

const fastAnswers = async () => (await graphqlFastPathTotal.get()).values[0]?.value ?? 0;

/**
 * The same request three times: Apollo's answer, then (for a valid query) the fast path's
 * twice; the answers must not differ, and `fast` says how many took the fast path (2 by default;
 * 3 for a document already seen, 0 for one Apollo refuses).
 */
async function thrice(body: unknown, o: { token?: string; fast?: number } = {}) {
  const before = await fastAnswers();
  const answers = [await post(body, o), await post(body, o), await post(body, o)];
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
  expect(await fastAnswers()).toBe(before + (o.fast ?? 2));
  return answers[0];
}

describe('answers are the same on the fast path as through Apollo', () => {
  test('the web client’s requests take it (Apollo Client 4 sends extensions.clientLibrary)', async () => {
    const first = await thrice(
      {
        operationName: 'Header',
        query: 'query Header { me { id advertiserBalance } }',
        variables: {},
        extensions: { clientLibrary: { name: '@apollo/client', version: '4.3.8' } },
      },
      { token },
    );
    expect(first.body.data.me.id).toBeDefined();
    // A persisted query is Apollo's business: never the fast path.
    const persisted = await thrice(
      { query: '{ me { name } }', extensions: { persistedQuery: { version: 1, sha256Hash: 'x'.repeat(64) } } },
      { token, fast: 0 },
    );
    expect(persisted.status).toBe(400);
  });

  test('a read with data', async () => {
    const first = await thrice({ query: '{ me { id email publisherBalance advertiserBalance } }' }, { token });
    expect(first.status).toBe(200);
    expect(first.type).toMatch(/^application\/json/);
    expect(first.body.data.me.email).toBe('advertiser@demo.local');
  });

  test('variables, named operations and a document of several operations', async () => {
    const query = `query One { me { id } } query Two($limit: Int!) { projects(limit: $limit) { total data { id title } } }`;
    const one = await thrice({ query, operationName: 'One' }, { token });
    expect(one.body.data.me.id).toBeDefined();
    // The document is known now: even the first send of its other operation takes the fast path.
    const two = await thrice({ query, operationName: 'Two', variables: { limit: 1 } }, { token, fast: 3 });
    expect(two.body.data.projects.data).toHaveLength(1);
    // No operation name for a document of two: Apollo's 400, every time.
    const none = await thrice({ query }, { token, fast: 0 });
    expect(none.status).toBe(400);
  });

  test('domain errors keep their codes; a missing token is UNAUTHENTICATED', async () => {
    const missing = await thrice({ query: '{ project(id: "99999999") { id } }' }, { token });
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(missing.body.errors[0].message).toBe('Project not found');
    const anonymous = await thrice({ query: '{ me { id } }' });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  test('bad variables, invalid and unparsable documents answer 400 every time', async () => {
    const badVariables = await thrice(
      { query: 'query($limit: Int!) { projects(limit: $limit) { total } }', variables: { limit: 'many' } },
      { token, fast: 0 },
    );
    expect(badVariables.status).toBe(400);
    expect(badVariables.body.errors[0].message).toMatch(/Int cannot represent non-integer value/);
    expect((await thrice({ query: '{ me { nope } }' }, { token, fast: 0 })).status).toBe(400);
    expect((await thrice({ query: '{ me { id }' }, { token, fast: 0 })).status).toBe(400);
    // graphql-armor's limits hold on the fast path too: the same refusal each time.
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: me { id }`).join(' ');
    const limited = await thrice({ query: `{ ${aliases} }` }, { token, fast: 0 });
    expect(limited.status).toBe(400);
  });

  test('mutations and non-JSON requests always go through Apollo', async () => {
    const mutation = { query: 'mutation { updateMe(input: { defaultRole: PUBLISHER }) { defaultRole } }' };
    expect((await post(mutation, { token })).body.data.updateMe.defaultRole).toBe('PUBLISHER');
    expect((await post(mutation, { token })).body.data.updateMe.defaultRole).toBe('PUBLISHER');
    // Apollo's CSRF prevention refuses a simple request, also for a document it has seen.
    const query = { query: '{ me { email } }' };
    await thrice(query, { token });
    const before = await fastAnswers();
    const plain = await post(query, { token, contentType: 'text/plain' });
    expect(plain.status).toBe(400);
    expect(await fastAnswers()).toBe(before);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({
      env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'ab'.repeat(32), PAYMENTS_SANDBOX: '1' },
    });
  });
  afterAll(() => prod?.close());

  test('introspection stays refused, also for a document sent before', async () => {
    const before = await fastAnswers();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${prod.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { data?: unknown; errors: { message: string }[] };
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/introspection/i);
    }
    expect(await fastAnswers()).toBe(before);
  });
});
