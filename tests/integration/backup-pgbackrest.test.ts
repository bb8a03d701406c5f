// Continuous backup to an S3 bucket with pgBackRest: the product's database on
// a PostgreSQL cluster of its own whose WAL pgBackRest archives (`archive_command = pgbackrest
// archive-push`) into an S3 bucket — s3rver (the S3 REST API, in a process of its own) behind
// Caddy's TLS, as MinIO is in compose — a full backup, money moved, a moment T, more moved, the cluster lost, and
// `pgbackrest restore --type=time` to T into a new folder: the books equal those at T and
// ledger:check is clean. The docs' configuration (docs/operations.md) is this test's.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort } from '../../bench/common.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import { startTestApp } from '../helpers/app.ts';
import { login } from '../helpers/graphql.ts';
import { books, credit, em, self, type TestApp } from '../helpers/payouts.ts';
import { PgCluster, pgFolder } from '../helpers/pg-cluster.ts';
import { startS3Process } from '../fakes/s3.ts';

const root = pgFolder(mkdtempSync(join(tmpdir(), 'tg-pgbackrest-')));
const apps: TestApp[] = [];
const clusters: PgCluster[] = [];
let caddy: ChildProcess | undefined;
let s3: Awaited<ReturnType<typeof startS3Process>> | undefined;
afterAll(async () => {
  for (const app of apps.reverse()) await app.close().catch(() => {});
  for (const c of clusters) c.stopIfRunning();
  caddy?.kill('SIGTERM');
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

const asRoot = process.getuid?.() === 0;
const DB = 'backed';
const STANZA = 'taskgram';

const exec = promisify(execFile);

/**
 * pgBackRest as the cluster's owner, with the test's configuration file.
 */
async function pgbackrest(config: string, args: string[]): Promise<string> {
  const cmd = ['pgbackrest', `--config=${config}`, `--stanza=${STANZA}`, ...args];
  const { stdout } = asRoot
    ? await exec('runuser', ['-u', 'postgres', '--', ...cmd])
    : await exec(cmd[0]!, cmd.slice(1));
  return stdout;
}

/** The bucket behind HTTPS (pgBackRest speaks S3 over TLS only): Caddy's own CA, not verified here. */
async function tlsInFront(target: string): Promise<number> {
  const port = await freePort();
  const dir = pgFolder(join(root, 'caddy'));
  writeFileSync(
    join(dir, 'Caddyfile'),
    `{
	admin off
	skip_install_trust
	storage file_system ${dir}
}
https://127.0.0.1:${port} {
	tls internal
	reverse_proxy ${target.replace('http://', '')}
}
`,
  );
  caddy = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: 'ignore',
  });
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      await exec('curl', ['-sk', '--max-time', '2', '-o', '/dev/null', `https://127.0.0.1:${port}/`]);
      return port;
    } catch {
      if (Date.now() > until) throw new Error('Caddy did not answer within 20 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe('pgBackRest to an S3 bucket', () => {
  test('full backup, WAL archived to the bucket, restore to T: the books at T, ledger:check clean', async () => {
    s3 = await startS3Process();
    const s3Port = await tlsInFront(s3.endpoint);
    const clusterPort = await freePort();
    const data = pgFolder(join(root, 'data'));
    const config = join(pgFolder(join(root, 'etc')), 'pgbackrest.conf');
    // The repository in the bucket (compose: MinIO at minio:9000, its bucket, its keys).
    writeFileSync(
      config,
      `[global]
repo1-type=s3
repo1-path=/pgbackrest
repo1-s3-bucket=${s3.env.S3_BUCKET}
repo1-s3-endpoint=127.0.0.1
repo1-storage-port=${s3Port}
repo1-s3-region=${s3.env.S3_REGION}
repo1-s3-key=${s3.env.S3_ACCESS_KEY_ID}
repo1-s3-key-secret=${s3.env.S3_SECRET_ACCESS_KEY}
repo1-s3-uri-style=path
repo1-storage-verify-tls=n
repo1-retention-full=2
start-fast=y
compress-type=gz
lock-path=${pgFolder(join(root, 'lock'))}
log-path=${pgFolder(join(root, 'log'))}
log-level-console=warn
log-level-file=off

[${STANZA}]
pg1-path=${data}
pg1-port=${clusterPort}
pg1-socket-path=${data}
pg1-user=postgres
`,
    );
    if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', join(root, 'etc')]);

    // 1. The product on a cluster that archives its WAL to the bucket.
    const first = PgCluster.init(data, clusterPort, {
      wal_level: 'replica',
      archive_mode: 'on',
      archive_command: `'pgbackrest --config=${config} --stanza=${STANZA} archive-push %p'`,
      max_wal_senders: '4',
      synchronous_commit: 'off',
    });
    clusters.push(first);
    first.start();
    await pgbackrest(config, ['stanza-create']);
    await pgbackrest(config, ['check']);
    await first.query(`create database ${DB}`);
    const app = await startTestApp({ demo: true, databaseUrl: first.url(DB) });
    apps.push(app);
    const publisher = (await self(app, await login(app, 'publisher@demo.local'))).id;
    await credit(app, publisher, '100');

    // 2. A full backup into the bucket, then more money moved.
    await pgbackrest(config, ['backup', '--type=full']);
    // pgBackRest picks the backup to restore by its stop time, in whole seconds, before the target.
    await new Promise((r) => setTimeout(r, 1100));
    await credit(app, publisher, '20');

    // 3. T and the books at T; then more, which the restore to T leaves out.
    const [{ t }] = await first.query<{ t: string }>(
      `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as t`,
    );
    const atT = await books(app);
    await new Promise((r) => setTimeout(r, 1100));
    await credit(app, publisher, '30');
    const after = await books(app);
    expect(after.transfers).not.toBe(atT.transfers);
    await first.query('select pg_switch_wal()');
    // Every segment written is in the bucket (`check` waits for the switched one to be archived).
    await pgbackrest(config, ['check']);
    const info = JSON.parse(await pgbackrest(config, ['info', '--output=json']));
    expect(info[0].backup).toHaveLength(1);
    expect(info[0].archive[0].max).toBeTruthy();
    await app.close();
    first.stop();

    // 4. The disk is lost: restore to T from the bucket into an empty folder.
    rmSync(data, { recursive: true, force: true });
    pgFolder(data);
    const began = Date.now();
    await pgbackrest(config, ['restore', '--type=time', `--target=${t}+00`, '--target-action=promote']);
    const restored = new PgCluster(data, clusterPort);
    clusters.push(restored);
    restored.configure({ archive_mode: 'off' });
    restored.start();
    await restored.promoted();
    const seconds = (Date.now() - began) / 1000;

    const again = await startTestApp({ databaseUrl: restored.url(DB) });
    apps.push(again);
    expect(await books(again)).toEqual(atT);
    for (const check of await checkLedger(em(again))) expect(check, check.detail).toMatchObject({ ok: true });
    console.log(
      `pgBackRest: restored from the S3 bucket to T (${t} UTC) in ${seconds.toFixed(1)} s; after T, by design: ${
        Number(after.transfers) - Number(atT.transfers)
      } ledger transfer(s) left out`,
    );
  }, 120_000);
});
