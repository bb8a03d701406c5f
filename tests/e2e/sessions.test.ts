import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../helpers/accounts';
import { startTestApp } from '../helpers/app';
import { browserPool, fromUserMenu, screenshot, signIn } from './browser';

/**
 * Sessions a person can see and end: a laptop ends the phone's session and the phone is
 * signed out at once, without a reload; Log out ends the session on the server; a sign-in
 * under attack asks for the mailed code and works with it.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const browsers = browserPool(() => app.url);

beforeAll(async () => {
  // One failure a minute per address and e-mail: the sign-in code is asked for at once.
  app = await startTestApp({ demo: true, serveClient: true, env: { RATE_LIMIT_PER_MINUTE: '2' } });
});

afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

describe('sessions in the browser', () => {
  it('the laptop lists the phone’s session and signs it out; the phone lands on sign-in at once', async () => {
    const phone = await browsers.open({ width: 390, height: 844 }, { userAgent: ANDROID_CHROME });
    await signIn(phone.page, 'publisher@demo.local');
    await phone.page.waitForURL(/\/publisher$/);
    const laptop = await browsers.open();
    await signIn(laptop.page, 'publisher@demo.local');
    await laptop.page.waitForURL(/\/publisher$/);
    // The laptop's browser signed in twice more (tabs long closed): one row for the device, with its count.
    const laptopAgent = await laptop.page.evaluate(() => navigator.userAgent);
    for (let i = 0; i < 2; i++) {
      const signedIn = await app.api('/v1/auth/login', {
        body: { email: 'publisher@demo.local', password: 'demo1234' },
        headers: { 'user-agent': laptopAgent },
      });
      expect(signedIn.status).toBe(200);
    }

    await laptop.page.getByTestId('user-menu').click();
    await laptop.page.getByRole('menuitem', { name: 'Sessions and password' }).click();
    const dialog = laptop.page.getByRole('dialog', { name: 'Sessions and password' });
    const rows = dialog.getByTestId('session-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    // This device first, with its three sessions; the phone after it.
    expect(await rows.first().textContent()).toContain('This device');
    expect(await rows.first().getByTestId('session-count').textContent()).toBe('3 sessions');
    expect(await rows.nth(1).textContent()).toContain('Chrome on Android');
    await screenshot(laptop.page, 'sessions-01-dialog');
    await rows.first().getByRole('button', { name: 'Sign out the 2 others' }).click();
    await expect.poll(() => rows.first().getAttribute('data-sessions'), { timeout: 15_000 }).toBe('1');

    const phoneRow = rows.filter({ hasNotText: 'This device' }).first();
    await phoneRow.getByRole('button', { name: 'Sign out' }).click();
    // The phone's live socket closes and its page goes to sign-in, without a reload.
    // (Signing in again comes back to the page it was on.)
    await phone.page.waitForURL(/\/login\?redirect=%2Fpublisher$/, { timeout: 15_000 });
    // It says why.
    await phone.page.getByTestId('session-ended').waitFor();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByText('You are signed in here only.').waitFor();
    await screenshot(phone.page, 'sessions-02-phone-signed-out');

    // The password, changed here: a wrong current one is said under its field.
    const form = dialog.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-it-1');
    await form.getByLabel('New password').fill('brandnew9');
    await form.getByLabel('Repeat password').fill('brandnew9');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password is wrong').waitFor();
    await form.getByLabel('Current password').fill('demo1234');
    await form.getByRole('button', { name: 'Change password' }).click();
    await laptop.page.getByText('Password changed.').waitFor();
    expect(
      (await app.api('/v1/auth/login', { body: { email: 'publisher@demo.local', password: 'brandnew9' } })).status,
    ).toBe(200);
  });

  it('Log out ends the session on the server: its token is refused afterwards', async () => {
    const { page } = await browsers.open();
    await signIn(page, 'advertiser@demo.local');
    await page.waitForURL(/\/advertiser\/projects$/);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect((await app.api('/v1/users/self', { token: token! })).status).toBe(200);
    await fromUserMenu(page, 'logout', () => page.waitForURL(/\/login$/));
    await expect.poll(async () => (await app.api('/v1/users/self', { token: token! })).status).toBe(401);
  });

  it('a sign-in under attack asks for the mailed code and signs in with it', async () => {
    const email = 'moderator2@demo.local';
    // The limiter counts in one-minute windows: the failures and the sign-in fall in one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 30_000) await new Promise((r) => setTimeout(r, left + 200));
    // Someone failed from this address before: the next attempt needs the code.
    for (let i = 0; i < 2; i++) await app.api('/v1/auth/login', { body: { email, password: 'wrong-one' } });
    const { page } = await browsers.open();
    await signIn(page, email);
    const asked = page.getByTestId('sign-in-code-asked');
    await asked.waitFor();
    expect(await asked.textContent()).toContain('enter the code we have e-mailed');
    const mail = (await outboxMails(app, email)).filter((m) => m.includes('Subject: Your sign-in code')).at(-1)!;
    const code = /Subject: Your sign-in code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(mail)![1];
    await page.getByLabel('Code from the e-mail').fill(code);
    await screenshot(page, 'sessions-03-sign-in-code');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 15_000 });
  });
});
