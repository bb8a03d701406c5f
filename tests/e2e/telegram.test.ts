import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInitDataHmac } from '../../server/lib/init-data';
import { signTelegramWidget } from '../../server/modules/auth/telegram-sign-in';
import { type FakeBotApi, type FakeTelegramUser, startFakeBotApi } from '../fakes/telegram-bot-api';
import { startTestApp } from '../helpers/app';
import { addAuthenticator, createApprovedUser } from '../helpers/accounts';
import { login } from '../helpers/graphql';
import { botEnv, linkTelegram, messagesOf, postUpdate, telegramUser } from '../helpers/telegram';
import { browserPool, LIVE, screenshot, signIn } from './browser';

/**
 * Telegram in the browser, against the fake Bot API: linking from the Notifications page shows
 * live; the dashboard opened as a Mini App (Telegram's launch parameters and webview bridge,
 * stubbed, with initData signed by the test bot's token) signs in without a password, takes
 * Telegram's dark theme and accent, and Telegram's back button drives the router.
 */

let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);

beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'e2e_notify_bot' });
  app = await startTestApp({ demo: true, serveClient: true, env: botEnv(fake) });
});

afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
  await fake?.close();
});

/** Telegram's dark theme, as a Telegram client sends it. */
const DARK = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  accent_text_color: '#6ab2f2',
};

/**
 * Opens the dashboard as Telegram does: the launch parameters in the address, Telegram's
 * webview bridge (`TelegramWebviewProxy.postEvent`, recorded) and `Telegram.WebApp` carrying the
 * initData. Answers the recorded bridge calls.
 */
async function openAsMiniApp(page: Page, user: FakeTelegramUser) {
  // As Telegram sends it: the third-party `signature` beside the fields, and `hash` (HMAC with
  // the bot's token) over all of them, which is what the server checks.
  const initData = signInitDataHmac(
    {
      user: JSON.stringify(user),
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: 'AAe2e',
      signature: randomBytes(64).toString('base64url'),
    },
    fake.token,
  );
  await page.addInitScript((data) => {
    const w = window as unknown as Record<string, unknown>;
    const events: [string, unknown][] = [];
    w.__tgEvents = events;
    w.TelegramWebviewProxy = { postEvent: (type: string, payload: string) => events.push([type, payload]) };
    w.Telegram = { WebApp: { initData: data } };
  }, initData);
  const launch = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(DARK),
  });
  await page.goto(`/#${launch.toString()}`);
}

const backButtonVisible = (page: Page) =>
  page.evaluate(() => {
    const events = (window as unknown as { __tgEvents: [string, string][] }).__tgEvents;
    const last = events.filter(([type]) => type === 'web_app_setup_back_button').at(-1);
    return last ? (JSON.parse(last[1]) as { is_visible: boolean }).is_visible : null;
  });

