// The restore drill, as a test: the product on a PostgreSQL cluster of
// its own with WAL archiving; conversions, money in and payouts; a base backup; more of them; a
// moment T and the books at T; more (a payout batch sent and confirmed after T, a withdrawal asked
// for after T); the first cluster lost; point-in-time recovery to T into a new cluster; the
// product started on it with its data folder (the sandbox chain kept there). Then the books equal
// those at T, the withdrawal the chain paid after T is settled from the chain — not paid twice —
// the one asked for after T shows as unmatched, and ledger:check is clean. It prints what was lost
// (RPO) and how long the recovery took (RTO).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, describe, expect, test } from 'vitest';
import { hashKey } from '../../server/lib/secrets.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { createCampaign, createPlatform, createProject, start, tasks, topUp } from '../helpers/campaigns.ts';
import { login } from '../helpers/graphql.ts';
import { approvedWithdrawal, books, credit, em, self, usdtAt, usdtOf, type TestApp } from '../helpers/payouts.ts';
import { freePort } from '../../bench/common.ts';
import { PgCluster, pgFolder, pgRun } from '../helpers/pg-cluster.ts';

const root = pgFolder(mkdtempSync(join(tmpdir(), 'tg-drill-')));
const archive = pgFolder(join(root, 'archive'));
const dataDir = mkdtempSync(join(tmpdir(), 'tg-drill-data-'));
const apps: TestApp[] = [];
const clusters: PgCluster[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.close().catch(() => {});
  for (const c of clusters) c.stopIfRunning();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const DB = 'drill';

async function stageOf(app: TestApp, id: number) {
  const [row] = await em(app)
    .getConnection()
    .execute<{ status: string; payout_stage: string | null; tx_hash: string | null }[]>(
      'select status, payout_stage, tx_hash from payments where id = ?',
      [id],
    );
  return row;
}

describe('restore drill', () => {
  // Three PostgreSQL clusters made, backed up and recovered: 15 s on a quiet machine, past 30 s with
  // four test workers on two cores (seen); the budget (120 s, below) is the suite's heavy-test one.
  test('point-in-time recovery to T: the books at T, nothing paid twice, ledger:check clean', async () => {
    // 1. The product on a cluster that archives its WAL.
    const first = PgCluster.init(pgFolder(join(root, 'first')), await freePort(), {
      wal_level: 'replica',
      archive_mode: 'on',
      archive_command: `'cp %p ${archive}/%f'`,
      max_wal_senders: '4',
      synchronous_commit: 'off',
    });
    clusters.push(first);
    first.start();
    await first.query(`create database ${DB}`);
    const app = await startTestApp({ demo: true, databaseUrl: first.url(DB), env: { DATA_DIR: dataDir } });
    apps.push(app);
    const [adv, publisher, finance] = await Promise.all(
      ['advertiser@demo.local', 'publisher@demo.local', 'moderator@demo.local'].map((e) => login(app, e)),
    );
    const advId = (await self(app, adv)).id;
    await topUp(app, advId, '500');
    const pub = await createApprovedUser(app, { role: 'PUBLISHER' });
    const platform = await createPlatform(app, pub.token);
    const project = await createProject(app, adv, [tasks.bot()]);
    const campaign = await createCampaign(app, adv, project.tasks[0], { budget: 100 });
    const manager = () => app.orm.em.fork() as EntityManager;
    const convert = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const { code } = await start(
          app,
          platform,
          { user: { id: 7_000_000 + Math.floor(Math.random() * 1e9), first_name: 'P' } },
          campaign.id,
        );
        const outcome = await app.services.conversions.convert(manager(), code, hashKey(project.secretKey));
        expect(outcome).toMatchObject({ status: 'COMPLETED' });
      }
    };
    await credit(app, (await self(app, publisher)).id, '500');
    const withdraw = (amount: string) => approvedWithdrawal(app, publisher, finance, amount);
    await convert(5);
    const a = await withdraw('60');
    await app.services.payouts.round();
    expect(await stageOf(app, a.id)).toMatchObject({ status: 'DONE' });

    // 2. A base backup, then more.
    pgRun('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(first.port),
      '-U',
      'postgres',
      '-D',
      pgFolder(join(root, 'base')),
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    await convert(5);
    await topUp(app, advId, '50');
    const b = await withdraw('70');

    // 3. T: the books as they are now.
    const [{ t }] = await first.query<{ t: string }>(
      `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as t`,
    );
    const atT = await books(app);
    await new Promise((r) => setTimeout(r, 1100));

    // 4. After T: B's batch sent and confirmed; C asked for and paid; more conversions.
    await app.services.payouts.round();
    expect(await stageOf(app, b.id)).toMatchObject({ status: 'DONE' });
    const c = await withdraw('80');
    await app.services.payouts.round();
    expect(await stageOf(app, c.id)).toMatchObject({ status: 'DONE' });
    await convert(3);
    const hot = await usdtOf(app);
    const lostAfterT = await books(app);
    // The last segment archived before the disk is lost (archive_command copies each finished one).
    const [{ segment }] = await first.query<{ segment: string }>('select pg_walfile_name(pg_switch_wal()) as segment');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [s] = await first.query<{ archived: string | null }>(
        'select last_archived_wal as archived from pg_stat_archiver',
      );
      if (s!.archived && s!.archived >= segment!) break;
      if (Date.now() > deadline) throw new Error(`WAL segment ${segment} not archived: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await app.close();
    first.stop();

    // 5. Recovery to T into a new cluster.
    const began = Date.now();
    const restoredData = join(root, 'restored');
    cpSync(join(root, 'base'), restoredData, { recursive: true });
    pgFolder(restoredData);
    const restored = new PgCluster(restoredData, await freePort());
    clusters.push(restored);
    restored.configure({
      restore_command: `'cp ${archive}/%f %p'`,
      recovery_target_time: `'${t} UTC'`,
      recovery_target_action: `'promote'`,
      archive_mode: 'off',
    });
    restored.writeFile('recovery.signal', '');
    restored.start();
    await restored.promoted();
    const recoverySeconds = (Date.now() - began) / 1000;

    // 6. The product on the restored database, with its data folder (the sandbox chain).
    const again = await startTestApp({ databaseUrl: restored.url(DB), env: { DATA_DIR: dataDir } });
    apps.push(again);
    expect(await books(again)).toEqual(atT);
    expect(await stageOf(again, b.id)).toMatchObject({ status: 'IN_PROGRESS', payout_stage: 'APPROVED' });
    expect(await stageOf(again, c.id)).toBeUndefined();

    await again.services.payouts.round();
    // B: the chain paid it after T: settled with that transfer, not paid again. C: shown, never paid again.
    expect(await stageOf(again, b.id)).toMatchObject({
      status: 'DONE',
      tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await usdtAt(again, b.to)).toBe(70_000_000n);
    expect(await usdtAt(again, c.to)).toBe(80_000_000n);
    expect(await usdtOf(again)).toBe(hot);
    const unmatched = await em(again)
      .getConnection()
      .execute<{ withdrawal_id: number }[]>('select withdrawal_id from payout_transfers where unmatched is not null');
    expect(unmatched).toEqual([{ withdrawal_id: c.id }]);
    for (const check of await checkLedger(em(again))) expect(check, check.detail).toMatchObject({ ok: true });

    const lost = {
      conversions: Number(lostAfterT.conversions) - Number(atT.conversions),
      transfers: Number(lostAfterT.transfers) - Number(atT.transfers),
      withdrawals: Number(lostAfterT.withdrawals) - Number(atT.withdrawals),
    };
    console.log(
      `restore drill: recovered to T (${t} UTC) in ${recoverySeconds.toFixed(1)} s (RTO of the database: copy the base backup, replay the archive, promote); ` +
        `RPO: nothing committed before T was lost (the target is T); after T, by design: ${lost.conversions} conversions, ${lost.transfers} ledger transfers, ${lost.withdrawals} withdrawal request(s) — ` +
        'the payout the chain made after T settled from the chain, the one asked for after T shown to finance as unmatched',
    );
  }, 120_000);
});
