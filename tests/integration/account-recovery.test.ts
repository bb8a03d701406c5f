import { FAILURES } from '../../server/failures.ts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EMAIL_CHANGE_MESSAGES } from '../../server/modules/auth/email-changes.ts';
import {
  addAuthenticator,
  createApprovedUser,
  outboxMails,
  provedLongAgo,
  resetLinkIds,
  uniqueEmail,
} from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/telegram.ts';
import { newAddress } from '../helpers/payouts.ts';

// The owner's way back and changing one's e-mail: a reset link asks an
// account with a second factor for a code from one older than the first change its owner did not
// make, and undoes what was added since; a new e-mail is confirmed by a link to it, the old address
// is told with a "This was not me" link that puts it back.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

const signIn = (email: string, password: string, extra: Record<string, string> = {}) =>
  app.api('/v1/auth/login', { body: { email, password, ...extra } });
const sql = <T>(text: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(text, params);
const totpNow = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** An account whose authenticator app and recovery codes are an hour old: the owner's own. */
async function ownerWithOldFactor() {
  const user = await createApprovedUser(app, { password: 'demo1234' });
  const token = (await signIn(user.email, 'demo1234')).body.value.accessToken as string;
  const factor = await addAuthenticator(app, token, 'Owner phone');
  for (const table of ['second_factors', 'recovery_codes'])
    await sql(`update ${table} set created_at = now() - interval '1 hour' where user_id = ?`, [user.userId]);
  return { ...user, token, ...factor };
}

async function resetLink(email: string): Promise<string> {
  expect((await app.api('/v1/auth/reset-password', { body: { email } })).status).toBe(200);
  return eventually(async () => (await resetLinkIds(app, email)).at(-1));
}

describe('“I lost access”', () => {
  test('the link alone does not do: a code from a factor older than the chosen change does, and what came after is undone', async () => {
    const owner = await ownerWithOldFactor();
    // A thief with a fresh token adds their own authenticator app and a payout address.
    const thief = await addAuthenticator(app, owner.token, 'Thief phone');
    const address = newAddress();
    const saved = await app.api('/v1/users/self/payout-addresses', {
      token: owner.token,
      body: { address, label: 'Mine' },
    });
    expect(saved.status).toBe(201);

    const id = await resetLink(owner.email);
    const info = await app.api(`/v1/auth/reset-password/${id}`, { method: 'GET' });
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({ secondFactor: true, since: null });
    const changes = info.body.value.changes as { kind: string; at: string; label: string }[];
    // The last 30 days, newest first: the owner's own app of an hour ago among them.
    expect(changes.map((c) => `${c.kind} ${c.label}`)).toEqual([
      `PAYOUT_ADDRESS ${address}`,
      'SECOND_FACTOR Thief phone',
      'SECOND_FACTOR Owner phone',
    ]);
    // The owner picks the first change that was not theirs.
    const since = changes[1].at;

    const set = (extra: Record<string, string>) =>
      app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'back-again-1', ...extra } });
    // The mailbox alone: a code is needed.
    expect(await set({})).toMatchObject({ status: 403, body: { error: FAILURES.RECOVERY_CODE_NEEDED.message } });
    // The thief's own factor is younger than the change: refused.
    expect(await set({ since, code: totpNow(thief.secret) })).toMatchObject({
      status: 403,
      body: { error: FAILURES.RECOVERY_CODE_WRONG.message },
    });
    // Nothing changed by the refusals.
    expect((await signIn(owner.email, 'demo1234', { secondFactorCode: owner.recovery[0] })).status).toBe(200);

    expect(await set({ since, code: owner.recovery[1] })).toEqual({ status: 200, body: { value: { ok: true } } });
    const [row] = await sql<{ factors: string; addresses: string; stopped: boolean }>(
      `select (select string_agg(name, ',') from second_factors f where f.user_id = u.id) as factors,
              (select count(*) from payout_addresses a where a.user_id = u.id) as addresses,
              withdrawals_stopped_at is not null as stopped
         from users u where id = ?`,
      [owner.userId],
    );
    expect(row).toEqual({ factors: 'Owner phone', addresses: '0', stopped: false });
    // Every session ended; the new password with the owner's factor signs in, the old one does not.
    expect((await app.api('/v1/users/self', { token: owner.token })).status).toBe(401);
    expect((await signIn(owner.email, 'demo1234', { secondFactorCode: owner.recovery[2] })).status).toBe(401);
    expect((await signIn(owner.email, 'back-again-1', { secondFactorCode: owner.recovery[3] })).status).toBe(200);
    // The link worked once.
    expect((await set({ code: owner.recovery[4] })).status).toBe(400);
    const [audit] = await sql<{ after: { since: string; undone: { factors: number; addresses: number } } }>(
      `select after from audit_events where action = 'account.password_reset' and object_id = ? order by seq desc limit 1`,
      [String(owner.userId)],
    );
    expect(audit.after.undone).toMatchObject({ factors: 1, addresses: 1 });
  });

  test('a change older than 30 days cannot be chosen; an account without a second factor needs the mailbox alone', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    const id = await resetLink(user.email);
    const info = await app.api(`/v1/auth/reset-password/${id}`, { method: 'GET' });
    expect(info.body.value).toEqual({ secondFactor: false, since: null, changes: [] });
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    expect(
      await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'new-pass-1', since: old } }),
    ).toMatchObject({ status: 400, body: { error: FAILURES.RECOVERY_CHANGE_TOO_OLD.message } });
    expect(
      (await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'new-pass-1' } })).status,
    ).toBe(200);
    expect((await signIn(user.email, 'new-pass-1')).status).toBe(200);
  });
});

