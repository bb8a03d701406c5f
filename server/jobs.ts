import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { jobFailuresTotal, jobInterval, jobLastSuccess, jobRunsTotal } from './lib/metrics.ts';
import { isDatabaseUnreachable } from './errors.ts';

/** A background job: what it does, run at most once at a time across every instance. */
export interface JobDef {
  name: string;
  run: () => Promise<void>;
  /**
   * Set: the job runs in every instance on its own timer of this length, not through the queue
   * (a round at most once at a time per instance). For work that must keep going right after a
   * crash (the queue holds a killed instance's run until it expires) and is safe to run in
   * several instances at once (payouts are: row locks and the chain's own replay protection).
   */
  intervalMs?: number;
  /** With `intervalMs`: the first run one interval after the start, not at once (an hourly check). */
  notAtStart?: boolean;
}

/**
 * Background jobs on pg-boss (a PostgreSQL-backed queue, schema `pgboss`): every instance asks
 * for each job every `intervalMs`; the queue's `stately` policy keeps at most one waiting and
 * one running per job across all instances, so a job runs once per round whatever the number
 * of instances, and a run that throws is retried with exponential backoff (then counted as a
 * failure). Runs and failures are on /metrics.
 */
export async function startJobs(opts: {
  /** False: nothing is started (an instance that runs no background work). */
  enabled?: boolean;
  databaseUrl: string;
  intervalMs: number;
  log: Logger;
  jobs: JobDef[];
  /** The first retry's delay; each next one doubles (pg-boss's backoff). */
  retryDelaySeconds?: number;
}): Promise<{ stop(): Promise<void> }> {
  if (opts.enabled === false) return { stop: async () => {} };
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    schema: 'pgboss',
    max: 2,
    // Cron schedules are not used: the instances ask for rounds themselves (sub-minute in tests).
    schedule: false,
  });
  boss.on('error', (err) => {
    const e = err as Error & { code?: string };
    // The database away (shut down, e.g. the embedded server stopping with the terminal's
    // Ctrl-C, or restarting): pg-boss reconnects by itself, nothing was lost.
    if (isDatabaseUnreachable(err)) {
      opts.log.warn({ code: e.code }, 'job queue: the database closed its connection (shutdown or restart)');
      return;
    }
    // Not the whole error: pg's errors carry their client (pool, socket state, type tables).
    opts.log.error({ err: { type: e.name, message: e.message, code: e.code, stack: e.stack } }, 'job queue error');
  });
  await boss.start();
  const succeeded = jobClocks(opts.jobs, opts.intervalMs);
  const pollingIntervalSeconds = Math.min(2, Math.max(0.5, opts.intervalMs / 2000));
  const queued = opts.jobs.filter((j) => !j.intervalMs);
  for (const job of queued) {
    await boss.createQueue(job.name, {
      name: job.name,
      policy: 'stately',
      retryLimit: 3,
      retryDelay: opts.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    });
    await boss.work(job.name, { pollingIntervalSeconds, batchSize: 1 }, async () => {
      jobRunsTotal.inc({ job: job.name });
      try {
        await job.run();
        succeeded(job);
      } catch (err) {
        jobFailuresTotal.inc({ job: job.name });
        opts.log.error({ err, job: job.name }, 'background job failed; the queue retries it');
        throw err;
      }
    });
  }
  const ask = (job: JobDef) =>
    boss.send(job.name, {}).catch((err) => opts.log.error({ err, job: job.name }, 'could not queue a job'));
  const round = () => {
    for (const job of queued) ask(job);
  };
  round();
  const timers = [setInterval(round, opts.intervalMs)];
  const running = new Set<Promise<void>>();
  for (const job of opts.jobs) {
    if (!job.intervalMs) continue;
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      jobRunsTotal.inc({ job: job.name });
      const run = job
        .run()
        .then(() => succeeded(job))
        .catch((err) => {
          jobFailuresTotal.inc({ job: job.name });
          opts.log.error({ err, job: job.name }, 'background job failed; its next round tries again');
        })
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    if (!job.notAtStart) tick();
    timers.push(setInterval(tick, job.intervalMs));
  }
  for (const t of timers) t.unref();
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * Each job's clock on /metrics (the JobNotRunning alert: no run for three intervals): its
 * interval, and its last run without failure, from the instance's start until its first run.
 * Answers the function that marks a run done.
 */
function jobClocks(jobs: JobDef[], intervalMs: number) {
  const started = Date.now() / 1000;
  for (const job of jobs) {
    jobInterval.set({ job_name: job.name }, (job.intervalMs ?? intervalMs) / 1000);
    jobLastSuccess.set({ job_name: job.name }, started);
  }
  return (job: JobDef) => jobLastSuccess.set({ job_name: job.name }, Date.now() / 1000);
}
