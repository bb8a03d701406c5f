import { FAILURES } from '../../server/failures.ts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApprovedUser, provedLongAgo } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';
import { credit, em, expectBooksBalanced, newAddress, self, type TestApp } from '../helpers/payouts.ts';

// Step-up ("sudo mode"): money moving somewhere new and changes to the account take a fresh
// proof on the session (a sign-in, or the second factor / password given again) from the last
// STEP_UP_SECONDS. The probe: a stolen token, with auto-approval up to 100, withdrew
// 4 × 100 to the attacker's address and had it paid within a second.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true, env: { PAYOUT_AUTO_APPROVE_MAX: '100' } });
  // The demo's approved withdrawal is paid: the publisher has been paid at the demo wallet.
  await app.services.payouts.round();
});
afterAll(() => app?.close());

const age = (email: string) => provedLongAgo(app, email);

const PASSWORD_STEP_UP = {
  status: 403,
  body: {
    error: FAILURES.STEP_UP_REQUIRED.byProof.PASSWORD,
    code: 'STEP_UP_REQUIRED',
    methods: ['PASSWORD'],
    // What the proof is for: the dialog names it.
    params: { act: expect.any(String) },
  },
};

describe('step-up before money moves', () => {
  test('a stolen token cannot withdraw to a new address (the probe); a step-up on its session can; a paid address needs none', async () => {
    const email = 'publisher@demo.local';
    const token = await login(app, email);
    const other = await login(app, email);
    const me = await self(app, token);
    await credit(app, me.id, '400');
    const before = (await self(app, token)).publisherBalance;
    await age(email);

    const attacker = newAddress();
    const withdraw = (walletAddress: string, t = token) =>
      app.api('/v1/users/payments/publisher', { token: t, body: { amount: '100', walletAddress } });
    for (let i = 0; i < 4; i++) expect(await withdraw(attacker)).toEqual(PASSWORD_STEP_UP);
    const overGraphql = await gql(
      app,
      'mutation($a: Money!, $w: String!) { requestWithdrawal(amount: $a, walletAddress: $w) { id } }',
      { a: '100', w: attacker },
      token,
    );
    expect(overGraphql.errors?.[0]).toMatchObject({
      message: FAILURES.STEP_UP_REQUIRED.byProof.PASSWORD,
      extensions: { code: 'STEP_UP_REQUIRED', methods: ['PASSWORD'], params: { act: 'withdrawal.toNewAddress' } },
    });
    expect((await withdraw(attacker)).body.params).toEqual({ act: 'withdrawal.toNewAddress' });
    expect((await self(app, token)).publisherBalance).toBe(before);
    const [{ n }] = await em(app)
      .getConnection()
      .execute<{ n: string }[]>(`select count(*) as n from payments where user_id = ? and wallet_address = ?`, [
        me.id,
        attacker,
      ]);
    expect(Number(n)).toBe(0);

    // Paid there before (the demo's withdrawal, DONE on chain): no step-up needed.
    const [paid] = await em(app)
      .getConnection()
      .execute<{ wallet_address: string }[]>(
        `select wallet_address from payments where user_id = ? and kind = 'WITHDRAWAL' and status = 'DONE' limit 1`,
        [me.id],
      );
    expect(paid).toBeDefined();
    expect((await withdraw(paid!.wallet_address)).status).toBe(201);

    // The step-up: a wrong password proves nothing; the right one, on this session only.
    const stepUp = (body: object, t = token) => app.api('/v1/users/self/step-up', { token: t, body });
    expect(await stepUp({})).toMatchObject({ status: 400, body: { error: FAILURES.PROOF_NEEDS_PASSWORD.message } });
    expect(await stepUp({ password: 'not-it' })).toMatchObject({
      status: 403,
      body: { error: FAILURES.PROOF_WRONG.message },
    });
    const proved = await stepUp({ password: 'demo1234' });
    expect(proved.status).toBe(200);
    const until = Date.parse(proved.body.value.provedUntil);
    expect(until - Date.now()).toBeGreaterThan(500_000);
    expect(until - Date.now()).toBeLessThanOrEqual(600_000);
    expect(await withdraw(attacker, other)).toEqual(PASSWORD_STEP_UP);
    const sent = await withdraw(attacker);
    expect(sent.status).toBe(201);
    expect(sent.body.value).toMatchObject({ status: 'IN_PROGRESS' });
    await expectBooksBalanced(app);
  });

  test('approving and rejecting withdrawals take a fresh proof, over REST and GraphQL', async () => {
    const publisher = await login(app, 'publisher@demo.local');
    const me = await self(app, publisher);
    await credit(app, me.id, '150');
    // Above the auto-approve limit: it waits for finance.
    const requested = await app.api('/v1/users/payments/publisher', {
      token: publisher,
      body: { amount: '150', walletAddress: newAddress() },
    });
    expect(requested.status).toBe(201);
    const id = requested.body.value.id;
    const finance = await login(app, 'moderator@demo.local');
    await age('moderator@demo.local');

    expect(await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: finance })).toEqual(
      PASSWORD_STEP_UP,
    );
    expect(await app.api('/v1/finance/withdrawals/approve', { token: finance, body: { ids: [id] } })).toEqual(
      PASSWORD_STEP_UP,
    );
    for (const mutation of [
      'mutation($id: ID!) { approveWithdrawal(id: $id) { id } }',
      'mutation($id: ID!) { approveWithdrawals(ids: [$id]) { id } }',
      'mutation($id: ID!) { failWithdrawal(id: $id, reason: "no") { id } }',
    ]) {
      const answer = await gql(app, mutation, { id: String(id) }, finance);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'STEP_UP_REQUIRED', methods: ['PASSWORD'] });
    }
    const [row] = await em(app)
      .getConnection()
      .execute<{ payout_stage: string; status: string }[]>('select payout_stage, status from payments where id = ?', [
        id,
      ]);
    expect(row).toEqual({ payout_stage: 'REQUESTED', status: 'IN_PROGRESS' });

    expect((await app.api('/v1/users/self/step-up', { token: finance, body: { password: 'demo1234' } })).status).toBe(
      200,
    );
    const approved = await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: finance });
    expect(approved.status).toBe(200);
    expect(approved.body.value.id).toBe(id);
  });
});

