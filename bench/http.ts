/**
 * HTTP hot paths, side by side in one run: the product as production runs it (a child process
 * of the built server, dist/server/main.js, rebuilt first when its sources changed;
 * NODE_ENV=production, logging at info to a pipe that is drained) on a
 * throwaway database, and a load generator (autocannon) in its own process for each path:
 *
 *   /healthz                                   the server's floor: no database, no auth
 *   GET  /api/v1/showcase/platforms/:id        every mini-app open (public, a signed player): players
 *                                              seen before, 1 in 10 new, all new, with a task started
 *   POST /api/v1/showcase/…/tasks/:id/start    clicks (each player × campaign pair once)
 *   POST /api/v1/showcase/…/tasks/:id/check    checks of the pairs the start run started
 *   GET  /api/v1/users/self                    an authenticated REST read
 *   POST /graphql { me { id email publisherBalance } }   the same read over GraphQL
 *
 *   npm run bench:http -- [--seconds 8] [--rounds 3] [--concurrency 32] [--players 4000] [--campaigns 20] [--apps 1000]
 *       [--removals 5] [--keep] [--only showcase,mix,new,started,start,check,rest,member,graphql] [--profile <dir>] [--quality]
 *       [--accept-encoding 'gzip, deflate, br']
 *
 * The players' requests accept compression as Telegram's WebViews do (`--accept-encoding`, ''
 * for none): a list of a few KB is compressed for every player.
 *
 * The network: `--campaigns` (the first 50 through the API, the rest copied in SQL with their
 * own resources, prices, targeting, caps, minimum scores and exclusions) and `--apps` (copies
 * of the first with its services and awards); `--players` signed players spread over the apps
 * and eight markets (country and language), so the lists are many apps × audiences. Every
 * player's list is read once before the paths run; the instance's memory (RSS) is printed.
 *
 * `--quality` gives every campaign a minimum traffic quality score (40, which the app's 100
 * passes) and excludes another app from each of them and from the advertiser's list, so the
 * showcase's audience query does all of its quality work and still lists every campaign.
 *
 * `--removals N` (5 unless 0): then two more instances on the same database (and Redis, with
 * REDIS_URL) read the first player's list, a campaign it shows is stopped through one of them
 * N times (at random moments), and the app excluded once; prints how long each stays in each
 * instance's list.
 *
 * `--profile <dir>` runs the server with `node --cpu-prof` and leaves its profile in <dir>
 * (`npx tsx bench/profile-summary.ts <file>` prints where the time went); `--only` measures
 * some of the paths (with /healthz always).
 *
 * The paths take turns (`--rounds`, each turn `--seconds` / rounds long; start and check run once,
 * after the turns): this machine's speed drifts by a quarter within minutes, and a ratio of two
 * paths measured minutes apart carries that drift, while paths that alternate share it.
 *
 * Prints req/s, p50 (the median of the turns') and p99 (the worst turn's) latency (ms), non-2xx
 * answers and errors per path, each path's ratio to /healthz and the server's CPU time per
 * answer (µs, from /proc while the path ran), and the ratios the issues set targets for (the
 * showcase list to /healthz; GraphQL's read and the read acting on another account, each to the
 * REST read) with their spread over the turns and the same ratio by CPU per answer. Needs DATABASE_URL (a PostgreSQL server on this machine); creates database
 * bench_http_<random> and drops it at the end (unless --keep).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import { openDatabase } from '../server/database.ts';
import { MemoryPubSub } from '../server/lib/pubsub.ts';
import { DEV_TEST_PRIVATE_KEY, DEV_TEST_PUBLIC_KEY, playerInitData } from '../server/lib/init-data.ts';
import { Ledger } from '../server/modules/ledger/ledger.service.ts';
import { adminQuery, api, buildServer, dbUrl, ProductServer } from './common.ts';
import { giveAuthenticator, PASSWORD, staffLogin } from './world.ts';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '32' },
    players: { type: 'string', default: '4000' },
    campaigns: { type: 'string', default: '20' },
    apps: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'string' },
    only: { type: 'string' },
    quality: { type: 'boolean', default: false },
    removals: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'accept-encoding': { type: 'string', default: 'gzip, deflate, br' },
  },
});
const SECONDS = Number(flags.seconds);
/**
 * What the players' requests accept: Telegram's WebViews (Chromium's, WebKit's) send
 * `gzip, deflate, br`, so a list of a few KB is compressed for every player; `''` for none.
 */
