// Payouts through toncenter's HTTP API v3 (the adapter for real use) against a local fake of its
// endpoints backed by a `@ton/sandbox` chain: the faults a chain API has (500s, calls that hang,
// a message taken but lost), a batch whose timeout passes unseen, kill -9 of the server between
// signing and recording and between sending and confirming, and two instances at once. Every
// withdrawal is paid at most once on chain, every DONE one exactly once, ledger:check clean.
import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ProductServer } from '../../bench/common.ts';
import { parseMoney } from '../../server/lib/money.ts';
import { ChainUnavailable } from '../../server/modules/payouts/chain/chain.ts';
import { startToncenterFake, type ToncenterFake } from '../fakes/toncenter.ts';
import { startTestApp } from '../helpers/app.ts';
import { login } from '../helpers/graphql.ts';
import { credit, em, expectBooksBalanced, newAddress, self, type TestApp, usdtAt, user } from '../helpers/payouts.ts';

let fake: ToncenterFake;
let app: TestApp;
let publisherId: number;
let publisher: string;
let finance: string;

const tonEnv = () => ({
  TON_NETWORK: 'testnet',
  TONCENTER_API_URL: `${fake.url}/api/v3`,
  TONCENTER_API_KEY: fake.apiKey,
  PAYOUT_WALLET_MNEMONIC: fake.mnemonic,
  USDT_JETTON_MASTER: fake.jettonMaster,
  PAYOUT_SETTLE_SECONDS: '0',
  TONCENTER_TIMEOUT_SECONDS: '1',
});

