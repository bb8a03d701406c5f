import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp } from '../helpers/app.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

test('health and login', async () => {
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  const login = await app.api('/v1/auth/login', { body: { email: 'advertiser@demo.local', password: 'demo1234' } });
  expect(login.status).toBe(200);
  expect(login.body.value.user.email).toBe('advertiser@demo.local');
});
