import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OWN_WITHDRAWAL_MESSAGE } from '../../server/modules/payments/payments.service.ts';
import { friendly } from '../../server/modules/payments/payouts.service.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';
import { credit, em, expectBooksBalanced, newAddress, self, type TestApp } from '../helpers/payouts.ts';

// Payouts under policy (issue 56), the parts built so far: nobody decides their own withdrawal,
// the network's own addresses are no destination, an amount finer than the ledger's unit is
// refused as a JSON number too, and the demo starts whatever the auto-approve rule says.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

const FINANCE = 'moderator@demo.local';
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
    expect(await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token })).toEqual(refused);
    expect(await app.api('/v1/finance/withdrawals/approve', { token, body: { ids: [id] } })).toEqual(refused);
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
    await em(app).getConnection().execute(`update users set is_finance = true where email = 'advertiser@demo.local'`);
    const other = await login(app, 'advertiser@demo.local');
    expect((await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: other })).status).toBe(200);
    expect(await stage(id)).toMatchObject({ payout_stage: 'APPROVED' });
    await expectBooksBalanced(app);
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
      expect(res).toEqual({
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
      expect(res, JSON.stringify(amount)).toEqual({ status: 400, body: { error: 'Enter correct value' } });
    }
  });
});

describe('a start the rule cannot stop', () => {
  test('the demo seeds with the auto-approve rule on and no minimum age (its withdrawal approved by the rule)', async () => {
    const ruled = await startTestApp({
      demo: true,
      env: { PAYOUT_AUTO_APPROVE_MAX: '100', PAYOUT_AUTO_APPROVE_MIN_AGE_DAYS: '0' },
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
    } finally {
      await ruled.close();
    }
  });
});
