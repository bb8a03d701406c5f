import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openApiDocument } from '../../server/rest/openapi.ts';
import { routes } from '../../server/areas.ts';
import { FAILURES } from '../../server/failures.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';

/**
 * Every message a person can read has a stable machine code: REST's `code` and
 * `params`, GraphQL's `extensions.messageCode` and `extensions.params`, listed in the OpenAPI
 * document. (Every REST answer the suite reads is also checked against that document's error
 * envelope, whose `code` is the list: tests/helpers/api-document.ts.)
 */
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

describe('message codes', () => {
  test('REST: the English message stays, its code comes with it', async () => {
    const wrong = await app.api('/v1/auth/login', {
      method: 'POST',
      body: { email: 'advertiser@demo.local', password: 'wrong-one' },
    });
    expect(wrong).toEqual({
      status: 401,
      body: {
        error: 'Incorrect e-mail or password',
        code: 'SIGN_IN_WRONG',
        legacyCode: 'INCORRECT_E_MAIL_OR_PASSWORD',
      },
    });

    const unknown = await app.api('/v1/nope');
    expect(unknown).toEqual({ status: 404, body: { error: 'Not found', code: 'ROUTE_NOT_FOUND' } });
  });

  test("REST: a message with values gives them as params; zod's own wording has its kind's code", async () => {
    const token = await login(app, 'advertiser@demo.local');
    const page = await app.api('/v1/projects?limit=0', { token });
    expect(page.status).toBe(400);
    expect(page.body.code).toMatch(/^[A-Z][A-Z0-9_]+$/);

    const notOurs = await app.api('/v1/projects/999999', { token });
    expect(notOurs).toEqual({ status: 404, body: { error: 'Project not found', code: 'PROJECT_NOT_FOUND' } });
  });

  test('GraphQL: extensions.messageCode and params beside Apollo’s kind', async () => {
    const token = await login(app, 'advertiser@demo.local');
    const answer = await gql(app, 'query { projects(limit: 1000) { total } }', {}, token);
    expect(answer.errors?.[0]).toMatchObject({
      message: 'limit must be from 1 to 100',
      extensions: { code: 'BAD_USER_INPUT', messageCode: 'LIMIT_MUST_FROM_1_TO', params: { maxLimit: '100' } },
    });
  });

  test('the OpenAPI document lists every code with its English wording', () => {
    const doc = openApiDocument(routes) as any;
    const code = doc.components.responses.Error.content['application/json'].schema.properties.code;
    for (const known of [...Object.keys(FAILURES), 'VALIDATION', 'STEP_UP_REQUIRED', 'INTERNAL'])
      expect(code.enum).toContain(known);
    expect(code['x-messages'].TIER_PRICE_BELOW_FLOOR).toBe('The price for tier {level} must be at least {floor} USD');
    expect(code['x-params'].TIER_PRICE_BELOW_FLOOR).toEqual(['level', 'floor']);
    const legacy = doc.components.responses.Error.content['application/json'].schema.properties.legacyCode;
    expect(legacy['x-aliases'].SIGN_IN_WRONG).toBe('INCORRECT_E_MAIL_OR_PASSWORD');
  });
});
