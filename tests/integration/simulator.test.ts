import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceRunning } from '../../server/lib/running.ts';
import { startTestApp } from '../helpers/app.ts';
import { em } from '../helpers/campaigns.ts';
import { login } from '../helpers/graphql.ts';

/** `npm run simulate` finds the server the way `npm start` is configured: PUBLIC_URL, else PORT. */

let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
});

afterAll(async () => {
  await app?.close();
});

function simulate(env: Record<string, string>, args: string[] = []) {
  const { PUBLIC_URL: _p, PORT: _q, ...base } = process.env;
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/simulate.ts', '--rate', '5', '--seconds', '2', '--think', '0.5', ...args],
      { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('the simulator', () => {
  it('follows PORT like the server, with no --url', async () => {
    const port = new URL(app.url).port;
    const run = await simulate({ PORT: port });
    expect(run.out).toContain('\napps: ');
    expect(run.out).toMatch(/total \(without lists\)/);
    expect(run.code).toBe(0);
  }, 60_000);

  it('prefers PUBLIC_URL, and --url over both', async () => {
    const help = await simulate({ PUBLIC_URL: 'https://ads.example.com', PORT: '4555' }, ['--help']);
    expect(help.out).toContain('--url https://ads.example.com');
    const viaFlag = await simulate({ PUBLIC_URL: 'http://127.0.0.1:9' }, ['--url', app.url]);
    expect(viaFlag.out).toContain('\napps: ');
  }, 60_000);

  it('--poor: the app’s players complete within a second; the fast-completion rule files one report for the app and its score falls', async () => {
    const studio = await login(app, 'studio@demo.local');
    const apps = (await app.api('/v1/platforms', { token: studio })).body.value.data as { id: number; title: string }[];
    const tapRush = apps.find((a) => a.title === 'Tap Rush')!;
    const quality = async () => (await app.api(`/v1/platforms/${tapRush.id}/quality`, { token: studio })).body.value;
    expect(await quality()).toMatchObject({ score: 100, fastShare: 0 });
    const run = await simulate({}, [
      '--url',
      app.url,
      '--rate',
      '10',
      '--seconds',
      '3',
      '--publisher',
      'studio@demo.local:demo1234',
      '--poor',
      'Tap Rush',
    ]);
    expect(run.out).toContain(`${tapRush.id} "Tap Rush" (bot id 7000000003, low quality: completes within a second)`);
    expect(run.code).toBe(0);
    await app.services.fraud.flush();
    const after = await quality();
    expect(after.fastShare).toBeGreaterThan(0);
    expect(after.score).toBeLessThan(100);
    // One report per rule for the app, however many players it flagged.
    const reports = await em(app).execute<{ n: number; hits: number }[]>(
      `select count(*)::int as n, max((evidence ->> 'hits')::int) as hits from player_reports
        where platform_id = ? and rule = 'FAST_COMPLETION'`,
      [tapRush.id],
    );
    expect(reports[0].n).toBe(1);
    expect(reports[0].hits).toBeGreaterThan(0);
  }, 60_000);

  it('--telegram: a local Bot API whose players join, and in a --poor app leave: the hold end voids them', async () => {
    // A free port for the simulator's Bot API; a server of its own whose system bot it is.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const withBot = await startTestApp({
      demo: true,
      jobs: true,
      env: {
        HOLD_DAYS: '0',
        JOBS_INTERVAL_SECONDS: '1',
        TELEGRAM_BOT_TOKEN: '7000000999:simulated-system-bot',
        TELEGRAM_API_URL: `http://127.0.0.1:${port}`,
      },
    });
    try {
      const studio = await login(withBot, 'studio@demo.local');
      const apps = (await withBot.api('/v1/platforms', { token: studio })).body.value.data as {
        id: number;
        title: string;
      }[];
      const coinStorm = apps.find((a) => a.title === 'Coin Storm')!;
      const resolved = async () => {
        const [row] = await em(withBot).execute<{ voided: number; posted: number }[]>(
          `select count(*) filter (where status = 'VOIDED')::int as voided, count(*) filter (where status = 'POSTED')::int as posted
             from conversions where platform_id = ? and task_type in ('CHANNEL', 'CHAT')`,
          [coinStorm.id],
        );
        return row;
      };
      const before = await resolved();
      const run = await simulate({}, [
        '--url',
        withBot.url,
        '--rate',
        '10',
        '--seconds',
        '5',
        '--publisher',
        'studio@demo.local:demo1234',
        '--poor',
        'Coin Storm',
        '--telegram',
        String(port),
      ]);
      expect(run.out).toContain(`local Bot API at http://127.0.0.1:${port}`);
      expect(run.code).toBe(0);
      // Channel and chat players of the poor app joined, were paid, left; the hold-end job voided them.
      // (The job runs every second: the last conversions' holds may end a round after the run.)
      await expect.poll(async () => (await resolved()).voided, { timeout: 15_000 }).toBeGreaterThan(before.voided);
    } finally {
      await withBot.close();
    }
  }, 90_000);

  it('--telegram on a taken port: a free one instead, said so; the restart command keeps the running server’s PORT and DATA_DIR', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    // The running server as `npm start` announces it (server/main.ts), in a temporary folder of the simulator's own.
    const tmp = mkdtempSync(join(tmpdir(), 'simulate-running-'));
    const appPort = Number(new URL(app.url).port);
    const forget = announceRunning(
      { port: appPort, dataDir: '/srv/taskgram data', url: app.url, databaseUrl: false },
      join(tmp, 'taskgram-ads-servers'),
    );
    try {
      const run = await simulate({ TMPDIR: tmp }, ['--url', app.url, '--seconds', '1', '--telegram', String(port)]);
      const used = /port (\d+) is taken \(another program listens there\): the local Bot API uses (\d+) instead/.exec(
        run.out,
      );
      expect(used?.[1]).toBe(String(port));
      expect(used?.[2]).not.toBe(String(port));
      expect(run.out).toContain(`local Bot API at http://127.0.0.1:${used?.[2]}`);
      expect(run.out).toContain(
        `PORT=${appPort} DATA_DIR='/srv/taskgram data' HOLD_DAYS=0 JOBS_INTERVAL_SECONDS=5 TELEGRAM_BOT_TOKEN=7000000999:simulated-system-bot TELEGRAM_API_URL=http://127.0.0.1:${used?.[2]} npm start\n`,
      );
      expect(run.code).toBe(0);
    } finally {
      forget();
      taken.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});
