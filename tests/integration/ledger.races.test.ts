import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import type { AccountRef } from '../../server/modules/ledger/ledger.service.ts';
import { SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from '../../server/modules/payments/providers/sandbox.ts';
import { User } from '../../server/modules/users/user.entity.ts';
import { startTestApp } from '../helpers/app.ts';
import { login } from '../helpers/graphql.ts';
import { insertUsers } from '../helpers/ledger.ts';

const USD = 1_000_000n;
const WALLET = 'kQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74pzE8';
let app: Awaited<ReturnType<typeof startTestApp>>;
const em = () => app.orm.em.fork() as EntityManager;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  // The demo's approved withdrawal is paid by the first payout round (jobs are off in tests).
  await app.services.payouts.round();
});
afterAll(() => app?.close());
afterEach(async () => {
  for (const c of await checkLedger(em())) expect(c, c.detail).toMatchObject({ ok: true });
});

async function available(ref: AccountRef) {
  const e = em();
  const id = await app.services.ledger.accountId(e, ref);
  const [r] = await e.execute(
    'select credits_posted - debits_posted - debits_pending as a from ledger_accounts where id = ?',
    [id],
  );
  return BigInt(r.a);
}

test('20 concurrent withdrawals of the full available balance: exactly one succeeds', async () => {
  const token = await login(app, 'publisher@demo.local');
  const self = await app.api('/v1/users/self', { token });
  expect(self.body.value.publisherBalance).toBe(70);
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      app.api('/v1/users/payments/publisher', { token, body: { amount: 70, walletAddress: WALLET } }),
    ),
  );
  const ok = results.filter((r) => r.status === 201);
  expect(ok).toHaveLength(1);
  expect(ok[0].body.value).toMatchObject({ status: 'IN_PROGRESS', amount: 70 });
  for (const r of results.filter((x) => x.status !== 201)) {
    expect(r.status).toBe(400);
    // Whether the request lost before or under the row lock, the publisher reads why.
    expect(r.body.error).toMatch(/total balance|available balance|on hold|Not enough money/);
  }
  const after = await app.api('/v1/users/self', { token });
  expect(after.body.value.publisherBalance).toBe(0);
  expect(after.body.value.publisherOnHoldBalance).toBe(35.74);
  const list = await app.api('/v1/users/transactions/publisher?status=IN_PROGRESS', { token });
  expect(list.body.value.total).toBe(1);
});

