import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium with a fresh profile; each call is a separate browser (separate storage). */
export async function openBrowser(baseURL: string, viewport = { width: 1280, height: 860 }): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tg-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    baseURL,
    viewport,
    args: CHROMIUM_FLAGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot as a test artifact (test-results is not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Opens `path` by a full page load (public pages come as the build's HTML, the rest as the SPA). */
export async function openPath(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL(`**${path}`);
}

export async function signIn(page: Page, email: string, password = 'demo1234'): Promise<void> {
  await openPath(page, '/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in and opens `path` by a deep link (a full page load with the stored token). */
export async function signInTo(page: Page, email: string, path: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL(/\/(advertiser\/projects|publisher|moderation)$/);
  await page.goto(path);
  await page.waitForURL(`**${path}`);
}

/** A flag on the document: a reload would lose it (see notReloaded). */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });
}

/** True while the document marked by markDocument is still the one shown. */
export async function notReloaded(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload);
}

/** The browsers a test file opens against its app (`open`), all closed by `closeAll` in afterAll. */
export function browserPool(baseURL: () => string) {
  const opened: TestBrowser[] = [];
  return {
    async open(viewport?: { width: number; height: number }): Promise<TestBrowser> {
      const b = await openBrowser(baseURL(), viewport);
      opened.push(b);
      return b;
    },
    closeAll: () => Promise.all(opened.splice(0).map((b) => b.close())),
  };
}

/**
 * Waits for a live update: long enough that only a lost event fails it (a busy machine, both
 * cores taken, still shows one within seconds). How fast it is belongs to `npm run bench:live`,
 * which measures and prints it; a test prints what it saw.
 */
export const LIVE = { timeout: 15_000, interval: 50 };

/** Prints how long a live update took to show, from `since` (Date.now() at the server's answer). */
export function printLatency(what: string, since: number): void {
  console.log(`[live] ${what}: ${Date.now() - since} ms`);
}
