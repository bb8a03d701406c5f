import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAuthenticator, createApprovedUser, resetLinkIds } from '../helpers/accounts';
import { startTestApp } from '../helpers/app';
import { browserPool, fromUserMenu, screenshot, signIn } from './browser';

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
    await fromUserMenu(page, 'security', () => page.waitForURL(/\/security$/));
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
    await fromUserMenu(page, 'logout', () => page.waitForURL((u) => u.pathname === '/login'));
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

  it('a passkey: made with the device’s lock, then “Sign in with a passkey” (no e-mail typed), a proof, and the second factor of a password sign-in', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234', role: 'PUBLISHER' });
    const { page } = await browsers.open();
    // Chromium's virtual authenticator (DevTools protocol): a platform authenticator that holds
    // discoverable credentials and verifies its user, as a laptop's fingerprint reader does.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(page, user.email);
    await page.waitForURL(/\/publisher$/);
    await fromUserMenu(page, 'security', () => page.waitForURL(/\/security$/));
    await page.getByTestId('no-passkeys').waitFor();

    await page.getByTestId('add-passkey').click();
    const setup = page.getByTestId('passkey-setup');
    await setup.getByLabel('Name (which device or key)').fill('This laptop');
    await setup.getByRole('button', { name: 'Create passkey' }).click();
    // The account's first factor: the recovery codes come with it.
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('passkey-list').getByText('This laptop').waitFor();
    await screenshot(page, 'security-04-passkey');
    const held = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(held.credentials).toHaveLength(1);
    expect(held.credentials[0].isResidentCredential).toBe(true);

    // New recovery codes take a proof: the passkey gives it.
    await page.getByRole('button', { name: 'Get new codes' }).click();
    const proof = page.getByTestId('proof-dialog');
    await proof.getByTestId('proof-passkey').click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByTestId('recovery-codes').getByRole('button', { name: 'I have saved them' }).click();

    // Signed out, back in with the passkey alone: no e-mail, no password.
    await fromUserMenu(page, 'logout', () => page.waitForURL((u) => u.pathname === '/login'));
    await page.getByTestId('passkey-sign-in').click();
    await page.waitForURL(/\/publisher$/);

    // A password sign-in asks for the second factor, and offers the passkey for it.
    await fromUserMenu(page, 'logout', () => page.waitForURL((u) => u.pathname === '/login'));
    await signIn(page, user.email);
    await page.getByTestId('second-factor-asked').waitFor();
    await screenshot(page, 'security-05-password-then-passkey');
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.waitForURL(/\/publisher$/);
    // The session was started by the passkey.
    const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
    const sessions = (await app.api('/v1/users/self/sessions', { token })).body.value;
    expect(sessions.find((s: { current: boolean }) => s.current).method).toBe('PASSKEY');
  });
});

describe('the way back', () => {
  it('“I lost access” from the sign-in page: the mailed link, the change that was not the owner’s, an older factor’s code, a new password; the stranger’s app is gone', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    const token = (await app.api('/v1/auth/login', { body: { email: user.email, password: 'demo1234' } })).body.value
      .accessToken as string;
    const owner = await addAuthenticator(app, token, 'Owner phone');
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update second_factors set created_at = now() - interval '1 hour' where user_id = ?`, [user.userId]);
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update recovery_codes set created_at = now() - interval '1 hour' where user_id = ?`, [user.userId]);
    // Someone with a fresh token adds an app of their own.
    await addAuthenticator(app, token, 'Stranger phone');

    const { page } = await browsers.open();
    await page.goto('/login');
    await page.getByTestId('lost-access').click();
    await page.waitForURL(/\/reset-password\?lost=true$/);
    await page.getByTestId('lost-access-help').waitFor();
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('reset-sent').waitFor();
    const [id] = (await resetLinkIds(app, user.email)).slice(-1);

    await page.goto(`/reset-password/${id}`);
    const picker = page.getByTestId('reset-since');
    await picker.waitFor();
    const options = await picker.locator('option').allTextContents();
    expect(options[0]).toBe('No, I only need a new password');
    const stranger = options.find((o) => o.includes('Stranger phone'))!;
    await picker.selectOption({ label: stranger });
    await page.getByLabel(/Code from your authenticator app/).fill(owner.recovery[0]);
    await page.getByLabel('New password', { exact: true }).fill('back-in-123');
    await page.getByLabel('Repeat password').fill('back-in-123');
    await screenshot(page, 'security-07-lost-access');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/\/login$/);

    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ names: string }[]>(`select string_agg(name, ',') as names from second_factors where user_id = ?`, [
        user.userId,
      ]);
    expect(row.names).toBe('Owner phone');
    expect((await app.api('/v1/users/self', { token })).status).toBe(401);
    const back = await app.api('/v1/auth/login', {
      body: { email: user.email, password: 'back-in-123', secondFactorCode: owner.recovery[1] },
    });
    expect(back.status).toBe(200);
  });
});
