// Faults under load: the product as `npm start` runs it (server/main.ts in a child
// process) on its own PostgreSQL and Redis, which the suite stops and starts, while conversion
// events flow. Nothing committed may be lost and nothing applied twice: every acknowledged
// conversion is in the database, each click paid at most once, `ledger:check` clean. Prints its
// figures (docs/operations.md quotes them).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { freePort, ProductServer } from '../../bench/common.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { openDatabase } from '../../server/database.ts';
import { DEV_TEST_PRIVATE_KEY, playerInitData } from '../../server/lib/init-data.ts';
import { formatMoney, parseMoney } from '../../server/lib/money.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import { CRYPTO_PAY_SIGNATURE_HEADER } from '../../server/modules/payments/providers/cryptopay.ts';
import { clickCodeFromLink } from '../../server/modules/showcase/task-link.ts';
import { type CryptoPayFake, startCryptoPayFake } from '../fakes/cryptopay.ts';
import { platformBody, tasks } from '../helpers/campaigns.ts';

const redisAvailable = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Conversions sent per scenario, and their pace (slow enough that the fault lands mid-way). */
const PER_SCENARIO = 600;
const RATE_PER_SECOND = 150;
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 10_000;

let dir: string;
let pgPort: number;
let pgDb: EmbeddedDatabase | null = null;
let redisPort: number;
let redis: ChildProcess | null = null;
let fake: CryptoPayFake;
const server = new ProductServer();
let serverEnv: NodeJS.ProcessEnv;
let base: string;
let advertiser: string;
let projectId: number;
let apiKey: string;
let campaignId: number;
const clicks: string[] = [];
const figures: Record<string, Figures> = {};

async function startPostgres() {
  pgDb = await startEmbeddedPostgres(join(dir, 'pg'), () => {}, pgPort);
}
async function stopPostgres() {
  await pgDb?.stop();
  pgDb = null;
}
/**
 * redis-server on `redisPort`, answering PING. Its output is kept to say why should it exit;
 * `anyPort` (the first start) tries another free port when that one was taken meanwhile.
 */
async function startRedis(anyPort = false) {
  for (let attempt = 0; ; attempt++) {
    let output = '';
    const child = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (d) => (output = `${output}${d}`.slice(-4000)));
    child.stderr.on('data', (d) => (output = `${output}${d}`.slice(-4000)));
    redis = child;
    // Up to a minute on a machine whose cores are taken: redis-cli itself is slow to start then.
    const until = Date.now() + 60_000;
    while (child.exitCode === null && Date.now() < until) {
      try {
        execFileSync('redis-cli', ['-p', String(redisPort), 'ping'], { stdio: 'ignore', timeout: 10_000 });
        return;
      } catch {
        await sleep(100);
      }
    }
    if (child.exitCode === null) child.kill('SIGKILL');
    if (!anyPort || attempt >= 2) throw new Error(`redis-server did not start on port ${redisPort}: ${output}`);
    redisPort = await freePort();
  }
}
async function stopRedis() {
  const r = redis;
  redis = null;
  if (!r || r.exitCode !== null) return;
  const exited = new Promise((resolve) => r.once('exit', resolve));
  r.kill('SIGKILL');
  await exited;
}

