import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { login } from '../helpers/graphql';
import { browserPool, screenshot, signInTo } from './browser';

/*
 * Phones (390 px): a row's main action is in view without scrolling sideways (a card per row),
 * the quality card keeps its points, and the menu button says what waits inside it.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});
afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

/** Whether the element lies within the phone's width (no sideways scroll needed to reach it). */
async function withinWidth(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}

/** The page does not scroll sideways. */
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('phone layouts at 390 px', () => {
  it('campaign reports by app: each app’s quality and Exclude are in view', async () => {
    const advToken = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token: advToken })).body.value.data;
    const campaign = campaigns.find((c: { name: string }) => c.name === 'Crypto Daily News — launch');
    const { page } = await browsers.open(PHONE);
    await signInTo(page, 'advertiser@demo.local', '/advertiser/campaign/reports');
    await page.getByLabel('Campaign').selectOption(String(campaign.id));
    await page.getByTestId('group-APP').click();
    const row = page.getByTestId('report-row').first();
    await row.waitFor();
    await row.getByTestId('exclude-app').waitFor();
    expect(await withinWidth(row.getByTestId('exclude-app'))).toBe(true);
    expect(await withinWidth(row.getByTestId('report-quality'))).toBe(true);
    expect(await noSideways(page)).toBe(true);
    await screenshot(page, 'phone-01-reports-by-app');
  });

  it('the moderation queue: Claim is in view on each new report; the menu button counts what waits', async () => {
    const { page } = await browsers.open(PHONE);
    await signInTo(page, 'moderator@demo.local', '/moderation');
    const table = page.getByTestId('reports-table');
    await table.getByTestId('filter-status').selectOption('NEW');
    const row = table.locator('[data-testid="report-row"][data-status="NEW"]').first();
    await row.waitFor();
    expect(await withinWidth(row.getByTestId('claim-report'))).toBe(true);
    expect(await noSideways(page)).toBe(true);
    const badge = page.getByTestId('drawer-badge');
    await expect.poll(() => badge.textContent()).toMatch(/^[1-9]\d*$/);
    expect(await withinWidth(badge)).toBe(true);
    await screenshot(page, 'phone-02-moderation-queue');
    // The menu leads with the staff pages, in view without scrolling; no Add Funds for staff who do not advertise.
    await page.getByTestId('drawer-open').click();
    const staff = page.getByTestId('drawer-staff');
    await staff.getByRole('link', { name: /Moderation/ }).waitFor();
    for (const name of [/Moderation/, /Finance/, /Staff/, /Audit/]) {
      // (The drawer slides in from the side: polled until it is in place.)
      await expect.poll(() => withinWidth(staff.getByRole('link', { name }))).toBe(true);
      expect(await staff.getByRole('link', { name }).evaluate((e) => e.getBoundingClientRect().bottom)).toBeLessThan(
        PHONE.height,
      );
    }
    expect(await page.getByRole('link', { name: 'Add Funds', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await screenshot(page, 'phone-02b-staff-menu');
    await page.keyboard.press('Escape');
    await staff.waitFor({ state: 'hidden' });
    // The campaign review tab: Claim in view too.
    await page.getByRole('tab', { name: /Campaigns/ }).click();
    const review = page.locator('[data-testid="review-row"][data-status="MODERATION"]').first();
    await review.waitFor();
    expect(await withinWidth(review.getByTestId('claim-campaign'))).toBe(true);
    await screenshot(page, 'phone-03-campaign-review');
  });

  it('the app’s quality card keeps each component’s points', async () => {
    const studio = await login(app, 'studio@demo.local');
    const apps = (await app.api('/v1/platforms', { token: studio })).body.value.data as { id: number; title: string }[];
    const poor = apps.find((a) => a.title === 'Coin Storm')!;
    const { page } = await browsers.open(PHONE);
    await signInTo(page, 'studio@demo.local', `/publisher/${poor.id}/campaigns`);
    const points = page.getByTestId('app-quality').getByTestId('quality-points');
    await expect.poll(() => points.count()).toBeGreaterThan(0);
    for (const p of await points.all()) {
      expect(await p.isVisible()).toBe(true);
      expect(await withinWidth(p)).toBe(true);
    }
    expect(await noSideways(page)).toBe(true);
    await screenshot(page, 'phone-04-quality-card');
  });

  it('the API reference is laid out for the phone', async () => {
    const { page } = await browsers.open(PHONE);
    await page.goto('/api/reference/');
    await page.locator('.swagger-ui').first().waitFor();
    expect(await page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
    await screenshot(page, 'phone-05-api-reference');
  });
});