const ACCEPT_ENCODING = flags['accept-encoding'];
/** The paths take turns this many times, SECONDS / ROUNDS each turn (start and check run once). */
const ROUNDS = Math.max(1, Math.floor(Number(flags.rounds)));
const CONCURRENCY = Number(flags.concurrency);
const PLAYERS = Number(flags.players);
const CAMPAIGNS = Number(flags.campaigns);
const APPS = Number(flags.apps);
/**
 * Players never seen, per path that needs them: 4,000 a second, more than such a path answers
 * here (a request list is sent round again when it runs out, and a second round is of players
 * seen); a short smoke run signs few.
 */
const NEW_PLAYERS = Math.max(1_000, Number(flags.seconds) * 4_000);
/** Made through the API (a project holds 50 resources); past it, the network is copied in SQL. */
const API_CAMPAIGNS = Math.min(CAMPAIGNS, 50);
/** Players with a task started (their own list, not the shared one): half as many as players seen before. */
const STARTED_PLAYERS = Math.ceil(PLAYERS / 2);

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
  /** The server's CPU time while the load ran (ms), when measured. */
  cpuMs?: number;
}

/** A path's turns as one: requests and errors summed, the median turn's p50 and the worst turn's p99. */
function combined(loads: Load[]): Load {
  const requests = loads.reduce((n, l) => n + l.requests, 0);
  const statusCodes: Load['statusCodes'] = {};
  for (const l of loads)
    for (const [code, { count }] of Object.entries(l.statusCodes))
      statusCodes[code] = { count: (statusCodes[code]?.count ?? 0) + count };
  const p50s = loads.map((l) => l.p50).sort((a, b) => a - b);
  return {
    requests,
    rps: loads.reduce((n, l) => n + l.rps, 0) / loads.length,
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...loads.map((l) => l.p99)),
    non2xx: loads.reduce((n, l) => n + l.non2xx, 0),
    errors: loads.reduce((n, l) => n + l.errors, 0),
    statusCodes,
    cpuMs: loads.reduce((n, l) => n + (l.cpuMs ?? 0), 0),
  };
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
/** Two more instances on the same database (and Redis, when REDIS_URL is set), for removals. */
const pair = [new ProductServer(), new ProductServer()];
const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('hex') };
const name = `bench_http_${randomBytes(4).toString('hex')}`;
const databaseUrl = dbUrl(adminUrl, name);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-http-'));

/** The bench advertiser's account (its publisher reads it as a member). */
let advertiserId = 0;

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
    // Staff sign in with a second factor in production: the moderator has an authenticator app.
    await giveAuthenticator(em, users[2].id, SECRETS.SECRETS_KEY);
    // Teams: the publisher is a member of the advertiser's account (the read with X-Account-Id).
    await em.execute(`insert into account_members (account_id, user_id, access_level) values (?, ?, 'READ_ONLY')`, [
      users[0].id,
      users[1].id,
    ]);
    advertiserId = users[0].id;
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
  const [adv, pub, mod] = await Promise.all([
    login('bench.adv@example.com'),
    login('bench.pub@example.com'),
    staffLogin(base, 'bench.mod@example.com'),
  ]);
  const [{ id: categoryId }] = (await api(base, 'GET', '/v1/categories?page=1&limit=100', { token: adv })).data;
  const logo = 'https://bench.example/logo.png';
  const { campaignIds, campaignProjects } = await benchCampaigns(base, adv, mod, categoryId, logo);
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
  if (flags.quality)
    await qualitySetup(base, { adv, pub, categoryId, logo, appId: app.id, campaignIds, campaignProjects });
  const appIds = [app.id as number, ...(await scaleUp(app.id, campaignIds))];
  // The first player sees the first app as every player does at 20 campaigns (no country, English,
  // not Premium); the others are spread over the apps, each app with its own market.
  const players = Array.from({ length: PLAYERS }, (_, i) => signedPlayer(appIds, botId, i, 6_000_000_000));
  // The list must show every campaign to a new player, or the numbers measure an empty list.
  const listed = await api(base, 'GET', `/v1/showcase/platforms/${app.id}`, { headers: players[0].headers });
  // (A list shows at most 50 tasks.)
  if (listed.tasks?.length !== Math.min(CAMPAIGNS, 50)) {
    throw new Error(`the showcase lists ${listed.tasks?.length} tasks, expected ${Math.min(CAMPAIGNS, 50)}`);
  }
  return { adv, pub, appId: app.id as number, appIds, campaignIds, players, botId };
}

