import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp } from '../helpers/app.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { gql, login } from '../helpers/graphql.ts';

const SIGN_IN_AGAIN = 'Unauthorized, please sign in again';
/** The spec's user fields plus the two staff flags. */
const USER_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'name',
  'email',
  'defaultRole',
  'advertiserBalance',
  'publisherBalance',
  'publisherOnHoldBalance',
  'isExchangeReady',
  'isModerator',
  'isFinance',
  'language',
  'telegram',
].sort();
const ME = `{ id createdAt updatedAt name email defaultRole advertiserBalance publisherBalance publisherOnHoldBalance isExchangeReady isModerator isFinance telegram { id username } language }`;

/** Nothing in an error answer may look like a stack trace or a server path. */
function expectNoInternals(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/stacktrace|exception|\bat [\w.<>]+ \(|\/server\/|node_modules|\.ts:\d+/i);
}

let app: Awaited<ReturnType<typeof startTestApp>>;
let user: Awaited<ReturnType<typeof createApprovedUser>>;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  user = await createApprovedUser(app, { name: 'Uma User', role: 'ADVERTISER' });
});
afterAll(() => app?.close());

describe('REST /v1/users/self', () => {
  test('GET answers exactly the user fields, balances as numbers', async () => {
    const res = await app.api('/v1/users/self', { token: user.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['value']);
    expect(Object.keys(res.body.value).sort()).toEqual(USER_FIELDS);
    expect(res.body.value).toEqual({
      id: user.userId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      name: 'Uma User',
      email: user.email,
      defaultRole: 'ADVERTISER',
      advertiserBalance: 0,
      publisherBalance: 0,
      publisherOnHoldBalance: 0,
      isExchangeReady: false,
      isModerator: false,
      isFinance: false,
      telegram: null,
      language: null,
    });
  });

  test('staff flags of the demo moderator', async () => {
    const res = await app.api('/v1/users/self', { token: await login(app, 'moderator@demo.local') });
    expect(res.body.value).toMatchObject({ email: 'moderator@demo.local', isModerator: true, isFinance: true });
  });

  test('PATCH defaultRole changes it and it stays changed', async () => {
    const res = await app.api('/v1/users/self', {
      method: 'PATCH',
      body: { defaultRole: 'PUBLISHER' },
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.value).sort()).toEqual(USER_FIELDS);
    expect(res.body.value).toMatchObject({ id: user.userId, defaultRole: 'PUBLISHER' });
    const again = await app.api('/v1/users/self', { token: user.token });
    expect(again.body.value.defaultRole).toBe('PUBLISHER');
    const back = await app.api('/v1/users/self', {
      method: 'PATCH',
      body: { defaultRole: 'ADVERTISER' },
      token: user.token,
    });
    expect(back.body.value.defaultRole).toBe('ADVERTISER');
  });

  test.each([
    [{ defaultRole: 'ADMIN' }, 'defaultRole must be ADVERTISER or PUBLISHER'],
    [{ defaultRole: 'publisher' }, 'defaultRole must be ADVERTISER or PUBLISHER'],
    [{ isExchangeReady: 'yes' }, 'isExchangeReady must be true or false'],
    [{}, 'Send defaultRole, isExchangeReady or language'],
    [{ language: 'de' }, 'language must be one of en, ru, uk, es, pt, tr, id, fa, ar'],
    [{ language: 'RU' }, 'language must be one of en, ru, uk, es, pt, tr, id, fa, ar'],
  ])('PATCH %j → 400', async (body, error) => {
    const res = await app.api('/v1/users/self', { method: 'PATCH', body, token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error });
  });

  test('PATCH language saves the choice for every device (GET answers it), and GraphQL reads the same', async () => {
    const other = await createApprovedUser(app);
    const before = (await app.api('/v1/users/self', { token: other.token })).body.value;
    expect(before.language).toBeNull();
    const res = await app.api('/v1/users/self', { method: 'PATCH', body: { language: 'fa' }, token: other.token });
    expect(res.status).toBe(200);
    // Only the language changed.
    expect(res.body.value).toEqual({ ...before, language: 'fa', updatedAt: expect.any(String) });
    expect((await app.api('/v1/users/self', { token: other.token })).body.value.language).toBe('fa');
    const graph = await gql(
      app,
      'mutation($input: UpdateMeInput!) { updateMe(input: $input) { language } }',
      { input: { language: 'ru' } },
      other.token,
    );
    expect(graph.data).toEqual({ updateMe: { language: 'ru' } });
    expect((await gql(app, '{ me { language } }', {}, other.token)).data).toEqual({ me: { language: 'ru' } });
    // A refused language changes nothing.
    const bad = await gql(
      app,
      'mutation($input: UpdateMeInput!) { updateMe(input: $input) { language } }',
      { input: { language: 'xx' } },
      other.token,
    );
    expect(bad.errors?.[0].message).toBe('language must be one of en, ru, uk, es, pt, tr, id, fa, ar');
    expect((await app.api('/v1/users/self', { token: other.token })).body.value.language).toBe('ru');
  });

  test('without a token → 401 for GET and PATCH', async () => {
    const get = await app.api('/v1/users/self');
    expect(get.status).toBe(401);
    expect(get.body).toMatchObject({ error: SIGN_IN_AGAIN });
    const patch = await app.api('/v1/users/self', { method: 'PATCH', body: { defaultRole: 'PUBLISHER' } });
    expect(patch.status).toBe(401);
    expect(patch.body).toMatchObject({ error: SIGN_IN_AGAIN });
  });
});

describe('GraphQL me / updateMe', () => {
  test('me answers the same user, balances as exact Money strings', async () => {
    const res = await gql(app, `{ me ${ME} }`, {}, user.token);
    expect(res.errors).toBeUndefined();
    const rest = (await app.api('/v1/users/self', { token: user.token })).body.value;
    expect(res.data.me).toEqual({
      ...rest,
      id: String(user.userId),
      advertiserBalance: '0.00',
      publisherBalance: '0.00',
      publisherOnHoldBalance: '0.00',
    });
  });

  test('updateMe changes the default role', async () => {
    const res = await gql(
      app,
      'mutation($input: UpdateMeInput!) { updateMe(input: $input) { id defaultRole } }',
      { input: { defaultRole: 'PUBLISHER' } },
      user.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ updateMe: { id: String(user.userId), defaultRole: 'PUBLISHER' } });
    expect((await gql(app, '{ me { defaultRole } }', {}, user.token)).data).toEqual({
      me: { defaultRole: 'PUBLISHER' },
    });
  });

  test('updateMe with an unknown role is refused by the schema', async () => {
    const res = await gql(
      app,
      'mutation($input: UpdateMeInput!) { updateMe(input: $input) { id } }',
      { input: { defaultRole: 'ADMIN' } },
      user.token,
    );
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toContain('ADMIN');
    expectNoInternals(res.body);
  });

  test('unauthenticated → UNAUTHENTICATED with no stack trace anywhere', async () => {
    for (const query of [`{ me ${ME} }`, 'mutation { updateMe(input: { defaultRole: PUBLISHER }) { id } }']) {
      const res = await gql(app, query);
      expect(res.data ?? null).toBeNull();
      expect(res.errors).toHaveLength(1);
      expect(res.errors?.[0]).toMatchObject({ message: SIGN_IN_AGAIN, extensions: { code: 'UNAUTHENTICATED' } });
      expect(res.errors?.[0].extensions).toEqual({
        code: 'UNAUTHENTICATED',
        messageCode: 'SIGN_IN_REQUIRED',
        legacyCode: 'UNAUTHORIZED_PLEASE_SIGN_IN_AGAIN',
      });
      expectNoInternals(res.body);
    }
  });

  test('a bad token is the same as none', async () => {
    const res = await gql(app, '{ me { id } }', {}, 'garbage');
    expect(res.errors?.[0]).toMatchObject({ message: SIGN_IN_AGAIN, extensions: { code: 'UNAUTHENTICATED' } });
  });

  test('a non-moderator asking for registration requests → FORBIDDEN', async () => {
    const res = await gql(app, '{ registrationRequests { total data { id email } } }', {}, user.token);
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0]).toMatchObject({
      message: 'You do not have access to this',
      path: ['registrationRequests'],
      extensions: { code: 'FORBIDDEN' },
    });
    expectNoInternals(res.body);
    const approve = await gql(app, 'mutation { approveRegistrationRequest(id: "1") { id } }', {}, user.token);
    expect(approve.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  test('a syntax error → GRAPHQL_PARSE_FAILED, no internals', async () => {
    const res = await gql(app, '{ me { id ', {}, user.token);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expectNoInternals(res.body);
  });
});