describe('step-up before the account changes', () => {
  const codeOf = (secret: string, offset = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + offset * 30_000,
    });

  test('new API and platform keys take it, over REST and GraphQL', async () => {
    const email = 'advertiser@demo.local';
    const token = await login(app, email);
    const [project] = (await app.api('/v1/projects', { token })).body.value.data;
    await age(email);
    const regenerate = () => app.api(`/v1/projects/${project.id}/secret-key`, { method: 'PATCH', token });
    expect(await regenerate()).toEqual(PASSWORD_STEP_UP);
    expect(await app.api('/v1/platforms/1/secret-key', { method: 'PATCH', token })).toEqual(PASSWORD_STEP_UP);
    for (const mutation of [
      'mutation($id: ID!) { regenerateProjectKey(id: $id) }',
      'mutation($id: ID!) { regeneratePlatformKey(id: $id) }',
    ]) {
      const answer = await gql(app, mutation, { id: String(project.id) }, token);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'STEP_UP_REQUIRED', methods: ['PASSWORD'] });
    }
    expect((await app.api('/v1/users/self/step-up', { token, body: { password: 'demo1234' } })).status).toBe(200);
    const renewed = await regenerate();
    expect(renewed.status).toBe(200);
    expect(renewed.body.value.secretKey).not.toBe(project.secretKey);
  });

  test('unlinking Telegram takes it; a password change carries its own proof unless a second factor is added, then a code', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    const token = (await app.api('/v1/auth/login', { body: { email: user.email, password: 'demo1234' } })).body.value
      .accessToken as string;
    await age(user.email);
    const unlink = () => app.api('/v1/users/self/telegram', { method: 'DELETE', token });
    expect(await unlink()).toEqual(PASSWORD_STEP_UP);
    const overGraphql = await gql(app, 'mutation { unlinkTelegram { telegram { username } } }', {}, token);
    expect(overGraphql.errors?.[0]?.extensions).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    // Without a second factor the current password is the proof.
    const change = (currentPassword: string, password: string) =>
      app.api('/v1/users/self/password', { token, body: { currentPassword, password } });
    expect((await change('demo1234', 'demo12345')).status).toBe(200);

    // With an authenticator app added, the proof is a code: the password alone is one stolen thing.
    expect((await app.api('/v1/users/self/step-up', { token, body: { password: 'demo12345' } })).status).toBe(200);
    expect((await unlink()).status).toBe(200);
    const { id, secret } = (await app.api('/v1/users/self/second-factors/totp', { method: 'POST', token })).body.value;
    const confirmed = await app.api(`/v1/users/self/second-factors/totp/${id}/confirm`, {
      token,
      body: { code: codeOf(secret, -1), name: 'Phone' },
    });
    expect(confirmed.status).toBe(200);
    await age(user.email);
    const factorStepUp = {
      status: 403,
      body: { error: FAILURES.STEP_UP_REQUIRED.message, code: 'STEP_UP_REQUIRED', methods: ['TOTP', 'RECOVERY_CODE'] },
    };
    const forAct = (act: string) => ({ ...factorStepUp, body: { ...factorStepUp.body, params: { act } } });
    expect(await change('demo12345', 'demo123456')).toEqual(forAct('password.change'));
    expect(await unlink()).toEqual(forAct('telegram.unlink'));
    expect(await app.api('/v1/users/self/step-up', { token, body: { password: 'demo12345' } })).toMatchObject({
      status: 400,
      body: { error: FAILURES.PROOF_NEEDS_FACTOR.message },
    });
    const stepped = await app.api('/v1/users/self/step-up', { token, body: { code: codeOf(secret) } });
    expect(stepped.status).toBe(200);
    expect((await unlink()).status).toBe(200);
    expect((await change('demo12345', 'demo123456')).status).toBe(200);
  });
});
