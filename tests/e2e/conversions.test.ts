import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TEST_PRIVATE_KEY, playerInitData } from '../../server/lib/init-data.ts';
import { DEMO_BOT_ID } from '../../server/demo/seed.ts';
import { startTestApp } from '../helpers/app';
import { sdkConversion, start } from '../helpers/campaigns';
import { login } from '../helpers/graphql';
import {
  type TestBrowser,
  markDocument,
  notReloaded,
  openBrowser,
  screenshot,
  signInTo,
  LIVE,
  printLatency,
} from './browser';
import { type ShowcasePageServer, openShowcasePage, showcaseEvents } from './showcase-page';

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers: TestBrowser[] = [];
const hosts: ShowcasePageServer[] = [];

async function browser(viewport?: { width: number; height: number }): Promise<TestBrowser> {
  const opened = await openBrowser(app.url, viewport);
  browsers.push(opened);
  return opened;
}

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});

afterAll(async () => {
  // Browsers first: a host page server waits for the browser's keep-alive sockets to close.
  await Promise.all(browsers.map((b) => b.close()));
  await Promise.all(hosts.map((h) => h.close()));
  await app?.close();
});

/** The demo project's API key, as the advertiser's bot server holds it. */
async function projectKey(title: string): Promise<string> {
  const token = await login(app, 'advertiser@demo.local');
  const projects = await app.api('/v1/projects', { token });
  const project = projects.body.value.data.find((p: { title: string }) => p.title === title);
  return (await app.api(`/v1/projects/${project.id}`, { token })).body.value.secretKey;
}

