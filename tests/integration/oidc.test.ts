import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeOidcServer, startFakeOidc } from '../fakes/oidc-server.ts';
import { startTestApp } from '../helpers/app.ts';
import { fileRegistration, uniqueEmail } from '../helpers/accounts.ts';
import { gql, login } from '../helpers/graphql.ts';

const CLIENT_ID = 'taskgram-test-client.apps.example';
const CLIENT_SECRET = 'fake-client-secret';
const REDIRECT_URI = 'http://localhost/login';
const BAD_CODE = 'Google sign-in failed: the code is invalid or expired. Try again.';
const BAD_TOKEN = 'Google sign-in failed: the identity token could not be verified.';
const UNVERIFIED = 'Google sign-in needs an account with a verified e-mail.';

const registered = { email: 'grace@example.com', email_verified: true, name: 'Grace Google' };

let oidc: FakeOidcServer;
let app: Awaited<ReturnType<typeof startTestApp>>;
let moderator: string;

beforeAll(async () => {
  oidc = await startFakeOidc({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    users: [registered],
  });
  app = await startTestApp({
    demo: true,
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_REDIRECT_URI: REDIRECT_URI,
      GOOGLE_ISSUER: oidc.issuer,
    },
  });
  moderator = await login(app, 'moderator@demo.local');
});
afterAll(async () => {
  await app?.close();
  await oidc?.close();
});

const google = (code: string) => app.api('/v1/auth/google', { body: { code } });

async function requestsFor(email: string) {
  const res = await gql(
    app,
    'query { registrationRequests(page: 1, limit: 100) { data { id email name role source status } } }',
    {},
    moderator,
  );
  return res.data.registrationRequests.data.filter((r: { email: string }) => r.email === email);
}