test('100 concurrent replays of one signed webhook credit the advertiser once', async () => {
  const token = await login(app, 'advertiser@demo.local');
  const before = (await app.api('/v1/users/self', { token })).body.value.advertiserBalance;
  const created = await app.api('/v1/users/payments/advertiser', { token, body: { amount: 25 } });
  expect(created.status).toBe(200);
  const id = created.body.value.transaction.id as number;
  const sandbox = app.services.payments.provider as SandboxProvider;
  const { body, signature } = sandbox.webhook(id, 'paid');
  const replies = await Promise.all(
    Array.from({ length: 100 }, () =>
      fetch(`${app.url}/api/v1/payments/webhooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.json() })),
    ),
  );
  expect(replies.every((r) => r.status === 200)).toBe(true);
  expect(replies.filter((r) => r.body.value.applied)).toHaveLength(1);
  const after = (await app.api('/v1/users/self', { token })).body.value.advertiserBalance;
  expect(after).toBe(before + 25);
  const [{ n }] = await em().execute('select count(*)::int as n from ledger_transfers where key = ?', [`topup:${id}`]);
  expect(n).toBe(1);
  const list = await app.api('/v1/users/transactions/advertiser', { token });
  expect(list.body.value.data.find((t: { id: number }) => t.id === id)).toMatchObject({ status: 'DONE', value: 25 });
});

test('a transaction killed mid-way (backend terminated) leaves no partial transfer', async () => {
  const ledger = app.services.ledger;
  const [userId] = await insertUsers(em(), 1);
  const adv: AccountRef = { kind: 'ADVERTISER', userId };
  const key = `kill:${Date.now()}`;
  const admin = new pg.Client({ connectionString: app.databaseUrl });
  await admin.connect();
  try {
    let reachedPid!: (pid: number) => void;
    const reached = new Promise<number>((r) => {
      reachedPid = r;
    });
    let resume!: () => void;
    const paused = new Promise<void>((r) => {
      resume = r;
    });
    const work = ledger.run(em(), async (tx, emit) => {
      // The first transfer ever to this advertiser: its account row is created in here too.
      await ledger.transfer(tx, emit, {
        key,
        code: 'TOP_UP',
        debit: { kind: 'DEPOSITS' },
        credit: adv,
        amount: 40n * USD,
      });
      const [{ pid }] = await tx.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
      reachedPid(pid);
      await paused;
      await tx.execute('select 1');
    });
    const outcome = work.then(
      () => 'committed',
      (e: Error) => e,
    );
    const pid = await reached;
    const [{ terminated }] = (await admin.query('select pg_terminate_backend($1) as terminated', [pid])).rows;
    expect(terminated).toBe(true);
    // Wait until the server has really dropped the backend, then let the callback go on.
    for (let i = 0; i < 100; i++) {
      const { rowCount } = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
      if (!rowCount) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    resume();
    const result = await outcome;
    expect(result).toBeInstanceOf(Error);

    const t = await admin.query('select * from ledger_transfers where key = $1', [key]);
    expect(t.rowCount).toBe(0);
    const a = await admin.query("select * from ledger_accounts where kind = 'ADVERTISER' and user_id = $1", [userId]);
    expect(a.rowCount).toBe(0);

    // The pool recovers and the same transfer can be made afterwards, exactly once.
    const again = await ledger.run(em(), (tx, emit) =>
      ledger.transfer(tx, emit, { key, code: 'TOP_UP', debit: { kind: 'DEPOSITS' }, credit: adv, amount: 40n * USD }),
    );
    expect(again.replayed).toBe(false);
    expect(await available(adv)).toBe(40n * USD);
  } finally {
    await admin.end();
  }
});

test('opposite transfers between the same accounts run concurrently without deadlocks', async () => {
  const ledger = app.services.ledger;
  const [ua, ub] = await insertUsers(em(), 2);
  const a: AccountRef = { kind: 'ADVERTISER', userId: ua };
  const b: AccountRef = { kind: 'ADVERTISER', userId: ub };
  const camp: AccountRef = { kind: 'CAMPAIGN_BUDGET', campaignId: 777_103 };
  for (const acc of [a, b])
    await ledger.run(em(), (tx, emit) =>
      ledger.transfer(tx, emit, {
        key: `dl:seed:${JSON.stringify(acc)}`,
        code: 'TOP_UP',
        debit: { kind: 'DEPOSITS' },
        credit: acc,
        amount: 1000n * USD,
      }),
    );
  // The campaign is funded before the race, as it would be in production.
  await ledger.run(em(), (tx, emit) =>
    ledger.transfer(tx, emit, {
      key: `dl:fund:${ua}`,
      code: 'FUND_CAMPAIGN',
      debit: a,
      credit: camp,
      amount: 100n * USD,
    }),
  );
  const n = 120;
  const pairs: [AccountRef, AccountRef][] = [
    [a, b],
    [b, a],
    [a, camp],
    [camp, b],
    [b, camp],
    [camp, a],
  ];
  const ops = Array.from({ length: n }, (_, i) => {
    const [debit, credit] = pairs[i % pairs.length];
    return ledger
      .run(em(), (tx, emit) =>
        ledger.transfer(tx, emit, { key: `dl:${i}`, code: 'ADJUSTMENT', debit, credit, amount: USD }),
      )
      .then(
        () => 'ok',
        (e: Error) => `${e.name}: ${e.message}`,
      );
  });
  const outcomes = await Promise.all(ops);
  const failures = outcomes.filter((o) => o !== 'ok');
  expect(failures.filter((f) => /deadlock/i.test(f))).toEqual([]);
  expect(failures).toEqual([]);
  const total = (await available(a)) + (await available(b)) + (await available(camp));
  expect(total).toBe(2000n * USD);
  // 120 transfers of 1 USD in six directions, 20 each: every account ends where it began.
  expect(await available(a)).toBe(900n * USD);
  expect(await available(b)).toBe(1000n * USD);
  expect(await available(camp)).toBe(100n * USD);
});

test('the demo users exist (sanity for the races above)', async () => {
  const users = await em().find(User, { email: { $in: ['advertiser@demo.local', 'publisher@demo.local'] } });
  expect(users).toHaveLength(2);
});
