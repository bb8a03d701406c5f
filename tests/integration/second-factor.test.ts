import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAILURES } from '../../server/failures.ts';
import { createApprovedUser, outboxMails } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/telegram.ts';

// A second factor: an authenticator app (TOTP, RFC 6238, the codes computed here as the app
// would) with recovery codes; a password sign-in of such an account asks for a code.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

const signIn = (email: string, extra: Record<string, string> = {}) =>
  app.api('/v1/auth/login', { body: { email, password: 'demo1234', ...extra } });
/** The app's code for `secret` at a 30-second step `offset` away from now. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });
/** Waits for the step to change when fewer than 3 s are left in it (a code then spans two answers). */
const freshStep = async () => {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 3000) await new Promise((r) => setTimeout(r, left + 50));
};

describe('an authenticator app as the second factor', () => {
  test('added with a code it shows; sign-in then asks for a code; each code once; recovery codes once each; the owner is told', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    const token = (await signIn(user.email)).body.value.accessToken as string;
    expect((await app.api('/v1/users/self/second-factors', { token })).body.value).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
    });
    const started = await app.api('/v1/users/self/second-factors/totp', { method: 'POST', token });
    expect(started.status).toBe(201);
    const { id, secret, uri, qrSvg } = started.body.value;
    expect(uri).toBe(
      `otpauth://totp/Taskgram%20Ads:${encodeURIComponent(user.email)}?issuer=Taskgram%20Ads&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg/);
    // Unconfirmed, it asks nothing yet; a wrong code does not confirm it.
    expect((await signIn(user.email)).status).toBe(200);
    const wrong = await app.api(`/v1/users/self/second-factors/totp/${id}/confirm`, {
      token,
      body: { code: codeOf(secret, 10), name: 'Phone' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: FAILURES.AUTHENTICATOR_SETUP_CODE_WRONG.message } });
    await freshStep();
    const confirmed = await app.api(`/v1/users/self/second-factors/totp/${id}/confirm`, {
      token,
      body: { code: codeOf(secret), name: 'Phone' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.value.factor).toMatchObject({ id, kind: 'TOTP', name: 'Phone' });
    const recovery: string[] = confirmed.body.value.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const c of recovery) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await eventually(
      async () =>
        (await outboxMails(app, user.email)).some((m) =>
          m.includes('Subject: A second factor was added to your Taskgram Ads account'),
        ),
      15_000,
      'the notice',
    );

    // The right password alone no longer signs in: the answer asks for the code.
    expect(await signIn(user.email)).toMatchObject({
      status: 403,
      body: { error: FAILURES.SECOND_FACTOR_ASKED.message, next: 'SECOND_FACTOR', methods: ['TOTP', 'RECOVERY_CODE'] },
    });
    // The code used to confirm (the same step) does not sign in: each step once.
    const reused = await signIn(user.email, { secondFactorCode: codeOf(secret) });
    expect(reused.body).toMatchObject({ error: FAILURES.SECOND_FACTOR_WRONG.message, next: 'SECOND_FACTOR' });
    // The next step's code does (an app a little ahead of the server's clock), once.
    const next = codeOf(secret, 1);
    expect((await signIn(user.email, { secondFactorCode: next })).status).toBe(200);
    expect((await signIn(user.email, { secondFactorCode: next })).status).toBe(403);
    // A wrong password with a right code is still a wrong password.
    const wrongPassword = await app.api('/v1/auth/login', {
      body: { email: user.email, password: 'wrong-pass', secondFactorCode: codeOf(secret, -1) },
    });
    expect(wrongPassword.status).toBe(401);
    // A recovery code, with or without its dash, in any case: once.
    const [first, second] = recovery;
    expect((await signIn(user.email, { secondFactorCode: first.replace('-', '').toLowerCase() })).status).toBe(200);
    expect((await signIn(user.email, { secondFactorCode: first })).status).toBe(403);
    expect((await signIn(user.email, { secondFactorCode: second })).status).toBe(200);
    expect((await app.api('/v1/users/self/second-factors', { token })).body.value.recoveryCodesLeft).toBe(8);

    // Removing it takes a fresh proof: not the token alone, and not the password alone either
    // (that is one stolen thing): a code.
    const remove = (body: object) => app.api(`/v1/users/self/second-factors/${id}/remove`, { token, body });
    expect(await remove({})).toMatchObject({ status: 400, body: { error: FAILURES.PROOF_NEEDS_FACTOR.message } });
    expect(await remove({ password: 'demo1234' })).toMatchObject({
      status: 400,
      body: { error: FAILURES.PROOF_NEEDS_FACTOR.message },
    });
    const badProof = await remove({ code: 'ZZZZ-ZZZZ' });
    expect(badProof).toMatchObject({ status: 403, body: { error: FAILURES.PROOF_WRONG.message } });
    const removed = await remove({ code: recovery[2] });
    expect(removed).toEqual({ status: 200, body: { value: { ok: true } } });
    expect((await app.api('/v1/users/self/second-factors', { token })).body.value).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
    });
    expect((await signIn(user.email)).status).toBe(200);
    await eventually(
      async () =>
        (await outboxMails(app, user.email)).some((m) =>
          m.includes('Subject: A second factor was removed from your Taskgram Ads account'),
        ),
      15_000,
      'the removal notice',
    );
  }, 120_000);

  test('wrong codes at sign-in are counted per address: past ten a minute from one, none is checked', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    const token = (await signIn(user.email)).body.value.accessToken as string;
    const { id, secret } = (await app.api('/v1/users/self/second-factors/totp', { method: 'POST', token })).body.value;
    await freshStep();
    await app.api(`/v1/users/self/second-factors/totp/${id}/confirm`, { token, body: { code: codeOf(secret) } });
    // New recovery codes take a proof too (a code: the account has a factor), and replace the old ones.
    const renewed = await app.api('/v1/users/self/recovery-codes', { token, body: { code: codeOf(secret, 1) } });
    expect(renewed.body.value.recoveryCodes).toHaveLength(10);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await signIn(user.email, { secondFactorCode: '000000' }));
    expect(answers.slice(0, 10).every((a) => a.body.error === FAILURES.SECOND_FACTOR_WRONG.message)).toBe(true);
    expect(answers[10]).toMatchObject({ status: 429, body: { error: FAILURES.SECOND_FACTOR_TRIES_TOO_MANY.message } });
  });

  test("a thief's wrong step-up codes never lock the owner out: counted on the thief's session", async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    const owner = (await signIn(user.email)).body.value.accessToken as string;
    const { id, secret } = (await app.api('/v1/users/self/second-factors/totp', { method: 'POST', token: owner })).body
      .value;
    await freshStep();
    const confirmed = await app.api(`/v1/users/self/second-factors/totp/${id}/confirm`, {
      token: owner,
      body: { code: codeOf(secret) },
    });
    const recovery: string[] = confirmed.body.value.recoveryCodes;
    // The thief holds a session of the account (a stolen token) and guesses.
    const thief = (await signIn(user.email, { secondFactorCode: codeOf(secret, 1) })).body.value.accessToken as string;
    const guesses = [];
    for (let i = 0; i < 11; i++) {
      guesses.push(await app.api('/v1/users/self/step-up', { token: thief, body: { code: '000000' } }));
    }
    expect(guesses.slice(0, 10).every((g) => g.status === 403)).toBe(true);
    expect(guesses[10]).toMatchObject({ status: 429, body: { error: FAILURES.SECOND_FACTOR_TRIES_TOO_MANY.message } });
    // The owner's own codes, from the owner's session, right after (the app's current step was
    // spent by the thief's sign-in: the owner's recovery codes).
    const proved = await app.api('/v1/users/self/step-up', { token: owner, body: { code: recovery[0] } });
    expect(proved.status).toBe(200);
    const again = await app.api('/v1/users/self/recovery-codes', { token: owner, body: { code: recovery[1] } });
    expect(again.status).toBe(200);
    // The thief's session still waits out its minute.
    expect((await app.api('/v1/users/self/step-up', { token: thief, body: { code: recovery[2] } })).status).toBe(429);
  });
});

describe('STAFF_SECOND_FACTOR=required (the default in production)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({ demo: true, env: { STAFF_SECOND_FACTOR: 'required' } });
  });
  afterAll(() => strict?.close());

  test('staff act only once they have a second factor; the answer says what to do', async () => {
    const token = (
      await strict.api('/v1/auth/login', { body: { email: 'moderator@demo.local', password: 'demo1234' } })
    ).body.value.accessToken as string;
    const queue = '{ withdrawalQueue(page: 1) { totalCount } }';
    const ask = (t: string) =>
      fetch(`${strict.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t}` },
        body: JSON.stringify({ query: queue }),
      }).then((r) => r.json());
    const refused = await ask(token);
    expect(refused.errors[0]).toMatchObject({
      message: FAILURES.STAFF_SECOND_FACTOR_REQUIRED.message,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await strict.api('/v1/finance/withdrawals', { token })).toMatchObject({
      status: 403,
      body: { error: FAILURES.STAFF_SECOND_FACTOR_REQUIRED.message },
    });
    // What every user may do is not held back.
    expect((await strict.api('/v1/users/self', { token })).status).toBe(200);

    const { id, secret } = (await strict.api('/v1/users/self/second-factors/totp', { method: 'POST', token })).body
      .value;
    await freshStep();
    const on = await strict.api(`/v1/users/self/second-factors/totp/${id}/confirm`, {
      token,
      body: { code: codeOf(secret) },
    });
    expect(on.status).toBe(200);
    // In force for the same session at once.
    const allowed = await ask(token);
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data.withdrawalQueue.totalCount).toBeGreaterThanOrEqual(0);
    expect((await strict.api('/v1/finance/withdrawals', { token })).status).toBe(200);
  });
});
