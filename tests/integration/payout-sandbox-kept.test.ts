// The sandbox chain kept in the data folder: a restarted instance pays on with
// the same hot wallet, its balances and its history, so the hashes finance saw stay on its chain,
// and a withdrawal approved before the restart is paid in the next round.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { snapshotToSerializable } from '@ton/sandbox';
import { SandboxChain } from '../../server/modules/payouts/chain/sandbox-chain.ts';
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

// One database and one data folder for both starts (a test app otherwise drops its own at close).
const apps: TestApp[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'tg-kept-'));
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterAll(async () => {
  for (const app of apps.reverse()) await app.close().catch(() => {});
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const row = async (app: TestApp, id: number) =>
  (
    await em(app)
      .getConnection()
      .execute<{ status: string; tx_hash: string | null }[]>('select status, tx_hash from payments where id = ?', [id])
  )[0];

describe('the sandbox chain across a restart', () => {
  test('same hot wallet, balances and history; the approved withdrawal is paid by the next round', async () => {
    db = await createTestDatabase();
    const first = await startTestApp({ demo: true, databaseUrl: db.url, env: { DATA_DIR: dataDir } });
    apps.push(first);
    const [publisher, finance] = await Promise.all(
      ['publisher@demo.local', 'moderator@demo.local'].map((e) => login(first, e)),
    );
    await first.services.payouts.round();
    await credit(first, (await self(first, publisher)).id, '200');
    const paid = await approvedWithdrawal(first, publisher, finance, '60');
    await first.services.payouts.round();
    const done = await row(first, paid.id);
    expect(done).toMatchObject({ status: 'DONE', tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const rig = await first.services.payouts.ready();
    const address = rig.wallet.address.toRawString();
    const chainId = rig.chain.id;
    const hot = await usdtOf(first);
    // Approved, not yet sent when the instance stops.
    const waiting = await approvedWithdrawal(first, publisher, finance, '70');
    await first.close();
    expect(existsSync(join(dataDir, 'sandbox-chain.json'))).toBe(true);

    // The same database and data folder: the kept chain, not a new one.
    const second = await startTestApp({ databaseUrl: db.url, env: { DATA_DIR: dataDir } });
    apps.push(second);
    const again = await second.services.payouts.ready();
    expect(again.wallet.address.toRawString()).toBe(address);
    expect(again.chain.id).toBe(chainId);
    expect(await usdtOf(second)).toBe(hot);
    expect(await usdtAt(second, paid.to)).toBe(60_000_000n);
    const history = await (again.chain as SandboxChain).transactions(again.jettonWallet, 0n, 10_000);
    expect(history.map((t) => t.hash)).toContain(done!.tx_hash);

    // The next round pays the one that waited, once; nothing paid before is paid again.
    await second.services.payouts.round();
    expect(await row(second, waiting.id)).toMatchObject({ status: 'DONE' });
    expect(await usdtAt(second, waiting.to)).toBe(70_000_000n);
    expect(await usdtAt(second, paid.to)).toBe(60_000_000n);
    expect(await usdtOf(second)).toBe(hot - 70_000_000n);
    await expectBooksBalanced(second);

    // The loaded chain is kept on (it once was not: a second restart lost what this one paid). A
    // save writes only what changed since the one before (the start's); the file still holds what
    // a whole serialization of the chain gives, and loads into the same history.
    const chain = again.chain as SandboxChain;
    await chain.save();
    const file = join(dataDir, 'sandbox-chain.json');
    const whole = snapshotToSerializable({ ...chain.blockchain.snapshot(), transactions: [] });
    expect(JSON.parse(readFileSync(file, 'utf8')).snapshot).toEqual(JSON.parse(JSON.stringify(whole)));
    const reloaded = await SandboxChain.load(file, chain.network);
    for (const account of [again.jettonWallet, again.wallet.address]) {
      const hashes = async (c: SandboxChain) => (await c.transactions(account, 0n, 10_000)).map((t) => t.hash);
      expect(await hashes(reloaded!)).toEqual(await hashes(chain));
      expect((await hashes(chain)).length).toBeGreaterThan(1);
    }
  });
});
