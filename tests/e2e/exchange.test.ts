import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOT_ID } from '../../server/demo/seed.ts';
import { DEV_TEST_PRIVATE_KEY, playerInitData } from '../../server/lib/init-data.ts';
import { startTestApp } from '../helpers/app';
import { balances, em } from '../helpers/campaigns';
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
  await Promise.all(browsers.map((b) => b.close()));
  await Promise.all(hosts.map((h) => h.close()));
  await app?.close();
});

describe('the exchange in Chromium', () => {
  it('an offer lights the partner’s badge live; confirmed, a swap delivery ticks both Swaps pages; no money moves', async () => {
    const advToken = await login(app, 'advertiser@demo.local');
    const pubToken = await login(app, 'publisher@demo.local');
    const [advId, pubId] = await Promise.all(
      [advToken, pubToken].map(async (token) => (await app.api('/v1/users/self', { token })).body.value.id as number),
    );
    // The demo's pending offer between the two apps is withdrawn, so a new one can be made.
    const seeded = await app.api('/v1/exchanges/offers?direction=outgoing&status=PENDING', { token: pubToken });
    for (const o of seeded.body.value.data) {
      expect(
        (await app.api(`/v1/exchanges/offers/${o.id}/withdrawal`, { method: 'PATCH', token: pubToken })).status,
      ).toBe(200);
    }
    const moneyBefore = await Promise.all([balances(app, advId), balances(app, pubId)]);

    // The partner (advertiser) waits on Incoming Requests; the proposer (publisher) opens the catalog.
    const partner = await browser();
    await signInTo(partner.page, 'advertiser@demo.local', '/exchange/incoming');
    await partner.page.getByRole('heading', { name: 'Incoming Requests' }).waitFor();
    const proposer = await browser();
    await signInTo(proposer.page, 'publisher@demo.local', '/exchange/catalog');
    await markDocument(partner.page);
    await markDocument(proposer.page);

    const card = proposer.page.getByTestId('catalog-card').filter({ hasText: 'Farm Hero Play' });
    await card.getByRole('button', { name: 'Make an offer' }).click();
    const dialog = proposer.page.getByTestId('offer-dialog');
    await dialog.getByRole('option', { name: 'Clicker Quest' }).first().waitFor({ state: 'attached' });
    await dialog.getByTestId('offer-platformId').selectOption({ label: 'Clicker Quest' });
    // Farm Hero's resources also run paid campaigns: in the proposer's app the swap stands in for them.
    await dialog.getByTestId('offer-partnerProjectId').selectOption({ label: 'Farm Hero (2 resources)' });
    await dialog.getByTestId('offer-projectId').selectOption({ label: 'Clicker Quest (1 resource)' });
    await dialog.getByTestId('offer-quantity').fill('5');
    await screenshot(proposer.page, 'exchange-01-offer-dialog');
    const badge = partner.page.getByTestId('badge-incoming');
    expect(await badge.count()).toBe(0);
    const created = proposer.page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('CreateOffer'),
    );
    await dialog.getByTestId('offer-submit').click();
    expect((await created).status()).toBe(200);
    // Measured from the server's answer to the proposer: the partner's screen follows, live.
    const sentAt = Date.now();
    await badge.waitFor({ state: 'visible', timeout: LIVE.timeout });
    printLatency('an offer’s badge on the partner’s screen', sentAt);
    expect(await badge.textContent()).toBe('1');
    await proposer.page.getByText(/^Offer sent to /).waitFor();

    // The partner confirms from the list (it refreshed by itself) and both go to Swaps by the tabs.
    const offer = partner.page.getByTestId('offer-card').filter({ hasText: 'Pending' });
    await offer.waitFor({ timeout: LIVE.timeout });
    await screenshot(partner.page, 'exchange-02-incoming');
    await offer.getByRole('button', { name: 'Confirm' }).click();
    await partner.page.getByText('Offer confirmed: the swap has started').waitFor();
    await expect.poll(() => badge.count(), LIVE).toBe(0);
    await partner.page.getByRole('link', { name: 'Swaps' }).first().click();
    await proposer.page.getByRole('link', { name: 'Swaps' }).first().click();
    const newDeal = (page: typeof partner.page) =>
      page.getByTestId('deal-card').filter({ hasText: 'of 5 completions' }).first();
    await newDeal(partner.page).waitFor();
    await newDeal(proposer.page).waitFor();
    expect(await newDeal(proposer.page).getByTestId('deal-delivered').textContent()).toBe('0 of 5 completions');

    // A player in the proposer's app (Clicker Quest) does the partner's bot task from the swap.
    const [swapCampaign] = await em(app).execute<{ id: number }[]>(
      `select c.id from campaigns c join exchange_deals d on d.id = c.deal_id
        where d.quantity = 5 and c.platform_id = d.platform_id and c.task_type = 'BOT'`,
    );
    const player = await browser({ width: 390, height: 760 });
    const initData = playerInitData(
      { id: 881_001, first_name: 'Sam', language_code: 'en' },
      { botId: DEMO_BOT_ID, privateKeyHex: DEV_TEST_PRIVATE_KEY },
    );
    const pubApp = (await app.api('/v1/platforms', { token: pubToken })).body.value.data[0];
    hosts.push(await openShowcasePage(player.page, { baseUrl: app.url, platformId: pubApp.id, initData }));
    const task = player.page.locator(`li[data-campaign-id="${swapCampaign.id}"]`);
    await task.waitFor({ state: 'visible' });
    await task.getByRole('button', { name: 'Start' }).click();
    await expect
      .poll(async () => (await showcaseEvents(player.page)).find((e) => e.type === 'openTelegramLink'))
      .toBeTruthy();
    const opened = (await showcaseEvents(player.page)).find((e) => e.type === 'openTelegramLink') as { url: string };
    const click = new URL(opened.url).searchParams.get('startapp');

    // The partner's bot server reports it with the Farm Hero project key.
    const projects = (await app.api('/v1/projects', { token: advToken })).body.value.data;
    const farm = projects.find((p: { title: string }) => p.title === 'Farm Hero');
    const key = (await app.api(`/v1/projects/${farm.id}`, { token: advToken })).body.value.secretKey;
    const reportedAt = Date.now();
    const done = await app.api('/v1/sdk/events', {
      body: { type: 'conversion', click },
      headers: { 'x-api-key': key },
    });
    expect(done.body.value.status).toBe('COMPLETED');
    const live = LIVE;
    await expect
      .poll(() => newDeal(proposer.page).getByTestId('deal-delivered').textContent(), live)
      .toBe('1 of 5 completions');
    await expect
      .poll(() => newDeal(partner.page).getByTestId('deal-received').textContent(), live)
      .toBe('1 of 5 completions');
    printLatency('a swap’s completion on both screens', reportedAt);
    expect(await notReloaded(partner.page)).toBe(true);
    expect(await notReloaded(proposer.page)).toBe(true);
    await screenshot(proposer.page, 'exchange-03-proposer-swaps');
    await screenshot(partner.page, 'exchange-04-partner-swaps');

    // The player's check finishes the task with the app's award; nobody's money moved.
    await task.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(async () => (await showcaseEvents(player.page)).filter((e) => e.type === 'finish').length)
      .toBe(1);
    expect(await Promise.all([balances(app, advId), balances(app, pubId)])).toEqual(moneyBefore);
  });
});