async function call(
  method: string,
  path: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
async function ok(method: string, path: string, o: Parameters<typeof call>[2] = {}) {
  const res = await call(method, path, o);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value;
}
/** The advertiser's balance in micro-USD, exact (GraphQL's Money is a decimal string). */
async function advertiserBalance(): Promise<bigint> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${advertiser}` },
    body: JSON.stringify({ query: '{ me { advertiserBalance } }' }),
  });
  const body = (await res.json()) as { data: { me: { advertiserBalance: string } } };
  return parseMoney(body.data.me.advertiserBalance);
}
const signIn = async (email: string) =>
  (await ok('POST', '/v1/auth/login', { body: { email, password: 'demo1234' } })).accessToken as string;

/** Figures of one run of conversion events through a fault. */
interface Run {
  tried: number;
  acknowledged: Set<string>;
  network: number;
  unavailable: number;
  retryAfterMissing: number;
  otherErrors: string[];
  timeouts: number;
  /** Clicks whose first try failed and a later one was acknowledged. */
  recovered: number;
  /** Retries answered DUPLICATE: the first try had committed, its answer was cut. */
  cutAnswers: number;
  firstFailureAt: number | null;
  lastFailureAt: number | null;
}

/**
 * Sends one conversion event per click at RATE_PER_SECOND, retrying what got no answer or a 503
 * (after its Retry-After) until every click is acknowledged or `deadlineMs` passes. `flowing`
 * resolves once a quarter of them are acknowledged: a fault injected then lands mid-traffic
 * however fast or slow the machine is.
 */
function convert(codes: string[], deadlineMs = 90_000): Promise<Run> & { flowing: Promise<void> } {
  let live: Run | undefined;
  const done = convertAll(codes, deadlineMs, (run) => {
    live = run;
  });
  const flowing = (async () => {
    const quarter = Math.ceil(codes.length / 4);
    const until = performance.now() + deadlineMs;
    let ended = false;
    while (!ended && performance.now() < until) {
      if (live && live.acknowledged.size >= quarter) return;
      ended = await Promise.race([done.then(() => true), sleep(20).then(() => false)]);
    }
    if (live && live.acknowledged.size >= quarter) return;
    throw new Error(`traffic did not flow: ${live?.acknowledged.size ?? 0} of ${codes.length} acknowledged`);
  })();
  return Object.assign(done, { flowing });
}

async function convertAll(codes: string[], deadlineMs: number, started: (run: Run) => void): Promise<Run> {
  const run: Run = {
    tried: 0,
    acknowledged: new Set(),
    network: 0,
    unavailable: 0,
    retryAfterMissing: 0,
    otherErrors: [],
    timeouts: 0,
    recovered: 0,
    cutAnswers: 0,
    firstFailureAt: null,
    lastFailureAt: null,
  };
  started(run);
  const failedOnce = new Set<string>();
  const queue = [...codes];
  const start = performance.now();
  const gap = (CONCURRENCY * 1000) / RATE_PER_SECOND;
  const failed = (code: string) => {
    failedOnce.add(code);
    const t = performance.now() - start;
    run.firstFailureAt ??= t;
    run.lastFailureAt = t;
    queue.push(code);
  };
  let inFlight = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() - start < deadlineMs) {
        const code = queue.shift();
        if (!code) {
          // Others may still fail and put their click back.
          if (inFlight === 0) return;
          await sleep(20);
          continue;
        }
        inFlight += 1;
        const began = performance.now();
        run.tried += 1;
        try {
          const res = await call('POST', '/v1/sdk/events', {
            body: { type: 'conversion', click: code },
            headers: { 'x-api-key': apiKey },
          });
          if (res.status === 200) {
            run.acknowledged.add(code);
            if (failedOnce.has(code)) {
              run.recovered += 1;
              if (res.body.value.status === 'DUPLICATE') run.cutAnswers += 1;
            }
          } else if (res.status === 503) {
            run.unavailable += 1;
            if (!res.headers.get('retry-after')) run.retryAfterMissing += 1;
            failed(code);
          } else {
            run.otherErrors.push(`${res.status} ${JSON.stringify(res.body)}`);
            failed(code);
          }
        } catch (err) {
          if ((err as Error).name === 'TimeoutError') run.timeouts += 1;
          else run.network += 1;
          failed(code);
        } finally {
          inFlight -= 1;
        }
        await sleep(Math.max(0, gap - (performance.now() - began)));
      }
    }),
  );
  return run;
}

/** One row of the printed table: the same columns for every scenario, the rest in `notes`. */
interface Figures {
  requests: number;
  failed: number;
  recovered: number;
  acknowledged: number;
  'in database': number | string;
  notes: string;
}
function record(name: string, run: Run, inDb: number, notes: string[] = []) {
  const span = run.firstFailureAt === null ? 0 : (run.lastFailureAt! - run.firstFailureAt) / 1000;
  figures[name] = {
    requests: run.tried,
    failed: run.network + run.unavailable + run.timeouts + run.otherErrors.length,
    recovered: run.recovered,
    acknowledged: run.acknowledged.size,
    'in database': inDb,
    notes: [
      `no answer ${run.network}, 503 ${run.unavailable}, timeouts ${run.timeouts}, other ${run.otherErrors.length}`,
      `failing for ${span.toFixed(1)} s`,
      `cut answers ${run.cutAnswers}`,
      ...notes,
    ].join('; '),
  };
}

/** Conversions in the database for these click codes, and clicks paid more than once. */
async function inDatabase(codes: string[]) {
  const orm = await openDatabase(pgDb!.url);
  try {
    const em = orm.em.fork();
    const [row] = await em.execute<{ n: string; twice: string }[]>(
      `select count(*) as n, count(*) - count(distinct cv.click_id) as twice
         from conversions cv join clicks c on c.id = cv.click_id where c.code = any(?::text[])`,
      [`{${codes.join(',')}}`],
    );
    return { conversions: Number(row.n), twice: Number(row.twice) };
  } finally {
    await orm.close();
  }
}

describe('faults under load', () => {
  beforeAll(async () => {
    if (!redisAvailable) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
    dir = mkdtempSync(join(tmpdir(), 'taskgram-faults-'));
    // As root, embedded PostgreSQL runs as the postgres user, which must be able to enter it.
    chmodSync(dir, 0o755);
    [pgPort, redisPort] = [await freePort(), await freePort()];
    await startPostgres();
    await startRedis(true);
    fake = await startCryptoPayFake();
    serverEnv = {
      DATABASE_URL: pgDb!.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      PORT: String(await freePort()),
      DATA_DIR: join(dir, 'data'),
      DEMO_SEED: '1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      CRYPTO_PAY_TOKEN: fake.token,
      CRYPTO_PAY_API_URL: fake.url,
      // Everyone here comes from 127.0.0.1: the per-address limits are not what is tested.
      RATE_LIMIT_PER_MINUTE: '100000',
      SHOWCASE_RATE_LIMIT_PER_MINUTE: '1000000',
    };
    base = await server.start(serverEnv);

    advertiser = await signIn('advertiser@demo.local');
    const publisher = await signIn('publisher@demo.local');
    const category = (await ok('GET', '/v1/categories', { token: advertiser })).data[0].id as number;
    const project = await ok('POST', '/v1/projects', {
      token: advertiser,
      body: { title: 'Faults', categoryId: category, tasks: [tasks.bot()] },
    });
    projectId = project.id;
    apiKey = project.secretKey;
    // A bot app of the publisher's own, so every click below is on a known bot id.
    const botId = randomInt(1_000_000, 2_000_000_000);
    const platform = await ok('POST', '/v1/platforms', {
      token: publisher,
      body: platformBody(category, { tgBotId: botId }),
    });

    // The advertiser pays through the payment provider (the fake Crypto Pay API); the webhook
    // burst below credits it.
    const topUp = await ok('POST', '/v1/users/payments/advertiser', { token: advertiser, body: { amount: 3000 } });
    const invoice = [...fake.invoices.values()].find((i) => i.payload === String(topUp.transaction.id))!;
    const before = await advertiserBalance();
    const { body, signature } = fake.pay(invoice.invoice_id);
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 500 }, () =>
        fetch(`${base}/api/v1/payments/webhooks/cryptopay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CRYPTO_PAY_SIGNATURE_HEADER]: signature },
          body,
        }).then(async (r) => ({
          status: r.status,
          applied: ((await r.json()) as { value?: { applied: boolean } }).value?.applied,
        })),
      ),
    );
    const after = await advertiserBalance();
    figures['payment webhook ×500'] = {
      requests: 500,
      failed: answers.filter((a) => a.status !== 200).length,
      recovered: 0,
      acknowledged: answers.filter((a) => a.status === 200).length,
      'in database': `${answers.filter((a) => a.applied).length} credit`,
      notes: `credited ${formatMoney(after - before)} of 3000 USD once; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    };
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.applied)).toHaveLength(1);
    expect(after - before).toBe(parseMoney('3000'));

    const campaign = await ok('POST', `/v1/projects/${projectId}/tasks/${project.tasks[0].id}/campaigns`, {
      token: advertiser,
      body: { name: 'Faults campaign', budget: '2500' },
    });
    campaignId = campaign.id;
    expect(campaign.status).toBe('ACTIVE');

    // One synthetic player per click, through the public start endpoint.
    const playerBase = 8_000_000_000 + randomInt(1_000_000) * 10_000;
    const wanted = 3 * PER_SCENARIO + 1;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < wanted) {
          const i = next++;
          const initData = playerInitData(
            { id: playerBase + i, first_name: 'Fault', language_code: 'en' },
            { botId, privateKeyHex: DEV_TEST_PRIVATE_KEY },
          );
          const started = await ok('POST', `/v1/showcase/platforms/${platform.id}/tasks/${campaignId}/start`, {
            headers: { authorization: `tma ${initData}` },
          });
          clicks.push(clickCodeFromLink(started.link)!);
        }
      }),
    );
    expect(clicks.every(Boolean)).toBe(true);
  }, 180_000);

  afterAll(async () => {
    const rows = Object.entries(figures);
    if (rows.length) {
      // A Markdown table, as docs/operations.md quotes it.
      const head = ['scenario', 'requests', 'failed', 'recovered', 'acknowledged', 'in database', 'notes'];
      const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
      for (const [name, f] of rows) {
        lines.push(
          `| ${[name, f.requests, f.failed, f.recovered, f.acknowledged, f['in database'], f.notes].join(' | ')} |`,
        );
      }
      console.log(`\nFault injection figures (one run):\n${lines.join('\n')}`);
    }
    await server.stop();
    await stopRedis();
    await stopPostgres();
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  test('500 replays of one conversion event: one conversion, 499 DUPLICATE', async () => {
    const code = clicks[0];
    const answers = await Promise.all(
      Array.from({ length: 500 }, () =>
        call('POST', '/v1/sdk/events', { body: { type: 'conversion', click: code }, headers: { 'x-api-key': apiKey } }),
      ),
    );
    const statuses = answers.map((a) => (a.status === 200 ? a.body.value.status : String(a.status)));
    const stored = await inDatabase([code]);
    figures['conversion event ×500'] = {
      requests: 500,
      failed: statuses.filter((s) => s !== 'COMPLETED' && s !== 'DUPLICATE').length,
      recovered: 0,
      acknowledged: statuses.filter((s) => s === 'COMPLETED' || s === 'DUPLICATE').length,
      'in database': stored.conversions,
      notes: `COMPLETED ${statuses.filter((s) => s === 'COMPLETED').length}, DUPLICATE ${statuses.filter((s) => s === 'DUPLICATE').length}`,
    };
    expect(statuses.filter((s) => s === 'COMPLETED')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'DUPLICATE')).toHaveLength(499);
    expect(stored).toEqual({ conversions: 1, twice: 0 });
  });

  test('kill -9 of the server during traffic (the simulator too), restart, continue', async () => {
    const codes = clicks.slice(1, 1 + PER_SCENARIO);
    const simulator = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/simulate.ts', '--url', base, '--rate', '40', '--seconds', '10'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let simulated = '';
    // The simulator is playing once it has listed its apps (startup takes a few seconds here).
    let playing: () => void = () => {};
    const simulatorPlaying = new Promise<void>((resolve) => {
      playing = resolve;
    });
    simulator.stdout!.on('data', (d: Buffer) => {
      simulated += d.toString();
      if (simulated.includes('\napps: ')) playing();
    });
    // What the simulator said on stderr, for the message when it did not finish.
    let simulatorErrors = '';
    simulator.stderr!.on('data', (d: Buffer) => {
      simulatorErrors += d.toString();
    });
    const simulatorDone = new Promise((resolve) => simulator.once('exit', resolve));
    // Killed while it plays, not while it starts: a simulator that cannot sign in never plays.
    await Promise.race([simulatorPlaying, simulatorDone]);
    const running = convert(codes);
    await running.flowing;
    const killedAt = performance.now();
    server.child!.kill('SIGKILL');
    await new Promise((resolve) => server.child!.once('exit', resolve));
    await server.start(serverEnv);
    const downFor = (performance.now() - killedAt) / 1000;
    const run = await running;
    await simulatorDone;
    const stored = await inDatabase(codes);
    // The simulator's total row: sent | accepted | duplicate | invalid | pending | errors.
    const total = simulated
      .split('\n')
      .find((l) => l.startsWith('total (without lists)'))
      ?.split('|')
      .map((c) => c.trim());
    record('kill -9 + restart', run, stored.conversions, [
      `restarted and serving in ${downFor.toFixed(1)} s`,
      total
        ? `simulator alongside: sent ${total[1]}, accepted ${total[2]}, duplicates ${total[3]}, refused ${total[4]}`
        : 'no simulator summary',
    ]);

    expect(total, `${simulated}\n${simulatorErrors}`).toBeDefined();
    expect(simulated).not.toContain('UNEXPECTED');

    expect(run.otherErrors).toEqual([]);
    expect(run.network).toBeGreaterThan(0); // the kill did land mid-traffic
    expect(run.acknowledged.size).toBe(codes.length);
    expect(stored).toEqual({ conversions: codes.length, twice: 0 });
  }, 120_000);

  test('PostgreSQL restarted under load: 503 with Retry-After during the gap, then it reconnects by itself', async () => {
    const codes = clicks.slice(1 + PER_SCENARIO, 1 + 2 * PER_SCENARIO);
    const running = convert(codes);
    await running.flowing;
    await stopPostgres();
    await sleep(2000);
    await startPostgres();
    const run = await running;
    const stored = await inDatabase(codes);
    record('PostgreSQL restart', run, stored.conversions, ['stopped 2 s']);

    expect(server.child!.exitCode).toBeNull(); // no crash
    expect(run.unavailable).toBeGreaterThan(0); // the gap was hit
    expect(run.retryAfterMissing).toBe(0);
    expect(run.otherErrors).toEqual([]); // no 500s
    expect(run.timeouts).toBe(0); // no hangs
    expect(run.acknowledged.size).toBe(codes.length);
    expect(stored).toEqual({ conversions: codes.length, twice: 0 });
  }, 120_000);

  test('Redis stopped and started: requests keep working, live clients reconnect and events resume', async () => {
    const codes = clicks.slice(1 + 2 * PER_SCENARIO, 1 + 3 * PER_SCENARIO);
    const closes: number[] = [];
    let connects = 0;
    const events: number[] = [];
    const client = createClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${advertiser}` },
      retryAttempts: Number.POSITIVE_INFINITY,
      retryWait: () => sleep(200),
      shouldRetry: () => true,
      on: {
        connected: () => {
          connects += 1;
        },
        closed: (e) => {
          closes.push((e as { code: number }).code);
        },
      },
    });
    const stop = client.subscribe(
      {
        query: `subscription($p: ID) { campaignStatsChanged(projectId: $p) { id conversions } }`,
        variables: { p: projectId },
      },
      { next: () => events.push(performance.now()), error: () => {}, complete: () => {} },
    );
    try {
      const until = performance.now() + 10_000;
      while (connects === 0 && performance.now() < until) await sleep(50);
      await sleep(300);

      const running = convert(codes.slice(0, PER_SCENARIO - 50));
      await running.flowing;
      await stopRedis();
      const signInDuringOutage = await call('POST', '/v1/auth/login', {
        body: { email: 'publisher@demo.local', password: 'demo1234' },
      });
      await sleep(2000);
      await startRedis();
      const backAt = performance.now();
      const run = await running;
      // After Redis is back: the socket was closed with 1012, the client reconnected, and
      // conversions made now arrive live again.
      const reconnectUntil = performance.now() + 15_000;
      while (connects < 2 && performance.now() < reconnectUntil) await sleep(50);
      const tail = await convert(codes.slice(PER_SCENARIO - 50));
      const liveUntil = performance.now() + 10_000;
      while (!events.some((t) => t > backAt) && performance.now() < liveUntil) await sleep(50);
      const firstLive = events.find((t) => t > backAt);
      const stored = await inDatabase(codes);
      // The table counts the last 50 (sent once Redis was back) too.
      run.tried += tail.tried;
      for (const code of tail.acknowledged) run.acknowledged.add(code);
      record('Redis stop/start', run, stored.conversions, [
        'stopped 2 s',
        `sign-in during the outage ${signInDuringOutage.status}`,
        `sockets closed ${closes.join(',')} and reconnected`,
        `live events again ${firstLive ? `${((firstLive - backAt) / 1000).toFixed(1)} s` : 'never'} after Redis was back`,
      ]);

      expect(signInDuringOutage.status).toBe(200);
      expect(run.otherErrors).toEqual([]);
      expect(run.network + run.unavailable + run.timeouts).toBe(0); // nothing failed at all
      expect(tail.acknowledged.size).toBe(50);
      expect(closes).toContain(1012);
      expect(connects).toBeGreaterThanOrEqual(2);
      expect(firstLive).toBeDefined();
      expect(stored).toEqual({ conversions: codes.length, twice: 0 });
    } finally {
      stop();
      await client.dispose();
    }
  }, 120_000);

  test('afterwards: ledger:check is clean and the campaign spent exactly what its conversions cost', async () => {
    const orm = await openDatabase(pgDb!.url);
    try {
      const em = orm.em.fork();
      const checks = await checkLedger(em as never);
      for (const c of checks) expect(c, c.detail).toMatchObject({ ok: true });
      const [row] = await em.execute<{ spent: string; priced: string }[]>(
        `select (a.debits_posted + a.debits_pending)::text as spent,
                (select coalesce(sum(price), 0) from conversions where campaign_id = ? and status <> 'VOIDED')::text as priced
           from ledger_accounts a where a.kind = 'CAMPAIGN_BUDGET' and a.campaign_id = ?`,
        [campaignId, campaignId],
      );
      figures['ledger:check afterwards'] = {
        requests: 0,
        failed: checks.filter((c) => !c.ok).length,
        recovered: 0,
        acknowledged: 0,
        'in database': '',
        notes: `${checks.length} checks, ${checks.filter((c) => !c.ok).length} failing; campaign spend drift ${BigInt(row.spent) - BigInt(row.priced)} micro-USD`,
      };
      expect(BigInt(row.spent)).toBe(BigInt(row.priced));
    } finally {
      await orm.close();
    }
  });
});
