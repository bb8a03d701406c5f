import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { demoPlatform, em, newPlayer, sdkConversion, showcase, start } from '../helpers/campaigns';
import { login } from '../helpers/graphql';
import { browserPool, markDocument, notReloaded, screenshot, signInTo } from './browser';

/**
 * Live pages converge whatever the timing. Each test holds the page's subscription
 * back in the browser's WebSocket after the page's query has answered, makes a change in that
 * gap (it is in the query's answer on screen, and no event reaches a subscription that is not
 * live yet), then lets the subscription through: the page must show the change without a
 * reload. Before the server said when a subscription is live, these pages kept the old state.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);
const browser = browsers.open;

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});

afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

/**
 * Holds every graphql-ws `subscribe` of the named operations in the browser's sockets until
 * `release()`; everything else passes both ways. `held` resolves once each operation has been
 * held at least once.
 */
async function holdSubscriptions(context: BrowserContext, operations: string[]) {
  const waiting: { send: () => void }[] = [];
  let released = false;
  const seen = new Set<string>();
  let allSeen: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    allSeen = resolve;
  });
  await context.routeWebSocket(/\/graphql$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString();
      const parsed = JSON.parse(text) as { type: string; payload?: { operationName?: string } };
      const name = parsed.type === 'subscribe' ? parsed.payload?.operationName : undefined;
      if (!released && name && operations.includes(name)) {
        waiting.push({ send: () => server.send(text) });
        seen.add(name);
        if (operations.every((o) => seen.has(o))) allSeen();
        return;
      }
      server.send(message);
    });
    server.onMessage((message) => ws.send(message));
  });
  return {
    held,
    release() {
      released = true;
      for (const w of waiting.splice(0)) w.send();
    },
  };
}

const token = (email: string) => login(app, email);

