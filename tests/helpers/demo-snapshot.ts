import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEMO_SNAPSHOTS, withAdmin } from '../setup/template-database.ts';
import { timed } from './timings.ts';

/**
 * Variables that do not change what the demo seed writes: an app started with only these (and
 * no logger of its own) gets a copy of the run's seeded snapshot instead of seeding again. Any
 * other variable (Telegram, payouts, storage, secrets…) seeds as before.
 */
const SEED_NEUTRAL = new Set([
  'RATE_LIMIT_PER_MINUTE',
  'SHOWCASE_RATE_LIMIT_PER_MINUTE',
  'TRUST_PROXY',
  'JWT_SECRET',
  'JWT_EXPIRES_IN',
  'FRAUD_MIN_SECONDS',
  'PAYOUT_BATCH_SIZE',
  // The seed sends nothing through Telegram: its apps name their bot ids, its users are unlinked.
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_API_URL',
  'TELEGRAM_WEBHOOK_SECRET',
  'TELEGRAM_UPDATES',
]);

export const seedNeutral = (env: Record<string, string> = {}) => Object.keys(env).every((k) => SEED_NEUTRAL.has(k));

export interface DemoSnapshot {
  /** A template database holding the seeded demo. */
  database: string;
  /** The seeded app's data folder (its secrets key, which sealed the demo's keys; the logos). */
  dataDir: string;
}

let mine: Promise<DemoSnapshot> | null = null;

/**
 * The demo seed (server/demo/seed.ts) run once for the test run, as a template database and a
 * data folder that apps copy: seeding takes seconds (logos, projects, apps, the exchange, the
 * quality history through the real services), a copy a fraction of one. Made by the first file
 * that asks, under an advisory lock, so parallel workers seed it once.
 */
export function demoSnapshot(): Promise<DemoSnapshot> {
  mine ??= timed('demo snapshot', makeSnapshot).catch((err) => {
    mine = null;
    throw err;
  });
  return mine;
}

async function makeSnapshot(): Promise<DemoSnapshot> {
  const adminUrl = inject('adminDatabaseUrl');
  const run = inject('testRunId');
  const database = `tg_demo_${run}`;
  const dataDir = join(DEMO_SNAPSHOTS, run);
  return withAdmin(adminUrl, async (admin) => {
    await admin.query(`select pg_advisory_lock(hashtext($1))`, [database]);
    try {
      const found = await admin.query<{ ready: boolean }>(
        `select datistemplate as ready from pg_database where datname = $1`,
        [database],
      );
      if (found.rows[0]?.ready && existsSync(dataDir)) return { database, dataDir };
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.query(`create database "${database}" template "${inject('templateDatabase')}"`);
      const building = `${dataDir}.${randomBytes(4).toString('hex')}`;
      mkdirSync(building, { recursive: true });
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      const config = loadConfig({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: building,
        LOG_LEVEL: 'silent',
        DATABASE_URL: url.toString(),
        JWT_SECRET: randomBytes(32).toString('hex'),
        DEMO_SEED: '1',
        SERVE_CLIENT: '0',
      });
      const app = await buildApp(config, { jobs: false });
      await app.close();
      await admin.query(`alter database "${database}" is_template true`);
      rmSync(dataDir, { recursive: true, force: true });
      renameSync(building, dataDir);
      return { database, dataDir };
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext($1))`, [database]).catch(() => {});
    }
  });
}

/** Copies the snapshot's data folder into an app's own. */
export function copyDemoData(snapshot: DemoSnapshot, dataDir: string): void {
  cpSync(snapshot.dataDir, dataDir, { recursive: true });
}
