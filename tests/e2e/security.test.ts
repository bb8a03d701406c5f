import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedUser } from '../helpers/accounts';
import { startTestApp } from '../helpers/app';
import { browserPool, screenshot, signIn } from './browser';

/**
 * The Security page: an authenticator app added by scanning (here: reading the key it shows and
 * computing the codes as the app would), the recovery codes shown once, and the sign-in that
 * then asks for the app's code.
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

const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

describe('a second factor in the browser', () => {
  it('added from the user menu, its recovery codes saved once; the next sign-in asks for the app’s code', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234', role: 'PUBLISHER' });
    const { page } = await browsers.open();
    await signIn(page, user.email);
    await page.waitForURL(/\/publisher$/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('security').click();
    await page.waitForURL(/\/security$/);
    await page.getByTestId('no-factors').waitFor();

    await page.getByTestId('add-authenticator').click();
    const setup = page.getByTestId('totp-setup');
    await setup.getByRole('img', { name: 'QR code to scan with the authenticator app' }).waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'security-01-setup');
    await setup.getByLabel('Name (which phone or app)').fill('Work phone');
    // A wrong code is said under its field and turns nothing on.
    await setup.getByLabel('Code the app shows').fill(codeOf(secret, 20));
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await setup.getByText('The code does not match').waitFor();
    await setup.getByLabel('Code the app shows').fill(codeOf(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await codes.locator('code').count()).toBe(10);
    await screenshot(page, 'security-02-recovery-codes');
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await codes.waitFor({ state: 'hidden' });
    await page.getByTestId('factors').getByText('Work phone').waitFor();
    expect(await page.getByTestId('recovery-left').textContent()).toMatch(/^10 of 10 left/);

    // Signed out and in again: the password alone is not enough.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, user.email);
    await page.getByTestId('second-factor-asked').waitFor();
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('The code is wrong or was used already').waitFor();
    await screenshot(page, 'security-03-sign-in-code');
    // The app's next code (the one used to turn it on counts once).
    await page.getByLabel('Authenticator code').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/publisher$/);
  });
});
