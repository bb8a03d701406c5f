/**
 * Every benchmark for a few seconds at a small size, so none can rot unseen (`.ci/run` runs this):
 * each bench runs as `npm run bench:<name>` would, against a throwaway database of DATABASE_URL's
 * server, and the run fails when one exits non-zero — a crash, an error or refused answer, an
 * event not delivered, a change an instance never saw — never on a timing (the figures of a
 * smoke run mean nothing). Two run at a time (SMOKE_AT_ONCE), each on its own databases and
 * ports. A bench that outlives its time is killed with its children.
 *
 *   npm run bench:smoke [-- --only http,subscriptions]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({ options: { only: { type: 'string' } } });

/** Each bench with the flags that make it small; the minutes it may take on a slow machine. */
const BENCHES: { name: string; args: string[]; minutes: number }[] = [
  {
    name: 'http',
    args: ['--seconds', '1', '--rounds', '1', '--players', '40', '--apps', '3', '--campaigns', '3', '--removals', '1'],
    minutes: 4,
  },
  { name: 'subscriptions', args: ['--clients', '100', '--events', '2', '--timeout', '60'], minutes: 3 },
  { name: 'ledger', args: ['--clients', '2', '--seconds', '2', '--accounts', '50'], minutes: 3 },
  {
    name: 'conversions',
    args: [
      ...['--cases', 'busy', '--levels', '2', '--conversions', '200', '--warmup', '20'],
      ...['--campaigns', '4', '--advertisers', '2', '--publishers', '2'],
      ...['--pgbench-seconds', '2', '--pgbench-clients', '2'],
    ],
    minutes: 4,
  },
  {
    name: 'stats',
    args: [
      ...['--conversions', '20000', '--apps', '4', '--days', '3', '--publishers', '2'],
      ...['--advertisers', '2', '--campaigns', '4', '--requests', '20', '--no-targets'],
    ],
    minutes: 4,
  },
  { name: 'uploads', args: ['--seconds', '2', '--at-once', '2'], minutes: 3 },
  { name: 'payouts', args: ['--withdrawals', '40'], minutes: 4 },
];

function runBench(bench: (typeof BENCHES)[number]): Promise<{ code: number; out: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    // Its own process group: a bench that overruns is killed with its servers and load generators.
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${bench.name}.ts`, ...bench.args], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const keep = (d: Buffer) => {
      out = (out + d.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      out += `\nbench:smoke: ${bench.name} ran past ${bench.minutes} min: killed`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, bench.minutes * 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), out, seconds: (performance.now() - started) / 1000 });
    });
  });
}

if (!process.env.DATABASE_URL) {
  console.error('bench:smoke needs DATABASE_URL (a PostgreSQL server on this machine)');
  process.exit(2);
}
if (!existsSync('node_modules/.bin/tsx')) {
  console.error('bench:smoke needs the dependencies installed (npm ci)');
  process.exit(2);
}
const only = flags.only?.split(',');
const failed: string[] = [];
// Two at a time (each on its own databases and ports): much of a small bench is waiting — a
// server starting, a chain confirming — so the pair takes far less than the two in turn.
const queue = BENCHES.filter((b) => !only || only.includes(b.name));
const AT_ONCE = Number(process.env.SMOKE_AT_ONCE ?? 2);
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let bench = queue.shift(); bench; bench = queue.shift()) {
      const { code, out, seconds } = await runBench(bench);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} bench:${bench.name} (${seconds.toFixed(0)} s)`);
      if (code !== 0) {
        failed.push(bench.name);
        console.log(
          out
            .split('\n')
            .filter((line) => !line.startsWith('{"level"'))
            .slice(-40)
            .join('\n'),
        );
      }
    }
  }),
);
if (failed.length) {
  console.error(`bench:smoke: ${failed.length} failed (${failed.join(', ')})`);
  process.exit(1);
}
console.log('bench:smoke: every bench ran');