beforeAll(async () => {
  fake = await startToncenterFake();
  app = await startTestApp({ demo: true, env: tonEnv() });
  [publisher, finance] = await Promise.all(['publisher@demo.local', 'moderator@demo.local'].map((e) => login(app, e)));
  publisherId = (await self(app, publisher)).id;
  await credit(app, publisherId, '10000');
  // The seed's approved withdrawal goes out first.
  await app.services.payouts.round();
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
afterEach(() => expectBooksBalanced(app));

/** `n` requested withdrawals of the demo publisher to new addresses, approved by finance. */
async function approved(n: number, usd = '50') {
  const me = await user(app, 'publisher@demo.local');
  const out: { id: number; to: string }[] = [];
  for (let i = 0; i < n; i++) {
    const to = newAddress();
    out.push({ id: (await app.services.withdrawals.request(em(app), me, parseMoney(usd), to)).id, to });
  }
  const res = await app.api('/v1/finance/withdrawals/approve', {
    method: 'POST',
    token: finance,
    body: { ids: out.map((w) => w.id) },
  });
  expect(res.body.value.data).toHaveLength(n);
  return out;
}

async function rows(ids: number[]) {
  return em(app)
    .getConnection()
    .execute<{ id: number; status: string; payout_stage: string | null; batch_id: number | null }[]>(
      'select id, status, payout_stage, batch_id from payments where id = any(?::int[]) order by id',
      [`{${ids}}`],
    );
}

const transfersOf = async (id: number) =>
  (
    await em(app)
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from payout_transfers where withdrawal_id = ?', [id])
  )[0]!.n;

describe('toncenter v3 adapter against the fake', () => {
  test('request → approve → batch → DONE read from /transactions; the recipient got exactly the amount', async () => {
    const [w] = await approved(1, '77.000001');
    expect(await app.services.payouts.round()).toMatchObject({ batches: 1, confirmed: 1 });
    expect(await rows([w!.id])).toMatchObject([{ status: 'DONE' }]);
    expect(await usdtAt(app, w!.to)).toBe(77_000_001n);
    const paths = new Set(fake.calls.map((c) => c.path));
    for (const p of ['/api/v3/message', '/api/v3/transactions', '/api/v3/runGetMethod', '/api/v3/masterchainInfo']) {
      expect(paths).toContain(p);
    }
    const wallet = await app.api('/v1/finance/payout-wallet', { token: finance });
    expect(wallet.body.value).toMatchObject({ chain: 'toncenter', network: 'testnet', alert: null });
    expect(wallet.body.value.address).toMatch(/^0Q/);
  });

  test('a mainnet-form address is refused on testnet, with a message that says so', async () => {
    const mainnet = new Address(0, randomBytes(32)).toString({ bounceable: false });
    const res = await app.api('/v1/users/payments/publisher', {
      token: publisher,
      body: { amount: 50, walletAddress: mainnet },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'This is a mainnet address: payouts are sent on TON testnet' },
    });
  });

  test('the API answers 500 or hangs: the round stops, nothing changes, a later round pays each once', async () => {
    const ws = await approved(3);
    const ids = ws.map((w) => w.id);
    fake.faults.fail.set('/api/v3/message', 1);
    // The batch is recorded, its send refused: it stays PENDING and is resent later.
    expect(await app.services.payouts.round()).toMatchObject({ batches: 1, confirmed: 0 });
    expect((await rows(ids)).map((r) => r.payout_stage)).toEqual(['SENT', 'SENT', 'SENT']);
    // Reading the chain fails: the round throws and changes nothing.
    fake.faults.fail.set('/api/v3/transactions', 1);
    await expect(app.services.payouts.round()).rejects.toThrow(/answered 500/);
    // A call that hangs past the timeout.
    fake.faults.holdBeforeApply = true;
    await em(app).getConnection().execute(`update payout_batches set last_sent_at = now() - interval '1 hour'`);
    const hanging = app.services.payouts.round();
    await fake.held();
    fake.faults.holdBeforeApply = false;
    await hanging;
    fake.release(); // the held message reaches the chain only now, after the round gave up on it
    await em(app).getConnection().execute(`update payout_batches set last_sent_at = now() - interval '1 hour'`);
    await app.services.payouts.round();
    await app.services.payouts.round();
    expect((await rows(ids)).map((r) => r.status)).toEqual(['DONE', 'DONE', 'DONE']);
    for (const w of ws) {
      expect(await usdtAt(app, w.to)).toBe(50_000_000n);
      expect(await transfersOf(w.id)).toBe('1');
    }
  });

  test('a batch whose timeout passes unseen is re-batched under a new query id and paid once', async () => {
    const ws = await approved(2);
    const ids = ws.map((w) => w.id);
    fake.faults.dropMessages = true; // taken by the API, never on chain
    await app.services.payouts.round();
    const [first] = await em(app)
      .getConnection()
      .execute<{ id: number; query_id: number; message: string }[]>(
        'select b.id, b.query_id, b.message from payout_batches b join payments p on p.batch_id = b.id where p.id = ?',
        [ids[0]],
      );
    fake.faults.dropMessages = false;
    // An hour and a bit later on chain: the message can no longer be accepted.
    fake.chain.advance(3600 + 60);
    {
      expect(await app.services.payouts.round()).toMatchObject({ expired: 1, batches: 1, confirmed: 2 });
      const after = await rows(ids);
      expect(after.map((r) => r.status)).toEqual(['DONE', 'DONE']);
      expect(after[0]!.batch_id).not.toBe(first!.id);
      const [old] = await em(app)
        .getConnection()
        .execute<{ status: string }[]>('select status from payout_batches where id = ?', [first!.id]);
      expect(old!.status).toBe('EXPIRED');
      // The expired message itself, sent now: the wallet refuses it (created_at past its timeout).
      await expect(fake.chain.send(Buffer.from(first!.message, 'base64'))).rejects.toThrow();
      for (const w of ws) expect(await usdtAt(app, w.to)).toBe(50_000_000n);
    }
  });

  test('two instances running the payout job at once pay every withdrawal exactly once', async () => {
    const second = await startTestApp({ databaseUrl: app.databaseUrl, env: tonEnv() });
    try {
      const ws = await approved(40);
      const ids = ws.map((w) => w.id);
      // Rounds of both instances at once, until every withdrawal is DONE. A round whose call to
      // the API outlives TONCENTER_TIMEOUT_SECONDS (1 s here; the sandbox behind the fake can
      // take longer on a busy machine) stops with ChainUnavailable and changes nothing, as a
      // round does in production; the next ones go on. Exactly once is checked after.
      const both = () =>
        Promise.all(
          [app, second, app, second].map((a) =>
            a.services.payouts.round().catch((err: Error) => {
              if (!(err instanceof ChainUnavailable)) throw err;
            }),
          ),
        );
      const until = Date.now() + 60_000;
      do await both();
      while ((await rows(ids)).some((r) => r.status !== 'DONE') && Date.now() < until);
      const after = await rows(ids);
      expect(after.filter((r) => r.status !== 'DONE')).toEqual([]);
      for (const w of ws.slice(0, 5)) expect(await usdtAt(app, w.to)).toBe(50_000_000n);
      for (const w of ws) expect(await transfersOf(w.id)).toBe('1');
    } finally {
      await second.close();
    }
  });
});

describe('kill -9 of the server (server/main.ts in a child process)', () => {
  const server = new ProductServer();
  afterEach(() => server.stop());

  const start = () =>
    server.start({
      ...tonEnv(),
      DATABASE_URL: app.databaseUrl,
      DEMO_SEED: '0',
      JOBS_INTERVAL_SECONDS: '3600',
      PAYOUT_INTERVAL_SECONDS: '0.3',
      LOG_LEVEL: 'error',
    });
  const kill9 = async () => {
    const child = server.child!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const until = async (what: () => Promise<boolean>, ms = 30_000) => {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  test('between signing and recording: nothing was sent, the restarted server pays it once', async () => {
    const ws = await approved(2);
    const ids = ws.map((w) => w.id);
    const sentBefore = fake.calls.filter((c) => c.path === '/api/v3/message').length;
    // The batch's row cannot be written while this lock is held: the server signs, then waits.
    const blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table payout_batches in access exclusive mode');
    try {
      await start();
      await until(async () => {
        const r = await blocker.query(
          `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
            where c.relname = 'payout_batches' and not l.granted`,
        );
        return r.rows[0].n > 0;
      });
      await kill9();
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    expect((await rows(ids)).map((r) => r.payout_stage)).toEqual(['APPROVED', 'APPROVED']);
    expect(fake.calls.filter((c) => c.path === '/api/v3/message').length).toBe(sentBefore);
    await start();
    await until(async () => (await rows(ids)).every((r) => r.status === 'DONE')).catch((err) => {
      throw new Error(`${err.message}\n${server.log.join('\n')}`);
    });
    for (const w of ws) {
      expect(await usdtAt(app, w.to)).toBe(50_000_000n);
      expect(await transfersOf(w.id)).toBe('1');
    }
  }, 180_000);

  test('between sending and confirming: the chain has it, the restarted server confirms it once', async () => {
    const ws = await approved(3);
    const ids = ws.map((w) => w.id);
    fake.faults.holdAfterApply = true; // on chain, but the server never hears back
    try {
      await start();
      await fake.held();
      await kill9();
    } finally {
      fake.faults.holdAfterApply = false;
      fake.release();
    }
    expect((await rows(ids)).map((r) => r.payout_stage)).toEqual(['SENT', 'SENT', 'SENT']);
    for (const w of ws) expect(await usdtAt(app, w.to)).toBe(50_000_000n);
    await start();
    await until(async () => (await rows(ids)).every((r) => r.status === 'DONE')).catch((err) => {
      throw new Error(`${err.message}\n${server.log.join('\n')}`);
    });
    // Resent on restart or not, the wallet took the message once: each was paid once.
    for (const w of ws) {
      expect(await usdtAt(app, w.to)).toBe(50_000_000n);
      expect(await transfersOf(w.id)).toBe('1');
    }
  }, 180_000);
});
