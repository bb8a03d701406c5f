import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { topics } from '../../server/lib/pubsub.ts';
import { FAILURES } from '../../server/failures.ts';

const OWN_WITHDRAWAL_MESSAGE = FAILURES.OWN_WITHDRAWAL.message;
const SECOND_APPROVAL_MESSAGE = FAILURES.SECOND_APPROVAL_BY_SAME_PERSON.message;
import { friendly } from '../../server/modules/payouts/policies/address-refusals.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';
import { eventually } from '../helpers/telegram.ts';
import { credit, em, expectBooksBalanced, newAddress, self, type TestApp } from '../helpers/payouts.ts';

// Payouts under policy: nobody decides their own withdrawal,
// two finance people approve a large one, the network's own addresses are no destination, an
// amount finer than the ledger's unit is refused as a JSON number too, and the demo starts
// whatever the auto-approve rule says.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true, env: { PAYOUT_SECOND_APPROVAL_USD: '1000' } });
});
afterAll(() => app?.close());

const FINANCE = 'moderator@demo.local';
/** The demo advertiser made a second finance person; their token. */
async function secondFinance() {
  await em(app).getConnection().execute(`update users set is_finance = true where email = 'advertiser@demo.local'`);
  return login(app, 'advertiser@demo.local');
}
/** The publisher's withdrawal of `usd` to a new address (money credited first); its id. */
async function withdrawal(usd: string): Promise<number> {
  const token = await login(app, 'publisher@demo.local');
  await credit(app, (await self(app, token)).id, usd);
  const res = await app.api('/v1/users/payments/publisher', {
    token,
    body: { amount: usd, walletAddress: newAddress() },
  });
  expect(res.status).toBe(201);
  return res.body.value.id as number;
}
const APPROVALS =
  'query($id: String!) { withdrawalQueue(page: 1, size: 100, search: $id) { data { id payoutStage approvalsNeeded approvals { name } } } }';
const stage = async (id: number) =>
  (
    await em(app)
      .getConnection()
      .execute<{ payout_stage: string; status: string }[]>('select payout_stage, status from payments where id = ?', [
        id,
      ])
  )[0];

describe('nobody approves their own money', () => {
  test('the payee cannot approve or reject their withdrawal (REST, GraphQL, a batch); another finance person can', async () => {
    const token = await login(app, FINANCE);
    const me = await self(app, token);
    await credit(app, me.id, '200');
    const requested = await app.api('/v1/users/payments/publisher', {
      token,
      body: { amount: '100', walletAddress: newAddress() },
    });
    expect(requested.status).toBe(201);
    const id = requested.body.value.id as number;
    const refused = { status: 403, body: { error: OWN_WITHDRAWAL_MESSAGE } };
    expect(await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token })).toMatchObject(refused);
    expect(await app.api('/v1/finance/withdrawals/approve', { token, body: { ids: [id] } })).toMatchObject(refused);
    const overGraphql = await gql(app, 'mutation($id: ID!) { approveWithdrawal(id: $id) { id } }', { id }, token);
    expect(overGraphql.errors?.[0]).toMatchObject({
      message: OWN_WITHDRAWAL_MESSAGE,
      extensions: { code: 'FORBIDDEN' },
    });
    const rejected = await gql(
      app,
      'mutation($id: ID!) { failWithdrawal(id: $id, reason: "mine") { id } }',
      { id },
      token,
    );
    expect(rejected.errors?.[0]).toMatchObject({ message: OWN_WITHDRAWAL_MESSAGE });
    expect(await stage(id)).toEqual({ payout_stage: 'REQUESTED', status: 'IN_PROGRESS' });

    // A second finance person decides it.
    const other = await secondFinance();
    expect((await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: other })).status).toBe(200);
    expect(await stage(id)).toMatchObject({ payout_stage: 'APPROVED' });
    await expectBooksBalanced(app);
  });
});

