// One sandbox chain for a deployment: two instances on one database pay through
// the chain service (`TON_SANDBOX_URL`) from one hot wallet, so a withdrawal is paid once whichever
// instance runs the round, each instance's explorer finds the other's transfers, and the chain
// service restarted keeps its history and pays on.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Address, beginCell } from '@ton/core';
import { mnemonicNew } from '@ton/crypto';
import { HotWallet } from '../../server/modules/payouts/chain/hot-wallet.ts';
import { SandboxChain } from '../../server/modules/payouts/chain/sandbox-chain.ts';
import { serveSandboxChain, stateInitBoc } from '../../server/modules/payouts/chain/sandbox-service.ts';
import { startTestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { login } from '../helpers/graphql.ts';
import {
  approvedWithdrawal,
  credit,
  em,
  expectBooksBalanced,
  self,
  usdtAt,
  usdtOf,
  type TestApp,
} from '../helpers/payouts.ts';

const folder = mkdtempSync(join(tmpdir(), 'tg-shared-chain-'));
const chainFile = join(folder, 'chain', 'sandbox-chain.json');
const apiKey = 'shared-sandbox-key-0001';
const apps: TestApp[] = [];
const servers: Server[] = [];
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => {});
  for (const s of servers) s.close();
  await db?.drop();
  rmSync(folder, { recursive: true, force: true });
});

/** The chain service as `npm run sandbox:chain` runs it: kept in its file, on `port` (0: any). */
async function chainService(port = 0) {
  const chain = (await SandboxChain.load(chainFile, 'testnet')) ?? (await SandboxChain.create('testnet'));
  await chain.keepIn(chainFile);
  const served = await serveSandboxChain(chain, { port, apiKey });
  servers.push(served.server);
  return { chain, url: served.url, server: served.server };
}

const status = async (app: TestApp, id: number) =>
  (
    await em(app)
      .getConnection()
      .execute<{ status: string; tx_hash: string | null }[]>('select status, tx_hash from payments where id = ?', [id])
  )[0];

/** Micro-USD the books hold paid out (DONE withdrawals). */
const paidOut = async (app: TestApp) =>
  BigInt(
    (
      await em(app)
        .getConnection()
        .execute<{ sum: string }[]>(
          `select coalesce(sum(amount), 0)::text as sum from payments where kind = 'WITHDRAWAL' and status = 'DONE'`,
        )
    )[0]!.sum,
  );

/** Withdrawals with more than one confirmed transfer (none may have). */
const paidTwice = (app: TestApp) =>
  em(app)
    .getConnection()
    .execute(`select withdrawal_id from payout_transfers where ok group by withdrawal_id having count(*) > 1`);

