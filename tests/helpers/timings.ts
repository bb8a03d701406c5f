import { appendFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

/** Where the helpers write what their setup took; tests/setup/timing-reporter.ts reads it. */
export const TIMINGS_DIR = resolve(import.meta.dirname, '../../node_modules/.cache/test-timings');

export interface SetupTiming {
  file: string;
  kind: string;
  ms: number;
}

/**
 * Runs a setup step (a database, an app, a browser) and records its time under `kind` for the
 * test file that asked, so `npm test` can tell setup from the tests themselves.
 */
export async function timed<T>(kind: string, step: () => Promise<T>): Promise<T> {
  const began = performance.now();
  try {
    return await step();
  } finally {
    record(kind, performance.now() - began);
  }
}

export function record(kind: string, ms: number): void {
  const file = expect.getState().testPath;
  if (!file) return;
  try {
    mkdirSync(TIMINGS_DIR, { recursive: true });
    appendFileSync(join(TIMINGS_DIR, `${process.pid}.jsonl`), `${JSON.stringify({ file, kind, ms })}\n`);
  } catch {
    // A timing that cannot be written is not a test failure.
  }
}
