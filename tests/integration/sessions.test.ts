import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { redactUrl } from '../../server/app.ts';
import { createApprovedUser, resetLinkIds } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { gqlWs, login } from '../helpers/graphql.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  // Short-lived tokens, so a socket outliving its token can be watched.
  app = await startTestApp({ demo: true, env: { JWT_EXPIRES_IN: '3s' } });
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
    const token = await login(app, 'moderator@demo.local');
    const ws = gqlWs(app, token);
    await ws.connected;
    ws.subscribe('subscription { registrationRequestChanged { id } }');
    const closed = await ws.closed;
    expect(closed.code).toBe(4403);
  }, 15_000);
});

describe('configuration for production', () => {
  const production = (env: Record<string, string>) => () =>
    loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'ab'.repeat(32), ...env });

  test('free sandbox top-ups are refused unless asked for', () => {
    expect(production({})).toThrow(/CRYPTO_PAY_TOKEN: is required in production/);
    expect(production({ PAYMENTS_SANDBOX: '1' })().cryptoPay).toBeUndefined();
    expect(production({ CRYPTO_PAY_TOKEN: '12345:AAbbccddeeff' })().cryptoPay?.token).toBe('12345:AAbbccddeeff');
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
