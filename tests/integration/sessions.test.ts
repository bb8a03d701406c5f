import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { redactUrl } from '../../server/app.ts';
import { createApprovedUser, resetLinkIds } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { em } from '../helpers/campaigns.ts';
import { gql, gqlWs, login, type WsClient } from '../helpers/graphql.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

describe('sessions', () => {
  test('a password reset ends the sessions signed in with the old password', async () => {
    const user = await createApprovedUser(app);
    const before = await app.api('/v1/users/self', { token: user.token });
    expect(before.status).toBe(200);
    await app.api('/v1/auth/reset-password', { body: { email: user.email } });
    const [id] = await resetLinkIds(app, user.email);
    const reset = await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'brandnew1' } });
    expect(reset.status).toBe(200);
    const after = await app.api('/v1/users/self', { token: user.token });
    expect(after.status).toBe(401);
    const fresh = await app.api('/v1/auth/login', { body: { email: user.email, password: 'brandnew1' } });
    expect((await app.api('/v1/users/self', { token: fresh.body.value.accessToken })).status).toBe(200);
  });

  test('a live socket is closed with 4403 when its token expires', async () => {
    // Short-lived tokens, so a socket outliving its token can be watched.
    const shortLived = await startTestApp({ demo: true, env: { JWT_EXPIRES_IN: '3s' } });
    const token = await login(shortLived, 'moderator@demo.local');
    const ws = gqlWs(shortLived, token);
    await ws.connected;
    ws.subscribe('subscription { registrationRequestChanged { id } }');
    const closed = await ws.closed;
    expect(closed.code).toBe(4403);
    await shortLived.close();
    // (A whole app with its demo data starts in here: a busy machine needs longer than 15 s.)
  }, 90_000);
});

/** The session id a token names. */
const sessionOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;

/** A socket of `token` that answers `me` (so its session is known to the server). */
async function liveSocket(token: string): Promise<WsClient> {
  const ws = gqlWs(app, token);
  await ws.connected;
  const me = await ws.subscribe('query { me { email } }').nextEvent();
  expect(me.data.me.email).toMatch(/@/);
  return ws;
}

/**
 * Waits for `ws` to be closed because its session ended (generously: only a socket left open is
 * a failure; the latency, 1 s at most in the issue, is printed, not asserted).
 */
