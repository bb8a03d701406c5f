import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { login } from '../helpers/graphql';
import { browserPool, screenshot, signInTo } from './browser';

/** What a newcomer meets: the campaign update modal, cards that open, the docs. */

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

describe('a newcomer’s walkthrough', () => {
  it('edits a campaign from its row menu: name, daily cap and price are saved', async () => {
    const token = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token })).body.value.data as {
      id: number;
      projectId: number;
      name: string;
    }[];
    const campaign = campaigns.find((c) => c.name === 'Farm Hero bot — launch')!;

    const { page } = await browser();
    await signInTo(page, 'advertiser@demo.local', '/advertiser/campaign');
    const row = page.locator(`[data-testid="campaign-row"][data-campaign-id="${campaign.id}"]`);
    await row.getByRole('button', { name: `Actions for ${campaign.name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit campaign' }).click();
    const dialog = page.getByTestId('edit-campaign-dialog');
    const name = dialog.getByLabel(/Campaign name/);
    await expect.poll(() => name.inputValue()).toBe(campaign.name);
    // No initial budget here: money moves with Add budget and Return budget.
    expect(await dialog.getByLabel(/Initial budget/).count()).toBe(0);
    await name.fill('Farm Hero bot — autumn');
    await dialog.getByLabel(/Daily cap/).fill('40');
    await dialog.getByRole('textbox', { name: 'Tier 1', exact: true }).fill('0.2');
    await screenshot(page, 'walkthrough-01-edit-campaign');
    await dialog.getByRole('button', { name: 'Save campaign' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Farm Hero bot — autumn').first().waitFor();

    const saved = (await app.api(`/v1/projects/${campaign.projectId}/campaigns/${campaign.id}`, { token })).body.value;
    expect(saved).toMatchObject({ name: 'Farm Hero bot — autumn', dailyCap: 40 });
    expect(saved.prices.find((p: { tierLevel: number }) => p.tierLevel === 1).value).toBe(0.2);
  });

  it('a project card opens the project anywhere on it, not only by its arrow', async () => {
    const { page } = await browser({ width: 390, height: 844 });
    await signInTo(page, 'advertiser@demo.local', '/advertiser/projects');
    const card = page.getByTestId('project-card').first();
    const id = await card.getAttribute('data-project-id');
    const box = (await card.boundingBox())!;
    // The card's lower left: neither its title nor its arrow.
    await page.mouse.click(box.x + 12, box.y + box.height - 12);
    await page.waitForURL(`**/advertiser/projects/${id}`);
  });

  it('the footer’s Knowledge base opens the rendered guide; the reference is Swagger UI', async () => {
    const { context, page } = await browser();
    await signInTo(page, 'publisher@demo.local', '/publisher/integrations');
    const opened = context.waitForEvent('page');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Knowledge base' }).click();
    const guide = await opened;
    await guide.waitForLoadState();
    expect(new URL(guide.url()).pathname).toBe('/api/guide');
    await guide.getByRole('heading', { name: /Integration guide/ }).waitFor();
    await guide.getByRole('heading', { name: /Check the signature/ }).waitFor();
    await screenshot(guide, 'walkthrough-02-guide');
    await guide.getByRole('link', { name: 'API reference' }).first().click();
    await guide.waitForURL('**/api/reference**');
    await guide.locator('.swagger-ui .opblock').first().waitFor({ timeout: 15_000 });
    await screenshot(guide, 'walkthrough-03-reference');
  });
});
