import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInitDataHmac } from '../../server/lib/init-data.ts';
import { FAILURES } from '../../server/failures.ts';

const WITHDRAWALS_STOPPED_MESSAGE = FAILURES.WITHDRAWALS_STOPPED.message;
import { type FakeBotApi, type FakeTelegramUser, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { addAuthenticator, createApprovedUser, outboxMails, provedLongAgo } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { gql, gqlWs } from '../helpers/graphql.ts';
import { newAddress } from '../helpers/payouts.ts';
import { botEnv, eventually, linkTelegram, messagesOf, telegramUser } from '../helpers/telegram.ts';

// The account-takeover probe: an attacker holding one stolen, stale access token (its last proof
// older than STEP_UP_SECONDS) and a Telegram account of their own. Before, they linked their
// Telegram to the victim's account, signed in with it without the second factor, and took the
// account over; "This was not me" then left their link and factors in place.

let fake: FakeBotApi;
let app: TestApp;
// Several instances share these, as docs/configuration.md says.
const shared = { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('hex') };
beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'taskgram_test_bot' });
  app = await startTestApp({ demo: true, env: botEnv(fake, shared) });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const initData = (user: FakeTelegramUser) =>
  signInitDataHmac(
    { user: JSON.stringify(user), auth_date: String(Math.floor(Date.now() / 1000)), query_id: 'AAtest' },
    fake.token,
  );
const password = (email: string, extra: Record<string, string> = {}, headers?: Record<string, string>) =>
  app.api('/v1/auth/login', { body: { email, password: 'demo1234', ...extra }, headers });

/** An account with an authenticator app: its token (fresh) and recovery codes. */
async function ownerWithFactor() {
  const user = await createApprovedUser(app, { password: 'demo1234' });
  const token = (await password(user.email)).body.value.accessToken as string;
  return { ...user, token, recovery: (await addAuthenticator(app, token)).recovery };
}

describe('a stolen, stale token and a Telegram account', () => {
  test('cannot link the thief’s Telegram on any route; Telegram sign-in asks for the second factor; a payload signs in once in any spelling', async () => {
    const owner = await ownerWithFactor();
    const stolen = (await password(owner.email, { secondFactorCode: owner.recovery[0] })).body.value
      .accessToken as string;
    await provedLongAgo(app, owner.email);

    // The thief signs in with their Telegram: not linked, a link token.
    const thief = telegramUser();
    const asked = await app.api('/v1/auth/telegram', { body: { initData: initData(thief) } });
    expect(asked.body.value.linkRequired).toBe(true);
    const link = await app.api('/v1/users/self/telegram/link', {
      token: stolen,
      body: { linkToken: asked.body.value.linkToken },
    });
    expect(link).toMatchObject({ status: 403, body: { code: 'STEP_UP_REQUIRED' } });
    expect(await app.api('/v1/users/self/telegram', { method: 'POST', token: stolen })).toMatchObject({
      status: 403,
      body: { code: 'STEP_UP_REQUIRED' },
    });
    const overGraphql = await gql(app, 'mutation { startTelegramLink { url } }', {}, stolen);
    expect(overGraphql.errors?.[0]?.extensions).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await app.api('/v1/users/self', { token: stolen })).body.value.telegram).toBeNull();

    // The owner links their own Telegram (after a step-up), and signs in with it: the second
    // factor is asked all the same.
    expect(
      (await app.api('/v1/users/self/step-up', { token: owner.token, body: { code: owner.recovery[1] } })).status,
    ).toBe(200);
    const mine = await linkTelegram(app, fake, owner.token);
    const payload = initData(mine);
    const first = await app.api('/v1/auth/telegram', { body: { initData: payload } });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      secondFactorRequired: true,
      methods: ['TOTP', 'RECOVERY_CODE'],
      message: FAILURES.SECOND_FACTOR_ASKED.message,
    });
    expect(first.body.value.accessToken).toBeUndefined();
    // The same payload with its hash upper-cased is the same payload: used.
    const upper = payload.replace(/hash=([0-9a-f]{64})/, (_m, h: string) => `hash=${h.toUpperCase()}`);
    expect(upper).not.toBe(payload);
    expect(await app.api('/v1/auth/telegram', { body: { initData: upper } })).toMatchObject({
      status: 401,
      body: { error: FAILURES.TELEGRAM_SIGN_IN_REPLAYED.message },
    });
    const finish = (code: string, signInToken = first.body.value.signInToken) =>
      app.api('/v1/auth/second-factor', { body: { signInToken, code } });
    expect(await finish('000000')).toMatchObject({
      status: 403,
      body: { error: FAILURES.SECOND_FACTOR_WRONG.message },
    });
    const signedIn = await finish(owner.recovery[2]);
    expect(signedIn.status).toBe(200);
    const sessions = await app.api('/v1/users/self/sessions', { token: signedIn.body.value.accessToken });
    expect(sessions.body.value.find((s: { current: boolean }) => s.current).method).toBe('TELEGRAM');
    // The step signs in once.
    expect(await finish(owner.recovery[3])).toMatchObject({
      status: 401,
      body: { error: FAILURES.SIGN_IN_CHALLENGE_GONE.message },
    });
  });

  test('a stale staff administrator’s token grants no role', async () => {
    const admin = (await password('moderator@demo.local')).body.value.accessToken as string;
    await provedLongAgo(app, 'moderator@demo.local');
    const grant = await gql(
      app,
      'mutation { setStaffRole(email: "newcomer@demo.local", role: finance, granted: true) { isFinance } }',
      {},
      admin,
    );
    expect(grant.errors?.[0]?.extensions).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ is_finance: boolean }[]>(`select is_finance from users where email = 'newcomer@demo.local'`);
    expect(row.is_finance).toBe(false);
  });
});