describe('changing one’s e-mail', () => {
  test('needs a fresh proof, is confirmed by the new address, told to the old one, and “This was not me” puts it back', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    const token = (await signIn(user.email, 'demo1234')).body.value.accessToken as string;
    const next = uniqueEmail('moved');
    await provedLongAgo(app, user.email);
    expect(await app.api('/v1/users/self/email', { token, body: { email: next } })).toMatchObject({
      status: 403,
      body: { code: 'STEP_UP_REQUIRED' },
    });
    expect((await app.api('/v1/users/self/step-up', { token, body: { password: 'demo1234' } })).status).toBe(200);
    expect(await app.api('/v1/users/self/email', { token, body: { email: user.email } })).toMatchObject({
      status: 400,
      body: { error: FAILURES.EMAIL_UNCHANGED.message },
    });
    expect(await app.api('/v1/users/self/email', { token, body: { email: 'advertiser@demo.local' } })).toMatchObject({
      status: 400,
      body: { error: FAILURES.EMAIL_TAKEN_BY_OTHER.message },
    });
    expect(await app.api('/v1/users/self/email', { token, body: { email: next.toUpperCase() } })).toEqual({
      status: 200,
      body: { value: { ok: true, message: EMAIL_CHANGE_MESSAGES.sent(next) } },
    });
    // Nothing changes until the new address's link is opened.
    expect((await app.api('/v1/users/self', { token })).body.value.email).toBe(user.email);
    const mail = await eventually(async () => (await outboxMails(app, next)).find((m) => /confirm-email\//.test(m)));
    const id = /\/confirm-email\/([0-9a-f-]{36})/.exec(mail)![1];
    expect(await app.api('/v1/auth/confirm-email', { body: { id } })).toEqual({
      status: 200,
      body: { value: { ok: true, email: next } },
    });
    expect((await app.api('/v1/auth/confirm-email', { body: { id } })).body.error).toBe(
      FAILURES.EMAIL_CHANGE_LINK_GONE.message,
    );
    expect((await app.api('/v1/users/self', { token })).body.value.email).toBe(next);
    expect((await signIn(next, 'demo1234')).status).toBe(200);

    // The old address hears of it, with a link that undoes it.
    // (An address in a message is written so that no mail program makes it a link.)
    const notice = await eventually(async () =>
      (await outboxMails(app, user.email)).find((m) => m.includes(`changed from ${user.email} to `)),
    );
    const notMe = /\/not-me#([A-Za-z0-9_-]+)/.exec(notice)![1];
    const undone = await app.api('/v1/auth/not-me', { body: { token: notMe } });
    expect(undone.status).toBe(200);
    expect(undone.body.value.resetId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await sql<{ email: string }>('select email from users where id = ?', [user.userId]);
    expect(row.email).toBe(user.email);
    const [audit] = await sql<{ before: { email: string }; after: { email: string } }>(
      `select before, after from audit_events where action = 'account.email_changed' and object_id = ?`,
      [String(user.userId)],
    );
    expect(audit).toEqual({ before: { email: user.email }, after: { email: next } });
  });
});