describe('a change between a page’s query and its subscription shows without a reload', () => {
  it('moderation queue: another moderator’s claim', async () => {
    const demo = await demoPlatform(app);
    const [campaign] = await em(app).execute<{ id: number }[]>(
      "select id from campaigns where name = 'Farm Hero bot — launch'",
    );
    const filed = await showcase(app, demo, { user: newPlayer({ first_name: 'Gap' }) }, '/reports', {
      body: { campaignId: campaign.id, reason: 'BROKEN', text: 'Filed before the page opened.' },
    });
    expect(filed.status).toBe(201);
    const id = String(filed.body.value.id);

    const b = await browser();
    const gate = await holdSubscriptions(b.context, ['PlayerReportChanged']);
    await signInTo(b.page, 'moderator@demo.local', '/moderation');
    const row = b.page.locator(`[data-testid="report-row"][data-report-id="${id}"]`);
    await row.getByTestId('claim-report').waitFor();
    await gate.held;
    await markDocument(b.page);

    const claimed = await app.api(`/v1/player-reports/${id}/claim`, {
      method: 'PATCH',
      token: await token('moderator2@demo.local'),
      body: {},
    });
    expect(claimed.status).toBe(200);
    // The page answered before the claim: it still offers Claim.
    expect(await row.getAttribute('data-status')).toBe('NEW');

    gate.release();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 5000 }).toBe('IN_REVIEW');
    expect(await row.getByTestId('claim-report').count()).toBe(0);
    expect(await notReloaded(b.page)).toBe(true);
    await screenshot(b.page, 'live-gap-01-moderation');
  });

  it('campaign page and balance chip: budget funded from the balance', async () => {
    const advToken = await token('advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token: advToken })).body.value.data as {
      id: number;
      projectId: number;
      name: string;
      budget: string;
    }[];
    const campaign = campaigns.find((c) => c.name === 'Farm Hero bot — launch')!;

    const b = await browser();
    const gate = await holdSubscriptions(b.context, ['CampaignStatsChanged', 'BalanceChanged']);
    await signInTo(b.page, 'advertiser@demo.local', '/advertiser/campaign');
    const row = b.page.locator(`[data-testid="campaign-row"][data-campaign-id="${campaign.id}"]`);
    const budget = row.getByTestId('campaign-budget');
    const chip = b.page.getByTestId('balance-chip');
    await budget.waitFor();
    await chip.waitFor();
    await gate.held;
    await markDocument(b.page);
    const budgetBefore = await budget.textContent();
    const chipBefore = await chip.textContent();

    const funded = await app.api(`/v1/projects/${campaign.projectId}/campaigns/${campaign.id}/payments`, {
      token: advToken,
      body: { value: '7.25' },
    });
    expect(funded.status).toBe(200);
    const budgetAfter = funded.body.value.budget as string;

    gate.release();
    await expect.poll(() => budget.textContent(), { timeout: 5000 }).toContain(budgetAfter);
    expect(budgetAfter).not.toBe(campaign.budget);
    await expect.poll(() => chip.textContent(), { timeout: 5000 }).not.toBe(chipBefore);
    expect(await budget.textContent()).not.toBe(budgetBefore);
    expect(await notReloaded(b.page)).toBe(true);
    await screenshot(b.page, 'live-gap-02-campaigns-and-balance');
  });

  it('swaps: the partner pauses the running swap', async () => {
    const pubToken = await token('publisher@demo.local');
    const deals = (await app.api('/v1/exchanges/deals', { token: pubToken })).body.value.data as {
      id: number;
      status: string;
    }[];
    const running = deals.find((d) => d.status === 'ACTIVE')!;
    expect(running).toBeTruthy();

    const b = await browser();
    const gate = await holdSubscriptions(b.context, ['DealUpdated']);
    await signInTo(b.page, 'advertiser@demo.local', '/exchange/swaps');
    const status = b.page.getByTestId('deal-card').first().getByTestId('exchange-status');
    await expect.poll(() => status.textContent()).toBe('Active');
    await gate.held;
    await markDocument(b.page);

    const paused = await app.api(`/v1/exchanges/deals/${running.id}/pause`, { method: 'PATCH', token: pubToken });
    expect(paused.status).toBe(200);

    gate.release();
    await expect.poll(() => status.textContent(), { timeout: 5000 }).toBe('Paused');
    expect(await notReloaded(b.page)).toBe(true);
    await screenshot(b.page, 'live-gap-03-swaps');
    await app.api(`/v1/exchanges/deals/${running.id}/resume`, { method: 'PATCH', token: pubToken });
  });

  it('statistics today: a conversion in the publisher’s app', async () => {
    const pubToken = await token('publisher@demo.local');
    const platforms = (await app.api('/v1/platforms', { token: pubToken })).body.value.data as { id: number }[];
    const demo = await demoPlatform(app);
    expect(platforms.map((p) => p.id)).toContain(demo.id);
    const advToken = await token('advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token: advToken })).body.value.data as {
      id: number;
      projectId: number;
      name: string;
    }[];
    const campaign = campaigns.find((c) => c.name === 'Farm Hero bot — launch')!;
    const secretKey = (await app.api(`/v1/projects/${campaign.projectId}`, { token: advToken })).body.value
      .secretKey as string;

    const b = await browser();
    const gate = await holdSubscriptions(b.context, ['StatisticsLive']);
    await signInTo(b.page, 'publisher@demo.local', '/publisher/statistics');
    const today = b.page.getByTestId('today-conversions');
    await expect.poll(() => today.textContent()).toMatch(/^\d+$/);
    await gate.held;
    await markDocument(b.page);
    const before = Number(await today.textContent());

    const platform = demo;
    const click = await start(app, platform, { user: newPlayer(), country: 'DE' }, campaign.id);
    const converted = await sdkConversion(app, secretKey, click.code);
    expect(converted.status).toBe(200);

    gate.release();
    await expect.poll(() => today.textContent(), { timeout: 5000 }).toBe(String(before + 1));
    expect(await notReloaded(b.page)).toBe(true);
    await screenshot(b.page, 'live-gap-04-statistics-today');
  });
});
