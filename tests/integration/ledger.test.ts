import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Emit } from '../../server/db/transaction.ts';
import { DomainError } from '../../server/errors.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import { type BalancesPayload, InsufficientFunds, newestBalances } from '../../server/modules/ledger/balances.ts';
import { topics } from '../../server/lib/pubsub.ts';
import type { AccountRef, Ledger, TransferRecord } from '../../server/modules/ledger/ledger.service.ts';
import { startTestApp } from '../helpers/app.ts';
import { insertUsers } from '../helpers/ledger.ts';

const USD = 1_000_000n;
let app: Awaited<ReturnType<typeof startTestApp>>;
let ledger: Ledger;
let seq = 0;
let userIds: number[] = [];
/** Every test uses fresh users and campaigns (campaign ids are plain numbers for now). */
const fresh = () => {
  const id = userIds[seq++];
  if (id === undefined) throw new Error('out of test users');
  return id;
};
const key = (what: string) => `test:${what}:${seq}:${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  app = await startTestApp();
  ledger = app.services.ledger;
  userIds = await insertUsers(app.orm.em.fork() as EntityManager, 200);
});
afterAll(() => app?.close());
// After every scenario the books balance, nothing is negative, no cached balance drifted.
afterEach(async () => {
  for (const c of await checkLedger(app.orm.em.fork() as EntityManager))
    expect(c, c.detail).toMatchObject({ ok: true });
});

const run = <T>(work: (tx: EntityManager, emit: Emit) => Promise<T>) =>
  ledger.run(app.orm.em.fork() as EntityManager, work);

const transfer = (input: Parameters<Ledger['transfer']>[2]) => run((tx, emit) => ledger.transfer(tx, emit, input));
const post = (input: { key: string; pendingId: number; amount?: bigint }) =>
  run((tx, emit) => ledger.post(tx, emit, input));
const voidPending = (input: { key: string; pendingId: number }) => run((tx, emit) => ledger.void(tx, emit, input));

interface Totals {
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
  available: bigint;
}
async function account(ref: AccountRef): Promise<Totals> {
  const em = app.orm.em.fork() as EntityManager;
  const id = await ledger.accountId(em, ref);
  const [r] = await em.execute(
    'select debits_posted, credits_posted, debits_pending, credits_pending from ledger_accounts where id = ?',
    [id],
  );
  const t = {
    debitsPosted: BigInt(r.debits_posted),
    creditsPosted: BigInt(r.credits_posted),
    debitsPending: BigInt(r.debits_pending),
    creditsPending: BigInt(r.credits_pending),
  };
  return { ...t, available: t.creditsPosted - t.debitsPosted - t.debitsPending };
}

async function transfersByKey(k: string) {
  const rows = await (app.orm.em.fork() as EntityManager).execute('select * from ledger_transfers where key = ?', [k]);
  return rows.length;
}

/** A funded advertiser and a funded campaign budget, through posted transfers. */
async function fundedCampaign(advertiserUsd = 100n, campaignUsd = 50n) {
  const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
  const camp: AccountRef = { kind: 'CAMPAIGN_BUDGET', campaignId: fresh() };
  const pub: AccountRef = { kind: 'PUBLISHER', userId: fresh() };
  await transfer({
    key: key('topup'),
    code: 'TOP_UP',
    debit: { kind: 'DEPOSITS' },
    credit: adv,
    amount: advertiserUsd * USD,
  });
  await transfer({ key: key('fund'), code: 'FUND_CAMPAIGN', debit: adv, credit: camp, amount: campaignUsd * USD });
  return { adv, camp, pub };
}

async function expectDomainError(p: Promise<unknown>, code: string, message?: RegExp) {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err, 'expected a DomainError').toBeInstanceOf(DomainError);
  expect(err.code).toBe(code);
  if (message) expect(err.message).toMatch(message);
  return err as DomainError;
}

describe('posted transfers', () => {
  test('a posted top-up moves money at once and both sides see it', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const depositsBefore = await account({ kind: 'DEPOSITS' });
    const t = await transfer({
      key: key('topup'),
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: adv,
      amount: 123_456_789n,
      reference: 'sandbox:1',
    });
    expect(t).toMatchObject({
      flag: 'POSTED',
      amount: 123_456_789n,
      pendingId: null,
      replayed: false,
      reference: 'sandbox:1',
    });
    expect(await account(adv)).toMatchObject({
      creditsPosted: 123_456_789n,
      available: 123_456_789n,
      debitsPending: 0n,
    });
    const deposits = await account({ kind: 'DEPOSITS' });
    // DEPOSITS is a system account: it may go negative, it mirrors money that came in.
    expect(deposits.debitsPosted - depositsBefore.debitsPosted).toBe(123_456_789n);
  });

  test('fund and return: advertiser ⇄ campaign budget', async () => {
    const { adv, camp } = await fundedCampaign(100n, 60n);
    await transfer({ key: key('return'), code: 'RETURN_BUDGET', debit: camp, credit: adv, amount: 15n * USD });
    expect((await account(adv)).available).toBe(55n * USD);
    expect((await account(camp)).available).toBe(45n * USD);
  });

  test('amount must be positive and the two accounts different', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    await expectDomainError(
      transfer({ key: key('zero'), code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: 0n }),
      'VALIDATION',
    );
    await expectDomainError(
      transfer({ key: key('neg'), code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: -5n }),
      'VALIDATION',
    );
    await expectDomainError(
      transfer({ key: key('self'), code: 'ADJUSTMENT', debit: adv, credit: adv, amount: 5n }),
      'VALIDATION',
    );
  });
});

describe('pending transfers', () => {
  test('pending → post (full): reserved first, then posted', async () => {
    const { camp, pub } = await fundedCampaign();
    const p = await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 10n * USD,
      pending: true,
    });
    expect(p.flag).toBe('PENDING');
    expect(await account(camp)).toMatchObject({ debitsPending: 10n * USD, available: 40n * USD });
    expect(await account(pub)).toMatchObject({ creditsPending: 10n * USD, available: 0n });

    const posted = await post({ key: key('post'), pendingId: p.id });
    expect(posted).toMatchObject({ flag: 'POST_PENDING', pendingId: p.id, amount: 10n * USD, replayed: false });
    expect(await account(camp)).toMatchObject({ debitsPending: 0n, debitsPosted: 10n * USD, available: 40n * USD });
    expect(await account(pub)).toMatchObject({ creditsPending: 0n, creditsPosted: 10n * USD, available: 10n * USD });
  });

  test('pending → post (partial): the rest goes back to the debit account', async () => {
    const { camp, pub } = await fundedCampaign();
    const p = await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 10n * USD,
      pending: true,
    });
    const posted = await post({ key: key('post'), pendingId: p.id, amount: 6_500_000n });
    expect(posted.amount).toBe(6_500_000n);
    expect(await account(camp)).toMatchObject({ debitsPending: 0n, available: 50n * USD - 6_500_000n });
    expect(await account(pub)).toMatchObject({ creditsPending: 0n, creditsPosted: 6_500_000n, available: 6_500_000n });
  });

  test('a partial post above the pending amount or of zero is refused', async () => {
    const { camp, pub } = await fundedCampaign();
    const p = await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 10n * USD,
      pending: true,
    });
    await expectDomainError(post({ key: key('post'), pendingId: p.id, amount: 10n * USD + 1n }), 'VALIDATION');
    await expectDomainError(post({ key: key('post'), pendingId: p.id, amount: 0n }), 'VALIDATION');
    expect(await account(pub)).toMatchObject({ creditsPending: 10n * USD, creditsPosted: 0n });
  });

  test('pending → void: the reserved amount goes back', async () => {
    const { camp, pub } = await fundedCampaign();
    const p = await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 10n * USD,
      pending: true,
    });
    const v = await voidPending({ key: key('void'), pendingId: p.id });
    expect(v).toMatchObject({ flag: 'VOID_PENDING', pendingId: p.id, amount: 10n * USD });
    expect(await account(camp)).toMatchObject({ debitsPending: 0n, debitsPosted: 0n, available: 50n * USD });
    expect(await account(pub)).toMatchObject({ creditsPending: 0n, creditsPosted: 0n, available: 0n });
  });

  test('a pending transfer is resolved once: double post, post after void, void after post are refused', async () => {
    const { camp, pub } = await fundedCampaign();
    const a = await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 10n * USD,
      pending: true,
    });
    const postKey = key('post');
    await post({ key: postKey, pendingId: a.id });
    await expectDomainError(post({ key: key('post-again'), pendingId: a.id }), 'CONFLICT', /already posted/);
    await expectDomainError(voidPending({ key: key('void'), pendingId: a.id }), 'CONFLICT', /already posted/);
    // The same resolution retried with its own key is a replay, not a second post.
    const replay = await post({ key: postKey, pendingId: a.id });
    expect(replay.replayed).toBe(true);

    const b = await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 5n * USD,
      pending: true,
    });
    await voidPending({ key: key('void'), pendingId: b.id });
    await expectDomainError(post({ key: key('post'), pendingId: b.id }), 'CONFLICT', /already voided/);

    // Only PENDING transfers can be resolved.
    await expectDomainError(post({ key: key('post'), pendingId: a.id + 1_000_000 }), 'NOT_FOUND');
    const posted = await transfer({
      key: key('plain'),
      code: 'RETURN_BUDGET',
      debit: camp,
      credit: { kind: 'ADVERTISER', userId: fresh() },
      amount: 1n,
    });
    await expectDomainError(post({ key: key('post'), pendingId: posted.id }), 'NOT_FOUND');

    expect(await account(pub)).toMatchObject({ creditsPosted: 10n * USD, creditsPending: 0n });
  });
});

describe('idempotency', () => {
  test('a retry with the same key returns the first result and moves nothing', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const input = {
      key: key('topup'),
      code: 'TOP_UP' as const,
      debit: { kind: 'DEPOSITS' as const },
      credit: adv,
      amount: 7n * USD,
    };
    const first = await transfer(input);
    const again = await transfer(input);
    expect(again.replayed).toBe(true);
    const { replayed: _a, ...a } = first;
    const { replayed: _b, ...b } = again;
    expect(b).toEqual(a);
    expect((await account(adv)).available).toBe(7n * USD);
    expect(await transfersByKey(input.key)).toBe(1);
  });

  test('concurrent retries of one key make one transfer', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    await ledger.accountId(app.orm.em.fork() as EntityManager, adv);
    const input = {
      key: key('topup'),
      code: 'TOP_UP' as const,
      debit: { kind: 'DEPOSITS' as const },
      credit: adv,
      amount: 3n * USD,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(input)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await account(adv)).available).toBe(3n * USD);
  });

  test('the same key with different content is a CONFLICT', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const other: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const k = key('topup');
    await transfer({ key: k, code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: 7n * USD });
    await expectDomainError(
      transfer({ key: k, code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: 8n * USD }),
      'CONFLICT',
      /idempotency key/,
    );
    await expectDomainError(
      transfer({ key: k, code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: other, amount: 7n * USD }),
      'CONFLICT',
    );
    await expectDomainError(
      transfer({ key: k, code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: 7n * USD, pending: true }),
      'CONFLICT',
    );
    await expectDomainError(
      transfer({ key: k, code: 'ADJUSTMENT', debit: { kind: 'DEPOSITS' }, credit: adv, amount: 7n * USD }),
      'CONFLICT',
    );
    expect((await account(adv)).available).toBe(7n * USD);
    expect((await account(other)).available).toBe(0n);
  });

  test('a resolution key reused for another pending transfer is a CONFLICT', async () => {
    const { camp, pub } = await fundedCampaign();
    const a = await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 2n * USD,
      pending: true,
    });
    const b = await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 2n * USD,
      pending: true,
    });
    const k = key('post');
    await post({ key: k, pendingId: a.id });
    await expectDomainError(post({ key: k, pendingId: b.id }), 'CONFLICT');
    expect(await account(pub)).toMatchObject({ creditsPosted: 2n * USD, creditsPending: 2n * USD });
  });
});

describe('guarded accounts never go negative', () => {
  test('InsufficientFunds for advertiser, campaign budget and publisher; nothing is written', async () => {
    const { adv, camp, pub } = await fundedCampaign(100n, 50n);
    const k1 = key('overfund');
    const e1 = await run((tx, emit) =>
      ledger.transfer(tx, emit, { key: k1, code: 'FUND_CAMPAIGN', debit: adv, credit: camp, amount: 50n * USD + 1n }),
    ).catch((e) => e);
    expect(e1).toBeInstanceOf(InsufficientFunds);
    expect(e1.code).toBe('VALIDATION');
    expect(await transfersByKey(k1)).toBe(0);

    await expectDomainError(
      transfer({ key: key('over'), code: 'CONVERSION', debit: camp, credit: pub, amount: 51n * USD, pending: true }),
      'VALIDATION',
    );
    await expectDomainError(
      transfer({
        key: key('over'),
        code: 'WITHDRAWAL',
        debit: pub,
        credit: { kind: 'WITHDRAWALS' },
        amount: 1n,
        pending: true,
      }),
      'VALIDATION',
    );
    expect(await account(adv)).toMatchObject({ available: 50n * USD });
    expect(await account(camp)).toMatchObject({ available: 50n * USD, debitsPending: 0n });
  });

  test('pending debits count against the available balance', async () => {
    const { camp, pub } = await fundedCampaign(100n, 50n);
    await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 30n * USD,
      pending: true,
    });
    await expectDomainError(
      transfer({
        key: key('conv'),
        code: 'CONVERSION',
        debit: camp,
        credit: pub,
        amount: 20n * USD + 1n,
        pending: true,
      }),
      'VALIDATION',
    );
    await transfer({
      key: key('conv'),
      code: 'CONVERSION',
      debit: camp,
      credit: pub,
      amount: 20n * USD,
      pending: true,
    });
    expect((await account(camp)).available).toBe(0n);
    // Pending credits are on hold: the publisher cannot spend them yet.
    await expectDomainError(
      transfer({
        key: key('w'),
        code: 'WITHDRAWAL',
        debit: pub,
        credit: { kind: 'WITHDRAWALS' },
        amount: 1n,
        pending: true,
      }),
      'VALIDATION',
    );
  });

  test('the database refuses a negative guarded account even when the code does not check', async () => {
    const { adv } = await fundedCampaign(10n, 5n);
    const em = app.orm.em.fork() as EntityManager;
    const id = await ledger.accountId(em, adv);
    await expect(
      em.execute('update ledger_accounts set debits_posted = debits_posted + ? where id = ?', [
        (5n * USD + 1n).toString(),
        id,
      ]),
    ).rejects.toThrow(/ledger_accounts_guarded_not_negative/);
    await expect(em.execute('update ledger_accounts set debits_pending = -1 where id = ?', [id])).rejects.toThrow(
      /ledger_accounts_totals_non_negative/,
    );
    await expect(
      em.execute(
        `insert into ledger_transfers (key, code, flag, debit_account_id, credit_account_id, amount) values (?, 'ADJUSTMENT', 'POSTED', ?, ?, 0)`,
        [key('raw'), id, id + 0],
      ),
    ).rejects.toThrow(/ledger_transfers_(amount_positive|two_accounts)/);
    // System accounts may go negative: they mirror the outside world.
    const deposits = await account({ kind: 'DEPOSITS' });
    expect(deposits.available).toBeLessThan(0n);
    expect((await account(adv)).available).toBe(5n * USD);
  });

  test('a refused transfer that created an account leaves the ledger usable for that account', async () => {
    // The first transfer ever touching this advertiser creates its account, then is refused
    // and rolled back; the next transfer to the same advertiser must still work.
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const camp: AccountRef = { kind: 'CAMPAIGN_BUDGET', campaignId: fresh() };
    await expectDomainError(
      transfer({ key: key('fund'), code: 'FUND_CAMPAIGN', debit: adv, credit: camp, amount: USD }),
      'VALIDATION',
    );
    const t: TransferRecord = await transfer({
      key: key('topup'),
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: adv,
      amount: 2n * USD,
    });
    expect(t.replayed).toBe(false);
    await transfer({ key: key('fund'), code: 'FUND_CAMPAIGN', debit: adv, credit: camp, amount: USD });
    expect((await account(adv)).available).toBe(USD);
    expect((await account(camp)).available).toBe(USD);
  });
});

test('checkLedger reports drift, negative accounts and broken sums when they exist', async () => {
  // A throwaway database state: break it inside a transaction and roll back.
  const em = app.orm.em.fork() as EntityManager;
  const { adv } = await fundedCampaign(10n, 1n);
  const id = await ledger.accountId(em, adv);
  const checks = await em
    .transactional(async (tx) => {
      await tx.execute('update ledger_accounts set credits_posted = credits_posted + 1 where id = ?', [id]);
      const result = await checkLedger(tx);
      throw Object.assign(new Error('rollback'), { result });
    })
    .catch((e) => e.result as Awaited<ReturnType<typeof checkLedger>>);
  const byName = Object.fromEntries(checks.map((c) => [c.name, c]));
  expect(byName['sum over all accounts is zero'].ok).toBe(false);
  expect(byName['every cached balance equals the sum of its transfers'].ok).toBe(false);
  expect(byName['every cached balance equals the sum of its transfers'].detail).toContain(
    `account #${id} credits_posted`,
  );
  expect(byName['no user or campaign account is negative'].ok).toBe(true);
});

