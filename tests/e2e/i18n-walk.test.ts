import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { login } from '../helpers/graphql';
import { browserPool, openInApp, openPath, screenshot, signIn } from './browser';
import { untranslatedEnglish } from '../../scripts/i18n-source';

/*
 * Every dashboard page as each role:
 * - in Lingui's pseudo-locale, no words the code writes outside the catalogs are on screen (the
 *   page's words are pseudolocalized, "Ŝéàŕçĥ", and the data is what it is);
 * - in Persian on a 390 px phone, the page reads right to left and does not scroll sideways.
 * The sign-in pages too, for a visitor without a session.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);
const PHONE = { width: 390, height: 844 };
const raw = untranslatedEnglish(process.cwd());

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});
afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

const ADVERTISER = [
  '/advertiser/projects',
  '/advertiser/campaign',
  '/advertiser/campaign/reports',
  '/advertiser/payments',
  '/exchange/swaps',
  '/exchange/catalog',
  '/exchange/incoming',
  '/exchange/outgoing',
  '/security',
  '/notifications',
];
const PUBLISHER = [
  '/publisher',
  '/publisher/platforms/create',
  '/publisher/statistics',
  '/publisher/payments',
  '/publisher/integrations',
];
const STAFF = ['/moderation', '/finance', '/staff', '/audit'];

/** The pages of an account: its static pages and the first of its projects or apps. */
async function pagesOf(email: string, paths: string[]): Promise<string[]> {
  const token = await login(app, email);
  if (email.startsWith('advertiser')) {
    const projects = (await app.api('/v1/projects', { token })).body.value.data;
    return [...paths, `/advertiser/projects/${projects[0].id}`];
  }
  if (email.startsWith('publisher')) {
    const apps = (await app.api('/v1/platforms', { token })).body.value.data;
    return [...paths, `/publisher/${apps[0].id}/campaigns`, `/publisher/platforms/edit/${apps[0].id}`];
  }
  return paths;
}

/** The visible text of the page (text nodes, placeholders and accessible names), one entry each. */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const shown = (el: Element | null) => !!el && (el as HTMLElement).checkVisibility?.() !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text && shown(node.parentElement)) out.push(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (!shown(el)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });

/**
 * Opens the page (by a full load, or `inApp` as the app's links do) and waits for its first
 * heading, then for its data (the skeletons gone).
 */
async function settle(page: Page, path: string, inApp = false) {
  await (inApp ? openInApp : openPath)(page, path);
  await page.locator('main h1').first().waitFor();
  // The data, where it comes (a page may keep a placeholder for what it never gets).
  await expect
    .poll(() => page.locator('main .chakra-skeleton').count(), { timeout: 3_000 })
    .toBe(0)
    .catch(() => undefined);
}

/** Texts that are English the code wrote outside the catalogs. */
function untranslated(texts: string[]): string[] {
  return [...new Set(texts.filter((text) => raw.has(text) || [...raw].some((r) => r.length > 24 && text.includes(r))))];
}

describe('the catalogs a browser loads', () => {
  /** The dashboard catalogs `page` asks for from now on. */
  const catalogRequests = (page: Page) => {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/messages-[\w-]+\.js/.test(r.url())) urls.push(new URL(r.url()).pathname);
    });
    return urls;
  };

  it('English: none, sign-in and dashboard (the code holds it); Russian: its own only', async () => {
    const english = (await browsers.open()).page;
    const englishCatalogs = catalogRequests(english);
    await signIn(english, 'advertiser@demo.local');
    await english.waitForURL(/\/advertiser\/projects$/);
    await settle(english, '/advertiser/campaign');
    expect(await english.locator('main h1').first().textContent()).toBe('Campaign');
    expect(englishCatalogs).toEqual([]);

    const russian = (await browsers.open()).page;
    await russian.addInitScript(() => localStorage.setItem('taskgram:language', 'ru'));
    const russianCatalogs = catalogRequests(russian);
    await signIn(russian, 'advertiser@demo.local');
    await russian.waitForURL(/\/advertiser\/projects$/);
    await settle(russian, '/advertiser/campaign');
    expect(await russian.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(new Set(russianCatalogs).size).toBe(1);
  });
});

