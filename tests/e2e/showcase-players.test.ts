// In Chromium at 390 px: <taskgram-showcase> on another origin speaks the player's
// language (Russian; Persian right to left), an old member of a channel is never paid, a new
// one is, and both dashboards tick without reload.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOT_ID } from '../../server/demo/seed.ts';
import { DEV_TEST_PRIVATE_KEY, playerInitData } from '../../server/lib/init-data.ts';
import { CATALOGS } from '../../showcase/i18n/index.ts';
import { type FakeBotApi, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { startTestApp } from '../helpers/app';
import { login } from '../helpers/graphql';
import {
  LIVE,
  type TestBrowser,
  markDocument,
  notReloaded,
  openBrowser,
  printLatency,
  screenshot,
  signInTo,
} from './browser';
import { type ShowcasePageServer, openShowcasePage, showcaseEvents } from './showcase-page';

const CHANNEL = 'crypto_daily_news'; // the demo advertiser's channel campaign
let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers: TestBrowser[] = [];
const hosts: ShowcasePageServer[] = [];

async function browser(viewport?: { width: number; height: number }): Promise<TestBrowser> {
  const opened = await openBrowser(app.url, viewport);
  browsers.push(opened);
  return opened;
}

beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'e2e_system_bot' });
  fake.setChat({ username: CHANNEL, type: 'channel', title: 'Crypto Daily News' });
  app = await startTestApp({
    demo: true,
    serveClient: true,
    env: { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_URL: fake.url },
  });
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await Promise.all(hosts.map((h) => h.close()));
  await app?.close();
  await fake?.close();
});

const PHONE = { width: 390, height: 780 };
let platformId: number;

/** A player's phone showing <taskgram-showcase> of the demo app in a page of another origin. */
async function player(id: number, languageCode: string): Promise<Page> {
  platformId ??= (await app.api('/v1/platforms', { token: await login(app, 'publisher@demo.local') })).body.value
    .data[0].id;
  const { page } = await browser(PHONE);
  const initData = playerInitData(
    { id, first_name: 'Player', language_code: languageCode },
    { botId: DEMO_BOT_ID, privateKeyHex: DEV_TEST_PRIVATE_KEY },
  );
  hosts.push(await openShowcasePage(page, { baseUrl: app.url, platformId, initData, country: 'DE', element: true }));
  return page;
}

/** The showcase's root inside the element's shadow root (Playwright locators pierce it). */
const showcaseRoot = (page: Page) => page.locator('taskgram-showcase .tgs');

