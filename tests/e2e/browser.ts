import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { timed } from '../helpers/timings.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

let shared: Promise<Browser> | null = null;

/**
 * Debian's Chromium, one per test worker: launching it takes seconds (far more on a busy
 * machine) and each test file opens several. Every openBrowser gets a context of its own, which
 * shares nothing with the others (cookies, storage, cache), as a separate profile did. The worker
 * ending ends the browser.
 */
function sharedChromium(): Promise<Browser> {
  // Playwright gives the browser a fresh temporary profile of its own and removes it after.
  shared ??= timed('chromium', () =>
    chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS }),
  ).then(
    (browser) => {
      browser.on('disconnected', () => {
        shared = null;
      });
      return browser;
    },
    (err) => {
      shared = null;
      throw err;
    },
  );
  return shared;
}

/**
 * A fresh browser context (its own storage) in the worker's Chromium, with one page open. It asks
 * for reduced motion, as some readers' systems do (the pages then animate nothing): a software-
 * rendered animation costs the two cores frames that prove nothing, and a click waits for no
 * drawer to settle. `motion: true` keeps the animations (tests/e2e/client.test.ts walks with them),
 * and `E2E_MOTION=1` keeps them in every file.
 */
export async function openBrowser(
  baseURL: string,
  viewport = { width: 1280, height: 860 },
  options: { userAgent?: string; motion?: boolean } = {},
): Promise<TestBrowser> {
  const { motion = process.env.E2E_MOTION === '1', ...rest } = options;
  const context = await timed('browser context', async () =>
    (await sharedChromium()).newContext({
      baseURL,
      viewport,
      reducedMotion: motion ? 'no-preference' : 'reduce',
      ...rest,
    }),
  );
  const page = await context.newPage();
  explainFailure(page);
  return {
    context,
    page,
    close: () => context.close(),
  };
}

/** Failure screenshots taken in this worker: each gets its own file. */
let failedPages = 0;

/**
 * Should the running test fail, the page it opened tells what it showed: a screenshot
 * (`failed-<test>.png`), its address and the last lines of its console and errors. A flake that
 * shows once in many runs is then readable from that one run.
 */
function explainFailure(page: Page): void {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > 40) lines.shift();
  };
  page.on('console', (m) => keep(`console.${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => keep(`page error: ${e.message.slice(0, 300)}`));
  // The API calls it made: a sign-in that "did nothing" shows here whether it was sent and answered.
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/'))
      keep(`${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()}`);
  });
  page.on('requestfailed', (r) => keep(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) keep(`navigated: ${f.url()}`);
  });
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      // One file per page the test opened (two pages of one test once overwrote each other's).
      const name = `failed-${task.name.replace(/[^\w]+/g, '-').slice(0, 60)}-${new URL(page.url()).pathname.replace(/[^\w]+/g, '-')}${++failedPages}`;
      await screenshot(page, name).catch(() => {});
      console.error(
        `[e2e] ${task.name} failed at ${page.url()} (test-results/screenshots/${name}.png)\n${lines.join('\n')}`,
      );
    });
  } catch {
    // Opened outside a test (a beforeAll): nothing to attach to.
  }
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

/**
 * Opens `path` in the app already loaded on `page`, as its own links do: the router's history
 * moves forward (pushState, then the popstate the router follows) and no document loads. A full
 * load costs Chromium and the server about four times the CPU of this (0.78 against 0.21
 * CPU-seconds a page, docs/development.md): a walk over every page checks the pages, and their
 * first load is checked where that is the point.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const index = (history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0;
    history.pushState({ __TSR_index: index + 1, key: Math.random().toString(36).slice(2) }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL(`**${path}`);
}

export async function signIn(page: Page, email: string, password = 'demo1234'): Promise<void> {
  await openPath(page, '/login');
  // By the fields' names: the page is in the language this browser chose (a test may set one).
  const form = page.locator('form[method=post]');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(password);
  await form.locator('button[type=submit]').click();
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
    async open(
      viewport?: { width: number; height: number },
      options?: { userAgent?: string; motion?: boolean },
    ): Promise<TestBrowser> {
      const b = await openBrowser(baseURL(), viewport, options);
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

/**
 * Chooses an item of the user menu (`item`: its test id) and waits for what it does (`done`).
 * A click on a just-opened menu's item is sometimes lost on a busy machine: the menu stays open
 * and nothing happens (seen in about one full run in five under load; the failure reports show
 * no request and no error, and the cause is not known yet). Then the menu is closed and the
 * choice made again, at most twice more, and said in the output, so the rate stays visible.
 */
export async function fromUserMenu(page: Page, item: string, done: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (!(await page.getByTestId(item).isVisible())) await page.getByTestId('user-menu').click();
    await page.getByTestId(item).click();
    const effect = done();
    // A later try's success leaves this one waiting: its own timeout must not fail the test.
    effect.catch(() => undefined);
    // The lost click's shape: the menu is still open a while later. A click that arrived closed
    // the menu, so its effect is waited for however slow the machine is.
    const stillOpen = () =>
      page
        .getByTestId(item)
        .waitFor({ state: 'hidden', timeout: 8_000 })
        .then(
          () => false,
          () => true,
        );
    if (attempt >= 3 || !(await stillOpen())) {
      await effect;
      return;
    }
    console.warn(`[e2e] the user menu's “${item}” did nothing (try ${attempt}): choosing it again`);
    await page.keyboard.press('Escape');
  }
}
