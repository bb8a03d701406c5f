import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// HSTS follows how the request came: over TLS through a trusted proxy it is sent, whatever
// PUBLIC_URL says; a client cannot ask for it by sending the header itself.

describe.each([
  { trustProxy: '1', trusted: true },
  { trustProxy: '0', trusted: false },
])('TRUST_PROXY=$trustProxy', ({ trustProxy, trusted }) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: trustProxy } });
  });
  afterAll(() => app?.close());

  const hsts = async (headers: Record<string, string>) =>
    (await fetch(`${app.url}/healthz`, { headers })).headers.get('strict-transport-security');

  test(
    trusted ? 'sent when the proxy says https, not for http' : 'never sent for a forwarded header it does not trust',
    async () => {
      expect(await hsts({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' })).toBe(
        trusted ? 'max-age=31536000; includeSubDomains' : null,
      );
      expect(await hsts({ 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' })).toBeNull();
      expect(await hsts({})).toBeNull();
    },
  );
});
