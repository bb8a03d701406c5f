import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { type TestBrowser, openBrowser, screenshot, signIn } from './browser';
import { tempPng, toast } from './projects-helpers';

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await app?.close();
});

/** The text of the option chosen in a service award select. */
function chosenAward(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((el) => {
    const select = el as HTMLSelectElement;
    return select.selectedOptions[0]?.textContent ?? '';
  });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

async function addAward(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add award', exact: true }).first().click();
  const dialog = page.getByTestId('award-dialog');
  await dialog.getByLabel('Award name').fill(title);
  await dialog.getByTestId('logo-input').setInputFiles(tempPng(`${title.toLowerCase()}.png`));
  await dialog.locator('img').first().waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: 'Add award', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator(`[data-testid="award-chip"][data-title="${title}"]`).waitFor({ state: 'visible' });
}

async function addServiceAward(page: Page, tab: string, row: number, award: string, quantity: string) {
  await openTab(page, tab);
  await page.getByRole('button', { name: `Add award to ${tab}` }).click();
  await page.getByLabel(`${tab} award ${row}`, { exact: true }).selectOption({ label: award });
  await page.getByLabel(`${tab} award ${row} quantity`, { exact: true }).fill(quantity);
}

async function cardMenu(page: Page, title: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('publisher apps in Chromium', () => {
  // One journey through every screen of an app (create, edit, key, code, statistics, phone, dark):
  // the longest end-to-end test, given twice the default time so a busy run does not cut it short.
  it('creates an app with awards and services, edits it, rotates its key and copies the showcase code', async () => {
    const browser = await openBrowser(app.url);
    browsers.push(browser);
    const { page, context } = browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });

    await signIn(page, 'publisher@demo.local');
    await page.waitForURL('**/publisher');
    await page.getByRole('heading', { name: 'My Apps' }).waitFor({ state: 'visible' });
    await page.locator('[data-testid="app-card"][data-title="Clicker Quest"]').waitFor({ state: 'visible' });
    await page.getByTestId('add-app-card').waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Show more Apps' }).count()).toBe(0);
    await screenshot(page, 'platforms-01-my-apps');

    // New App: 4 task types, spec messages on an empty submit.
    await page.getByTestId('add-app-card').click();
    await page.waitForURL('**/publisher/platforms/create');
    await page.getByRole('heading', { name: 'New App' }).waitFor({ state: 'visible' });
    await page.getByRole('tab', { name: 'Start Bot' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('tab').count()).toBe(4);
    await page.getByRole('button', { name: 'Create App' }).click();
    await toast(page, 'error', 'Fill in all fields correctly').waitFor({ state: 'visible' });
    await page.getByText('App name is required').waitFor({ state: 'visible' });
    await page.getByText('Platform logo is required').waitFor({ state: 'visible' });
    await page.getByText('Telegram bot link is required').waitFor({ state: 'visible' });
    await page.getByText('Web app URL is required').waitFor({ state: 'visible' });

    await page.getByLabel('App name').fill('Galaxy Farm');
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Telegram direct link').fill('@galaxy_farm_bot');
    await page.getByLabel('Web app URL').fill('http://galaxy.example');
    await page.getByRole('button', { name: 'Create App' }).click();
    await page.getByText('The link is not valid, it should start with https://', { exact: true }).waitFor();
    await page.getByLabel('Web app URL').fill('https://galaxy.example/app');
    await page.locator('form [data-testid="logo-input"]').setInputFiles(tempPng('galaxy.png'));
    await page.locator('form img').first().waitFor({ state: 'visible' });

    await addAward(page, 'Stars');
    await addAward(page, 'Crystals');
    await addServiceAward(page, 'Start Bot', 1, 'Stars', '100');
    await addServiceAward(page, 'Start Bot', 2, 'Crystals', '5');
    await addServiceAward(page, 'Channel', 1, 'Stars', '50');
    await addServiceAward(page, 'Chat', 1, 'Crystals', '3');
    await openTab(page, 'Visit Link');
    // The service toggles are on the edit screen only; the tiers say what the publisher earns.
    await page.getByTestId('service-panel-SMART_LINK').getByTestId('tier-earning').first().waitFor();
    expect(await page.getByText('Award the user in any case').count()).toBe(0);
    expect(await page.getByText('Disable task type display').count()).toBe(0);
    await page.getByRole('radiogroup', { name: 'Showcase theme' }).getByText('Dark', { exact: true }).click();
    const preview = page.getByTestId('showcase-preview');
    expect(await preview.getAttribute('data-theme')).toBe('dark');
    await preview.getByText('+100 Stars').waitFor({ state: 'visible' });
    await page.getByLabel('Reward callback URL').fill('https://galaxy.example/rewards');
    await screenshot(page, 'platforms-02-new-app');

    await page.getByRole('button', { name: 'Create App' }).click();
    await toast(page, 'success', 'The app has been created').waitFor({ state: 'visible' });
    await page.waitForURL('**/publisher');
    await page.locator('[data-testid="app-card"][data-title="Galaxy Farm"]').waitFor({ state: 'visible' });

    // Edit: reload and see it as saved.
    await cardMenu(page, 'Galaxy Farm', 'Edit');
    await page.waitForURL(/\/publisher\/platforms\/edit\/\d+$/);
    const id = /edit\/(\d+)$/.exec(page.url())?.[1];
    expect(id).toBeTruthy();
    const editUrl = `/publisher/platforms/edit/${id}`;
    await page.reload();
    await page.getByRole('heading', { name: 'Edit App' }).waitFor({ state: 'visible' });
    await page.getByRole('tab', { name: 'Custom' }).waitFor({ state: 'visible' });
    await expect.poll(() => page.getByLabel('App name').inputValue()).toBe('Galaxy Farm');
    expect(await page.getByLabel('Telegram direct link').inputValue()).toBe('https://t.me/galaxy_farm_bot');
    expect(await page.getByLabel('Telegram direct link').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Web app URL').inputValue()).toBe('https://galaxy.example/app');
    expect(await page.getByLabel('Reward callback URL').inputValue()).toBe('https://galaxy.example/rewards');
    expect(await page.getByLabel('Bot token').inputValue()).toBe('');
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Start Bot',
      'Channel',
      'Chat',
      'Visit Link',
      'Custom',
    ]);
    await openTab(page, 'Visit Link');
    await page.getByText('Award the user in any case').waitFor({ state: 'visible' });
    // The tier shows what the publisher earns (0.15 less the 20 % fee) and what the advertiser pays.
    const tier1 = page.getByTestId('service-panel-SMART_LINK').getByTestId('tier-row').first();
    expect(await tier1.getByTestId('tier-earning').textContent()).toBe('0.12 $');
    expect(await tier1.getByTestId('tier-price').textContent()).toBe('advertiser pays 0.15 $');
    await openTab(page, 'Start Bot');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await chosenAward(page, 'Start Bot award 1')).toBe('Stars');
    expect(await page.getByLabel('Start Bot award 1 quantity', { exact: true }).inputValue()).toBe('100');
    expect(await chosenAward(page, 'Start Bot award 2')).toBe('Crystals');
    expect(await chosenAward(page, 'Channel award 1')).toBe('Stars');
    expect(await page.getByLabel('Channel award 1 quantity', { exact: true }).inputValue()).toBe('50');
    expect(await chosenAward(page, 'Chat award 1')).toBe('Crystals');
    expect(await page.getByLabel('Visit Link award 1', { exact: true }).count()).toBe(0);

    // Rename an award: every service follows, before and after saving.
    await page.getByRole('button', { name: 'Edit award Stars' }).click();
    const dialog = page.getByTestId('award-dialog');
    await dialog.getByLabel('Award name').fill('Crystals');
    await dialog.getByRole('button', { name: 'Save award' }).click();
    await dialog.getByText('Award name must be unique').waitFor({ state: 'visible' });
    await dialog.getByLabel('Award name').fill('Gold Stars');
    await dialog.getByRole('button', { name: 'Save award' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await chosenAward(page, 'Start Bot award 1')).toBe('Gold Stars');
    expect(await chosenAward(page, 'Channel award 1')).toBe('Gold Stars');
    expect(await page.getByTestId('showcase-preview').getByText('+50 Gold Stars').count()).toBe(1);
    await openTab(page, 'Channel');
    await screenshot(page, 'platforms-03-edit-renamed');
    await page.getByRole('button', { name: 'Save App' }).click();
    await toast(page, 'success', 'The app has been updated').waitFor({ state: 'visible' });
    await page.waitForURL('**/publisher');

    await page.goto(editUrl);
    await page.getByRole('heading', { name: 'Edit App' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Edit award Gold Stars' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Edit award Stars' }).count()).toBe(0);
    expect(await chosenAward(page, 'Start Bot award 1')).toBe('Gold Stars');
    expect(await chosenAward(page, 'Channel award 1')).toBe('Gold Stars');
    expect(await chosenAward(page, 'Start Bot award 2')).toBe('Crystals');

    // Get API key → generate new (with the confirmation) → the key modal shows the new key.
    await page.goto('/publisher');
    await page.locator('[data-testid="app-card"][data-title="Galaxy Farm"]').waitFor({ state: 'visible' });
    await cardMenu(page, 'Galaxy Farm', 'Get API key');
    const keyDialog = page.getByTestId('platform-key-dialog');
    const keyInput = keyDialog.getByTestId('platform-api-key');
    await expect.poll(() => keyInput.inputValue()).not.toBe('');
    const oldKey = await keyInput.inputValue();
    expect(await keyInput.getAttribute('readonly')).not.toBeNull();
    await keyDialog.getByRole('button', { name: 'Generate new' }).click();
    const confirm = page.getByTestId('platform-regenerate-confirm');
    await confirm
      .getByText(
        'Are you sure you want to generate a new API key? The old key will stop working and so will your ad integrations.',
      )
      .waitFor({ state: 'visible' });
    await confirm.getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'success', 'API key successfully generated').waitFor({ state: 'visible' });
    await keyDialog.waitFor({ state: 'visible' });
    await expect.poll(() => keyInput.inputValue()).not.toBe(oldKey);
    expect(await keyInput.inputValue()).not.toBe('');
    await screenshot(page, 'platforms-04-api-key');
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await keyDialog.waitFor({ state: 'hidden' });

    // Get code: the real snippet for this platform, copied to the clipboard.
    await cardMenu(page, 'Galaxy Farm', 'Get code');
    const codeDialog = page.getByTestId('showcase-code-dialog');
    const code = (await codeDialog.getByTestId('showcase-code').textContent()) ?? '';
    expect(code).toContain('<div id="taskgram-showcase"></div>');
    expect(code).toContain(`<script src="${app.url}/showcase.js"></script>`);
    expect(code).toContain(`platformId: ${id},`);
    expect(code).toContain("container: document.getElementById('taskgram-showcase'),");
    expect(code).toContain('onLoad: () => {},');
    expect(code).toContain('onStartTask: (task) => {},');
    expect(code).toContain('onFinishTask: (task) => {},');
    await codeDialog.getByRole('button', { name: 'Copy code' }).click();
    await codeDialog.getByTestId('copy-done').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // The same app in a React component and a Vue template, around <taskgram-showcase>.
    for (const [tab, expected] of [
      ['React', `<taskgram-showcase ref={ref} data-platform-id="${id}" />`],
      ['Vue', `<taskgram-showcase data-platform-id="${id}" @finishtask="onFinish" />`],
    ] as const) {
      await codeDialog.getByRole('tab', { name: tab }).click();
      await expect.poll(() => codeDialog.getByTestId('showcase-code').textContent()).toContain(expected);
    }
    await screenshot(page, 'platforms-05-code');
    await codeDialog.getByRole('button', { name: 'Close' }).first().click();

    // App statistics before any conversion: every campaign the app can show, at zero.
    await page.goto(`/publisher/${id}/campaigns`);
    const rows = page.getByTestId('app-campaign-row');
    await rows.first().waitFor({ state: 'visible' });
    expect(await rows.count()).toBeGreaterThan(0);
    for (const completed of await page.getByTestId('app-campaign-completed').allTextContents()) {
      expect(completed).toBe('0');
    }
    expect(await page.getByText("You don't have any tasks").count()).toBe(0);
    await screenshot(page, 'platforms-06-app-statistics');

    // Mobile and dark mode: the edit screen still works in one column.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(editUrl);
    await page.getByRole('button', { name: 'Edit award Gold Stars' }).waitFor({ state: 'visible' });
    await page.getByRole('tab', { name: 'Start Bot' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Channel' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'platforms-07-edit-mobile-dark');
  }, 180_000);
});
