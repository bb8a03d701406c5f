import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL server for the run: the machine's when DATABASE_URL is set, else embedded
 * PostgreSQL in a temporary folder. Each test file creates its own database on it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tg-test-pg-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root

  console.log(`[tests] DATABASE_URL is not set: starting embedded PostgreSQL in ${dir}`);
  const db = await startEmbeddedPostgres(join(dir, 'pg'));
  project.provide('adminDatabaseUrl', db.url);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
