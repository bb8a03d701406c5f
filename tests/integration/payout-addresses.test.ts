import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApprovedUser, outboxMails, provedLongAgo } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';
import { eventually } from '../helpers/telegram.ts';
import { credit, em, expectBooksBalanced, newAddress, type TestApp } from '../helpers/payouts.ts';

// New addresses wait: a person's first withdrawal to an address they were
// never paid at is held PAYOUT_NEW_ADDRESS_HOLD_HOURS before anyone, or the auto-approve rule,
// can approve it; the owner is told until when; the Withdraw page's saved addresses take a fresh
// proof to add.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    demo: true,
    env: {
      PAYOUT_NEW_ADDRESS_HOLD_HOURS: '24',
      PAYOUT_AUTO_APPROVE_MAX: '200',
      PAYOUT_AUTO_APPROVE_MIN_AGE_DAYS: '0',
      // Four eyes is tested here (the rule leaves such amounts to people).
      PAYOUT_SECOND_APPROVAL_USD: '1000',
    },
  });
});
afterAll(() => app?.close());

const FINANCE = 'moderator@demo.local';
const row = async (id: number) =>
  (
    await em(app)
      .getConnection()
      .execute<{ payout_stage: string; status: string; hold_until: Date | null; rule_pending: boolean }[]>(
        'select payout_stage, status, hold_until, rule_pending from payments where id = ?',
        [id],
      )
  )[0]!;
/** Time passes: the hold of `id` ended a second ago. */
const holdEnds = (id: number) =>
  em(app).getConnection().execute(`update payments set hold_until = now() - interval '1 second' where id = ?`, [id]);

describe('a first withdrawal to a new address waits', () => {
  test('held 24 hours: nobody approves it (one, a batch, the rule); the owner is told until when; then the rule approves and pays it, and the next one to that address goes at once', async () => {
    const user = await createApprovedUser(app, { role: 'PUBLISHER' });
    await credit(app, user.userId, '400');
    const wallet = newAddress();
    const asked = Date.now();
    const res = await app.api('/v1/users/payments/publisher', {
      token: user.token,
      body: { amount: '60', walletAddress: wallet },
    });
    expect(res.status).toBe(201);
    const id = res.body.value.id as number;
    // Held for a day; the rule (up to 200) does not approve it now but will look again.
    const held = new Date(res.body.value.holdUntil).getTime();
    expect(held - asked).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(held - asked).toBeLessThan(24 * 3600_000 + 60_000);
    expect(await row(id)).toMatchObject({ payout_stage: 'REQUESTED', rule_pending: true });

    const finance = await login(app, FINANCE);
    const one = await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: finance });
    expect(one.status).toBe(409);
    expect(one.body.error).toMatch(
      /^This withdrawal goes to a new address: it can be approved from \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    // In a batch it is left as it is (another held one beside it too).
    const other = await app.api('/v1/users/payments/publisher', {
      token: user.token,
      body: { amount: '60', walletAddress: newAddress() },
    });
    const batch = await app.api('/v1/finance/withdrawals/approve', {
      token: finance,
      body: { ids: [id, other.body.value.id] },
    });
    expect(batch).toEqual({ status: 200, body: { value: { data: [] } } });
    await app.services.payouts.round();
    expect(await row(id)).toMatchObject({ payout_stage: 'REQUESTED', status: 'IN_PROGRESS' });
    // The finance queue and the publisher's list show the hold.
    const queued = await gql(
      app,
      'query($id: String!) { withdrawalQueue(page: 1, size: 50, search: $id) { data { id holdUntil } } }',
      { id: String(id) },
      finance,
    );
    expect(queued.data.withdrawalQueue.data.find((w: { id: string }) => w.id === String(id)).holdUntil).toBe(
      res.body.value.holdUntil,
    );

    // The owner's notice says it is held and until when.
    await eventually(
      async () => {
        const mails = await outboxMails(app, user.email);
        const notice = mails.find((m) => m.includes('was requested from your Taskgram Ads account'));
        return (
          !!notice &&
          /It is held until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d UTC: if it was not you, say so before then/.test(
            notice.replace(/\r?\n/g, ' '),
          )
        );
      },
      10_000,
      'the withdrawal notice with its hold',
    );

    // The day passes: the round's rule approves it, and it is paid.
    await holdEnds(id);
    await app.services.payouts.round();
    await app.services.payouts.round();
    expect(await row(id)).toMatchObject({ status: 'DONE', rule_pending: false });
    const rule = await em(app)
      .getConnection()
      .execute<{ actor: string }[]>(
        `select actor from audit_events where object_type = 'withdrawal' and object_id = ? and action = 'withdrawal.auto_approved'`,
        [String(id)],
      );
    expect(rule).toEqual([{ actor: 'auto-approve rule' }]);

    // Paid at now: the next withdrawal there is not held (and the rule approves it at once).
    const next = await app.api('/v1/users/payments/publisher', {
      token: user.token,
      body: { amount: '60', walletAddress: wallet },
    });
    expect(next.body.value).toMatchObject({ holdUntil: null, payoutStage: 'APPROVED' });
    await expectBooksBalanced(app);
  });

  test('a finance person approves a held one once its hold has ended; the rule leaves four-eyes amounts to people', async () => {
    const user = await createApprovedUser(app, { role: 'PUBLISHER' });
    await credit(app, user.userId, '1500');
    const res = await app.api('/v1/users/payments/publisher', {
      token: user.token,
      body: { amount: '1000', walletAddress: newAddress() },
    });
    const id = res.body.value.id as number;
    expect(await row(id)).toMatchObject({ payout_stage: 'REQUESTED', rule_pending: false });
    await holdEnds(id);
    await app.services.payouts.round();
    expect(await row(id)).toMatchObject({ payout_stage: 'REQUESTED' });
    await em(app).getConnection().execute(`update users set is_finance = true where email = 'advertiser@demo.local'`);
    for (const email of [FINANCE, 'advertiser@demo.local']) {
      const token = await login(app, email);
      expect((await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token })).status).toBe(200);
    }
    expect(await row(id)).toMatchObject({ payout_stage: 'APPROVED' });
  });
});

