import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages';
import { startTestApp } from '../helpers/app';
import { browserPool } from './browser';

/*
 * The public pages in the nine languages: the build renders the landing page, its FAQ
 * and the policies in each (`/`, `/ru/`, `/ru/privacy-policy`, …), in the language's direction,
 * within the landing page's budget, each naming the others for search engines (hreflang, in the
 * Link header: absolute addresses); a switcher on them goes to the same page in another language,
 * and `/` sends a first visit to the language it chose before, or its browser's. The sign-in
 * pages the same (`/ru/login`), taken over by the app in their language.
 */
const LANDING_BUDGET_BYTES = 60 * 1024;
const PAGES = ['/', '/privacy-policy', '/user-agreement'];
/** The sign-in pages, built in every language too; the app takes them over. */
const AUTH_PAGES = ['/login', '/register', '/reset-password'];
/** The sign-in page's heading in each language, as the dashboard's catalog says it. */
const SIGN_IN: Record<string, string> = {
  en: 'Sign in',
  ru: 'Войти',
  uk: 'Увійти',
  es: 'Iniciar sesión',
  pt: 'Entrar',
  tr: 'Giriş yap',
  id: 'Masuk',
  fa: 'ورود',
  ar: 'تسجيل الدخول',
};
/** Each language's first heading of the landing page, as its catalog says it. */
const HEADINGS: Record<string, string> = {
  en: 'Real users for Telegram apps.',
  ru: 'Реальные пользователи для приложений Telegram.',
  fa: 'کاربران واقعی برای برنامه‌های تلگرام.',
  ar: 'مستخدمون حقيقيون لتطبيقات تيليجرام.',
};
const pathIn = (page: string, language: string) =>
  language === 'en' ? page : page === '/' ? `/${language}/` : `/${language}${page}`;

/** The page as sent (brotli, as a browser asks), its bytes not decoded (fetch would decode them). */
function getBrotli(url: string): Promise<{ status: number; link: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, link: String(res.headers.link ?? ''), body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);
beforeAll(async () => {
  app = await startTestApp({ serveClient: true });
});
afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

