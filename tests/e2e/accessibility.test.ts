// axe-core over the showcase and the dashboard, in light and dark themes: no serious or
// critical violation. And the showcase works with the keyboard alone.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOT_ID, DEMO_SWAP_BOT_ID } from '../../server/demo/seed.ts';
import { DEV_TEST_PRIVATE_KEY, playerInitData } from '../../server/lib/init-data.ts';
import { startTestApp } from '../helpers/app';
import { login } from '../helpers/graphql';
import { type TestBrowser, openBrowser, openInApp, signInTo } from './browser';
import { type ShowcasePageServer, openShowcasePage, showcaseEvents } from './showcase-page';

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers: TestBrowser[] = [];
const hosts: ShowcasePageServer[] = [];

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await Promise.all(hosts.map((h) => h.close()));
  await app?.close();
});

async function browser(viewport?: { width: number; height: number }): Promise<TestBrowser> {
  const opened = await openBrowser(app.url, viewport);
  browsers.push(opened);
  return opened;
}

/** Serious and critical axe violations, as "rule: target" lines (empty when clean). */
async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 160)}`));
}

/**
 * The violations once the page has settled: axe again every half second while it finds some, for
 * up to 10 s. A page still drawing (its data arriving, a colour transition of 200 ms mid-way on a
 * busy machine) can show a contrast it never keeps; one that keeps a violation fails with it.
 */
async function settledViolations(page: Page): Promise<string[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const found = await violations(page);
    if (!found.length || Date.now() > until) return found;
    await page.waitForTimeout(500);
  }
}

/** The two demo apps: Clicker Quest is dark, Farm Hero Play light. */
async function demoApps() {
  const pub = (await app.api('/v1/platforms', { token: await login(app, 'publisher@demo.local') })).body.value.data[0];
  const adv = (await app.api('/v1/platforms', { token: await login(app, 'advertiser@demo.local') })).body.value.data[0];
  return [
    { id: pub.id, botId: DEMO_BOT_ID, theme: 'dark' },
    { id: adv.id, botId: DEMO_SWAP_BOT_ID, theme: 'light' },
  ];
}

describe('accessibility', () => {
  it('the showcase: no serious or critical violations in either theme, with a report form open', async () => {
    for (const [i, demo] of (await demoApps()).entries()) {
      const { page } = await browser({ width: 390, height: 780 });
      const initData = playerInitData(
        { id: 995_000 + i, first_name: 'Axe', language_code: 'en' },
        { botId: demo.botId, privateKeyHex: DEV_TEST_PRIVATE_KEY },
      );
      hosts.push(await openShowcasePage(page, { baseUrl: app.url, platformId: demo.id, initData, element: true }));
      const first = page.locator('taskgram-showcase li').first();
      await first.waitFor();
      expect(await page.locator('taskgram-showcase .tgs').getAttribute('data-theme')).toBe(demo.theme);
      await first.getByRole('button', { name: 'Report' }).click();
      await first.locator('form').waitFor();
      expect(await violations(page, 'taskgram-showcase'), demo.theme).toEqual([]);
    }
  });

  it('the showcase works with the keyboard alone', async () => {
    const [demo] = await demoApps();
    const { page } = await browser({ width: 390, height: 780 });
    const initData = playerInitData(
      { id: 995_100, first_name: 'Keys', language_code: 'en' },
      { botId: demo.botId, privateKeyHex: DEV_TEST_PRIVATE_KEY },
    );
    hosts.push(await openShowcasePage(page, { baseUrl: app.url, platformId: demo.id, initData, element: true }));
    await page.locator('taskgram-showcase li').first().waitFor();
    // Tab to the first task's Start button and press Enter: the task starts.
    let label = '';
    for (let i = 0; i < 10 && label !== 'Start'; i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => {
        const host = document.querySelector('taskgram-showcase');
        return (host?.shadowRoot?.activeElement as HTMLElement | null)?.textContent ?? '';
      });
    }
    expect(label).toBe('Start');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await showcaseEvents(page)).some((e) => e.type === 'start')).toBe(true);
    // The report form opens, takes its fields and closes with the keyboard too.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const focused = () =>
      page.evaluate(() => document.querySelector('taskgram-showcase')?.shadowRoot?.activeElement?.tagName ?? '');
    await expect.poll(focused).toBe('SELECT');
  });

  for (const theme of ['light', 'dark']) {
    it(`the dashboard: no serious or critical violations on the main pages (${theme})`, async () => {
      const pages: [string, string, string][] = [
        ['advertiser@demo.local', '/advertiser/projects', 'My Projects'],
        ['advertiser@demo.local', '/advertiser/campaign', 'Campaign'],
        ['advertiser@demo.local', '/exchange/swaps', 'Swaps'],
        ['advertiser@demo.local', '/exchange/catalog', 'Catalog'],
        ['advertiser@demo.local', '/exchange/incoming', 'Incoming Requests'],
        ['publisher@demo.local', '/publisher', 'My Apps'],
        ['publisher@demo.local', '/publisher/integrations', 'Integrations'],
        ['publisher@demo.local', '/notifications', 'Notifications'],
      ];
      const found: string[] = [];
      const sessions = new Map<string, Page>();
      for (const [email, path, heading] of pages) {
        let page = sessions.get(email);
        if (!page) {
          page = (await browser()).page;
          await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
          await signInTo(page, email, path);
          sessions.set(email, page);
        } else await openInApp(page, path);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        for (const v of await settledViolations(page)) found.push(`${path} ${v}`);
      }
      expect(found).toEqual([]);
    }, 150_000);
  }
});
