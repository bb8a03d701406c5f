import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../fakes/telegram-bot-api';
import { startTestApp } from '../helpers/app';
import { type TestBrowser, openBrowser, screenshot, signIn } from './browser';
import { resourceRow, sendSdkEvent, tempPng, toast } from './projects-helpers';

/** next-themes' storage key (client/components/ui/provider.tsx). */
const THEME_KEY = 'theme';

let app: Awaited<ReturnType<typeof startTestApp>>;
let fake: FakeBotApi;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  fake = await startFakeBotApi({
    chats: [{ username: 'wg_daily_news', type: 'channel', title: 'WG Daily News', photo: true }],
  });
  app = await startTestApp({
    demo: true,
    serveClient: true,
    env: { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_URL: fake.url },
  });
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await app?.close();
  await fake?.close();
});

describe('advertiser projects in Chromium', () => {
  it('creates a project from a link search, rotates the key, verifies a bot live and deletes a resource', async () => {
    const login = await app.api('/v1/auth/login', { body: { email: 'advertiser@demo.local', password: 'demo1234' } });
    expect(login.status).toBe(200);
    const token: string = login.body.value.accessToken;

    const browser = await openBrowser(app.url);
    browsers.push(browser);
    const { page } = browser;
    await signIn(page, 'advertiser@demo.local');
    await page.waitForURL('**/advertiser/projects');
    await page.getByTestId('add-project-card').waitFor({ state: 'visible' });
    await screenshot(page, 'projects-01-list');

    // New project: one empty custom resource, details hidden until a search result.
    await page.getByTestId('add-project-card').click();
    const dialog = page.getByTestId('project-dialog');
    await dialog.getByText('New project').waitFor({ state: 'visible' });
    expect(await dialog.getByTestId('resource-form').count()).toBe(1);
    expect(await dialog.getByLabel('Resource name').count()).toBe(0);

    // Submitting empty shows the spec's messages.
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await toast(page, 'error', 'Required fields are not filled in').waitFor({ state: 'visible' });
    await dialog.getByText('Project name is required').waitFor({ state: 'visible' });
    await dialog.getByText('Category is required').waitFor({ state: 'visible' });
    await dialog.getByText('Resource url is required').waitFor({ state: 'visible' });

    await dialog.getByLabel('Project name').fill('Daily News Promo');
    await dialog.getByLabel('Category').selectOption({ index: 1 });
    await dialog.getByLabel('Link', { exact: true }).fill('@wg_daily_news');
    await dialog.getByRole('button', { name: 'Search' }).click();
    // The fake Bot API answers getChat with a channel and its photo: title, logo and type are filled.
    await expect.poll(() => dialog.getByLabel('Resource name').inputValue()).toBe('WG Daily News');
    expect(await dialog.getByLabel('Link', { exact: true }).inputValue()).toBe('https://t.me/wg_daily_news');
    await expect
      .poll(() =>
        dialog
          .getByRole('radio', { name: 'Channel' })
          .isChecked({ timeout: 1000 })
          .catch(() => false),
      )
      .toBe(true);
    await dialog.locator('[data-testid="resource-form"] img').first().waitFor({ state: 'visible' });
    expect(fake.callsOf('getChat').length).toBeGreaterThan(0);
    expect(fake.downloads.length).toBeGreaterThan(0);
    await page.waitForTimeout(400); // let the dialog finish its entry animation
    await screenshot(page, 'projects-02-new-project');

    // The create carries an Idempotency-Key (a double click or a retry creates one project).
    const createRequest = page.waitForRequest(
      (r) => r.postData()?.includes('"operationName":"CreateProject"') ?? false,
    );
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    expect((await createRequest).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    const created = page.getByTestId('project-created-dialog');
    await created.getByText('Project created').waitFor({ state: 'visible' });
    await created.getByText('Go to Projects').waitFor({ state: 'visible' });
    // A channel-only project is told the step a channel needs (the system bot, by its name), not to install an SDK.
    expect(await created.getByTestId('project-created-advice').textContent()).toMatch(
      /^Channels and chats need no code: make (@\w+|our system bot) an administrator there/,
    );
    expect(await created.getByTestId('project-created-next').textContent()).toMatch(/^Next: start a campaign/);
    await page.waitForTimeout(400); // let the dialog finish its entry animation
    await screenshot(page, 'projects-03-created');
    await created.getByText('Add the bot').click();
    // The project opens with the new resource's SDK details (then the address drops ?sdk).
    const sdkDialog = page.getByRole('dialog', { name: 'SDK details' });
    await sdkDialog.getByText('WG Daily News').waitFor({ state: 'visible' });
    await page.waitForURL(/\/advertiser\/projects\/\d+$/);
    await screenshot(page, 'projects-03b-set-up-sdk');
    await sdkDialog.getByRole('button', { name: 'Close' }).first().click();
    await sdkDialog.waitFor({ state: 'hidden' });
    const projectId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => page.getByTestId('project-title').textContent()).toBe('Daily News Promo');
    await resourceRow(page, 'WG Daily News').waitFor({ state: 'visible' });
    // Not checked yet: not set up (no red failure before any check).
    // A channel: what it needs in its own words (the spec's Check SDK button stays).
    await resourceRow(page, 'WG Daily News').getByText('Bot not an admin yet').waitFor({ state: 'visible' });

    // API key: read-only, then 'Generate new' with the confirmation; the key modal reopens.
    await page.getByRole('button', { name: 'API key' }).click();
    const keyDialog = page.getByTestId('api-key-dialog');
    await keyDialog.getByText('Use this API key for all resources within a project').waitFor({ state: 'visible' });
    await expect.poll(() => keyDialog.getByTestId('api-key').inputValue()).not.toBe('');
    const oldKey = await keyDialog.getByTestId('api-key').inputValue();
    expect(await keyDialog.getByTestId('api-key').getAttribute('readonly')).not.toBeNull();
    await keyDialog.getByRole('button', { name: 'Generate new' }).click();
    const confirm = page.getByTestId('regenerate-confirm');
    await confirm
      .getByText(
        'Are you sure you want to generate a new API key? The old key will stop working and so will your ad integrations.',
      )
      .waitFor({ state: 'visible' });
    await page.waitForTimeout(400); // let the dialog finish its entry animation
    await screenshot(page, 'projects-04-regenerate-confirm');
    await confirm.getByRole('button', { name: 'Generate', exact: true }).click();
    await toast(page, 'success', 'API key successfully generated').waitFor({ state: 'visible' });
    await confirm.waitFor({ state: 'hidden' });
    await keyDialog.waitFor({ state: 'visible' });
    await expect.poll(() => keyDialog.getByTestId('api-key').inputValue()).not.toBe(oldKey);
    const newKey = await keyDialog.getByTestId('api-key').inputValue();
    expect(newKey).toMatch(/\S{16,}/);
    // The old key is refused at once; the new one is accepted (an unknown code is a 404, not a 401).
    expect(await sendSdkEvent(app.url, oldKey, 'nope')).toBe(401);
    expect(await sendSdkEvent(app.url, newKey, 'nope')).toBe(404);
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await keyDialog.waitFor({ state: 'hidden' });

    // A bot resource: a failed search first (toast; a name not ending in "bot" is taken for a channel), then the bot's link.
    await page.getByRole('button', { name: 'Add New Resource' }).first().click();
    const resourceDialog = page.getByRole('dialog', { name: 'New advertising resource' });
    await resourceDialog.waitFor({ state: 'visible' });
    const link = resourceDialog.getByLabel('Link', { exact: true });
    await link.fill('@no_such_channel');
    await link.press('Enter');
    await toast(page, 'error', 'Resource not found. Please fill in the fields yourself').waitFor({ state: 'visible' });
    await expect.poll(() => resourceDialog.getByRole('radio', { name: 'Channel' }).isChecked()).toBe(true);
    await link.fill('@wg_shop_bot');
    await resourceDialog.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => resourceDialog.getByLabel('Resource name').inputValue()).toBe('wg_shop_bot');
    await resourceDialog.getByLabel('Resource name').fill('WG Shop Bot');
    await resourceDialog.getByTestId('logo-input').setInputFiles(tempPng());
    await resourceDialog.locator('img[src^="/media/"]').first().waitFor({ state: 'visible' });
    await page.waitForTimeout(400); // let the dialog finish its entry animation
    await screenshot(page, 'projects-05-new-resource');
    await resourceDialog.getByRole('button', { name: 'Create resource' }).click();
    await toast(page, 'success', 'The resource has been successfully created').waitFor({ state: 'visible' });
    const botRow = resourceRow(page, 'WG Shop Bot');
    await botRow.getByText('SDK not set up').waitFor({ state: 'visible' });
    expect(await botRow.getByText('SDK Failed').count()).toBe(0);

    // Check SDK on the unverified bot: re-reads the task and reports failure.
    await botRow.getByRole('button', { name: 'Check SDK' }).click();
    await toast(page, 'error', 'SDK not activated').waitFor({ state: 'visible' });
    await botRow.getByText('SDK Failed').waitFor({ state: 'visible' });

    // The details modal shows the verification link and the HTTP call with the real key and code.
    const tasks = await app.api(`/v1/projects/${projectId}/tasks?page=1&limit=10`, { token });
    const bot = tasks.body.value.data.find((t: { type: string }) => t.type === 'BOT');
    expect(bot.verificationCode).toBeTruthy();
    await botRow.getByRole('button', { name: 'How to set up the SDK for WG Shop Bot' }).click();
    const details = page.getByTestId('sdk-details-dialog');
    await details.getByTestId('verification-link').waitFor({ state: 'visible' });
    expect(await details.getByTestId('verification-link').textContent()).toContain(`wg_vf_${bot.verificationCode}`);
    await expect.poll(() => details.getByTestId('sdk-http-example').textContent()).toContain(newKey);
    expect(await details.getByTestId('sdk-http-example').textContent()).toContain(bot.verificationCode);
    await page.waitForTimeout(400); // let the dialog finish its entry animation
    await screenshot(page, 'projects-06-sdk-details');
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();
    await details.waitFor({ state: 'hidden' });

    // The bot sends its verification from outside the browser: the row flips live, no reload.
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    expect(await sendSdkEvent(app.url, newKey, bot.verificationCode)).toBe(200);
    await botRow.getByRole('button', { name: 'SDK Active' }).waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await screenshot(page, 'projects-07-sdk-active');

    // Delete the channel resource with the warning.
    await resourceRow(page, 'WG Daily News').getByRole('button', { name: 'Actions for WG Daily News' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const del = page.getByTestId('delete-resource-dialog');
    await del.getByText('all advertising campaigns are deleted along with the resource').waitFor({ state: 'visible' });
    await del.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'success', 'Resource successfully deleted').waitFor({ state: 'visible' });
    await resourceRow(page, 'WG Daily News').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('resource-row').count()).toBe(1);

    // Back on My Projects the card counts what is left.
    await page.getByRole('link', { name: 'My Projects' }).first().click();
    await page.waitForURL('**/advertiser/projects');
    const card = page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
    await expect.poll(() => card.getByTestId('resources-count').textContent()).toBe('Resources: 1');
    await screenshot(page, 'projects-08-list-after');

    // Phone width: the resources are cards, nothing cut off, the row menu and Campaign in view.
    const phone = await openBrowser(app.url, { width: 390, height: 844 });
    browsers.push(phone);
    await signIn(phone.page, 'advertiser@demo.local');
    await phone.page.waitForURL('**/advertiser/projects');
    // Dark mode on the phone (next-themes reads its key on load).
    await phone.page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_KEY);
    await phone.page.goto(`/advertiser/projects/${projectId}`);
    const resourceCard = resourceRow(phone.page, 'WG Shop Bot');
    await resourceCard.waitFor({ state: 'visible' });
    expect(await phone.page.getByTestId('resource-table').count()).toBe(0);
    // Every part of the resourceCard is inside the screen, the full name is shown, not cut.
    for (const part of [
      resourceCard,
      resourceCard.getByRole('button', { name: 'Actions for WG Shop Bot' }),
      resourceCard.getByTestId('campaign-cell'),
      resourceCard.getByTestId('sdk-cell'),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    const title = resourceCard.getByText('WG Shop Bot', { exact: true });
    expect(await title.evaluate((t) => t.scrollWidth <= t.clientWidth)).toBe(true);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone.page, 'projects-09-mobile-dark');
  });
});