describe('the public pages in every language', () => {
  it('are HTML in the language and its direction, within the budget, naming each other by hreflang', async () => {
    for (const language of LANGUAGES) {
      for (const page of PAGES) {
        const path = pathIn(page, language);
        const res = await getBrotli(`${app.url}${path}`);
        expect(res.status, path).toBe(200);
        const compressed = res.body;
        const html = brotliDecompressSync(compressed).toString('utf8');
        const dir = language === 'fa' || language === 'ar' ? 'rtl' : 'ltr';
        expect(html, path).toContain(`<html lang="${language}" dir="${dir}"`);
        expect(html, path).not.toMatch(/<script[^>]*\bsrc=/);
        if (page === '/') {
          expect(compressed.length, path).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
          if (HEADINGS[language]) expect(html, path).toContain(HEADINGS[language]);
        }
        // Every version, absolute, and English as the default; the same list on each of them.
        const links = res.link;
        for (const other of LANGUAGES)
          expect(links, path).toContain(`<${app.url}${pathIn(page, other)}>; rel="alternate"; hreflang="${other}"`);
        expect(links, path).toContain(`<${app.url}${page}>; rel="alternate"; hreflang="x-default"`);
        // Its links stay in its language.
        if (language !== 'en') expect(html, path).toContain(`href="/${language}/privacy-policy"`);
      }
    }
  });

  it('in Persian: right to left on a phone, no sideways scroll; the switcher goes to the same page in Russian and is kept for /', async () => {
    const { page } = await browsers.open({ width: 390, height: 844 });
    await page.goto('/fa/privacy-policy');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('سیاست حریم خصوصی');
    await page.getByTestId('language-links').click();
    await page.locator('a[data-language="ru"]').click();
    await page.waitForURL('**/ru/privacy-policy');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await page.evaluate(() => localStorage.getItem('taskgram:language'))).toBe('ru');
    // The landing page's own address sends this browser to the language it chose.
    await page.goto('/');
    await page.waitForURL('**/ru/');
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(HEADINGS.ru);
    // English chosen: / stays English.
    await page.getByTestId('language-links').click();
    await page.locator('a[data-language="en"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/');
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(HEADINGS.en);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('the sign-in pages: HTML in each language, its catalog preloaded (English: none), naming each other by hreflang', async () => {
    for (const language of LANGUAGES) {
      for (const page of AUTH_PAGES) {
        const path = pathIn(page, language);
        const res = await getBrotli(`${app.url}${path}`);
        expect(res.status, path).toBe(200);
        const html = brotliDecompressSync(res.body).toString('utf8');
        const dir = language === 'fa' || language === 'ar' ? 'rtl' : 'ltr';
        expect(html, path).toContain(`<html lang="${language}" dir="${dir}"`);
        expect(html, path).toContain(`data-prerendered="${path}"`);
        // Its language's catalog, and no other: the page waits for it before the app takes over.
        // English has none: the code holds it.
        const catalogs = html.match(/\/assets\/messages-[\w-]+\.js/g) ?? [];
        expect(catalogs, path).toHaveLength(language === 'en' ? 0 : 1);
        if (page === '/login') expect(html, path).toMatch(new RegExp(`<h1[^>]*>${SIGN_IN[language]}</h1>`));
        for (const other of LANGUAGES)
          expect(res.link, path).toContain(`<${app.url}${pathIn(page, other)}>; rel="alternate"; hreflang="${other}"`);
      }
    }
  });

  it("/fa/login on a phone: right to left, the form's and the server's messages in Persian, its links kept in it", async () => {
    const { page } = await browsers.open({ width: 390, height: 844 });
    const errors: string[] = [];
    // (The wrong password's 401 is what the test asks for.)
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('401') && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/fa/login');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'fa',
      'rtl',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // Sent empty: the client's own messages, in Persian.
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.getByText('ایمیل خود را وارد کنید').count()).toBe(1);
    // A wrong password: the server's message, in Persian by its code.
    await page.locator('input[name=email]').fill('nobody@demo.local');
    await page.locator('input[name=password]').fill('wrong123');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.getByText('ایمیل یا رمز عبور نادرست است').count(), { timeout: 10_000 }).toBe(1);
    // Its link to registration stays in Persian.
    await page.locator('a[href="/fa/register"]').first().click();
    await page.waitForURL('**/fa/register');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('درخواست دسترسی');
    expect(errors).toEqual([]);
  });

  it('sends /login to the language this browser chose, keeping what it asked for; English chosen stays', async () => {
    const { page, context } = await browsers.open({ width: 1280, height: 800 });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'languages', { get: () => ['ru-RU', 'en'] });
    });
    await page.goto('/login?redirect=%2Fpublisher');
    await page.waitForURL('**/ru/login?redirect=%2Fpublisher');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(SIGN_IN.ru);
    await page.getByTestId('language-links').click();
    await page.locator('a[data-language="en"]').click();
    // The address is what this checks (the heading follows): not the whole page's load, which a
    // loaded CI machine once took past 30 s to finish.
    await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit', timeout: 60_000 });
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(SIGN_IN.en);
    await page.goto('/register');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Request access');
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it("sends a first visit from / to its browser's language", async () => {
    const { page, context } = await browsers.open({ width: 1280, height: 800 });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'languages', { get: () => ['ar-EG', 'en'] });
    });
    await page.goto('/');
    await page.waitForURL('**/ar/');
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(HEADINGS.ar);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it("sends the policies' English addresses to the browser's language too", async () => {
    const { page, context } = await browsers.open({ width: 1280, height: 800 });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'languages', { get: () => ['ru-RU', 'en'] });
    });
    await page.goto('/privacy-policy');
    await page.waitForURL('**/ru/privacy-policy');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
  });
});