describe('one sandbox chain shared by two instances', () => {
  test('one hot wallet; each withdrawal paid once whichever instance pays; kept across the service’s restart', async () => {
    const service = await chainService();
    db = await createTestDatabase();
    const env = (name: string) => ({
      DATA_DIR: join(folder, name),
      TON_SANDBOX_URL: service.url,
      TON_SANDBOX_KEY: apiKey,
      // Instances of one deployment share their secrets (the hot wallet's words are sealed with it).
      SECRETS_KEY: 'ef'.repeat(32),
      JWT_SECRET: 'j'.repeat(32),
    });
    const one = await startTestApp({ demo: true, databaseUrl: db.url, env: env('one') });
    apps.push(one);
    const two = await startTestApp({ databaseUrl: db.url, env: env('two') });
    apps.push(two);

    // Both instances set up at once: one wallet is made and funded, whichever asks first.
    const [rigOne, rigTwo] = await Promise.all([one.services.payouts.ready(), two.services.payouts.ready()]);
    expect(rigTwo.wallet.address.toRawString()).toBe(rigOne.wallet.address.toRawString());
    expect(rigOne.chain.id).toBe(service.chain.id);
    expect(rigTwo.chain.id).toBe(service.chain.id);
    expect(rigTwo.jettonMaster.toRawString()).toBe(rigOne.jettonMaster.toRawString());
    expect(service.chain.meta.hotWallet).toBe(rigOne.wallet.address.toRawString());
    const funded = await usdtOf(one);
    expect(funded).toBe(1_000_000n * 1_000_000n);
    expect(await usdtOf(two)).toBe(funded);

    const [publisher, finance] = await Promise.all(
      ['publisher@demo.local', 'moderator@demo.local'].map((e) => login(one, e)),
    );
    await credit(one, (await self(one, publisher)).id, '500');
    const first = await approvedWithdrawal(one, publisher, finance, '60');
    await one.services.payouts.round();
    expect(await status(one, first.id)).toMatchObject({ status: 'DONE' });
    const second = await approvedWithdrawal(two, publisher, finance, '70');
    await two.services.payouts.round();
    const paid = await status(two, second.id);
    expect(paid).toMatchObject({ status: 'DONE', tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // More rounds on both, at once: nothing is paid again.
    await Promise.all([one.services.payouts.round(), two.services.payouts.round()]);
    await Promise.all([one.services.payouts.round(), two.services.payouts.round()]);
    expect(await usdtAt(one, first.to)).toBe(60_000_000n);
    expect(await usdtAt(two, second.to)).toBe(70_000_000n);
    // The hot wallet paid exactly what the books say was paid (the demo's own withdrawals too), and
    // no withdrawal has two confirmed transfers.
    expect(await usdtOf(one)).toBe(funded - (await paidOut(one)));
    expect(await usdtOf(two)).toBe(funded - (await paidOut(one)));
    expect(await paidTwice(one)).toEqual([]);

    // The first instance's explorer page shows what the second paid.
    const seen = await one.services.payouts.sandboxTransaction(paid!.tx_hash!);
    expect(seen).toMatchObject({ hash: paid!.tx_hash, success: true, amount: '70.00', withdrawalId: second.id });
    expect(one.services.payouts.explorerUrl(paid!.tx_hash)).toBe(`/sandbox/explorer/tx/${paid!.tx_hash}`);

    // The service stops and starts again on its port: the same chain, history and balances, and
    // a withdrawal approved meanwhile is paid by the next round.
    const port = Number(new URL(service.url).port);
    await service.chain.save();
    await new Promise<void>((r) => service.server.close(() => r()));
    const third = await approvedWithdrawal(one, publisher, finance, '55');
    const restarted = await chainService(port);
    expect(restarted.chain.id).toBe(service.chain.id);
    expect(restarted.chain.find(paid!.tx_hash!)).not.toBeNull();
    await two.services.payouts.round();
    expect(await status(two, third.id)).toMatchObject({ status: 'DONE' });
    expect(await usdtAt(one, third.to)).toBe(55_000_000n);
    expect(await usdtAt(one, first.to)).toBe(60_000_000n);
    expect(await usdtOf(one)).toBe(funded - (await paidOut(one)));
    expect(await paidTwice(one)).toEqual([]);
    await expectBooksBalanced(one);
  });

  test('the service funds one hot wallet, once, and refuses callers without its key', async () => {
    const chain = await SandboxChain.create('testnet');
    const served = await serveSandboxChain(chain, { apiKey });
    servers.push(served.server);
    const call = (path: string, body?: unknown, key = apiKey) =>
      fetch(`${served.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await call('/sandbox/v1/chain', undefined, 'not-the-key-000')).status).toBe(401);
    const [a, b] = await Promise.all([1, 2].map(async () => HotWallet.fromMnemonic(await mnemonicNew(), 3600)));
    const fund = (w: HotWallet) =>
      call('/sandbox/v1/hot-wallet', { stateInit: stateInitBoc(w.init), ton: '5000000000', usdt: '7000000' });
    const [once, twice] = await Promise.all([fund(a!), fund(a!)]);
    const master = (await once.json()).jettonMaster;
    expect((await twice.json()).jettonMaster).toBe(master);
    const refused = await fund(b!);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toContain(a!.address.toRawString());
    expect(await (await call('/sandbox/v1/chain')).json()).toMatchObject({
      id: chain.id,
      network: 'testnet',
      hotWallet: a!.address.toRawString(),
      jettonMaster: master,
    });
    // Funded once: 7 USDT, not 14.
    expect(await chain.balance(a!.address)).toBeGreaterThan(0n);
    const jettonWallet = (
      await chain.get(Address.parseRaw(master), 'get_wallet_address', [
        { type: 'slice', cell: beginCell().storeAddress(a!.address).endCell() },
      ])
    ).readAddress();
    expect((await chain.get(jettonWallet, 'get_wallet_data')).readBigNumber()).toBe(7_000_000n);
  });
});
