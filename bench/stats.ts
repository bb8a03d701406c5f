/**
 * Statistics benchmark: how fast the publisher's Statistics and the advertiser's campaign
 * reports answer at a real network's volume.
 *
 *   npm run bench:stats -- [--conversions 10000000] [--apps 1000] [--days 90] [--publishers 20]
 *       [--advertisers 10] [--campaigns 200] [--requests 400] [--keep] [--no-targets]
 *
 * The product runs as a child process (server/main.ts, logging at warn) on a throwaway
 * database. Users are inserted (with a password), projects, campaigns and apps are made over
 * REST (an advertiser's first campaign approved by a moderator, as in production), then the
 * conversions are generated in PostgreSQL in batches of a million (generate_series: random
 * campaign, app, country tier and second within the last `--days` days; the statistics trigger
 * off while loading) and the rollups built once with `stats_rebuild()`, the function the
 * migration uses. `ledger:check`'s rollup reconciliation runs on the result.
 *
 * Measured, one request at a time after a warm-up (this process is the load generator; the
 * server is its own process): the publisher's Statistics page (first page, a filter, a sort,
 * a later page, today) for a publisher with `--apps / --publishers` apps, and the campaign
 * report of one campaign and of an advertiser's campaigns over 30 days, by day and by app.
 * Prints p50/p99/max per request and whether p99 is under 50 ms.
 *
 * Needs DATABASE_URL pointing at a PostgreSQL server on this machine (loopback only). Creates
 * the database bench_stats_<random> and drops it at the end (unless --keep).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import { openDatabase } from '../server/database.ts';
import { checkLedger } from '../server/modules/ledger/ledger.check.ts';
import { adminQuery, api, dbUrl, parallel, percentile, ProductServer } from './common.ts';

const { values: flags } = parseArgs({
  options: {
    conversions: { type: 'string', default: '10000000' },
    apps: { type: 'string', default: '1000' },
    days: { type: 'string', default: '90' },
    publishers: { type: 'string', default: '20' },
    advertisers: { type: 'string', default: '10' },
    campaigns: { type: 'string', default: '200' },
    requests: { type: 'string', default: '400' },
    keep: { type: 'boolean', default: false },
    // Print the p99 targets without failing on them (bench:smoke: it fails on errors, never on a timing).
    'no-targets': { type: 'boolean', default: false },
  },
});
const positive = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${v}`);
  return n;
};
const CONVERSIONS = positive('conversions', flags.conversions);
const APPS = positive('apps', flags.apps);
const DAYS = positive('days', flags.days);
const PUBLISHERS = Math.min(positive('publishers', flags.publishers), APPS);
const ADVERTISERS = positive('advertisers', flags.advertisers);
const CAMPAIGNS = Math.max(positive('campaigns', flags.campaigns), ADVERTISERS);
const REQUESTS = positive('requests', flags.requests);
const TARGET_P99_MS = 50;
const PASSWORD = 'bench-password-1';
const BATCH = 1_000_000;

const adminUrl = process.env.DATABASE_URL ?? '';
if (!adminUrl) {
  console.error(
    'DATABASE_URL is not set: point it at a local PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(adminUrl).hostname)) {
  console.error('Refusing to benchmark a non-loopback server.');
  process.exit(2);
}

const product = new ProductServer();
const benchDb = `bench_stats_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-stats-'));
const url = dbUrl(adminUrl, benchDb);

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** Users, projects, campaigns and apps; returns the tokens and ids the measurements use. */
async function setup(base: string) {
  const t0 = performance.now();
  const orm = await openDatabase(url, { pool: { min: 0, max: 2 } });
  let categoryId: number;
  try {
    const em = orm.em.fork() as EntityManager;
    const hash = await argon2.hash(PASSWORD);
    await em.execute(
      `insert into users (name, email, password_hash, default_role, is_moderator)
       select 'Bench advertiser ' || g, 'stats.adv.' || g || '@example.com', ?, 'ADVERTISER', false from generate_series(1, ?) g
       union all
       select 'Bench publisher ' || g, 'stats.pub.' || g || '@example.com', ?, 'PUBLISHER', false from generate_series(1, ?) g
       union all select 'Bench moderator', 'stats.moderator@example.com', ?, 'ADVERTISER', true`,
      [hash, ADVERTISERS, hash, PUBLISHERS, hash],
    );
    [{ id: categoryId }] = await em.execute<{ id: number }[]>('select id from categories order by id limit 1');
  } finally {
    await orm.close();
  }
  const login = async (email: string) =>
    (await api(base, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).accessToken as string;
  const moderator = await login('stats.moderator@example.com');
  const logo = 'https://bench.example/logo.png';

  const campaignIds: number[][] = Array.from({ length: ADVERTISERS }, () => []);
  await parallel(
    Array.from({ length: ADVERTISERS }, (_, a) => a),
    4,
    async (a) => {
      const token = await login(`stats.adv.${a + 1}@example.com`);
      const count = Math.floor(CAMPAIGNS / ADVERTISERS) + (a < CAMPAIGNS % ADVERTISERS ? 1 : 0);
      for (let offset = 0; offset < count; offset += 50) {
        const tasks = Array.from({ length: Math.min(50, count - offset) }, (_, j) => {
          const n = offset + j;
          return n % 2 === 0
            ? { type: 'BOT', title: `Stats bot ${a}.${n}`, url: `https://t.me/stats_${a}_${n}_bot`, logo }
            : { type: 'CUSTOM', title: `Stats site ${a}.${n}`, url: `https://bench.example/${a}/${n}`, logo };
        });
        const project = await api(base, 'POST', '/v1/projects', {
          token,
          body: { title: `Stats project ${a}.${offset / 50}`, categoryId, tasks },
        });
        for (const task of project.tasks as { id: number }[]) {
          const c = await api(base, 'POST', `/v1/projects/${project.id}/tasks/${task.id}/campaigns`, {
            token,
            body: { name: `Stats campaign ${task.id}` },
          });
          if (c.status === 'MODERATION') {
            for (const action of ['claim', 'approve']) {
              await api(base, 'PATCH', `/v1/moderation/campaigns/${c.id}/${action}`, { token: moderator, body: {} });
            }
          }
          campaignIds[a].push(c.id);
        }
      }
    },
  );

  const perPublisher = Array.from(
    { length: PUBLISHERS },
    (_, p) => Math.floor(APPS / PUBLISHERS) + (p < APPS % PUBLISHERS ? 1 : 0),
  );
  const publisherApps: number[][] = Array.from({ length: PUBLISHERS }, () => []);
  const jobs = perPublisher.flatMap((n, p) => Array.from({ length: n }, (_, i) => ({ p, i })));
  const tokens = new Map<number, Promise<string>>();
  await parallel(jobs, 8, async ({ p, i }) => {
    if (!tokens.has(p)) tokens.set(p, login(`stats.pub.${p + 1}@example.com`));
    const platform = await api(base, 'POST', '/v1/platforms', {
      token: await tokens.get(p),
      body: {
        title: `Stats app ${p + 1}.${i + 1}`,
        logo,
        categoryId,
        webappUrl: `https://bench.example/app/${p + 1}/${i + 1}`,
        tgBotUrl: `https://t.me/stats_app_${p + 1}_${i + 1}_bot`,
        tgBotId: 8_200_000_000 + p * 10_000 + i,
        rewards: [{ title: 'Coins', logo }],
        services: ['BOT', 'CUSTOM'].map((taskType) => ({
          taskType,
          awards: [{ platformRewardTitle: 'Coins', value: 1 }],
        })),
      },
    });
    publisherApps[p].push(platform.id);
  });
  console.log(
    `  ${ADVERTISERS} advertisers, ${CAMPAIGNS} campaigns, ${PUBLISHERS} publishers with ${APPS} apps over REST (${seconds(t0)})`,
  );
  return {
    advertiser: await login('stats.adv.1@example.com'),
    publisher: await tokens.get(0)!,
    campaignId: campaignIds[0][0],
    appId: publisherApps[0][0],
    appsOfPublisher: publisherApps[0].length,
  };
}

/** Generated conversions: random campaign, app, tier and time; prices as the tiers would be. */
async function loadConversions() {
  const t0 = performance.now();
  const orm = await openDatabase(url, { pool: { min: 0, max: 2 } });
  try {
    const em = orm.em.fork() as EntityManager;
    await em.execute(
      'alter table conversions disable trigger conversions_stats, disable trigger conversions_stats_insert',
    );
    for (let from = 1; from <= CONVERSIONS; from += BATCH) {
      const to = Math.min(CONVERSIONS, from + BATCH - 1);
      await em.execute(
        `with c as (select array_agg(id order by id) as id, array_agg(owner_id order by id) as owner,
                           array_agg(task_type order by id) as type, count(*)::int as n from campaigns),
              p as (select array_agg(id order by id) as id, array_agg(owner_id order by id) as owner,
                           count(*)::int as n from platforms),
              r as (select g, random() as rc, random() as rp, random() as rt, random() as rs
                      from generate_series(?::bigint, ?::bigint) g)
         insert into conversions (campaign_id, click_id, platform_id, publisher_id, advertiser_id, player_id,
           task_type, country, tier_level, price, publisher_amount, fee_amount, status, publisher_transfer_id, created_at)
         select c.id[ci], r.g, p.id[pi], p.owner[pi], c.owner[ci], r.g, c.type[ci], null, tier,
                price, price * 80 / 100, price - price * 80 / 100, 'POSTED', 0,
                now() - (rs * ? * interval '1 day')
           from r cross join c cross join p
           cross join lateral (select 1 + floor(rc * c.n)::int as ci, 1 + floor(rp * p.n)::int as pi,
                                      1 + floor(rt * 4)::int as tier) k
           cross join lateral (select (array[150000, 100000, 75000, 50000])[tier]::bigint as price) m`,
        [from, to, DAYS],
      );
      console.log(`  ${to.toLocaleString('en')} / ${CONVERSIONS.toLocaleString('en')} conversions (${seconds(t0)})`);
    }
    await em.execute(
      'alter table conversions enable trigger conversions_stats, enable trigger conversions_stats_insert',
    );
    const t1 = performance.now();
    await em.execute('select stats_rebuild()');
    await em.execute('analyze');
    const [sizes] = await em.execute<{ pub: string; camp: string }[]>(
      `select (select count(*) from stats_publisher_daily)::text as pub, (select count(*) from stats_campaign_daily)::text as camp`,
    );
    console.log(
      `  rollups rebuilt in ${seconds(t1)}: ${Number(sizes.pub).toLocaleString('en')} publisher rows, ${Number(sizes.camp).toLocaleString('en')} campaign rows`,
    );
    const t2 = performance.now();
    const stats = (await checkLedger(em)).find((c) => c.name.startsWith('statistics rollups'))!;
    console.log(`  ledger:check rollups: ${stats.ok ? 'ok' : 'FAIL'} (${stats.detail}) in ${seconds(t2)}`);
    if (!stats.ok) process.exitCode = 1;
  } finally {
    await orm.close();
  }
}

async function measure(base: string, token: string, path: string) {
  const get = async () => {
    const t = performance.now();
    const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
    return { ms: performance.now() - t, body };
  };
  for (let i = 0; i < Math.min(30, REQUESTS); i++) await get();
  const times: number[] = [];
  let sample = '';
  for (let i = 0; i < REQUESTS; i++) {
    const r = await get();
    times.push(r.ms);
    sample = r.body;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1], sample };
}

