import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { type TestBrowser, openBrowser, openPath, screenshot, signIn, LIVE, printLatency } from './browser';

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers: TestBrowser[] = [];

/** With the pages' animations (other files ask for reduced motion): the animated path stays walked. */
async function browser(viewport?: { width: number; height: number }): Promise<TestBrowser> {
  const opened = await openBrowser(app.url, viewport, { motion: true });
  browsers.push(opened);
  return opened;
}

/**
 * Opens the area menu and picks `area`, until the page is at `url`: on a machine whose cores are
 * all taken, a press can land while the menu is still opening (a person presses again).
 */
async function switchArea(page: TestBrowser['page'], area: string, url: RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        if (url.test(new URL(page.url()).pathname)) return true;
        if (!(await page.getByTestId(`area-${area}`).isVisible())) await page.getByTestId('role-switcher').click();
        await page
          .getByTestId(`area-${area}`)
          .click({ timeout: 5000 })
          .catch(() => {});
        await page.waitForURL(url, { timeout: 5000 }).catch(() => {});
        return url.test(new URL(page.url()).pathname);
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
}

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await app?.close();
});

describe('web client against the real server', () => {
  it('goes from the landing page through login to the signed-in layout', async () => {
    const { page } = await browser();
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toContain('Pay only for actions');
    await page.getByText('Buy traffic from 0.05 USD per action').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('faq').locator('details').count()).toBe(4);
    expect(await page.getByTestId('support-bot-link').getAttribute('href')).toMatch(/^https:\/\/t\.me\//);
    await screenshot(page, '01-landing');

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await screenshot(page, '02-login');
    await signIn(page, 'advertiser@demo.local');

    await page.waitForURL('**/advertiser/projects');
    await page.getByRole('heading', { name: 'My Projects' }).waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('balance-chip').textContent()).toMatch(/^\d+\.\d{2} \$$/);
    await expect.poll(() => page.getByTestId('role-switcher').first().textContent()).toContain('Advertiser');
    await screenshot(page, '03-advertiser-projects');

    // Area rules: Publisher shows a chip, Exchange none.
    await switchArea(page, 'publisher', /\/publisher$/);
    // The demo advertiser also has an app of his own: the other side of the demo swap.
    await page.getByText('Farm Hero Play').waitFor({ state: 'visible' });
    await page.getByTestId('balance-chip').waitFor({ state: 'visible' });
    await screenshot(page, '04-publisher-apps');

    await switchArea(page, 'exchange', /\/exchange\/swaps$/);
    await page.getByRole('heading', { name: 'Swaps', exact: true }).waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('balance-chip').count()).toBe(0);
    await screenshot(page, '05-exchange');
  });

  it("shows the server's message for a wrong password", async () => {
    const expected = await app.api('/v1/auth/login', {
      body: { email: 'advertiser@demo.local', password: 'wrong-pass' },
    });
    expect(expected.status).toBe(401);
    const message: string = expected.body.error;

    const { page } = await browser();
    await signIn(page, 'advertiser@demo.local', 'nope-nope');
    await expect.poll(() => page.getByTestId('toast-error').first().textContent()).toContain(message);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, '06-login-wrong-password');
  });

  it("shows a new registration request in a moderator's queue live, without reload", async () => {
    const moderator = await browser();
    await signIn(moderator.page, 'moderator@demo.local');
    // A moderator's home is the queue (not an empty Advertiser area), and the logo leads back to it.
    await moderator.page.waitForURL('**/moderation');
    await moderator.page.getByTestId('tab-registrations').waitFor();
    await moderator.page.getByTestId('moderation-link').click();
    await moderator.page.waitForURL('**/moderation');
    expect(await moderator.page.getByTestId('logo-link').getAttribute('href')).toBe('/moderation');
    expect(await moderator.page.getByText("You don't have any projects").count()).toBe(0);
    // No advertiser tabs above the queue.
    expect(await moderator.page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await moderator.page.getByRole('heading', { name: 'Moderation' }).waitFor({ state: 'visible' });
    await moderator.page.getByTestId('tab-registrations').click();
    await moderator.page.getByTestId('queue-total').waitFor({ state: 'visible' });
    // Marks the document: a reload would lose it.
    await moderator.page.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });

    const applicant = await browser();
    const email = `applicant-${Date.now()}@example.com`;
    await openPath(applicant.page, '/register');
    await applicant.page.getByText('Publisher', { exact: true }).click();
    await applicant.page.getByLabel('Name').fill('Live Applicant');
    await applicant.page.getByLabel('E-mail').fill(email);
    await applicant.page.getByLabel(/^Password/).fill('secret12');
    await applicant.page.getByLabel('Telegram').fill('@live_applicant');
    await applicant.page.getByLabel('Company or website').fill('Live Games');
    await screenshot(applicant.page, '07-register-form');
    await applicant.page.getByRole('button', { name: 'Send request' }).click();
    const filedAt = Date.now();
    await applicant.page.getByText('Our team will get in touch').waitFor({ state: 'visible' });
    await screenshot(applicant.page, '08-register-confirmation');

    const card = moderator.page.locator(`[data-testid="registration-request"][data-email="${email}"]`);
    await card.waitFor({ state: 'visible', timeout: LIVE.timeout });
    printLatency('a registration request in the moderator’s queue', filedAt);
    expect(await moderator.page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    await screenshot(moderator.page, '09-moderation-queue');

    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => card.count()).toBe(0);
  });

  it('logs out to the login page and forgets the session', async () => {
    const { page } = await browser();
    await signIn(page, 'publisher@demo.local');
    await page.waitForURL(/\/(publisher|advertiser\/projects)$/);
    await page.getByTestId('user-menu').click();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toMatch('publisher@demo.local');
    await screenshot(page, '10-user-menu');
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // Signed-out users cannot reach the dashboard.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/advertiser/projects');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(/\/login\?redirect=%2Fadvertiser%2Fprojects$/);
  });

  it('a deep link opened signed out comes back to its page after sign-in; a foreign redirect is ignored', async () => {
    for (const [path, email] of [
      ['/advertiser/campaign/reports', 'advertiser@demo.local'],
      ['/publisher/statistics', 'publisher@demo.local'],
      ['/exchange/incoming', 'advertiser@demo.local'],
    ] as const) {
      const { page } = await browser();
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect'), path).toBe(path);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
    }
    const { page } = await browser();
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fx');
    await page.getByLabel('E-mail').fill('advertiser@demo.local');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/advertiser/projects', { timeout: 15_000 });
  });

  it('sends a user with an expired token to login', async () => {
    const { page } = await browser();
    await page.goto('/');
    const expired = [
      Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ sub: '1', exp: 1_600_000_000 })).toString('base64url'),
      'invalid-signature',
    ].join('.');
    await page.evaluate((token) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('project', '1');
      localStorage.setItem('chooseRole', 'false');
    }, expired);
    // The landing page is guest-only: holding a token sends the user to the dashboard, whose
    // first request is refused (401), which ends the session.
    await page.goto('/');
    await page.waitForURL(/\/login(\?|$)/, { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('project'))).toBeNull();
    await screenshot(page, '11-expired-token-login');
  });

  it('fits a phone screen with the side drawer', async () => {
    const { page } = await browser({ width: 390, height: 844 });
    await page.goto('/');
    await screenshot(page, '12-landing-mobile');
    await signIn(page, 'advertiser@demo.local');
    await page.waitForURL('**/advertiser/projects');
    await page.getByTestId('drawer-open').click();
    await page.getByRole('button', { name: 'Log out' }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Add Funds', exact: true }).waitFor({ state: 'visible' });
    await screenshot(page, '13-mobile-drawer');
  });
});
