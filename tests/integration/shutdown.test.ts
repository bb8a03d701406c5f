import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import { expect, test } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';

test('graceful shutdown closes live sockets with 1001, then stops accepting', async () => {
  const app = await startTestApp({ demo: true });
  const login = await app.api('/v1/auth/login', { body: { email: 'moderator@demo.local', password: 'demo1234' } });
  const token = login.body.value.accessToken as string;

  let onConnected: () => void = () => {};
  let onClosed: (code: number) => void = () => {};
  const connected = new Promise<void>((r) => {
    onConnected = r;
  });
  const closed = new Promise<number>((r) => {
    onClosed = r;
  });
  const client = createClient({
    url: `${app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    on: { connected: () => onConnected(), closed: (event) => onClosed((event as { code: number }).code) },
  });
  client.subscribe(
    { query: 'subscription { registrationRequestChanged { id } }' },
    {
      next: () => {},
      error: () => {},
      complete: () => {},
    },
  );
  await connected;

  await app.close();
  expect(await closed).toBe(1001);
  await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
});

test('the server process stops within seconds of SIGTERM, not at the 15 s forced exit', async () => {
  const db = await createTestDatabase();
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shutdown-')),
      DEMO_SEED: '0',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(200);
    const t = performance.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(performance.now() - t).toBeLessThan(8000);
  } finally {
    child.kill('SIGKILL');
    await db.drop();
  }
}, 90_000);