describe('the showcase for players', () => {
  it('speaks Russian and lays Persian out right to left', async () => {
    const ru = await player(990_001, 'ru');
    const channel = ru.locator('li[data-task-type="CHANNEL"]');
    await channel.waitFor();
    expect(await channel.locator('.btn').first().textContent()).toBe(CATALOGS.ru.start);
    expect(await channel.locator('.type').textContent()).toBe(CATALOGS.ru.typeChannel);
    // Titles stay as the advertiser wrote them.
    expect(await channel.locator('.title').textContent()).toBe('Crypto Daily News');
    expect(await showcaseRoot(ru).getAttribute('lang')).toBe('ru');
    await screenshot(ru, 'showcase-players-01-ru');

    const fa = await player(990_002, 'fa');
    await fa.locator('li[data-task-type="CHANNEL"]').waitFor();
    expect(await showcaseRoot(fa).getAttribute('dir')).toBe('rtl');
    const box = await fa.locator('li[data-task-type="CHANNEL"] .btn').first().boundingBox();
    // Right to left: the main button sits at the row's left end.
    expect(box!.x).toBeLessThan(PHONE.width / 2);
    expect(await fa.locator('li[data-task-type="CHANNEL"] .btn').first().textContent()).toBe(CATALOGS.fa.start);
    await screenshot(fa, 'showcase-players-02-fa-rtl');
  });

  it('never pays for a member who was already in the channel; pays a new one; dashboards tick live', async () => {
    const advertiser = await browser();
    await signInTo(advertiser.page, 'advertiser@demo.local', '/advertiser/campaign');
    const advToken = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token: advToken })).body.value.data;
    const campaign = campaigns.find((c: { name: string }) => c.name === 'Crypto Daily News — launch');
    // The demo already holds a paid conversion on it (a moderation example): count from there.
    const before: number = campaign.conversions;
    const row = advertiser.page.locator(`[data-testid="campaign-row"][data-campaign-id="${campaign.id}"]`);
    await row.waitFor();
    const publisher = await browser();
    platformId ??= (await app.api('/v1/platforms', { token: await login(app, 'publisher@demo.local') })).body.value
      .data[0].id;
    await signInTo(publisher.page, 'publisher@demo.local', `/publisher/${platformId}/campaigns`);
    await publisher.page.getByTestId('balance-chip').waitFor();
    const chipBefore = await publisher.page.getByTestId('balance-chip').textContent();
    // The campaign also runs in other demo apps: this app's own count is its row's.
    const appRow = publisher.page.locator(`[data-testid="app-campaign-row"][data-campaign-id="${campaign.id}"]`);
    await expect.poll(() => appRow.getByTestId('app-campaign-completed').textContent()).toMatch(/^\d+$/);
    const appBefore = Number(await appRow.getByTestId('app-campaign-completed').textContent());
    await markDocument(advertiser.page);
    await markDocument(publisher.page);

    // Already a member: refused at start, in the player's language; counted as not new, live.
    fake.setMember(CHANNEL, 990_003, 'member');
    const old = await player(990_003, 'ru');
    const oldTask = old.locator(`li[data-campaign-id="${campaign.id}"]`);
    await oldTask.getByRole('button', { name: CATALOGS.ru.start }).click();
    await oldTask.getByText(CATALOGS.ru.alreadyMember).waitFor();
    await expect.poll(() => row.getByTestId('campaign-not-new').textContent(), LIVE).toContain('1 not new');
    expect((await showcaseEvents(old)).filter((e) => e.type === 'start')).toHaveLength(0);
    await screenshot(old, 'showcase-players-03-already-member');

    // A new subscriber: starts, joins, checks — paid, and both dashboards tick.
    const fresh = await player(990_004, 'ru');
    const task = fresh.locator(`li[data-campaign-id="${campaign.id}"]`);
    await task.getByRole('button', { name: CATALOGS.ru.start }).click();
    await expect.poll(async () => (await showcaseEvents(fresh)).some((e) => e.type === 'openTelegramLink')).toBe(true);
    fake.setMember(CHANNEL, 990_004, 'member');
    const checked = fresh.waitForResponse((r) => r.url().endsWith(`/tasks/${campaign.id}/check`));
    await task.getByRole('button', { name: CATALOGS.ru.check }).click();
    expect((await (await checked).json()).value.status).toBe('COMPLETED');
    const answeredAt = Date.now();
    const live = LIVE;
    await expect
      .poll(async () => (await row.getByTestId('campaign-conversions').textContent()) ?? '', live)
      .toMatch(new RegExp(`^${before + 1}\\b`));
    await expect
      .poll(() => appRow.getByTestId('app-campaign-completed').textContent(), live)
      .toBe(String(appBefore + 1));
    await expect.poll(() => publisher.page.getByTestId('balance-chip').textContent(), live).not.toBe(chipBefore);
    printLatency('a showcase check on the advertiser’s and publisher’s pages', answeredAt);
    await expect.poll(async () => (await showcaseEvents(fresh)).filter((e) => e.type === 'finish').length).toBe(1);
    expect(await notReloaded(advertiser.page)).toBe(true);
    expect(await notReloaded(publisher.page)).toBe(true);
    await screenshot(fresh, 'showcase-players-04-new-member-paid');
    await screenshot(advertiser.page, 'showcase-players-05-advertiser');

    // Exactly one more paid conversion on the campaign: the old member's never happened.
    const after = (await app.api(`/v1/projects/${campaign.projectId}/campaigns/${campaign.id}`, { token: advToken }))
      .body.value;
    expect(after).toMatchObject({ conversions: before + 1, notNew: 1 });
  });
});