describe('the live money loop in Chromium', () => {
  it('a player completes a bot task in the showcase; both dashboards tick without reload', async () => {
    const publisherToken = await login(app, 'publisher@demo.local');
    const platformId = (await app.api('/v1/platforms', { token: publisherToken })).body.value.data[0].id;

    // Two signed-in dashboards, each in its own browser.
    const advertiser = await browser();
    await signInTo(advertiser.page, 'advertiser@demo.local', '/advertiser/campaign');
    const publisher = await browser();
    await signInTo(publisher.page, 'publisher@demo.local', `/publisher/${platformId}/campaigns`);
    const advertiserToken = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token: advertiserToken })).body.value.data;
    const campaignId = campaigns.find((c: { name: string }) => c.name === 'Farm Hero bot — launch').id;
    const campaignRow = advertiser.page.locator(`[data-testid="campaign-row"][data-campaign-id="${campaignId}"]`);
    await campaignRow.waitFor({ state: 'visible' });
    await publisher.page.getByTestId('balance-chip').waitFor({ state: 'visible' });
    const chipBefore = await publisher.page.getByTestId('balance-chip').textContent();
    await markDocument(advertiser.page);
    await markDocument(publisher.page);

    // A player opens the publisher's mini app, which embeds /showcase.js from another origin.
    const player = await browser({ width: 390, height: 760 });
    const initData = playerInitData(
      { id: 880_001, first_name: 'Pia', language_code: 'en' },
      { botId: DEMO_BOT_ID, privateKeyHex: DEV_TEST_PRIVATE_KEY },
    );
    hosts.push(await openShowcasePage(player.page, { baseUrl: app.url, platformId, initData, country: 'DE' }));
    const task = player.page.locator(`li[data-campaign-id="${campaignId}"]`);
    await task.waitFor({ state: 'visible' });
    await screenshot(player.page, 'conversions-01-showcase');
    await task.getByRole('button', { name: 'Start' }).click();
    await expect
      .poll(async () => (await showcaseEvents(player.page)).find((e) => e.type === 'openTelegramLink'))
      .toBeTruthy();
    const opened = (await showcaseEvents(player.page)).find((e) => e.type === 'openTelegramLink') as { url: string };
    const click = new URL(opened.url).searchParams.get('startapp');
    expect(click).toMatch(/^[A-Za-z0-9_-]{10,64}$/);

    // The advertiser's bot server reports the conversion with the project API key.
    const key = await projectKey('Farm Hero');
    const sentAt = Date.now();
    const conversion = await app.api('/v1/sdk/events', {
      body: { type: 'conversion', click },
      headers: { 'x-api-key': key },
    });
    expect(conversion.status).toBe(200);
    expect(conversion.body.value.status).toBe('COMPLETED');

    // Advertiser: 1 conversion, budget 60 → 59.85 (Germany is tier 1: 0.15), live.
    const live = LIVE;
    await expect
      .poll(async () => (await campaignRow.getByTestId('campaign-conversions').textContent()) ?? '', live)
      .toMatch(/^1\b/);
    await expect.poll(() => campaignRow.getByTestId('campaign-budget').textContent(), live).toContain('59.85');
    printLatency('a conversion on the advertiser’s campaign row', sentAt);
    // Publisher: the app's row shows 1 completed and 0.12 revenue (80 % share), and the chip's on-hold part moved.
    const appRow = publisher.page.locator(`[data-testid="app-campaign-row"][data-campaign-id="${campaignId}"]`);
    await expect.poll(() => appRow.getByTestId('app-campaign-completed').textContent(), live).toBe('1');
    expect(await appRow.getByTestId('app-campaign-revenue').textContent()).toContain('0.12');
    await expect.poll(() => publisher.page.getByTestId('balance-chip').textContent(), LIVE).not.toBe(chipBefore);
    printLatency('a conversion on the publisher’s row and chip', sentAt);
    expect(await notReloaded(advertiser.page)).toBe(true);
    expect(await notReloaded(publisher.page)).toBe(true);
    await screenshot(advertiser.page, 'conversions-02-advertiser-live');
    await screenshot(publisher.page, 'conversions-03-publisher-live');

    // The player checks: the showcase marks the task done and the app's onFinishTask runs.
    await task.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(async () => (await showcaseEvents(player.page)).filter((e) => e.type === 'finish').length)
      .toBe(1);
    const finish = (await showcaseEvents(player.page)).find((e) => e.type === 'finish') as {
      awards: { title: string; value: number }[];
    };
    expect(finish.awards).toEqual([expect.objectContaining({ title: 'Coins', value: 500 })]);
    await screenshot(player.page, 'conversions-04-showcase-done');
  });

  it("a conversion made through the showcase reaches the publisher's Statistics page without reload", async () => {
    const publisherToken = await login(app, 'publisher@demo.local');
    const platformId = (await app.api('/v1/platforms', { token: publisherToken })).body.value.data[0].id;
    const advertiserToken = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token: advertiserToken })).body.value.data;
    const campaignId = campaigns.find((c: { name: string }) => c.name === 'Farm Hero bot — launch').id;

    const statistics = await browser();
    await signInTo(statistics.page, 'publisher@demo.local', '/publisher/statistics');
    const todayCount = statistics.page.getByTestId('today-conversions');
    // The page's first load (its code and query); the live update below keeps the default 1 s.
    await expect.poll(() => todayCount.textContent(), { timeout: 15_000 }).toMatch(/^\d+$/);
    const before = Number(await todayCount.textContent());
    const todayRow = statistics.page.locator(
      `[data-testid="statistics-row"][data-day="${new Date().toISOString().slice(0, 10)}"]`,
    );
    await expect.poll(() => todayRow.locator('td').nth(1).textContent()).toBe(String(before));
    await markDocument(statistics.page);

    const player = await browser({ width: 390, height: 760 });
    const initData = playerInitData(
      { id: 880_002, first_name: 'Lev', language_code: 'en' },
      { botId: DEMO_BOT_ID, privateKeyHex: DEV_TEST_PRIVATE_KEY },
    );
    hosts.push(await openShowcasePage(player.page, { baseUrl: app.url, platformId, initData }));
    const task = player.page.locator(`li[data-campaign-id="${campaignId}"]`);
    await task.getByRole('button', { name: 'Start' }).click();
    await expect
      .poll(async () => (await showcaseEvents(player.page)).find((e) => e.type === 'openTelegramLink'))
      .toBeTruthy();
    const opened = (await showcaseEvents(player.page)).find((e) => e.type === 'openTelegramLink') as { url: string };
    const click = new URL(opened.url).searchParams.get('startapp');
    const conversion = await app.api('/v1/sdk/events', {
      body: { type: 'conversion', click },
      headers: { 'x-api-key': await projectKey('Farm Hero') },
    });
    expect(conversion.body.value.status).toBe('COMPLETED');

    const live = LIVE;
    await expect.poll(() => todayCount.textContent(), live).toBe(String(before + 1));
    await expect.poll(() => todayRow.locator('td').nth(1).textContent(), live).toBe(String(before + 1));
    expect(await notReloaded(statistics.page)).toBe(true);
    await screenshot(statistics.page, 'conversions-05-statistics-live');
  });

  it('under live traffic the balance chip and the Withdraw page agree, with the server', async () => {
    const publisherToken = await login(app, 'publisher@demo.local');
    const platform = (await app.api('/v1/platforms', { token: publisherToken })).body.value.data[0];
    const advertiserToken = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token: advertiserToken })).body.value.data;
    const campaignId = campaigns.find((c: { name: string }) => c.name === 'Farm Hero bot — launch').id;
    const key = await projectKey('Farm Hero');

    const publisher = await browser();
    const page = publisher.page;
    await signInTo(page, 'publisher@demo.local', '/publisher/payments');
    await page.getByTestId('available-balance').waitFor({ state: 'visible' });
    await page.getByTestId('balance-chip').waitFor({ state: 'visible' });
    await markDocument(page);

    // Traffic: 24 conversions in three waves of eight at once, each wave's events in flight together
    // (the chip must not show 8.16 $ beside the card's 8.20 $ after such a burst).
    for (let wave = 0; wave < 3; wave++) {
      const clicks = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          start(app, platform, { user: { id: 881_000 + wave * 10 + i, first_name: 'Burst' } }, campaignId),
        ),
      );
      const answers = await Promise.all(clicks.map((c) => sdkConversion(app, key, c.code)));
      for (const a of answers) expect(a.body.value.status).toBe('COMPLETED');
    }

    // Once the events have landed, both show the server's figures: the chip what can be withdrawn
    // now with the hold apart, the cards the same two.
    const self = (await app.api('/v1/users/self', { token: publisherToken })).body.value;
    const money = (n: number) =>
      `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} $`;
    const text = (testId: string) => page.getByTestId(testId).first().textContent();
    await expect.poll(() => text('hold-balance'), LIVE).toBe(money(self.publisherOnHoldBalance));
    await expect.poll(() => text('balance-chip-hold'), LIVE).toBe(`+ ${money(self.publisherOnHoldBalance)} on hold`);
    expect(await text('available-balance')).toBe(money(self.publisherBalance));
    expect(await text('balance-chip-amount')).toBe(money(self.publisherBalance));
    expect(await notReloaded(page)).toBe(true);
  });
});
