import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { type TestBrowser, openBrowser, signIn } from './browser';

let app: Awaited<ReturnType<typeof startTestApp>>;
/** Where an app listens (its `url` is PUBLIC_URL when that is set). */
const listening = (a: Awaited<ReturnType<typeof startTestApp>>) =>
  `http://127.0.0.1:${(a.http.server.address() as AddressInfo).port}`;
let browser: TestBrowser;

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
  browser = await openBrowser(app.url);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('security headers', () => {
  it('the app page and API answers carry them; the showcase stays embeddable', async () => {
    const page = await fetch(`${app.url}/advertiser/campaign`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Not production: no HSTS on plain http.
    expect(page.headers.get('strict-transport-security')).toBeNull();

    const api = await fetch(`${app.url}/api/v1/settings`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    for (const path of ['/showcase.js', '/showcase/i18n/ru.json']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    }
  });

  it('HSTS in production served over https, not over plain http', async () => {
    const plain = await startTestApp({
      env: {
        NODE_ENV: 'production',
        PAYMENTS_SANDBOX: '1',
        SECRETS_KEY: 'a'.repeat(64),
        PUBLIC_URL: 'http://localhost:8080',
      },
    });
    try {
      const res = await fetch(`${listening(plain)}/healthz`);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    } finally {
      await plain.close();
    }
    const prod = await startTestApp({
      env: {
        NODE_ENV: 'production',
        PAYMENTS_SANDBOX: '1',
        SECRETS_KEY: 'a'.repeat(64),
        PUBLIC_URL: 'https://ads.example.com',
      },
    });
    try {
      const res = await fetch(`${listening(prod)}/healthz`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await prod.close();
    }
  });

  it('the client runs under the policy in Chromium with no violation', async () => {
    const { page } = browser;
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`Refused to load (CSP): ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    await signIn(page, 'advertiser@demo.local');
    await page.waitForURL('**/advertiser/projects');
    for (const [link, heading] of [
      ['Campaign', 'Campaign'],
      ['Add funds', 'Add funds'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).first().click();
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor({ state: 'visible' });
    }
    // A full page load of a deep link, with the live socket up.
    await page.goto('/advertiser/campaign');
    await page.getByTestId('campaign-row').first().waitFor({ state: 'visible' });
    expect(violations).toEqual([]);
  });
});