describe('“This was not me” gives the account back', () => {
  test('a thief who signed in with the password alone: their Telegram link, factor and payout address are undone, their sessions end, nothing is paid; the owner’s old Telegram chat was told', async () => {
    const owner = await createApprovedUser(app, { password: 'demo1234' });
    const ownerToken = (await password(owner.email)).body.value.accessToken as string;
    const ownerTelegram = await linkTelegram(app, fake, ownerToken);
    await provedLongAgo(app, owner.email);
    // The thief signs in from another device: the owner is told, with a "This was not me" link.
    const thiefDevice = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0' };
    const thiefToken = (await password(owner.email, {}, thiefDevice)).body.value.accessToken as string;
    const notice = await eventually(async () =>
      (await outboxMails(app, owner.email)).find((m) => /not-me#/.test(m) && /Firefox on Windows/.test(m)),
    );
    const notMeToken = /\/not-me#([A-Za-z0-9_-]+)/.exec(notice)![1];

    // Fresh from the sign-in, the thief re-links Telegram to their own, adds an authenticator app
    // and saves a payout address.
    const thiefTelegram = await linkTelegram(app, fake, thiefToken);
    const replacedNote = await messagesOf(fake, ownerTelegram.id, 2);
    expect(replacedNote.at(-1)!.text).toMatch(/was unlinked from your Taskgram Ads account/);
    await addAuthenticator(app, thiefToken, 'Thief');
    const address = newAddress();
    expect(
      (await app.api('/v1/users/self/payout-addresses', { token: thiefToken, body: { address, label: 'Mine' } }))
        .status,
    ).toBe(201);

    const undone = await app.api('/v1/auth/not-me', { body: { token: notMeToken } });
    expect(undone).toMatchObject({ status: 200, body: { value: { ok: true } } });
    const resetId = undone.body.value.resetId as string;
    expect((await app.api('/v1/users/self', { token: thiefToken })).status).toBe(401);
    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute<
        { telegram_user_id: string | null; factors: string; addresses: string; codes: string; stopped: boolean }[]
      >(
        `select telegram_user_id, withdrawals_stopped_at is not null as stopped,
                (select count(*) from second_factors f where f.user_id = u.id) as factors,
                (select count(*) from recovery_codes r where r.user_id = u.id) as codes,
                (select count(*) from payout_addresses a where a.user_id = u.id) as addresses
           from users u where email = ?`,
        [owner.email],
      );
    expect(row).toEqual({ telegram_user_id: null, stopped: true, factors: '0', codes: '0', addresses: '0' });
    // The thief's Telegram signs in to nothing now.
    const tried = await app.api('/v1/auth/telegram', { body: { initData: initData(thiefTelegram) } });
    expect(tried.body.value.linkRequired).toBe(true);
    // The thief's password sign-in works (the owner resets the password next), but moves no money.
    const again = (await password(owner.email, {}, thiefDevice)).body.value.accessToken as string;
    const withdrawal = await app.api('/v1/users/payments/publisher', {
      token: again,
      body: { amount: '60', walletAddress: address },
    });
    expect(withdrawal.status).toBe(403);
    expect([WITHDRAWALS_STOPPED_MESSAGE, undefined]).toContain(
      withdrawal.body.code === 'STEP_UP_REQUIRED' ? undefined : withdrawal.body.error,
    );

    // The owner's way back: "This was not me" answered with a reset link (the notice came to the
    // mailbox); the new password ends the thief's session and locks the old password out.
    const info = await app.api(`/v1/auth/reset-password/${resetId}`, { method: 'GET' });
    expect(info.body.value).toMatchObject({ secondFactor: false, changes: [] });
    expect(info.body.value.since).not.toBeNull();
    expect(
      (await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id: resetId, password: 'owner-again-1' } }))
        .status,
    ).toBe(200);
    expect((await app.api('/v1/users/self', { token: again })).status).toBe(401);
    expect((await password(owner.email, {}, thiefDevice)).status).toBe(401);
    const back = await app.api('/v1/auth/login', { body: { email: owner.email, password: 'owner-again-1' } });
    expect(back.status).toBe(200);
    const [paid] = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from payments where user_id = (select id from users where email = ?) and kind = 'WITHDRAWAL'`,
        [owner.email],
      );
    expect(paid.n).toBe('0');
  });
});

describe('two instances and no Redis', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({
      databaseUrl: app.databaseUrl,
      env: botEnv(fake, shared),
    });
  });
  afterAll(() => second?.close());

  test('a Telegram sign-in used on one is used on the other; wrong codes add up; a session ended on one closes its socket on the other', async () => {
    const owner = await ownerWithFactor();
    const stolen = (await password(owner.email, { secondFactorCode: owner.recovery[0] })).body.value
      .accessToken as string;
    const payload = initData(telegramUser());
    const asked = await app.api('/v1/auth/telegram', { body: { initData: payload } });
    expect(asked.body.value.linkRequired).toBe(true);
    expect(await second.api('/v1/auth/telegram', { body: { initData: payload } })).toMatchObject({
      status: 401,
      body: { error: FAILURES.TELEGRAM_SIGN_IN_REPLAYED.message },
    });

    // Ten wrong step-up codes, five on each instance: the eleventh is refused on either.
    for (let i = 0; i < 10; i++) {
      const on = i % 2 ? second : app;
      expect((await on.api('/v1/users/self/step-up', { token: stolen, body: { code: '000000' } })).status).toBe(403);
    }
    expect((await second.api('/v1/users/self/step-up', { token: stolen, body: { code: '000000' } })).status).toBe(429);

    // A socket on the second instance closes when the session ends on the first.
    const ws = gqlWs(second, stolen);
    await ws.connected;
    expect((await app.api('/v1/auth/logout', { method: 'POST', token: stolen })).status).toBe(200);
    // Waited for generously: how fast it closes is a figure for a benchmark, not a test's bound.
    const closed = await Promise.race([ws.closed, new Promise<null>((r) => setTimeout(() => r(null), 20_000))]);
    expect(closed).toEqual({ code: 4403, reason: 'Forbidden: the session has ended' });
  });
});