async function closedAsEnded(ws: WsClient, started: number) {
  const closed = await Promise.race([ws.closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
  expect(closed).toEqual({ code: 4403, reason: 'Forbidden: the session has ended' });
  console.log(`socket closed ${Date.now() - started} ms after its session ended`);
}

describe('server-side sessions', () => {
  test('a password reset ends every session at once: tokens refused, live sockets closed', async () => {
    const user = await createApprovedUser(app);
    const other = await login(app, user.email, user.password);
    const sockets = [await liveSocket(user.token), await liveSocket(other)];
    await app.api('/v1/auth/reset-password', { body: { email: user.email } });
    const [id] = await resetLinkIds(app, user.email);
    const started = Date.now();
    expect(
      (await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'brandnew1' } })).status,
    ).toBe(200);
    await Promise.all(sockets.map((ws) => closedAsEnded(ws, started)));
    expect((await gql(app, '{ me { id } }', {}, other)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  test('log out ends this session only; its sockets close, the other sessions go on', async () => {
    const user = await createApprovedUser(app);
    const phone = await login(app, user.email, user.password);
    const [mine, theirs] = [await liveSocket(user.token), await liveSocket(phone)];
    const started = Date.now();
    expect((await app.api('/v1/auth/logout', { method: 'POST', token: user.token })).body).toEqual({
      value: { ok: true },
    });
    await closedAsEnded(mine, started);
    expect((await app.api('/v1/users/self', { token: user.token })).status).toBe(401);
    expect((await app.api('/v1/users/self', { token: phone })).status).toBe(200);
    expect((await theirs.subscribe('query { me { email } }').nextEvent()).data.me.email).toBe(user.email);
    await theirs.close();
    // GraphQL's logout does the same.
    expect((await gql(app, 'mutation { logout }', {}, phone)).data).toEqual({ logout: true });
    expect((await app.api('/v1/users/self', { token: phone })).status).toBe(401);
  });

  test('log out everywhere ends every session of the account', async () => {
    const user = await createApprovedUser(app);
    const tokens = [
      user.token,
      await login(app, user.email, user.password),
      await login(app, user.email, user.password),
    ];
    const socket = await liveSocket(tokens[2]);
    const started = Date.now();
    const res = await app.api('/v1/auth/logout-all', { method: 'POST', token: tokens[0] });
    expect(res.body).toEqual({ value: { ok: true, ended: 3 } });
    await closedAsEnded(socket, started);
    for (const token of tokens) expect((await app.api('/v1/users/self', { token })).status).toBe(401);
  });

  test('the profile lists the sessions (device, address, last seen) and ends any of them', async () => {
    const user = await createApprovedUser(app);
    const laptop = (
      await app.api('/v1/auth/login', {
        body: { email: user.email, password: user.password },
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
      })
    ).body.value.accessToken as string;
    const list = await app.api('/v1/users/self/sessions', { token: laptop });
    expect(list.status).toBe(200);
    expect(list.body.value).toHaveLength(2);
    const current = list.body.value.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({
      id: sessionOf(laptop),
      method: 'PASSWORD',
      ip: '127.0.0.1',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    });
    expect(Date.parse(current.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    // The other session, ended from here.
    const first = sessionOf(user.token);
    const ws = await liveSocket(user.token);
    const started = Date.now();
    expect((await app.api(`/v1/users/self/sessions/${first}`, { method: 'DELETE', token: laptop })).status).toBe(200);
    await closedAsEnded(ws, started);
    expect((await app.api('/v1/users/self', { token: user.token })).status).toBe(401);
    // Once ended it is not found again; neither is another account's session.
    expect((await app.api(`/v1/users/self/sessions/${first}`, { method: 'DELETE', token: laptop })).status).toBe(404);
    const stranger = await login(app, 'advertiser@demo.local');
    expect(
      (await app.api(`/v1/users/self/sessions/${sessionOf(laptop)}`, { method: 'DELETE', token: stranger })).status,
    ).toBe(404);
    expect((await app.api('/v1/users/self', { token: laptop })).status).toBe(200);
    // The same over GraphQL.
    const mine = await gql(app, '{ mySessions { id current method ip } }', {}, laptop);
    expect(mine.data.mySessions).toEqual([
      { id: sessionOf(laptop), current: true, method: 'PASSWORD', ip: '127.0.0.1' },
    ]);
  });

  test('a password change ends every session but the one that changed it', async () => {
    const user = await createApprovedUser(app);
    const other = await login(app, user.email, user.password);
    const socket = await liveSocket(other);
    const wrong = await app.api('/v1/users/self/password', {
      body: { currentPassword: 'not-it', password: 'brandnew2' },
      token: user.token,
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'The current password is wrong' } });
    const started = Date.now();
    const changed = await app.api('/v1/users/self/password', {
      body: { currentPassword: user.password, password: 'brandnew2' },
      token: user.token,
    });
    expect(changed.body).toEqual({ value: { ok: true, endedSessions: 1 } });
    await closedAsEnded(socket, started);
    expect((await app.api('/v1/users/self', { token: user.token })).status).toBe(200);
    expect((await app.api('/v1/users/self', { token: other })).status).toBe(401);
    expect((await app.api('/v1/auth/login', { body: { email: user.email, password: 'brandnew2' } })).status).toBe(200);
  });

  test('an operation on a socket whose session ended is refused, even if the notice never came', async () => {
    const user = await createApprovedUser(app);
    const role = async () =>
      (
        await em(app).execute<{ default_role: string }[]>('select default_role from users where email = ?', [
          user.email,
        ])
      )[0].default_role;
    const before = await role();
    const other = before === 'PUBLISHER' ? 'ADVERTISER' : 'PUBLISHER';
    const ws = await liveSocket(user.token);
    // Ended behind the server's back: no pub/sub notice closes the socket.
    await em(app).execute('update sessions set ended_at = now() where id = ?', [sessionOf(user.token)]);
    const refused = await ws.subscribe(`mutation { updateMe(input: { defaultRole: ${other} }) { id } }`).error();
    expect(refused).toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })]);
    expect((await ws.closed).code).toBe(4403);
    expect(await role()).toBe(before);
  });

  test('a token from before sessions (no session named) signs nobody in', async () => {
    const user = await createApprovedUser(app);
    const [h, p, sig] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    delete claims.sid;
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    expect((await app.api('/v1/users/self', { token: forged })).status).toBe(401);
  });
});

describe('configuration for production', () => {
  const production = (env: Record<string, string>) => () =>
    loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'ab'.repeat(32), ...env });

  test('free sandbox top-ups are refused unless asked for', () => {
    expect(production({})).toThrow(/CRYPTO_PAY_TOKEN: is required in production/);
    expect(production({ PAYMENTS_SANDBOX: '1' })().cryptoPay).toBeUndefined();
    // Real top-ups pay out on a real chain too: toncenter is required beside Crypto Pay.
    expect(production({ CRYPTO_PAY_TOKEN: '12345:AAbbccddeeff' })).toThrow(
      /TONCENTER_API_URL: is required in production/,
    );
    const real = {
      CRYPTO_PAY_TOKEN: '12345:AAbbccddeeff',
      TON_NETWORK: 'mainnet',
      TONCENTER_API_URL: 'https://toncenter.com/api/v3',
      PAYOUT_WALLET_MNEMONIC: 'v1.sealed-words-placeholder',
    };
    expect(production(real)().cryptoPay?.token).toBe('12345:AAbbccddeeff');
    expect(production(real)().payouts.usdtMaster).toBe('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs');
  });

  test('no demo accounts in production unless asked for', () => {
    expect(production({ PAYMENTS_SANDBOX: '1' })().demoSeed).toBe(false);
    expect(production({ PAYMENTS_SANDBOX: '1', DEMO_SEED: '1' })().demoSeed).toBe(true);
  });
});

test('URLs are logged without their secrets', () => {
  expect(redactUrl('/reset-password/0b6e8c4e-1111-4a2b-9f00-123456789abc')).toBe('/reset-password/…');
  expect(redactUrl('/pay/sandbox/12?token=deadbeef')).toBe('/pay/sandbox/12?…');
  expect(redactUrl('/api/v1/projects?page=2')).toBe('/api/v1/projects?…');
  expect(redactUrl('/healthz')).toBe('/healthz');
});