describe('the language a request asks the server for', () => {
  it("is the page's, not the browser's: a request sent from /ru/register gets its decision in Russian", async () => {
    const { page } = await browsers.open();
    await page.goto('/ru/register');
    const form = page.locator('form');
    await form.locator('label:has(input[value=PUBLISHER])').click();
    const email = `ru-applicant-${Date.now()}@example.com`;
    await form.locator('input[name=name]').fill('Пётр');
    await form.locator('input[name=email]').fill(email);
    await form.locator('input[name=password]').fill('secret12');
    await form.locator('input[name=telegram]').fill('@petr_games');
    await form.locator('button[type=submit]').click();
    // (The browser's own languages are English.)
    expect(await page.evaluate(() => navigator.language)).toMatch(/^en/);
    const language = async () =>
      (
        await app.orm.em
          .fork()
          .getConnection()
          .execute<{ language: string }[]>('select language from registration_requests where email = ?', [email])
      )[0]?.language;
    await expect.poll(language, { timeout: 10_000 }).toBe('ru');
  });
});

/** The pages of a visitor without a session that the dashboard's catalog holds. */
const GUEST = ['/login', '/register', '/reset-password', '/reset-password/unknown-link', '/not-me#token'];

describe('the sign-in pages', () => {
  it("in the pseudo-locale: no words outside the catalogs, with the forms' own messages shown", async () => {
    const { page } = await browsers.open();
    await page.addInitScript(() => localStorage.setItem('taskgram:language', 'pseudo'));
    const left: Record<string, string[]> = {};
    for (const path of GUEST) {
      await page.goto(path);
      // Taken over by the app (at the first touch on the sign-in page; in the pseudo-locale,
      // the build's HTML being English).
      await page.locator('h1').first().hover();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pseudo');
      await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/[^\x20-\x7e]/);
      // Sent empty: each form's messages under its fields.
      const submit = page.locator('form button[type=submit]');
      if (await submit.count()) await submit.first().click();
      const found = untranslated(await visibleTexts(page));
      if (found.length) left[path] = found;
    }
    expect(left).toEqual({});
  });

  it('in Persian at 390 px: right to left, no sideways scroll', async () => {
    const { page } = await browsers.open(PHONE);
    // Chosen before: `/login` sends this browser to `/fa/login`; the others show in it.
    await page.addInitScript(() => localStorage.setItem('taskgram:language', 'fa'));
    const sideways: string[] = [];
    for (const path of GUEST) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) sideways.push(path);
    }
    expect(sideways).toEqual([]);
  });
});

describe.each([
  ['advertiser@demo.local', ADVERTISER],
  ['publisher@demo.local', PUBLISHER],
  ['moderator@demo.local', STAFF],
])('every page of %s', (email, paths) => {
  it('in the pseudo-locale: no words outside the catalogs', async () => {
    const { page } = await browsers.open();
    await signIn(page, email);
    await page.waitForURL(/\/(advertiser\/projects|publisher|moderation)$/);
    // From the next page on (the sign-in page's own walk is above: its HTML is built in the nine
    // languages, not in this one, so the app renders it anew, without what was typed).
    await page.addInitScript(() => localStorage.setItem('taskgram:language', 'pseudo'));
    const left: Record<string, string[]> = {};
    // The first page by a full load (the pseudo-locale is read then), the rest as its links open them.
    for (const [i, path] of (await pagesOf(email, paths)).entries()) {
      await settle(page, path, i > 0);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('pseudo');
      // A page's own heading is the catalog's, pseudolocalized: not the English it comes from.
      // (Polled: on a loaded machine the layout may show before the catalog, which waits at
      // most 5 s, and switch to it then.)
      if (paths.includes(path))
        await expect.poll(() => page.locator('main h1').first().textContent()).toMatch(/[^\x20-\x7e]/);
      const found = untranslated(await visibleTexts(page));
      if (found.length) left[path] = found;
    }
    await screenshot(page, `i18n-pseudo-${email.split('@')[0]}`);
    expect(left).toEqual({});
  });

  it('in Persian at 390 px: right to left, no sideways scroll', async () => {
    const { page } = await browsers.open(PHONE);
    await page.addInitScript(() => localStorage.setItem('taskgram:language', 'fa'));
    await signIn(page, email);
    await page.waitForURL(/\/(advertiser\/projects|publisher|moderation)$/);
    const sideways: string[] = [];
    for (const path of await pagesOf(email, paths)) {
      await settle(page, path, true);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'fa',
        'rtl',
      ]);
      if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) sideways.push(path);
    }
    await screenshot(page, `i18n-fa-phone-${email.split('@')[0]}`);
    expect(sideways).toEqual([]);
  });
});