describe('transferNow: one transfer in one statement', () => {
  const em = () => app.orm.em.fork() as EntityManager;

  test('posts, answers a replay with the first result and keeps the books exact', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const k = key('now');
    const first = await ledger.transferNow(em(), {
      key: k,
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: adv,
      amount: 7n * USD,
    });
    expect(first.replayed).toBe(false);
    expect(first.amount).toBe(7n * USD);
    const again = await ledger.transferNow(em(), {
      key: k,
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: adv,
      amount: 7n * USD,
    });
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect((await account(adv)).available).toBe(7n * USD);
    await expect(
      ledger.transferNow(em(), { key: k, code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: 8n * USD }),
    ).rejects.toThrow(DomainError);
  });

  test('a pending transfer reserves the amount until it is posted', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const pub: AccountRef = { kind: 'PUBLISHER', userId: fresh() };
    await ledger.transferNow(em(), {
      key: key('fund'),
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: adv,
      amount: 10n * USD,
    });
    const pending = await ledger.transferNow(em(), {
      key: key('hold'),
      code: 'ADJUSTMENT',
      debit: adv,
      credit: pub,
      amount: 4n * USD,
      pending: true,
    });
    expect((await account(adv)).available).toBe(6n * USD);
    expect((await account(pub)).creditsPending).toBe(4n * USD);
    await post({ key: key('post'), pendingId: pending.id });
    expect((await account(pub)).available).toBe(4n * USD);
  });

  test('an overdraft is refused by the database and leaves nothing behind', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const other: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    await ledger.transferNow(em(), {
      key: key('fund'),
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: adv,
      amount: 5n * USD,
    });
    const k = key('overdraft');
    await expect(
      ledger.transferNow(em(), { key: k, code: 'ADJUSTMENT', debit: adv, credit: other, amount: 6n * USD }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await transfersByKey(k)).toBe(0);
    expect((await account(adv)).available).toBe(5n * USD);
  });

  test('30 concurrent spends of the whole balance: exactly one goes through', async () => {
    const adv: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const sink: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    await ledger.transferNow(em(), {
      key: key('fund'),
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: adv,
      amount: 3n * USD,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        ledger.transferNow(em(), {
          key: key(`spend-${i}`),
          code: 'ADJUSTMENT',
          debit: adv,
          credit: sink,
          amount: 3n * USD,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFunds);
    expect((await account(adv)).available).toBe(0n);
    expect((await account(sink)).available).toBe(3n * USD);
  });

  test('opposite transfers between the same accounts at once do not deadlock', async () => {
    const a: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    const b: AccountRef = { kind: 'ADVERTISER', userId: fresh() };
    for (const ref of [a, b]) {
      await ledger.transferNow(em(), {
        key: key('fund'),
        code: 'TOP_UP',
        debit: { kind: 'DEPOSITS' },
        credit: ref,
        amount: 100n * USD,
      });
    }
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ledger.transferNow(em(), {
          key: key(`swap-${i}`),
          code: 'ADJUSTMENT',
          debit: i % 2 ? a : b,
          credit: i % 2 ? b : a,
          amount: USD,
        }),
      ),
    );
    expect((await account(a)).available + (await account(b)).available).toBe(200n * USD);
    expect((await account(a)).available).toBe(100n * USD);
  });

  test('publishes balanceChanged to the users whose balance moved', async () => {
    const userId = fresh();
    const iterator = await app.pubsub.subscribe<{ advertiserBalance: string }>(`balance:${userId}`);
    await ledger.transferNow(em(), {
      key: key('live'),
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: { kind: 'ADVERTISER', userId },
      amount: 12n * USD,
    });
    const event = await iterator.next();
    await iterator.return?.();
    expect(event.value).toMatchObject({ advertiserBalance: String(12n * USD) });
  });
});

