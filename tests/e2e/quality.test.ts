import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
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

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers: TestBrowser[] = [];

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
  await app?.close();
});

describe('traffic quality in Chromium', () => {
  it('the advertiser excludes an app from a report row; the publisher’s page shows one more exclusion without reload', async () => {
    const studio = await login(app, 'studio@demo.local');
    const apps = (await app.api('/v1/platforms', { token: studio })).body.value.data as { id: number; title: string }[];
    const poor = apps.find((a) => a.title === 'Coin Storm')!;
    const advToken = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token: advToken })).body.value.data;
    const campaign = campaigns.find((c: { name: string }) => c.name === 'Crypto Daily News — launch');

    // The publisher's app page: the score, what lowers it, and no exclusion yet.
    const publisher = await browser();
    await signInTo(publisher.page, 'studio@demo.local', `/publisher/${poor.id}/campaigns`);
    const card = publisher.page.getByTestId('app-quality');
    await expect.poll(() => card.getByTestId('quality-score').textContent()).toBe('49 / 100');
    expect(await card.getByTestId('quality-advice').textContent()).toContain('retention');
    await expect.poll(() => card.getByTestId('quality-exclusions').textContent()).toBe('Excluded by 0 campaigns');
    await markDocument(publisher.page);
    await screenshot(publisher.page, 'quality-01-publisher-app');

    // The advertiser's report by app for one campaign: each app's score, and the row's action.
    const advertiser = await browser();
    await signInTo(advertiser.page, 'advertiser@demo.local', '/advertiser/campaign/reports');
    await advertiser.page.getByLabel('Campaign').selectOption(String(campaign.id));
    await advertiser.page.getByTestId('group-APP').click();
    const row = advertiser.page.locator(`[data-testid="report-row"][data-day="${poor.id}"]`);
    await expect.poll(() => row.getByTestId('report-quality').textContent()).toBe('49 / 100');
    await screenshot(advertiser.page, 'quality-02-advertiser-report');
    const sentAt = Date.now();
    await row.getByRole('button', { name: 'Exclude Coin Storm from this campaign' }).click();

    // The publisher sees one more exclusion, live; never whose.
    await expect.poll(() => card.getByTestId('quality-exclusions').textContent(), LIVE).toBe('Excluded by 1 campaign');
    printLatency('an exclusion on the publisher’s quality card', sentAt);
    expect(await notReloaded(publisher.page)).toBe(true);
    await row.getByRole('button', { name: 'Include Coin Storm again in this campaign' }).waitFor();
    await advertiser.page.getByTestId('excluded-app').filter({ hasText: 'Coin Storm' }).waitFor();
    await screenshot(advertiser.page, 'quality-03-advertiser-excluded');
    await screenshot(publisher.page, 'quality-04-publisher-excluded');

    // Including it again from the list: back to none.
    await advertiser.page.getByRole('button', { name: 'Include Coin Storm again', exact: true }).click();
    await expect.poll(() => card.getByTestId('quality-exclusions').textContent(), LIVE).toBe('Excluded by 0 campaigns');
  });
});