describe('four eyes above PAYOUT_SECOND_APPROVAL_USD (1,000)', () => {
  test('the first approval shows as 1 of 2 (live, with who gave it); the same person cannot give the second; another approves it', async () => {
    const first = await login(app, FINANCE);
    const second = await secondFinance();
    const id = await withdrawal('1000');
    const ws = gqlWs(app, second);
    try {
      await ws.connected;
      const queue = ws.subscribe('subscription { withdrawalQueueChanged { id payoutStage } }');
      await waitUntilLive(
        queue,
        () => app.pubsub.publish(topics.withdrawals(), { id: 0, kind: 'WITHDRAWAL', status: 'IN_PROGRESS' } as never),
        (e) => e.data?.withdrawalQueueChanged?.id === '0',
      );
      const given = await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: first });
      expect(given.status).toBe(200);
      expect(await stage(id)).toMatchObject({ payout_stage: 'REQUESTED' });
      // The queue hears of it at once.
      await queue.nextEvent((e) => e.data?.withdrawalQueueChanged?.id === String(id));
    } finally {
      await ws.close();
    }
    // What each may do is the server's answer (the Finance page reads it): the first gave theirs.
    const DECISION =
      'query($id: String!) { withdrawalQueue(page: 1, size: 100, search: $id) { data { viewerDecision { own given needed gaveApproval mayApprove approvesNow mayReject } } } }';
    const decisionOf = async (token: string) =>
      (await gql(app, DECISION, { id: String(id) }, token)).data.withdrawalQueue.data[0].viewerDecision;
    expect(await decisionOf(first)).toEqual({
      own: false,
      given: 1,
      needed: 2,
      gaveApproval: true,
      mayApprove: false,
      approvesNow: false,
      mayReject: true,
    });
    expect(await decisionOf(second)).toMatchObject({ gaveApproval: false, mayApprove: true, approvesNow: true });
    // The second person sees who gave the first.
    const seen = await gql(app, APPROVALS, { id: String(id) }, second);
    expect(seen.errors).toBeUndefined();
    expect(seen.data.withdrawalQueue.data[0]).toEqual({
      id: String(id),
      payoutStage: 'REQUESTED',
      approvalsNeeded: 2,
      approvals: [{ name: 'Morgan Moderator' }],
    });
    // The payee follows it as "1 of 2 approvals", without the names.
    const payee = await login(app, 'publisher@demo.local');
    const mine = await gql(
      app,
      'query($id: String!) { transactions(kind: WITHDRAWAL, search: $id) { data { id approvalsNeeded approvalsGiven approvals { name } } } }',
      { id: String(id) },
      payee,
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data.transactions.data.find((t: { id: string }) => t.id === String(id))).toEqual({
      id: String(id),
      approvalsNeeded: 2,
      approvalsGiven: 1,
      approvals: [],
    });
    expect(await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: first })).toMatchObject({
      status: 409,
      body: { error: SECOND_APPROVAL_MESSAGE },
    });
    const approved = await gql(
      app,
      'mutation($id: ID!) { approveWithdrawal(id: $id) { payoutStage } }',
      { id },
      second,
    );
    expect(approved.data.approveWithdrawal.payoutStage).toBe('APPROVED');
    const [row] = await em(app)
      .getConnection()
      .execute<{ approved_by_id: number }[]>('select approved_by_id from payments where id = ?', [id]);
    expect(row!.approved_by_id).toBe((await self(app, second)).id);
  });

  test('two people racing the two approvals: approved once, after both, paid once; the same person twice gives one approval', async () => {
    const [a, b] = [await login(app, FINANCE), await secondFinance()];
    const raced = await withdrawal('1500');
    const answers = await Promise.all(
      [a, b].map((token) => app.api(`/v1/finance/withdrawals/${raced}/approve`, { method: 'POST', token })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await stage(raced)).toMatchObject({ payout_stage: 'APPROVED' });
    const twice = await withdrawal('1500');
    const same = await Promise.all(
      [a, a].map((token) => app.api(`/v1/finance/withdrawals/${twice}/approve`, { method: 'POST', token })),
    );
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stage(twice)).toMatchObject({ payout_stage: 'REQUESTED' });
    // A batch is one approval each: the small one is approved, the large one has its second.
    const small = await withdrawal('60');
    const batch = await app.api('/v1/finance/withdrawals/approve', { token: b, body: { ids: [twice, small] } });
    expect(batch.status).toBe(200);
    expect(await stage(small)).toMatchObject({ payout_stage: 'APPROVED' });
    expect(await stage(twice)).toMatchObject({ payout_stage: 'APPROVED' });
    // Paid once each.
    const ids = [raced, twice, small];
    await eventually(
      async () => {
        await app.services.payouts.round();
        return (await Promise.all(ids.map(stage))).every((r) => r?.status === 'DONE');
      },
      60_000,
      'the three withdrawals paid',
    );
    const rows = await em(app)
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from payout_transfers where withdrawal_id in (?, ?, ?) group by withdrawal_id order by withdrawal_id`,
        ids,
      );
    expect(rows.map((r) => Number(r.n))).toEqual([1, 1, 1]);
    await expectBooksBalanced(app);
  });
});

describe('four eyes over the payee’s 24 hours', () => {
  test('withdrawals split under PAYOUT_SECOND_APPROVAL_USD add up: the one that reaches it needs two people, in a batch too', async () => {
    // A payee of their own (the other tests' withdrawals are the publisher's).
    await em(app).getConnection().execute(`update users set is_finance = false where email = 'studio@demo.local'`);
    const token = await login(app, 'studio@demo.local');
    await credit(app, (await self(app, token)).id, '1200');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.api('/v1/users/payments/publisher', {
        token,
        body: { amount: '333.33', walletAddress: newAddress() },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.value.id);
    }
    // 999.99 of the day so far, each approved by one person; the next one reaches 1,000.
    const fourth = await app.api('/v1/users/payments/publisher', {
      token,
      body: { amount: '50', walletAddress: newAddress() },
    });
    expect(fourth.status).toBe(201);
    ids.push(fourth.body.value.id);
    const finance = await login(app, FINANCE);
    const queue = await gql(
      app,
      'query { withdrawalQueue(page: 1, size: 100) { data { id approvalsNeeded } } }',
      {},
      finance,
    );
    const needed = new Map(
      queue.data.withdrawalQueue.data.map((w: { id: string; approvalsNeeded: number }) => [
        Number(w.id),
        w.approvalsNeeded,
      ]),
    );
    expect(ids.map((id) => needed.get(id))).toEqual([1, 1, 1, 2]);
    // One person approving all four at once: three go, the fourth waits for a second person.
    const batch = await app.api('/v1/finance/withdrawals/approve', { token: finance, body: { ids } });
    expect(batch.status).toBe(200);
    const stages = await Promise.all(ids.map(stage));
    expect(stages.map((s) => s?.payout_stage)).toEqual(['APPROVED', 'APPROVED', 'APPROVED', 'REQUESTED']);
    const second = await secondFinance();
    expect((await app.api(`/v1/finance/withdrawals/${ids[3]}/approve`, { method: 'POST', token: second })).status).toBe(
      200,
    );
    expect(await stage(ids[3]!)).toMatchObject({ payout_stage: 'APPROVED' });
  });
});

describe('refused at the request', () => {
  test('the hot wallet, its jetton wallet and the USDT master are no destination', async () => {
    const rig = await app.services.payouts.ready();
    const token = await login(app, 'publisher@demo.local');
    const me = await self(app, token);
    await credit(app, me.id, '300');
    const network = app.services.payouts.network;
    for (const address of [rig.wallet.address, rig.jettonWallet, rig.jettonMaster]) {
      const res = await app.api('/v1/users/payments/publisher', {
        token,
        body: { amount: '60', walletAddress: friendly(address, network) },
      });
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'This is one of the network’s own payout addresses: enter your own wallet address' },
      });
    }
    // Its raw form too.
    const raw = await app.api('/v1/users/payments/publisher', {
      token,
      body: { amount: '60', walletAddress: rig.wallet.address.toRawString() },
    });
    expect(raw.status).toBe(400);
    expect((await self(app, token)).publisherBalance).toBe(me.publisherBalance + 300);
  });

  test('an amount finer than a micro-dollar is refused as a JSON number as it is as a string', async () => {
    const token = await login(app, 'publisher@demo.local');
    for (const amount of [50.0000004, '50.0000004']) {
      const res = await app.api('/v1/users/payments/publisher', {
        token,
        body: { amount, walletAddress: newAddress() },
      });
      expect(res, JSON.stringify(amount)).toMatchObject({ status: 400, body: { error: 'Enter correct value' } });
    }
  });
});

describe('a start the rule cannot stop', () => {
  test('the demo seeds with the auto-approve rule on and no minimum age (its withdrawal approved by the rule); the rule leaves four-eyes amounts', async () => {
    const ruled = await startTestApp({
      demo: true,
      env: {
        PAYOUT_AUTO_APPROVE_MAX: '2000',
        PAYOUT_AUTO_APPROVE_MIN_AGE_DAYS: '0',
        PAYOUT_SECOND_APPROVAL_USD: '1000',
      },
    });
    try {
      const [row] = await ruled.orm.em
        .fork()
        .getConnection()
        .execute<{ approved_by_id: number | null; payout_stage: string }[]>(
          `select approved_by_id, payout_stage from payments p join users u on u.id = p.user_id
            where u.email = 'publisher@demo.local' and p.kind = 'WITHDRAWAL'`,
        );
      expect(row).toEqual({ approved_by_id: null, payout_stage: 'APPROVED' });
      // The rule approves no withdrawal that needs two people.
      const token = await login(ruled, 'publisher@demo.local');
      await credit(ruled, (await self(ruled, token)).id, '1500');
      const large = await ruled.api('/v1/users/payments/publisher', {
        token,
        body: { amount: '1000', walletAddress: newAddress() },
      });
      expect(large.body.value).toMatchObject({ status: 'IN_PROGRESS' });
      const [stageOf] = await ruled.orm.em
        .fork()
        .getConnection()
        .execute<{ payout_stage: string }[]>('select payout_stage from payments where id = ?', [large.body.value.id]);
      expect(stageOf!.payout_stage).toBe('REQUESTED');
    } finally {
      await ruled.close();
    }
  });
});
