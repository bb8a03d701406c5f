import { actedByOperator } from '../../server/lib/step-up.ts';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Address, beginCell } from '@ton/core';
import { expect } from 'vitest';
import { parseMoney } from '../../server/lib/money.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import type { User } from '../../server/modules/users/user.entity.ts';
import type { startTestApp } from './app.ts';

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export const em = (app: TestApp) => app.orm.em.fork() as EntityManager;
export const self = async (app: TestApp, token: string) => (await app.api('/v1/users/self', { token })).body.value;

/** A new basechain address, in testnet form (the sandbox chain's network). */
export const newAddress = () => new Address(0, randomBytes(32)).toString({ testOnly: true, bounceable: false });

export async function expectBooksBalanced(app: TestApp) {
  for (const c of await checkLedger(em(app))) expect(c, c.detail).toMatchObject({ ok: true });
}

/** Money for a publisher to withdraw (an adjustment from the deposits account). */
export async function credit(app: TestApp, userId: number, usd: string) {
  const ledger = app.services.ledger;
  await ledger.run(em(app), (tx, emit) =>
    ledger.transfer(tx, emit, {
      key: `test:credit:${userId}:${randomBytes(6).toString('hex')}`,
      code: 'ADJUSTMENT',
      debit: { kind: 'DEPOSITS' },
      credit: { kind: 'PUBLISHER', userId },
      amount: parseMoney(usd),
    }),
  );
}

/** A user as the operator acts for them on the server (a script): no session, nothing to prove. */
export async function user(app: TestApp, email: string) {
  const [row] = await em(app)
    .getConnection()
    .execute<{ id: number }[]>('select id from users where email = ?', [email]);
  return actedByOperator((await app.orm.em.fork().findOneOrFail('User', { id: row!.id })) as User);
}

export async function usdtOf(app: TestApp) {
  const rig = await app.services.payouts.ready();
  return (await rig.chain.get(rig.jettonWallet, 'get_wallet_data')).readBigNumber();
}

/** The balance of `owner`'s USDT jetton wallet on the chain (0 when it has none). */
export async function usdtAt(app: TestApp, owner: string) {
  const rig = await app.services.payouts.ready();
  const wallet = (
    await rig.chain.get(rig.jettonMaster, 'get_wallet_address', [
      { type: 'slice', cell: beginCell().storeAddress(Address.parse(owner)).endCell() },
    ])
  ).readAddress();
  try {
    return (await rig.chain.get(wallet, 'get_wallet_data')).readBigNumber();
  } catch {
    return 0n;
  }
}

/** A withdrawal to a new address, requested by `publisher` and approved by `finance` (not yet sent): its id and address. */
export async function approvedWithdrawal(app: TestApp, publisher: string, finance: string, amount: string) {
  const to = newAddress();
  const requested = await app.api('/v1/users/payments/publisher', {
    token: publisher,
    body: { amount, walletAddress: to },
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  const id = Number(requested.body.value.id);
  expect((await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: finance })).status).toBe(200);
  return { id, to };
}

/** The books: every account's posted and pending sums, and how many transfers and conversions. */
export async function books(app: TestApp) {
  const c = em(app).getConnection();
  const accounts = await c.execute<Record<string, string>[]>(
    `select id, credits_posted::text, debits_posted::text, credits_pending::text, debits_pending::text
       from ledger_accounts order by id`,
  );
  const [counts] = await c.execute<{ transfers: string; conversions: string; withdrawals: string }[]>(
    `select (select count(*) from ledger_transfers)::text as transfers, (select count(*) from conversions)::text as conversions,
            (select count(*) from payments where kind = 'WITHDRAWAL')::text as withdrawals`,
  );
  return { accounts, ...counts! };
}