describe('Google sign-in against a local OIDC provider', () => {
  test('/v1/auth/config exposes what the browser needs to start the code flow', async () => {
    const res = await app.api('/v1/auth/config');
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      google: {
        clientId: CLIENT_ID,
        authorizationEndpoint: `${oidc.issuer}/authorize`,
        redirectUri: REDIRECT_URI,
        scope: 'openid email profile',
      },
      telegram: null,
      supportBot: 'taskgram_support_bot',
      supportEmail: 'support@taskgram.ads',
      docsUrl: '/api/guide',
    });
  });

  test('the full browser round trip: authorize → redirect with code → sign in as the approved user', async () => {
    // grace has no account yet: make one the normal way, then sign in through Google.
    const request = await fileRegistration(app, { email: registered.email, name: 'Grace Form' });
    await gql(app, 'mutation($id: ID!) { approveRegistrationRequest(id: $id) { id } }', { id: request.id }, moderator);

    const { google: cfg } = (await app.api('/v1/auth/config')).body.value;
    const authorize = new URL(cfg.authorizationEndpoint);
    authorize.search = new URLSearchParams({
      client_id: cfg.clientId,
      redirect_uri: cfg.redirectUri,
      response_type: 'code',
      scope: cfg.scope,
      state: 'xyz',
      login_hint: registered.email,
    }).toString();
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location') as string);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code') as string;

    const res = await google(code);
    expect(res.status).toBe(200);
    expect(res.body.value.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.value.user).toMatchObject({ email: registered.email, name: 'Grace Form' });
    const self = await app.api('/v1/users/self', { token: res.body.value.accessToken });
    expect(self.body.value.email).toBe(registered.email);

    // The app authenticated itself and sent the registered redirect URI.
    const sent = oidc.tokenRequests.at(-1) as URLSearchParams;
    expect(Object.fromEntries(sent)).toEqual({
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: REDIRECT_URI,
    });
  });

  test('a known approved e-mail signs in, whatever the case of the claim', async () => {
    const res = await google(oidc.issueCode({ email: 'Advertiser@Demo.Local', email_verified: true }));
    expect(res.status).toBe(200);
    expect(res.body.value.user).toMatchObject({ email: 'advertiser@demo.local', name: 'Alex Advertiser' });
  });

  test('an unknown e-mail files one registration request (source GOOGLE), not one per sign-in', async () => {
    const email = uniqueEmail('newcomer');
    const first = await google(oidc.issueCode({ email, email_verified: true, name: 'Nell Newcomer' }));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ value: { registrationRequested: true } });
    const [request, ...more] = await requestsFor(email);
    expect(more).toEqual([]);
    expect(request).toMatchObject({
      email,
      name: 'Nell Newcomer',
      role: 'ADVERTISER',
      source: 'GOOGLE',
      status: 'PENDING',
    });

    const second = await google(oidc.issueCode({ email, email_verified: true, name: 'Nell Newcomer' }));
    expect(second.body).toEqual({ value: { registrationRequested: true } });
    expect(await requestsFor(email)).toHaveLength(1);

    // Password sign-in still knows nothing of this e-mail: the request has no password.
    const pw = await app.api('/v1/auth/login', { body: { email, password: 'anything1' } });
    expect(pw.status).toBe(401);

    // Once approved, Google sign-in lets them in.
    await gql(app, 'mutation($id: ID!) { approveRegistrationRequest(id: $id) { id } }', { id: request.id }, moderator);
    const third = await google(oidc.issueCode({ email, email_verified: true }));
    expect(third.status).toBe(200);
    expect(third.body.value.user).toMatchObject({ email, name: 'Nell Newcomer' });
  });

  test('a Google sign-in without a name uses the e-mail user part', async () => {
    const email = uniqueEmail('noname');
    await google(oidc.issueCode({ email, email_verified: true }));
    const [request] = await requestsFor(email);
    expect(request.name).toBe(email.split('@')[0]);
  });

  test('a bad or reused code → 401', async () => {
    const res = await google('not-a-code');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: BAD_CODE });

    const code = oidc.issueCode({ email: 'advertiser@demo.local', email_verified: true });
    expect((await google(code)).status).toBe(200);
    const reused = await google(code);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ error: BAD_CODE });
  });

  test('an empty code → 400', async () => {
    const res = await google('');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Enter required value' });
  });

  test('an unverified e-mail → 401, and no request is filed', async () => {
    const email = uniqueEmail('unverified');
    const res = await google(oidc.issueCode({ email, email_verified: false }));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: UNVERIFIED });
    const known = await google(oidc.issueCode({ email: 'advertiser@demo.local', email_verified: false }));
    expect(known.status).toBe(401);
    expect(known.body).toMatchObject({ error: UNVERIFIED });
    expect(await requestsFor(email)).toEqual([]);
  });

  test('an id_token signed by another key → 401', async () => {
    const res = await google(
      oidc.issueCode({ email: 'advertiser@demo.local', email_verified: true }, { rogueKey: true }),
    );
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: BAD_TOKEN });
  });

  test('an id_token for another client (audience) → 401', async () => {
    const res = await google(
      oidc.issueCode({ email: 'advertiser@demo.local', email_verified: true }, { audience: 'someone-else' }),
    );
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: BAD_TOKEN });
  });

  test('a pending form request with the same e-mail is not duplicated by Google sign-in', async () => {
    const request = await fileRegistration(app);
    const res = await google(oidc.issueCode({ email: request.email, email_verified: true }));
    expect(res.body).toEqual({ value: { registrationRequested: true } });
    const requests = await requestsFor(request.email);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ source: 'FORM', status: 'PENDING' });
  });
});

describe('when the provider cannot be reached', () => {
  let offline: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    // A port nothing listens on.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    offline = await startTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        GOOGLE_REDIRECT_URI: REDIRECT_URI,
        GOOGLE_ISSUER: `http://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(() => offline?.close());

  test('the sign-in config hides the button and sign-in answers 503', async () => {
    const cfg = await offline.api('/v1/auth/config');
    expect(cfg.status).toBe(200);
    expect(cfg.body.value.google).toBeNull();
    const res = await offline.api('/v1/auth/google', { body: { code: 'whatever' } });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/^Google sign-in is unavailable right now/);
  });
});