describe('account versions: live balances never go back', () => {
  const em = () => app.orm.em.fork() as EntityManager;
  const version = async (ref: AccountRef) => {
    const [r] = await em().execute<{ version: string }[]>('select version from ledger_accounts where id = ?', [
      await ledger.accountId(em(), ref),
    ]);
    return BigInt(r.version);
  };

  test('every change of an account raises its version by one, on both sides, whatever the path', async () => {
    const userId = fresh();
    const adv: AccountRef = { kind: 'ADVERTISER', userId };
    const pub: AccountRef = { kind: 'PUBLISHER', userId };
    await ledger.transferNow(em(), {
      key: key('v'),
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: adv,
      amount: USD,
    });
    expect(await version(adv)).toBe(1n);
    const hold = await transfer({
      key: key('v'),
      code: 'CONVERSION',
      debit: adv,
      credit: pub,
      amount: 300_000n,
      pending: true,
    });
    expect([await version(adv), await version(pub)]).toEqual([2n, 1n]);
    await post({ key: key('v'), pendingId: hold.id, amount: 100_000n });
    expect([await version(adv), await version(pub)]).toEqual([3n, 2n]);
    const second = await transfer({
      key: key('v'),
      code: 'CONVERSION',
      debit: adv,
      credit: pub,
      amount: 50_000n,
      pending: true,
    });
    await voidPending({ key: key('v'), pendingId: second.id });
    expect([await version(adv), await version(pub)]).toEqual([5n, 4n]);
    // A replay changes nothing, so neither does it change the version.
    const k = key('v');
    await ledger.transferNow(em(), { key: k, code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: USD });
    await ledger.transferNow(em(), { key: k, code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: USD });
    expect(await version(adv)).toBe(6n);
  });

  test('concurrent transfers: each event carries the version its figures were read at; the newest is the final balance', async () => {
    const userId = fresh();
    const adv: AccountRef = { kind: 'ADVERTISER', userId };
    const raw = await app.pubsub.subscribe<BalancesPayload>(topics.balance(userId));
    const live = newestBalances(await app.pubsub.subscribe<BalancesPayload>(topics.balance(userId)));
    const count = 40;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        i % 2
          ? ledger.transferNow(em(), {
              key: key('c'),
              code: 'TOP_UP',
              debit: { kind: 'DEPOSITS' },
              credit: adv,
              amount: 10_000n,
            })
          : transfer({ key: key('c'), code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: 10_000n }),
      ),
    );
    const final = (await account(adv)).available;
    expect(final).toBe(BigInt(count) * 10_000n);
    // Every state an event carries is the one its version names: version n is n transfers in.
    const events: BalancesPayload[] = [];
    for (let i = 0; i < count; i++) events.push((await raw.next()).value as BalancesPayload);
    await raw.return?.();

    for (const e of events) expect(BigInt(e.advertiserBalance)).toBe(BigInt(e.advertiserVersion) * 10_000n);
    expect(new Set(events.map((e) => e.advertiserVersion)).size).toBe(count);
    // The subscriber's own stream: never back, and its last state the final balance.
    const sent: bigint[] = [];
    while (sent.at(-1) !== final) {
      const r = await Promise.race([live.next(), new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      if (!r || r.done) throw new Error(`the live stream stopped at ${sent.at(-1)} before ${final}`);
      sent.push(BigInt(r.value.advertiserBalance));
    }
    await live.return?.();
    expect(sent).toEqual([...sent].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  test('a subscriber that leaves while no event comes is unsubscribed at once', async () => {
    const userId = fresh();
    const source = await app.pubsub.subscribe<BalancesPayload>(topics.balance(userId));
    let returned = false;
    const live = newestBalances({
      next: () => source.next(),
      return: async () => {
        returned = true;
        return source.return!();
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    });
    const waiting = live.next();
    await live.return?.();
    expect(returned).toBe(true);
    expect(await waiting).toMatchObject({ done: true });
  });
});
