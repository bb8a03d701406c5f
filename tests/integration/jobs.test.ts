import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startJobs } from '../../server/jobs.ts';
import { registry } from '../../server/lib/metrics.ts';
import { createTestDatabase } from '../helpers/db.ts';

const log = pino({ level: 'silent' });
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

const metric = async (name: string, job: string) =>
  (await registry.getSingleMetric(name)?.get())?.values.find((v) => v.labels.job === job)?.value ?? 0;

test('two instances asking every 100 ms: one run of a job at a time across both', async () => {
  let active = 0;
  let maxActive = 0;
  let runs = 0;
  const job = {
    name: 'test-exclusive',
    run: async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs++;
      await new Promise((r) => setTimeout(r, 300));
      active--;
    },
  };
  const a = await startJobs({ databaseUrl: db.url, intervalMs: 100, log, jobs: [job] });
  const b = await startJobs({ databaseUrl: db.url, intervalMs: 100, log, jobs: [job] });
  try {
    await expect.poll(() => runs, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    expect(maxActive).toBe(1);
    expect(await metric('taskgram_job_runs_total', 'test-exclusive')).toBeGreaterThanOrEqual(3);
  } finally {
    await a.stop();
    await b.stop();
  }
});

test('a run that throws is retried (with backoff) and counted as a failure', async () => {
  let attempts = 0;
  const done: number[] = [];
  const jobs = await startJobs({
    databaseUrl: db.url,
    intervalMs: 60_000,
    log,
    retryDelaySeconds: 1,
    jobs: [
      {
        name: 'test-flaky',
        run: async () => {
          attempts++;
          if (attempts === 1) throw new Error('first attempt fails');
          done.push(attempts);
        },
      },
    ],
  });
  try {
    // One round was asked for at start: its first attempt fails, the retry succeeds.
    await expect.poll(() => done, { timeout: 20_000, interval: 100 }).toEqual([2]);
    expect(await metric('taskgram_job_failures_total', 'test-flaky')).toBe(1);
    expect(await metric('taskgram_job_runs_total', 'test-flaky')).toBe(2);
  } finally {
    await jobs.stop();
  }
});
