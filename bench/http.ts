/**
 * HTTP hot paths, side by side in one run: the product as production runs it (a child process
 * of server/main.ts, NODE_ENV=production, logging at info to a pipe that is drained) on a
 * throwaway database, and a load generator (autocannon) in its own process for each path:
 *
 *   /healthz                                   the server's floor: no database, no auth
 *   GET  /api/v1/showcase/platforms/:id        every mini-app open (public, a signed player)
 *   POST /api/v1/showcase/…/tasks/:id/start    clicks (each player × campaign pair once)
 *   GET  /api/v1/users/self                    an authenticated REST read
 *   POST /graphql { me { id email publisherBalance } }   the same read over GraphQL
 *
 *   npm run bench:http -- [--seconds 8] [--concurrency 32] [--players 4000] [--campaigns 20] [--keep]
 *       [--only showcase,start,rest,graphql] [--profile <dir>] [--quality]
 *
 * `--quality` gives every campaign a minimum traffic quality score (40, which the app's 100
 * passes) and excludes another app from each of them and from the advertiser's list, so the
 * showcase's audience query does all of its quality work and still lists every campaign.
 *
 * `--profile <dir>` runs the server with `node --cpu-prof` and leaves its profile in <dir>
 * (`npx tsx bench/profile-summary.ts <file>` prints where the time went); `--only` measures
 * some of the paths (with /healthz always).
 *
 * Prints req/s, p50/p99 latency (ms), non-2xx answers and errors per path and each path's ratio
 * to /healthz (the mean of a run before and a run after the others), and GraphQL's ratio to
 * the REST read. Needs DATABASE_URL (a PostgreSQL server on this machine); creates database
 * bench_http_<random> and drops it at the end (unless --keep).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import { openDatabase } from '../server/database.ts';
import { MemoryPubSub } from '../server/graphql/pubsub.ts';
import { DEV_TEST_PRIVATE_KEY, DEV_TEST_PUBLIC_KEY, playerInitData } from '../server/lib/init-data.ts';
import { Ledger } from '../server/modules/ledger/ledger.service.ts';
import { adminQuery, api, dbUrl, ProductServer } from './common.ts';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '32' },
    players: { type: 'string', default: '4000' },
    campaigns: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'string' },
    only: { type: 'string' },
    quality: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(flags.seconds);
const CONCURRENCY = Number(flags.concurrency);
const PLAYERS = Number(flags.players);
const CAMPAIGNS = Number(flags.campaigns);
const PASSWORD = 'bench-password-1';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('bench:http needs DATABASE_URL (a PostgreSQL server on this machine)');
  process.exit(2);
}

interface Req {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Load {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, { count: number }>;
}

/** One path under load from a separate process. */
function load(base: string, requests: Req[], seconds = SECONDS): Promise<Load> {
  return new Promise((resolve, reject) => {
    // The job goes through a file: 80,000 signed requests do not fit in a command line.
    const job = join(dataDir, `job-${randomBytes(4).toString('hex')}.json`);
    writeFileSync(job, JSON.stringify({ url: base, seconds, connections: CONCURRENCY, requests }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http-load.ts', job], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as Load);
    });
  });
}

const product = new ProductServer();
const name = `bench_http_${randomBytes(4).toString('hex')}`;
const databaseUrl = dbUrl(adminUrl, name);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-http-'));