describe('Telegram in the dashboard', () => {
  it('links Telegram from the Notifications page and sees it live; switches a type off', async () => {
    const { page } = await browsers.open();
    // t.me is not reachable here: the new tab the page opens is left unloaded.
    await page.context().route('https://t.me/**', (route) => route.abort());
    await signIn(page, 'publisher@demo.local');
    await page.waitForURL(/\/publisher$/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Notifications and Telegram' }).click();
    await page.waitForURL(/\/notifications$/);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();

    await page.getByTestId('link-telegram').click();
    const waiting = page.getByTestId('telegram-link-waiting');
    await waiting.waitFor();
    const url = await waiting.getByRole('link').textContent();
    expect(url).toMatch(/^https:\/\/t\.me\/e2e_notify_bot\?start=[A-Za-z0-9_-]+$/);
    await screenshot(page, 'telegram-01-waiting');

    // The person presses Start in the bot.
    const user = telegramUser({ username: 'pub_in_tg' });
    const token = new URL(url!).searchParams.get('start')!;
    await postUpdate(app, fake.userWrites(user, `/start ${token}`));
    await page.getByTestId('telegram-linked').getByText('@pub_in_tg').waitFor(LIVE);
    expect((await messagesOf(fake, user.id))[0].text).toMatch(/^Linked to publisher@demo\.local/);

    const row = page.getByTestId('preference-withdrawalApproved');
    await row.getByRole('checkbox', { name: 'Withdrawal approved by Telegram' }).click({ force: true });
    const publisher = await login(app, 'publisher@demo.local');
    await expect
      .poll(
        async () =>
          (await app.api('/v1/users/self/notifications', { token: publisher })).body.value.data.find(
            (p: { type: string }) => p.type === 'withdrawalApproved',
          ).telegram,
        LIVE,
      )
      .toBe(false);
    await screenshot(page, 'telegram-02-linked');
  });

  it('as a Mini App: signed in by initData, Telegram’s dark theme and accent, the back button goes back', async () => {
    const advertiser = await login(app, 'advertiser@demo.local');
    const user = await linkTelegram(app, fake, advertiser, telegramUser({ username: 'adv_in_tg' }));
    // Telegram Desktop's Mini App window (wide enough for the area tabs).
    const { page } = await browsers.open({ width: 820, height: 760 });
    await openAsMiniApp(page, user);
    // Signed in without a password: the landing page sends the advertiser on to projects.
    await page.waitForURL((u) => u.pathname === '/advertiser/projects', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'My Projects' }).waitFor();
    // Telegram's theme comes in through a storage event after the first render: awaited.
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), LIVE).toBe(true);
    const colours = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return {
        bg: style.getPropertyValue('--chakra-colors-bg').trim(),
        accent: style.getPropertyValue('--chakra-colors-brand-solid').trim(),
        body: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(colours).toEqual({ bg: DARK.bg_color, accent: DARK.button_color, body: 'rgb(23, 33, 43)' });
    // The compact header: its top row is 48 px (the web's is 64).
    const row = await page.locator('header').getByTestId('logo-link').locator('..').boundingBox();
    expect(row!.height).toBe(48);
    // Hidden at the start (never shown: Telegram's default).
    expect(await backButtonVisible(page)).not.toBe(true);
    await screenshot(page, 'telegram-03-mini-app');

    // Into the campaign list and back with Telegram's back button.
    await page.getByRole('link', { name: 'Campaign', exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/advertiser/campaign');
    await expect.poll(() => backButtonVisible(page), LIVE).toBe(true);
    await page.evaluate(() =>
      (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent(
        'back_button_pressed',
      ),
    );
    await page.waitForURL((u) => u.pathname === '/advertiser/projects');
    await expect.poll(() => backButtonVisible(page), LIVE).toBe(false);
  });

  it('as a Mini App for an unlinked Telegram user: the e-mail once, then which Telegram account to link, linked then', async () => {
    const user = telegramUser({ username: 'new_in_tg', first_name: 'Newcomer' });
    const { page } = await browsers.open({ width: 390, height: 760 });
    await openAsMiniApp(page, user);
    await page.waitForURL(/\/login/, { timeout: 20_000 });
    await page.getByTestId('telegram-link-asked').waitFor();
    await screenshot(page, 'telegram-04-link-asked');
    await page.getByLabel('E-mail').fill('studio@demo.local');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/(advertiser\/projects|publisher)$/);
    // Signed in, the dashboard asks whether this Telegram account is the user's: nothing is
    // linked before they say so.
    const confirm = page.getByTestId('telegram-link-confirm');
    await confirm.waitFor();
    expect(await page.getByTestId('telegram-link-account').textContent()).toBe('@new_in_tg (Newcomer)');
    const studio = await login(app, 'studio@demo.local');
    expect((await app.api('/v1/users/self', { token: studio })).body.value.telegram).toBeNull();
    await screenshot(page, 'telegram-05-link-confirm');
    await confirm.getByRole('button', { name: 'Link Telegram' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await app.api('/v1/users/self', { token: studio })).body.value.telegram).toEqual({
      id: user.id,
      username: 'new_in_tg',
    });
  });

  it('as a Mini App for an account with a second factor: Telegram alone does not sign in; the code, asked inside Telegram, does', async () => {
    const owner = await createApprovedUser(app, { password: 'demo1234' });
    const token = await login(app, owner.email);
    const { recovery } = await addAuthenticator(app, token);
    const user = await linkTelegram(app, fake, token, telegramUser({ username: 'two_factors' }));
    const { page } = await browsers.open({ width: 390, height: 760 });
    await openAsMiniApp(page, user);
    await page.waitForURL(/\/login/, { timeout: 20_000 });
    const step = page.getByTestId('second-factor-step');
    await step.waitFor();
    expect(await page.getByTestId('second-factor-asked').textContent()).toContain(
      'Enter the 6-digit code from your authenticator app',
    );
    await screenshot(page, 'telegram-06-second-factor');
    // A wrong code is said under the field; the right one signs in.
    await step.getByLabel('Authenticator code').fill('000000');
    await step.getByRole('button', { name: 'Sign In', exact: true }).click();
    await step.getByText('The code is wrong or was used already').waitFor();
    await step.getByLabel('Authenticator code').fill(recovery[0]!);
    await step.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Signed in: the applicant's area (a publisher's).
    await page.waitForURL((u) => u.pathname === '/publisher', { timeout: 20_000 });
    const sessions = await app.api('/v1/users/self/sessions', { token });
    expect(sessions.body.value.map((s: { method: string }) => s.method)).toContain('TELEGRAM');
  });

  it('Sign in with Telegram on the sign-in page: Telegram’s return with the signed fields signs in', async () => {
    const publisher = await login(app, 'publisher@demo.local');
    const user = await linkTelegram(app, fake, publisher, telegramUser({ username: 'back_from_tg' }));
    const { page } = await browsers.open();
    // oauth.telegram.org, played here: it sends the browser back to `return_to` with the Login
    // Widget's fields, signed with the bot's token, in `#tgAuthResult=`.
    const fields = signTelegramWidget(
      { id: user.id, first_name: user.first_name, username: user.username, auth_date: Math.floor(Date.now() / 1000) },
      fake.token,
    );
    const result = `#tgAuthResult=${Buffer.from(JSON.stringify(fields)).toString('base64url')}`;
    await page.route('https://oauth.telegram.org/**', (route) => {
      const back = new URL(route.request().url()).searchParams.get('return_to')!;
      return route.fulfill({ status: 302, headers: { location: `${back}${result}` } });
    });
    await page.goto('/login');
    await page.getByTestId('telegram-sign-in').click();
    await page.waitForURL((u) => u.pathname === '/publisher', { timeout: 20_000 });
    expect(await page.evaluate(() => location.hash)).toBe('');

    // The same return opened in a browser that did not start it (a link someone sent): refused,
    // with what to do, and nothing to link.
    const other = await browsers.open();
    await other.page.goto(`/login${result}`);
    await other.page.getByText('This Telegram sign-in was not started from this browser').waitFor();
    expect(await other.page.getByTestId('telegram-link-asked').count()).toBe(0);
    expect(new URL(other.page.url()).pathname).toBe('/login');
  });
});
