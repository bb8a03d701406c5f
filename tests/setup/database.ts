import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { dropDemoSnapshot, prepareTemplateDatabase } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** A database with every migration and SQL definition applied, copied for each test database. */
    templateDatabase: string;
    /** Names this run's seeded demo snapshot (tests/helpers/demo-snapshot.ts). */
    testRunId: string;
  }
}

/**
 * One PostgreSQL server for the run: the machine's when DATABASE_URL is set, else embedded
 * PostgreSQL in a temporary folder. Each test file creates its own databases on it, copied from
 * one migrated template (migrations and SQL functions are applied once per run, not per app).
 */
export default async function setup(project: TestProject) {
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  project.provide('testRunId', run);
  if (process.env.DATABASE_URL) {
    const admin = process.env.DATABASE_URL;
    project.provide('adminDatabaseUrl', admin);
    project.provide('templateDatabase', await prepareTemplateDatabase(admin));
    return () => dropDemoSnapshot(admin, run);
  }
  const dir = mkdtempSync(join(tmpdir(), 'tg-test-pg-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root

  console.log(`[tests] DATABASE_URL is not set: starting embedded PostgreSQL in ${dir}`);
  const db = await startEmbeddedPostgres(join(dir, 'pg'));
  project.provide('adminDatabaseUrl', db.url);
  project.provide('templateDatabase', await prepareTemplateDatabase(db.url));
  return async () => {
    await dropDemoSnapshot(db.url, run);
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
