import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAILURES } from '../../server/failures.ts';

const WITHDRAWALS_STOPPED_MESSAGE = FAILURES.WITHDRAWALS_STOPPED.message;
import { createApprovedUser, outboxMails, resetLinkIds } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { credit, em, newAddress, self, type TestApp } from '../helpers/payouts.ts';
import { eventually } from '../helpers/telegram.ts';

// Security notices nobody can switch off (a new device or address, a password change, a
// withdrawal requested and whether its address is new), each with a one-time "This was not me"
// link that ends every session and stops the account's withdrawals until the owner signs in
// with a second factor or resets the password.

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

const signIn = (email: string, password = 'demo1234', userAgent?: string) =>
  app.api('/v1/auth/login', {
    body: { email, password },
    headers: userAgent ? { 'user-agent': userAgent } : undefined,
  });

/** The mails to `email` with `subject`, once delivered. */
async function mailsWith(email: string, subject: string, count = 1): Promise<string[]> {
  let found: string[] = [];
  await eventually(
    async () => {
      // Long subjects are folded onto the next line.
      found = (await outboxMails(app, email)).filter((m) =>
        m.replace(/\r?\n[ \t]+/g, ' ').includes(`Subject: ${subject}`),
      );
      return found.length >= count;
    },
    15_000,
    subject,
  );
  return found;
}

const notMeToken = (mail: string) => /\/not-me#([A-Za-z0-9_-]+)/.exec(mail)?.[1];

describe('security notices', () => {
  test('a sign-in from a new device is told, with a “This was not me” link; the first sign-in and a known device are not', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    expect((await signIn(user.email)).status).toBe(200);
    expect((await signIn(user.email)).status).toBe(200);
    const first = await signIn(user.email, 'demo1234', CHROME_ON_WINDOWS);
    expect(first.status).toBe(200);
    const [mail] = await mailsWith(user.email, 'A new sign-in to your Taskgram Ads account');
    expect(mail).toContain('Chrome on Windows');
    expect(mail).toContain('by password');
    expect(notMeToken(mail)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The same device again: nothing new to tell.
    expect((await signIn(user.email, 'demo1234', CHROME_ON_WINDOWS)).status).toBe(200);
    const mails = (await outboxMails(app, user.email)).filter((m) => m.includes('A new sign-in'));
    expect(mails).toHaveLength(1);
  });

  test('a password change is told; the notice cannot be switched off', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    const token = (await signIn(user.email)).body.value.accessToken as string;
    const off = await app.api('/v1/users/self/notifications', {
      method: 'PUT',
      token,
      body: { data: [{ type: 'passwordChanged', email: false, telegram: false }] },
    });
    expect(off.status).toBe(400);
    const changed = await app.api('/v1/users/self/password', {
      token,
      body: { currentPassword: 'demo1234', password: 'demo12345' },
    });
    expect(changed.status).toBe(200);
    const [mail] = await mailsWith(user.email, 'The password of your Taskgram Ads account was changed');
    expect(mail).toContain(user.email);
    expect(notMeToken(mail)).toBeDefined();
  });
});

describe('a withdrawal requested, and “This was not me”', () => {
  test('the notice names the amount and address and says it is new; “This was not me” ends every session, stops withdrawals (new and approved ones) until a reset, and acts once', async () => {
    const email = 'publisher@demo.local';
    const token = (await signIn(email)).body.value.accessToken as string;
    const other = (await signIn(email)).body.value.accessToken as string;
    const me = await self(app, token);
    await credit(app, me.id, '200');
    const wallet = newAddress();
    const requested = await app.api('/v1/users/payments/publisher', {
      token,
      body: { amount: '60', walletAddress: wallet },
    });
    expect(requested.status).toBe(201);
    // Approved, not yet sent: the stop holds it too.
    const approved = await app.api(`/v1/finance/withdrawals/${requested.body.value.id}/approve`, {
      method: 'POST',
      token: (await signIn('moderator@demo.local')).body.value.accessToken,
    });
    expect(approved.status).toBe(200);
    const [mail] = await mailsWith(email, 'A withdrawal of 60.00 $ was requested from your Taskgram Ads account');
    expect(mail).toContain(`to ${requested.body.value.walletAddress ?? ''}`.trim());
    expect(mail).toContain('This address is new');
    const link = notMeToken(mail)!;

    const notMe = (t: string) => app.api('/v1/auth/not-me', { body: { token: t } });
    expect(await notMe('not-a-token')).toMatchObject({
      status: 404,
      body: { error: FAILURES.NOT_ME_LINK_GONE.message },
    });
    expect(await notMe(link)).toMatchObject({ status: 200, body: { value: { ok: true } } });
    expect(await notMe(link)).toMatchObject({ status: 404, body: { error: FAILURES.NOT_ME_LINK_GONE.message } });
    for (const t of [token, other]) expect((await app.api('/v1/users/self', { token: t })).status).toBe(401);

    // Signed in again with the password alone (no second factor): still stopped.
    const again = (await signIn(email)).body.value.accessToken as string;
    const refused = await app.api('/v1/users/payments/publisher', {
      token: again,
      body: { amount: '50', walletAddress: wallet },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: WITHDRAWALS_STOPPED_MESSAGE } });
    await app.services.payouts.round();
    const stage = async () =>
      (
        await em(app)
          .getConnection()
          .execute<{ payout_stage: string }[]>('select payout_stage from payments where id = ?', [
            requested.body.value.id,
          ])
      )[0]!.payout_stage;
    expect(await stage()).toBe('APPROVED');

    // A password reset from the mailbox lifts it: the held withdrawal is sent by the next round.
    await app.api('/v1/auth/reset-password', { body: { email } });
    const [resetId] = (await resetLinkIds(app, email)).slice(-1);
    const reset = await app.api('/v1/auth/reset-password', {
      method: 'PATCH',
      body: { id: resetId, password: 'demo1234' },
    });
    expect(reset.status).toBe(200);
    await app.services.payouts.round();
    expect(['SENT', 'CONFIRMED']).toContain(await stage());
  });
});
