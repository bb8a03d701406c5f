import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app.ts';

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
      ['--import', 'tsx', 'scripts/simulate.ts', '--rate', '5', '--seconds', '2', ...args],
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
});
