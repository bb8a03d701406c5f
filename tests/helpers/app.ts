import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { documentMismatch } from './api-document.ts';
import { createTestDatabase } from './db.ts';
import { copyDemoData, demoSnapshot, seedNeutral } from './demo-snapshot.ts';
import { timed } from './timings.ts';

export interface TestApp extends App {
  dataDir: string;
  /** fetch against the app: `api('/v1/users/self', { token })` → status and parsed JSON. */
  api<T = any>(
    path: string,
    opts?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T }>;
}

/**
 * The whole app on a random port with its own database and data folder, as production
 * starts it, but without background jobs unless `jobs`. `demo` seeds the demo accounts; `env`
 * overrides any variable.
 */
export async function startTestApp(
  opts: {
    demo?: boolean;
    serveClient?: boolean;
    env?: Record<string, string>;
    databaseUrl?: string;
    /**
     * Run the background jobs (off by default): a job round at start, a retry with backoff or
     * another instance's queued round would resolve holds, deliver callbacks or expire offers
     * while a test does the same itself and counts what it did.
     */
    jobs?: boolean;
    /** The app's logger (a test that reads what is logged). */
    logger?: import('pino').Logger;
  } = {},
): Promise<TestApp & { close(): Promise<void> }> {
  // The demo as the run's seeded snapshot when nothing the seed reads differs (the app then
  // finds the demo accounts and seeds nothing); else a migrated database, seeded at start.
  const snapshot =
    opts.demo && !opts.databaseUrl && !opts.logger && seedNeutral(opts.env) ? await demoSnapshot() : null;
  const db = opts.databaseUrl ? null : await createTestDatabase({ template: snapshot?.database });
  const dataDir = mkdtempSync(join(tmpdir(), 'tg-app-'));
  if (snapshot) copyDemoData(snapshot, dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: opts.databaseUrl ?? db!.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO_SEED: opts.demo ? '1' : '0',
    SERVE_CLIENT: opts.serveClient ? '1' : '0',
    RATE_LIMIT_PER_MINUTE: '1000',
    // Tests pay new addresses at once unless they test the hold (tests/integration/payout-policy.test.ts).
    PAYOUT_NEW_ADDRESS_HOLD_HOURS: '0',
    // One finance person approves unless a test tests four eyes (payout-policy, audit): its payee's
    // withdrawals of the day add up (PAYOUT_SECOND_APPROVAL_USD counts their sum).
    PAYOUT_SECOND_APPROVAL_USD: '1000000',
    ...opts.env,
  });
  const app = await timed(opts.demo && !snapshot ? 'app+demo start' : 'app start', () =>
    buildApp(config, { jobs: opts.jobs ?? false, logger: opts.logger }),
  );
  const close = app.close;
  return Object.assign(app, {
    dataDir,
    async api(
      path: string,
      o: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
    ) {
      const res = await fetch(`${app.url}/api${path}`, {
        method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...o.headers,
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await res.text();
      const body = text ? JSON.parse(text) : null;
      // Every answer a test reads is also checked against the published API document.
      const mismatch = documentMismatch(o.method ?? (o.body === undefined ? 'GET' : 'POST'), path, res.status, body);
      if (mismatch) throw new Error(`The answer does not match /api/docs: ${mismatch}\n${text.slice(0, 500)}`);
      return { status: res.status, body };
    },
    async close() {
      await timed('app stop', async () => {
        await close();
        await db?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
    },
  });
}