/**
 * The i-th signed player of a pool (ids from `base`): spread over the apps, each app with its
 * own market; one in ten Premium.
 */
function signedPlayer(appIds: number[], botId: number, i: number, base: number) {
  const market = MARKETS[i % MARKETS.length];
  const appId = appIds[i % appIds.length];
  const premium = i % 10 === 9;
  const init = playerInitData(
    { id: base + i, first_name: 'Bench', language_code: market.language, is_premium: premium },
    { botId, privateKeyHex: DEV_TEST_PRIVATE_KEY },
  );
  return {
    appId,
    headers: {
      authorization: `tma ${init}`,
      ...(market.country ? { 'x-country': market.country } : {}),
      ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
    },
  };
}

/** Players the server has never seen (their own pool each): as many as a path can ask for in its seconds. */
function newPlayers(s: { appIds: number[]; botId: number }, count: number, base: number) {
  return Array.from({ length: count }, (_, i) => signedPlayer(s.appIds, s.botId, i, base));
}

/** The advertiser's projects and campaigns (a project holds at most 50 resources), approved by the moderator where review asks. */
async function benchCampaigns(base: string, adv: string, mod: string, categoryId: number, logo: string) {
  // A project holds at most 50 resources.
  const tasks: { id: number; projectId: number }[] = [];
  for (let first = 0; first < API_CAMPAIGNS; first += 50) {
    const project = await api(base, 'POST', '/v1/projects', {
      token: adv,
      body: {
        title: `Bench project ${first / 50 + 1}`,
        categoryId,
        tasks: Array.from({ length: Math.min(50, API_CAMPAIGNS - first) }, (_, i) => {
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
  return { campaignIds, campaignProjects };
}

/** --quality: campaigns with a quality floor and exclusions, and 30 days of clean traffic for the app's score. */
async function qualitySetup(
  base: string,
  s: {
    adv: string;
    pub: string;
    categoryId: number;
    logo: string;
    appId: number;
    campaignIds: number[];
    campaignProjects: Map<number, number>;
  },
) {
  const { adv, pub, categoryId, logo, campaignIds, campaignProjects } = s;
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
         from platforms p cross join generate_series(0, 29) d where p.id = ${Number(s.appId)};
       insert into platform_quality_daily (platform_id, day, social_resolved, social_retained)
       select ${Number(s.appId)}, (now() at time zone 'utc')::date - d, 50, 50 from generate_series(0, 29) d`,
  );
}

/** Where players come from: a country (tier) and a language; the first is the 20-campaign player's. */
const MARKETS = [
  { country: null, language: 'en' },
  { country: 'US', language: 'en' },
  { country: 'RU', language: 'ru' },
  { country: 'DE', language: 'de' },
  { country: 'BR', language: 'pt' },
  { country: 'IN', language: 'en' },
  { country: 'FR', language: 'fr' },
  { country: 'UA', language: 'ru' },
];

/**
 * The network past what the API made: campaigns up to CAMPAIGNS (copies of the first with
 * their own resources, three in four on a new resource, prices from half to twice, a share
 * targeted at countries, languages or Premium, with a daily cap, a minimum quality score or
 * apps excluded) and APPS apps (copies of the first, with its services and awards). SQL, not the
 * API: 10,000 campaigns through review one by one would take most of an hour.
 */
async function scaleUp(appId: number, campaignIds: number[]): Promise<number[]> {
  const template = campaignIds[0];
  const sql = `
    insert into platforms (owner_id, title, logo, category_id, webapp_url, tg_bot_url, tg_bot_id, is_dark_theme,
                           secret_key_enc, secret_key_hash)
    select owner_id, 'Bench app ' || g, logo, category_id, webapp_url, tg_bot_url, tg_bot_id, g % 2 = 0,
           secret_key_enc, md5('bench' || g) || md5('key' || g)
      from platforms p cross join generate_series(2, ${APPS}) g where p.id = ${appId};
    insert into platform_rewards (platform_id, title, logo)
    select p.id, r.title, r.logo from platforms p, platform_rewards r where r.platform_id = ${appId} and p.title like 'Bench app %';
    insert into platform_services (platform_id, task_type, should_confirm_without_payout, is_excluded)
    select p.id, s.task_type, s.should_confirm_without_payout, s.is_excluded
      from platforms p, platform_services s where s.platform_id = ${appId} and p.title like 'Bench app %';
    insert into platform_service_awards (service_id, platform_reward_id, value)
    select s.id, r.id, a.value from platform_service_awards a
      join platform_services s0 on s0.id = a.service_id and s0.platform_id = ${appId}
      join platform_rewards r0 on r0.id = a.platform_reward_id
      join platform_services s on s.task_type = s0.task_type and s.platform_id in (select id from platforms where title like 'Bench app %')
      join platform_rewards r on r.platform_id = s.platform_id and r.title = r0.title;

    create temp table bench_new (g int primary key, task_id int, campaign_id int);
    insert into bench_new (g) select generate_series(${campaignIds.length}, ${CAMPAIGNS - 1});
    with made as (
      insert into tasks (project_id, type, title, url, logo, verification_code)
      select t.project_id, case when n.g % 2 = 0 then 'BOT' else 'CUSTOM' end, 'Bench task ' || n.g,
             case when n.g % 2 = 0 then 'https://t.me/bench_http_' || n.g || '_bot' else 'https://bench.example/' || n.g end,
             t.logo, substr(md5('task' || n.g), 1, 32)
        from bench_new n, campaigns c join tasks t on t.id = c.task_id
       where c.id = ${template} and n.g % 4 <> 3
      returning id, title)
    update bench_new n set task_id = made.id from made where made.title = 'Bench task ' || n.g;
    update bench_new n set task_id = p.task_id from bench_new p where p.g = n.g - 1 and n.g % 4 = 3;
    with made as (
      insert into campaigns (owner_id, project_id, task_id, task_type, task_title, task_url, name, status, is_active,
                             prices, min_price, daily_cap, countries, languages, is_premium_only, new_users_only,
                             min_quality, unscored_allowed, approved_at)
      select c.owner_id, c.project_id, n.task_id, t.type, t.title, t.url, 'Bench campaign ' || n.g, 'ACTIVE', true,
             (select jsonb_object_agg(key, (value::bigint * (50 + (n.g * 37) % 151) / 100)) from jsonb_each_text(c.prices)),
             c.min_price * (50 + (n.g * 37) % 151) / 100,
             case when n.g % 8 = 0 then 1000 end,
             case when n.g % 5 = 0 then '{US,GB,DE}'::text[] when n.g % 7 = 0 then '{RU,UA,KZ}'::text[] else '{}' end,
             case when n.g % 6 = 0 then '{en}'::text[] when n.g % 11 = 0 then '{ru}'::text[] else '{}' end,
             n.g % 13 = 0, c.new_users_only,
             case when n.g % 9 = 0 then 40 when n.g % 17 = 0 then 90 end, n.g % 17 <> 0, now()
        from bench_new n join tasks t on t.id = n.task_id, campaigns c where c.id = ${template}
      returning id, name)
    update bench_new n set campaign_id = made.id from made where made.name = 'Bench campaign ' || n.g;
    insert into ledger_accounts (kind, campaign_id, credits_posted)
    select 'CAMPAIGN_BUDGET', campaign_id, 100000000000 from bench_new;
    insert into campaign_excluded_platforms (campaign_id, platform_id)
    select n.campaign_id, p.id from bench_new n join platforms p on p.id % 97 = n.g % 97 where n.g % 10 = 0;
    insert into user_excluded_platforms (user_id, platform_id)
    select c.owner_id, p.id from campaigns c, platforms p where c.id = ${template} and p.id % 50 = 7 and p.id <> ${appId};
    analyze;`;
  await adminQuery(databaseUrl, sql);
  const orm = await openDatabase(databaseUrl, { pool: { min: 0, max: 1 } });
  try {
    const rows = await orm.em
      .fork()
      .execute<{ id: number }[]>(`select id from platforms where id <> ? and title like 'Bench app %' order by id`, [
        appId,
      ]);
    return rows.map((r) => r.id);
  } finally {
    await orm.close();
  }
}

/**
 * How long a campaign stopped on one instance stays in the cached lists of both: a second
 * instance on the same database (and Redis), the first player's list read on both, then a
 * listed campaign stopped through the first and both lists read every 10 ms until it is gone.
 * Then the same for an app the advertiser excludes (an app's change, which instances tell
 * each other over Redis). Prints each latency; the campaign is started again afterwards.
 */
async function removals(s: Awaited<ReturnType<typeof setup>>) {
  const dirs = pair.map(() => mkdtempSync(join(tmpdir(), 'bench-http-pair-')));
  // One after the other: two servers asking for a free port at once can be given the same one.
  const urls: string[] = [];
  for (const [i, server] of pair.entries()) {
    urls.push(
      await server.start({ ...productEnv(dirs[i]), LOG_LEVEL: 'warn', REDIS_URL: process.env.REDIS_URL ?? '' }, [], {
        built: true,
      }),
    );
  }
  const [base, other] = urls;
  if (base === other) throw new Error(`both instances answer at ${base}`);
  const player = s.players[0];
  const listed = async (at: string) =>
    new Set(
      (
        (await api(at, 'GET', `/v1/showcase/platforms/${s.appId}`, { headers: player.headers })).tasks as {
          campaignId: number;
        }[]
      ).map((t) => t.campaignId),
    );
  /**
   * Milliseconds from sending `change` (through A) until `gone` holds on both instances (each
   * polled every 10 ms), or NaN after 10 s; and how long A took to answer the change itself.
   */
  const untilBoth = async (change: () => Promise<unknown>, gone: (ids: Set<number>) => boolean) => {
    // At a random moment: the instances sweep on their own clock, and this loop must not keep step with it.
    await new Promise((r) => setTimeout(r, Math.random() * 1000));
    const t0 = performance.now();
    await change();
    const answered = performance.now() - t0;
    const one = async (at: string) => {
      while (performance.now() - t0 < 10_000) {
        if (gone(await listed(at))) return performance.now() - t0;
        await new Promise((r) => setTimeout(r, 10));
      }
      return Number.NaN;
    };
    return [...(await Promise.all([one(base), one(other)])), answered];
  };
  // The campaigns the first player sees (at scale the copies outrank the first 50), and their projects.
  const shown = [...(await listed(base))].slice(0, Number(flags.removals));
  const orm = await openDatabase(databaseUrl, { pool: { min: 0, max: 1 } });
  const projects = new Map(
    (
      await orm.em
        .fork()
        .execute<{ id: number; project_id: number }[]>(
          'select id, project_id from campaigns where id = any(?::int[])',
          [`{${shown.join(',')}}`],
        )
    ).map((r) => [r.id, r.project_id]),
  );
  await orm.close();
  const campaign = (id: number) => `/v1/projects/${projects.get(id)}/campaigns/${id}`;
  const rows: string[] = [];
  for (let i = 0; i < Number(flags.removals); i++) {
    const id = shown[i % shown.length];
    const [onA, onB] = await Promise.all([listed(base), listed(other)]);
    if (!onA.has(id) || !onB.has(id))
      throw new Error(`campaign ${id} is not listed on A (${onA.has(id)}) and B (${onB.has(id)})`);
    const stop = () => api(base, 'PATCH', campaign(id), { token: s.adv, body: { isActive: false } });
    const [a, b, answered] = await untilBoth(stop, (ids) => !ids.has(id));
    rows.push(`| campaign ${id} stopped through A | ${figure(answered)} | ${figure(a)} | ${figure(b)} |`);
    const resume = () => api(base, 'PATCH', campaign(id), { token: s.adv, body: { isActive: true } });
    await untilBoth(resume, (ids) => ids.has(id));
  }
  await Promise.all([listed(base), listed(other)]);
  const excluded = shown;
  const exclude = (platformIds: number[]) => () =>
    api(base, 'PUT', '/v1/users/excluded-platforms', { token: s.adv, body: { platformIds } });
  const [a, b, answered] = await untilBoth(exclude([s.appId]), (ids) => !excluded.some((id) => ids.has(id)));
  rows.push(`| the app excluded by the advertiser through A | ${figure(answered)} | ${figure(a)} | ${figure(b)} |`);
  // A change one instance never saw within 10 s fails the run (drift; bench:smoke relies on it).
  if (rows.some((r) => r.includes('NaN'))) process.exitCode = 1;
  await exclude([])();
  await Promise.all(pair.map((server) => server.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  console.log('');
  console.log(
    `Removals (two more instances A and B on the same database${process.env.REDIS_URL ? ' and Redis' : ', no Redis'}):`,
  );
  console.log('| change | A answered (ms) | gone from A (ms) | gone from B (ms) |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(r);
}

/** An instance as production runs it, on the bench's database, with limits no bench reaches. */
function productEnv(dir: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    PAYMENTS_SANDBOX: '1',
    RATE_LIMIT_PER_MINUTE: '100000',
    SHOWCASE_RATE_LIMIT_PER_MINUTE: '100000000',
    TELEGRAM_INITDATA_PUBLIC_KEY: DEV_TEST_PUBLIC_KEY,
    COUNTRY_HEADER: 'x-country',
    ...SECRETS,
  };
}

/** The CPU time (ms, user + system) the server's process has used so far, from /proc. */
function serverCpuMs(): number {
  const stat = readFileSync(`/proc/${product.child?.pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** /proc's clock ticks per second (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** A path under load, with the server's CPU time per answer (µs) while it ran. */
async function measured(base: string, requests: Req[], seconds = SECONDS): Promise<Load> {
  const cpu = serverCpuMs();
  const result = await load(base, requests, seconds);
  return { ...result, cpuMs: serverCpuMs() - cpu };
}

/** The server's resident memory (bytes), from /proc. */
function rss(): number {
  const status = readFileSync(`/proc/${product.child?.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** The server's CPU time per answer (µs) of a measured load. */
const cpuPerAnswer = (r: Load) => ((r.cpuMs ?? Number.NaN) * 1000) / r.requests;

const figure = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

try {
  await adminQuery(adminUrl, `create database ${name}`);
  // As `npm start` runs it: tsc's output, not tsx's (whose kept function names cost a call each).
  buildServer();
  const base = await product.start(
    productEnv(dataDir),
    flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${flags.profile}`] : [],
    { built: true },
  );
  console.log(`bench:http: ${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}`);
  console.log(`  ${SECONDS} s per path, ${CONCURRENCY} connections, load generator in its own process`);
  const s = await setup(base);
  console.log(`  ${s.appIds.length} apps, ${CAMPAIGNS} campaigns, ${s.players.length} signed players`);

  const bearer = { authorization: `Bearer ${s.pub}` };
  // Start and check: the first app's paid campaigns (made through the API, for any market), each
  // player × campaign pair once, player-major (consecutive requests are different players).
  const pairs = s.campaignIds.flatMap((c) => s.players.map((p) => ({ c, p })));
  const taskReq = (action: string) => (x: (typeof pairs)[number]) => ({
    method: 'POST',
    path: `/api/v1/showcase/platforms/${s.appId}/tasks/${x.c}/${action}`,
    headers: x.p.headers,
  });
  const keys = ['healthz', 'showcase', 'mix', 'new', 'started', 'start', 'check', 'rest', 'member', 'graphql'];
  // A profile shows one path alone: /healthz would fill it with its own (socket) work.
  const only = flags.only ? [...(flags.profile ? [] : ['healthz']), ...flags.only.split(',')] : keys;
  if (only.includes('check') && !only.includes('start')) only.push('start');
  // New players are signed only for the paths that run (tens of thousands of signatures).
  const fresh = (key: string, base: number) => (only.includes(key) ? newPlayers(s, NEW_PLAYERS, base) : []);
  /**
   * Players of the first app who start one of its paid campaigns before the paths run: their own
   * ids (5e9 + i; the players seen before are 6e9 + i, the new ones 7e9 and 8e9), or the rows of
   * players seen before and of the mix would be half players with a task started.
   */
  const startedPlayers = only.includes('started')
    ? newPlayers({ ...s, appIds: [s.appId] }, STARTED_PLAYERS, 5_000_000_000)
    : [];
  const all: [string, Req[]][] = [
    ['/healthz', [{ method: 'GET', path: '/healthz' }]],
    [
      'showcase list',
      s.players.map((p) => ({ method: 'GET', path: `/api/v1/showcase/platforms/${p.appId}`, headers: p.headers })),
    ],
    [
      'showcase list, 1 in 10 new players',
      // Nine requests of players seen before (the warm-up read each once) to one of a player never seen.
      fresh('mix', 7_000_000_000)
        .flatMap((p, i) => [...Array.from({ length: 9 }, (_, k) => s.players[(i * 9 + k) % s.players.length]), p])
        .map((p) => ({ method: 'GET', path: `/api/v1/showcase/platforms/${p.appId}`, headers: p.headers })),
    ],
    [
      'showcase list, all new players',
      fresh('new', 8_000_000_000).map((p) => ({
        method: 'GET',
        path: `/api/v1/showcase/platforms/${p.appId}`,
        headers: p.headers,
      })),
    ],
    [
      'showcase list, players with a task started',
      // Started in the warm-up below: their list is their own (a task's status is STARTED).
      startedPlayers.map((p) => ({ method: 'GET', path: `/api/v1/showcase/platforms/${s.appId}`, headers: p.headers })),
    ],
    ['start (click)', pairs.map(taskReq('start'))],
    // Filled in once start has run: the pairs it started (a check before a start is a 409).
    ['check', []],
    ['REST users/self', [{ method: 'GET', path: '/api/v1/users/self', headers: bearer }]],
    // The same read acting on another account (teams): membership is read on the way in.
    [
      'REST users/self, X-Account-Id',
      [{ method: 'GET', path: '/api/v1/users/self', headers: { ...bearer, 'x-account-id': String(advertiserId) } }],
    ],
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

  const paths = all.filter(([label], i) => only.includes(keys[i]) && label !== 'check');
  // Every app and market's list once (what players coming back all day keep warm), then a short
  // warm-up of every path (JIT, pools), not counted. The warm-up's start clicks are the last
  // pairs, so the measured start run begins with pairs never started.
  const warm = performance.now();
  const queue = [...s.players];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        const res = await fetch(`${base}/api/v1/showcase/platforms/${p.appId}`, { headers: p.headers });
        if (!res.ok) throw new Error(`warming up the lists: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  console.log(`  every player's list once: ${figure((performance.now() - warm) / 1000, 1)} s`);
  if (startedPlayers.length) {
    const began = performance.now();
    const next = startedPlayers.map((p, i) => ({ p, campaignId: s.campaignIds[i % s.campaignIds.length] }));
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let x = next.shift(); x; x = next.shift()) {
          await api(base, 'POST', `/v1/showcase/platforms/${s.appId}/tasks/${x.campaignId}/start`, {
            headers: x.p.headers,
          });
        }
      }),
    );
    console.log(
      `  ${figure(startedPlayers.length)} players started a task: ${figure((performance.now() - began) / 1000, 1)} s`,
    );
  }
  const rssBefore = rss();
  for (const [, reqs] of paths) await load(base, reqs.slice(-200), 1);
  // The paths that repeat take turns; each turn reads its own part of a path's requests, so
  // players never seen stay never seen. Start (and check, of what start started) run once.
  const once = new Set(['start (click)', 'check']);
  const turns = new Map<string, Load[]>();
  let rssAfterList = Number.NaN;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, reqs] of paths.filter(([l]) => !once.has(l))) {
      const part = Math.ceil(reqs.length / ROUNDS);
      const mine = reqs.length >= ROUNDS * 200 ? reqs.slice(round * part, (round + 1) * part) : reqs;
      turns.set(label, [...(turns.get(label) ?? []), await measured(base, mine, SECONDS / ROUNDS)]);
      if (label === 'showcase list') rssAfterList = rss();
    }
  }
  const results = new Map<string, Load>([...turns].map(([label, loads]) => [label, combined(loads)]));
  for (const [label, reqs] of paths.filter(([l]) => once.has(l))) {
    results.set(label, await measured(base, reqs));
    if (only.includes('check')) {
      const started = Math.min(results.get(label)!.requests, pairs.length - 200);
      results.set('check', await measured(base, pairs.slice(0, started).map(taskReq('check'))));
    }
  }
  const health = results.get('/healthz')?.rps ?? Number.NaN;

  console.log('');
  console.log('| path | req/s | p50 ms | p99 ms | non-2xx | errors | ratio to /healthz | server CPU µs per answer |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [label, r] of results) {
    console.log(
      `| ${label} | ${figure(r.rps)} | ${figure(r.p50, 1)} | ${figure(r.p99, 1)} | ${r.non2xx} | ${r.errors} | ${(r.rps / health).toFixed(2)} | ${figure(cpuPerAnswer(r))} |`,
    );
  }
  /**
   * A ratio of two paths' throughput over the whole run, its lowest and highest turn, and the
   * inverse ratio of their server CPU per answer (what the load generator's share of the
   * cores does not move).
   */
  const ratio = (a: string, b: string) => {
    const x = turns.get(a);
    const y = turns.get(b);
    if (!x || !y) return null;
    const each = x.map((t, i) => t.rps / y[i].rps);
    const range = ROUNDS > 1 ? ` (turns ${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)})` : '';
    const cpu = cpuPerAnswer(results.get(b)!) / cpuPerAnswer(results.get(a)!);
    return `${(results.get(a)!.rps / results.get(b)!.rps).toFixed(2)}${range}; by server CPU per answer ${cpu.toFixed(2)}`;
  };
  console.log('');
  console.log(`/healthz: ${figure(health)} req/s; ${ROUNDS} turns of ${figure(SECONDS / ROUNDS, 1)} s per path`);
  console.log(
    `instance memory (RSS): ${figure(rssBefore / 2 ** 20)} MB with every list built, ${figure(rssAfterList / 2 ** 20)} MB after the list's run`,
  );
  for (const label of [...turns.keys()].filter((l) => l.startsWith('showcase list'))) {
    const r = ratio(label, '/healthz');
    if (r) console.log(`${label} / /healthz: ${r}`);
  }
  const gql = ratio('GraphQL me', 'REST users/self');
  if (gql) console.log(`GraphQL read / REST read: ${gql}`);
  const member = ratio('REST users/self, X-Account-Id', 'REST users/self');
  if (member) console.log(`the read acting on another account / the own account's: ${member}`);
  if (Number(flags.removals) > 0 && !flags.profile) await removals(s);
  const bad = [...results.values()].filter((r) => r.non2xx || r.errors);
  if (bad.length) {
    console.log('Some answers were not 2xx:', bad.map((r) => JSON.stringify(r.statusCodes)).join(' '));
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err);
  console.error(product.log.slice(-30).join('\n'));
  process.exitCode = 1;
} finally {
  await Promise.all(pair.map((server) => server.stop()));
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!flags.keep) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
}