async function setup(base: string) {
  const orm = await openDatabase(databaseUrl, { pool: { min: 0, max: 2 } });
  try {
    const em = orm.em.fork() as EntityManager;
    const hash = await argon2.hash(PASSWORD);
    const users = await em.execute<{ id: number; email: string }[]>(
      `insert into users (name, email, password_hash, default_role, is_moderator) values
         ('Bench advertiser', 'bench.adv@example.com', ?, 'ADVERTISER', false),
         ('Bench publisher', 'bench.pub@example.com', ?, 'PUBLISHER', false),
         ('Bench moderator', 'bench.mod@example.com', ?, 'ADVERTISER', true)
       returning id, email`,
      [hash, hash, hash],
    );
    await new Ledger(new MemoryPubSub()).transferNow(em, {
      key: 'bench:http:top-up',
      code: 'TOP_UP',
      debit: { kind: 'DEPOSITS' },
      credit: { kind: 'ADVERTISER', userId: users[0].id },
      amount: 10_000_000n * 1_000_000n,
    });
  } finally {
    await orm.close();
  }
  const login = async (email: string) =>
    (await api(base, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).accessToken as string;
  const [adv, pub, mod] = await Promise.all(
    ['bench.adv@example.com', 'bench.pub@example.com', 'bench.mod@example.com'].map(login),
  );
  const [{ id: categoryId }] = (await api(base, 'GET', '/v1/categories?page=1&limit=100', { token: adv })).data;
  const logo = 'https://bench.example/logo.png';
  // A project holds at most 50 resources.
  const tasks: { id: number; projectId: number }[] = [];
  for (let first = 0; first < CAMPAIGNS; first += 50) {
    const project = await api(base, 'POST', '/v1/projects', {
      token: adv,
      body: {
        title: `Bench project ${first / 50 + 1}`,
        categoryId,
        tasks: Array.from({ length: Math.min(50, CAMPAIGNS - first) }, (_, i) => {
          const n = first + i;
          return {
            type: n % 2 ? 'CUSTOM' : 'BOT',
            title: `Bench task ${n}`,
            url: n % 2 ? `https://bench.example/${n}` : `https://t.me/bench_http_${n}_bot`,
            logo,
          };
        }),
      },
    });
    for (const t of project.tasks as { id: number }[]) tasks.push({ id: t.id, projectId: project.id });
  }
  const campaignIds: number[] = [];
  const campaignProjects = new Map<number, number>();
  for (const task of tasks) {
    const c = await api(base, 'POST', `/v1/projects/${task.projectId}/tasks/${task.id}/campaigns`, {
      token: adv,
      body: { name: `Bench campaign ${task.id}`, budget: 100_000 },
    });
    if (c.status === 'MODERATION') {
      for (const action of ['claim', 'approve']) {
        await api(base, 'PATCH', `/v1/moderation/campaigns/${c.id}/${action}`, { token: mod, body: {} });
      }
    }
    campaignIds.push(c.id);
    campaignProjects.set(c.id, task.projectId);
  }
  const botId = 8_200_000_000;
  const app = await api(base, 'POST', '/v1/platforms', {
    token: pub,
    body: {
      title: 'Bench app',
      logo,
      categoryId,
      webappUrl: 'https://bench.example/app',
      tgBotUrl: 'https://t.me/bench_http_app_bot',
      tgBotId: botId,
      rewards: [{ title: 'Coins', logo }],
      services: ['BOT', 'CUSTOM'].map((taskType) => ({
        taskType,
        awards: [{ platformRewardTitle: 'Coins', value: 100 }],
      })),
    },
  });
  if (flags.quality) {
    const other = await api(base, 'POST', '/v1/platforms', {
      token: pub,
      body: {
        title: 'Bench other app',
        logo,
        categoryId,
        webappUrl: 'https://bench.example/other',
        tgBotUrl: 'https://t.me/bench_http_other_bot',
        rewards: [{ title: 'Coins', logo }],
        services: [],
      },
    });
    for (const id of campaignIds) {
      await api(base, 'PATCH', `/v1/projects/${campaignProjects.get(id)}/campaigns/${id}`, {
        token: adv,
        body: { minQuality: 40 },
      });
      await api(base, 'PUT', `/v1/campaigns/${id}/excluded-platforms`, {
        token: adv,
        body: { platformIds: [other.id] },
      });
    }
    await api(base, 'PUT', '/v1/users/excluded-platforms', { token: adv, body: { platformIds: [other.id] } });
    // The app's score: 30 days of clean traffic in its rollups (100 paid conversions a day, half
    // of them channel players who stayed).
    await adminQuery(
      databaseUrl,
      `insert into stats_publisher_daily (publisher_id, day, platform_id, task_type, conversions, profit)
       select p.owner_id, (now() at time zone 'utc')::date - d, p.id, 'BOT', 100, 0
         from platforms p cross join generate_series(0, 29) d where p.id = ${Number(app.id)};
       insert into platform_quality_daily (platform_id, day, social_resolved, social_retained)
       select ${Number(app.id)}, (now() at time zone 'utc')::date - d, 50, 50 from generate_series(0, 29) d`,
    );
  }
  const players = Array.from(
    { length: PLAYERS },
    (_, i) =>
      `tma ${playerInitData(
        { id: 6_000_000_000 + i, first_name: 'Bench', language_code: 'en' },
        { botId, privateKeyHex: DEV_TEST_PRIVATE_KEY },
      )}`,
  );
  // The list must show every campaign to a new player, or the numbers measure an empty list.
  const listed = await api(base, 'GET', `/v1/showcase/platforms/${app.id}`, { headers: { authorization: players[0] } });
  // (A list shows at most 50 tasks.)
  if (listed.tasks?.length !== Math.min(CAMPAIGNS, 50)) {
    throw new Error(`the showcase lists ${listed.tasks?.length} tasks, expected ${Math.min(CAMPAIGNS, 50)}`);
  }
  return { pub, appId: app.id as number, campaignIds, players };
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

try {
  await adminQuery(adminUrl, `create database ${name}`);
  const base = await product.start(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PAYMENTS_SANDBOX: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      SHOWCASE_RATE_LIMIT_PER_MINUTE: '100000000',
      TELEGRAM_INITDATA_PUBLIC_KEY: DEV_TEST_PUBLIC_KEY,
    },
    flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${flags.profile}`] : [],
  );
  console.log(`bench:http: ${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}`);
  console.log(`  ${SECONDS} s per path, ${CONCURRENCY} connections, load generator in its own process`);
  const s = await setup(base);
  console.log(`  1 app, ${s.campaignIds.length} campaigns, ${s.players.length} signed players`);

  const bearer = { authorization: `Bearer ${s.pub}` };
  const all: [string, Req[]][] = [
    ['/healthz', [{ method: 'GET', path: '/healthz' }]],
    [
      'showcase list',
      s.players.map((p) => ({
        method: 'GET',
        path: `/api/v1/showcase/platforms/${s.appId}`,
        headers: { authorization: p },
      })),
    ],
    [
      'start (click)',
      // Player-major order: consecutive requests are different players, each pair once.
      s.campaignIds.flatMap((c) =>
        s.players.map((p) => ({
          method: 'POST',
          path: `/api/v1/showcase/platforms/${s.appId}/tasks/${c}/start`,
          headers: { authorization: p },
        })),
      ),
    ],
    ['REST users/self', [{ method: 'GET', path: '/api/v1/users/self', headers: bearer }]],
    [
      'GraphQL me',
      [
        {
          method: 'POST',
          path: '/graphql',
          headers: { ...bearer, 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ me { id email publisherBalance } }' }),
        },
      ],
    ],
  ];

  const keys = ['healthz', 'showcase', 'start', 'rest', 'graphql'];
  // A profile shows one path alone: /healthz would fill it with its own (socket) work.
  const only = flags.only ? [...(flags.profile ? [] : ['healthz']), ...flags.only.split(',')] : keys;
  const paths = all.filter((_, i) => only.includes(keys[i]));
  // A short warm-up of every path (JIT, pools, caches), not counted.
  for (const [, reqs] of paths) await load(base, reqs.slice(-200), 1);
  const results = new Map<string, Load>();
  for (const [label, reqs] of paths) results.set(label, await load(base, reqs));
  const healthAfter = only.includes('healthz') ? await load(base, all[0][1]) : null;
  const health = healthAfter ? (results.get('/healthz')!.rps + healthAfter.rps) / 2 : Number.NaN;

  console.log('');
  console.log('| path | req/s | p50 ms | p99 ms | non-2xx | errors | ratio to /healthz |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, r] of [...results, ...(healthAfter ? [['/healthz (after)', healthAfter] as const] : [])]) {
    console.log(
      `| ${label} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.non2xx} | ${r.errors} | ${(r.rps / health).toFixed(2)} |`,
    );
  }
  const rest = results.get('REST users/self')?.rps;
  const gql = results.get('GraphQL me')?.rps;
  console.log('');
  console.log(`/healthz (mean of before and after): ${fmt(health)} req/s`);
  if (rest && gql) console.log(`GraphQL read / REST read: ${(gql / rest).toFixed(2)}`);
  const bad = [...results.values(), ...(healthAfter ? [healthAfter] : [])].filter((r) => r.non2xx || r.errors);
  if (bad.length) {
    console.log('Some answers were not 2xx:', bad.map((r) => JSON.stringify(r.statusCodes)).join(' '));
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err);
  console.error(product.log.slice(-30).join('\n'));
  process.exitCode = 1;
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!flags.keep) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
}
