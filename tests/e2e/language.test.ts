import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { login } from '../helpers/graphql';
import { browserPool, fromUserMenu, screenshot, signIn } from './browser';

/**
 * The dashboard's language (the signed-in layout's words): chosen once in
 * the user menu, shown at once, kept on the account for every device; Persian turns the layout
 * right to left; signed out, the sign-in page stays in the language chosen.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});

afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

const html = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const saved = async () =>
  (await app.api('/v1/users/self', { token: await login(app, 'publisher@demo.local') })).body.value.language;

/** The user menu's Language, then a language in the dialog it opens (which closes once saved). */
async function chooseLanguage(page: Page, language: string) {
  const dialog = page.getByTestId('language-dialog');
  await fromUserMenu(page, 'language-menu', () => dialog.waitFor());
  await dialog.getByTestId(`language-${language}`).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the dashboard in the reader’s language', () => {
  it('Persian from the user menu: at once, right to left, kept on the account for another device', async () => {
    const laptop = await browsers.open();
    await signIn(laptop.page, 'publisher@demo.local');
    await laptop.page.waitForURL(/\/publisher$/);
    await expect.poll(() => html(laptop.page)).toEqual({ lang: 'en', dir: 'ltr' });
    const sections = laptop.page.getByRole('navigation', { name: 'Sections' });
    // At once after sign-in, while the page still settles (a submenu closed itself here).

    await chooseLanguage(laptop.page, 'fa');
    await expect.poll(() => html(laptop.page)).toEqual({ lang: 'fa', dir: 'rtl' });
    const persianSections = laptop.page.getByRole('navigation', { name: 'بخش‌ها' });
    await persianSections.getByRole('link', { name: 'برنامه‌های من' }).waitFor();
    expect(await persianSections.getByRole('link', { name: 'برداشت وجه' }).count()).toBe(1);
    // The page's own heading too.
    await laptop.page.getByRole('heading', { level: 1, name: 'برنامه‌های من' }).waitFor();
    await expect.poll(saved).toBe('fa');
    // The tabs read from the right: the first tab is right of the second.
    const first = await persianSections.getByRole('link').nth(0).boundingBox();
    const second = await persianSections.getByRole('link').nth(1).boundingBox();
    expect(first!.x).toBeGreaterThan(second!.x);
    await screenshot(laptop.page, 'language-01-persian-desktop');

    // Kept: a reload shows Persian from the first paint of the layout.
    await laptop.page.reload();
    await persianSections.getByRole('link', { name: 'برنامه‌های من' }).waitFor();
    expect(await html(laptop.page)).toEqual({ lang: 'fa', dir: 'rtl' });

    // Another device, never used here: the account's choice.
    const phone = await browsers.open({ width: 390, height: 844 });
    await signIn(phone.page, 'publisher@demo.local');
    await phone.page.waitForURL(/\/publisher$/);
    await expect.poll(() => html(phone.page)).toEqual({ lang: 'fa', dir: 'rtl' });
    await phone.page.getByRole('button', { name: 'باز کردن منو' }).click();
    await phone.page.getByRole('button', { name: 'خروج' }).waitFor();
    expect(await noSideways(phone.page)).toBe(true);
    await screenshot(phone.page, 'language-02-persian-phone-drawer');
    // The phone's own way to the languages: the drawer's Language, the same dialog.
    await phone.page.getByTestId('drawer-language').click();
    await phone.page.getByTestId('language-dialog').getByTestId('language-ar').click();
    await expect.poll(() => html(phone.page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect.poll(saved).toBe('ar');
    expect(await noSideways(phone.page)).toBe(true);

    // Back to English; then Russian, and signed out, the sign-in page stays in it (this browser's
    // choice), left to right.
    await chooseLanguage(laptop.page, 'en');
    await sections.getByRole('link', { name: 'My apps' }).waitFor();
    expect(await html(laptop.page)).toEqual({ lang: 'en', dir: 'ltr' });
    await expect.poll(saved).toBe('en');
    await chooseLanguage(laptop.page, 'ru');
    await laptop.page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('link', { name: 'Мои приложения' })
      .waitFor();
    await fromUserMenu(laptop.page, 'logout', () => laptop.page.waitForURL(/\/login/));
    await expect.poll(async () => (await html(laptop.page)).lang).toBe('ru');
    expect((await html(laptop.page)).dir).not.toBe('rtl');
    await expect.poll(() => laptop.page.getByRole('button', { name: 'Войти', exact: true }).count()).toBe(1);
  });
});