const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

let failed = false;
try {
  console.log(
    `bench:stats: ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; ${CONVERSIONS.toLocaleString('en')} conversions over ${DAYS} days, ${APPS} apps, ${CAMPAIGNS} campaigns`,
  );
  await adminQuery(adminUrl, `create database "${benchDb}"`);
  console.log('\nstarting the server (tsx server/main.ts) …');
  const base = await product.start({ DATABASE_URL: url, DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' });
  console.log('\nsetup (not timed) …');
  const s = await setup(base);
  await loadConversions();

  const range30 = `from=${day(29)}&to=${day(0)}`;
  const cases: [string, string, string][] = [
    ['publisher', 'statistics, first page (10 days)', '/v1/statistics/publishers/transactions?page=1&limit=10'],
    ['publisher', 'statistics, one app', `/v1/statistics/publishers/transactions?platformId=${s.appId}`],
    ['publisher', 'statistics, task type BOT', '/v1/statistics/publishers/transactions?taskType=BOT'],
    [
      'publisher',
      'statistics, sorted by CPA, page 5 of 20',
      '/v1/statistics/publishers/transactions?page=5&limit=20&sortField=cpa&sortOrder=desc',
    ],
    ['publisher', 'statistics, today', '/v1/statistics/publishers/transactions/today'],
    [
      'advertiser',
      'campaign report, one campaign, 30 days by day',
      `/v1/campaigns/reports?${range30}&campaignId=${s.campaignId}`,
    ],
    ['advertiser', 'campaign report, all campaigns, 30 days by day', `/v1/campaigns/reports?${range30}`],
    [
      'advertiser',
      'campaign report, one campaign, 30 days by app',
      `/v1/campaigns/reports?${range30}&campaignId=${s.campaignId}&groupBy=APP`,
    ],
    ['advertiser', 'campaign report, all campaigns, 30 days by tier', `/v1/campaigns/reports?${range30}&groupBy=TIER`],
  ];
  console.log(`\nmeasuring: ${REQUESTS} requests each, one at a time, after 30 warm-up requests`);
  const rows: string[][] = [];
  for (const [who, name, path] of cases) {
    const r = await measure(base, who === 'publisher' ? s.publisher : s.advertiser, path);
    const ok = r.p99 < TARGET_P99_MS;
    if (!ok) failed = true;
    rows.push([name, r.p50.toFixed(1), r.p99.toFixed(1), r.max.toFixed(1), ok ? 'yes' : 'NO']);
    console.log(`  ${name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
  }
  const header = ['request', 'p50 (ms)', 'p99 (ms)', 'max (ms)', `p99 < ${TARGET_P99_MS} ms`];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ');
  console.log(
    `\npublisher with ${s.appsOfPublisher} apps; advertiser with ${Math.ceil(CAMPAIGNS / ADVERTISERS)} campaigns`,
  );
  console.log(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const r of rows) console.log(line(r));
  console.log(
    `\nload average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} catch (err) {
  console.error(err);
  if (product.log.length) console.error(`\nlast server output:\n${product.log.slice(-30).join('\n')}`);
  process.exitCode = 1;
} finally {
  await product.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  if (!flags.keep) {
    await adminQuery(adminUrl, `drop database if exists "${benchDb}" with (force)`).catch((e) =>
      console.error(`could not drop ${benchDb}: ${e.message}`),
    );
  } else console.log(`kept database ${benchDb}`);
}
if (failed && !flags['no-targets'] && !process.exitCode) process.exitCode = 1;