describe('saved payout addresses', () => {
  test('adding one takes a fresh proof; checked as a withdrawal address; listed with whether it was paid at; removed by its owner only', async () => {
    const user = await createApprovedUser(app, { role: 'PUBLISHER' });
    const wallet = newAddress();
    const add = (body: unknown, token = user.token) => app.api('/v1/users/self/payout-addresses', { token, body });

    // A session whose proof is old (a stolen token) cannot add one.
    await provedLongAgo(app, user.email);
    const stale = await add({ address: wallet, label: 'My Tonkeeper' });
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    const overGraphql = await gql(
      app,
      'mutation($a: String!) { addPayoutAddress(address: $a, label: "x") { id } }',
      { a: wallet },
      user.token,
    );
    expect(overGraphql.errors?.[0]?.extensions?.code).toBe('STEP_UP_REQUIRED');
    expect((await app.api('/v1/users/self/payout-addresses', { token: user.token })).body.value.data).toEqual([]);

    const fresh = await login(app, user.email, user.password);
    expect(await add({ address: 'not an address', label: 'Mine' }, fresh)).toMatchObject({
      status: 400,
      body: { error: 'Enter a valid TON wallet address (USDT on TON)' },
    });
    expect(await add({ address: wallet, label: '   ' }, fresh)).toMatchObject({
      status: 400,
      body: { error: 'Enter a label of 1 to 60 characters, e.g. “My Tonkeeper”' },
    });
    const saved = await add({ address: ` ${wallet} `, label: ' My Tonkeeper ' }, fresh);
    expect(saved.status).toBe(201);
    expect(saved.body.value).toMatchObject({ label: 'My Tonkeeper', paidAt: false });
    expect((await add({ address: wallet, label: 'Again' }, fresh)).status).toBe(409);

    const listed = await gql(app, '{ payoutAddresses { id address label paidAt } }', {}, fresh);
    expect(listed.data.payoutAddresses).toEqual([
      { id: String(saved.body.value.id), address: saved.body.value.address, label: 'My Tonkeeper', paidAt: false },
    ]);
    // Another user cannot remove it.
    const other = await createApprovedUser(app, { role: 'PUBLISHER' });
    const path = `/v1/users/self/payout-addresses/${saved.body.value.id}`;
    expect((await app.api(path, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await app.api(path, { method: 'DELETE', token: fresh })).status).toBe(204);
    expect((await app.api('/v1/users/self/payout-addresses', { token: fresh })).body.value.data).toEqual([]);
  });
});
