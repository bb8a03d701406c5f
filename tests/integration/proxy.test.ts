import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../helpers/app.ts';
import { fileRegistration, registrationBody, uniqueEmail } from '../helpers/accounts.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { startS3 } from '../fakes/s3.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function caddyAvailable(): boolean {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// Two instances on their own data folders behind Caddy (Debian's package, as in the compose
// file), sharing PostgreSQL, Redis and an S3-compatible bucket. `.ci/run` installs Caddy.
describe.runIf(!!process.env.REDIS_URL)('two instances behind a real reverse proxy', () => {
  const env = {
    REDIS_URL: process.env.REDIS_URL as string,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: '1',
    DEMO_SEED: '1',
  };
  let s3: Awaited<ReturnType<typeof startS3>>;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const ports: number[] = [];
  const apps: (Awaited<ReturnType<typeof startTestApp>> | null)[] = [null, null];
  let caddy: ChildProcess;
  let caddyDir: string;
  let proxy: string;

  const startInstance = async (i: number) => {
    apps[i] = await startTestApp({
      demo: true,
      databaseUrl: db.url,
      env: { ...env, ...s3.env, PORT: String(ports[i]) },
    });
  };
  const stopInstance = async (i: number) => {
    await apps[i]?.close();
    apps[i] = null;
  };
  const api = async (path: string, o: { method?: string; body?: unknown; token?: string } = {}) => {
    const res = await fetch(`${proxy}/api${path}`, {
      method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    if (!caddyAvailable()) throw new Error('caddy is not installed (apt-get install -y caddy)');
    s3 = await startS3();
    db = await createTestDatabase();
    ports.push(await freePort(), await freePort());
    // One after the other: the first applies the migrations and the seed.
    await startInstance(0);
    await startInstance(1);
    const proxyPort = await freePort();
    caddyDir = mkdtempSync(join(tmpdir(), 'caddy-'));
    writeFileSync(
      join(caddyDir, 'Caddyfile'),
      `{
	admin off
	auto_https off
	storage file_system ${caddyDir}
}
http://127.0.0.1:${proxyPort} {
	reverse_proxy 127.0.0.1:${ports[0]} 127.0.0.1:${ports[1]} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		# Caddy 2.6 (Debian's) cannot replay a POST body after a refused dial without it.
		buffer_requests
		health_uri /readyz
		health_interval 1s
	}
}
`,
    );
    caddy = spawn('caddy', ['run', '--config', join(caddyDir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir },
      stdio: 'ignore',
    });
    proxy = `http://127.0.0.1:${proxyPort}`;
    for (const until = Date.now() + 20_000; ; ) {
      if ((await fetch(`${proxy}/healthz`).catch(() => null))?.status === 200) break;
      if (Date.now() > until) throw new Error('Caddy did not answer within 20 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 180_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    for (const i of [0, 1]) await stopInstance(i);
    await db?.drop();
    await s3?.close();
    if (caddyDir) rmSync(caddyDir, { recursive: true, force: true });
  });

  test('sign in through the proxy; an image uploaded through one instance is read through the other', async () => {
    const login = await api('/v1/auth/login', { body: { email: 'advertiser@demo.local', password: 'demo1234' } });
    expect(login.status).toBe(200);
    const token = login.body.value.accessToken as string;
    // Round robin: the session works on both instances (shared JWT secret).
    for (let i = 0; i < 4; i++) expect((await api('/v1/users/self', { token })).status).toBe(200);

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG)]), 'logo.png');
    const res = await fetch(`${proxy}/api/v1/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const { path } = (await res.json()).value as { path: string };
    const bodies: Buffer[] = [];
    for (const app of apps) {
      const served = await fetch(`${app!.url}${path}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
      bodies.push(Buffer.from(await served.arrayBuffer()));
    }
    // One stored object (the upload re-encoded), the same through either instance.
    expect(bodies[0].subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
    expect(bodies[1].equals(bodies[0])).toBe(true);
    for (let i = 0; i < 4; i++) expect((await fetch(`${proxy}${path}`)).status).toBe(200);
  });

  test('a subscription through the proxy survives a restart of each instance; missed changes are refetched', async () => {
    const moderator = (await api('/v1/auth/login', { body: { email: 'moderator@demo.local', password: 'demo1234' } }))
      .body.value.accessToken as string;
    const events: string[] = [];
    let connections = 0;
    const client = createClient({
      url: `${proxy.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${moderator}` },
      lazy: false,
      onNonLazyError: () => {},
      retryAttempts: 1000,
      shouldRetry: () => true,
      retryWait: () => new Promise((r) => setTimeout(r, 200)),
      on: {
        connected: () => {
          connections++;
        },
        // A socket refused while an instance shuts down (503) is retried, not an error.
        error: () => {},
      },
    });
    const waitConnected = (n: number) =>
      expect.poll(() => connections, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(n);
    const unsubscribe = client.subscribe<{ registrationRequestChanged: { email: string } }>(
      { query: 'subscription { registrationRequestChanged { email } }' },
      {
        next: (e) => events.push(e.data!.registrationRequestChanged.email),
        error: () => {},
        complete: () => {},
      },
    );
    // What the client would refetch on reconnect: the pending registrations.
    const pending = async () => {
      const res = await fetch(`${proxy}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${moderator}` },
        body: JSON.stringify({ query: '{ registrationRequests(status: PENDING, limit: 100) { data { email } } }' }),
      });
      const body = (await res.json()) as { data?: { registrationRequests: { data: { email: string }[] } } };
      return body.data?.registrationRequests.data.map((r) => r.email) ?? [];
    };
    try {
      await waitConnected(1);
      // Until the subscription is live, probe.
      await expect
        .poll(
          async () => {
            await fileRegistration(apps[0]!, { email: uniqueEmail('probe') });
            return events.some((e) => e.startsWith('probe.'));
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe(true);

      // Rolling restart: whichever instance holds the socket goes down once.
      for (const i of [0, 1]) {
        await stopInstance(i);
        // A change while this instance is down, made through the proxy (the other serves it).
        const missed = uniqueEmail(`missed${i}`);
        // Caddy 2.6 answers 502 when it picks a pooled connection the stopped or restarted
        // instance closed and cannot replay the POST body elsewhere ("ContentLength=200 with
        // Body length 0" in its log): the request reached no instance, so the client retries.
        let filed: Response;
        for (let attempt = 0; ; attempt++) {
          filed = await fetch(`${proxy}/api/v1/auth/registration`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(registrationBody({ email: missed })),
          });
          if (filed.status !== 502 || attempt === 4) break;
        }
        expect(filed.status).toBe(201);
        await startInstance(i);
        // Whatever the socket's instance, the change made in the gap is what a refetch on
        // reconnect shows (apollo.ts refetches active queries when the socket reconnects).
        await expect.poll(pending, { timeout: 10_000 }).toContain(missed);
      }
      // One of the two restarts closed the socket (1001): the client reconnected through the proxy.
      await waitConnected(2);

      // Live events still arrive after the restarts, from either instance.
      for (const i of [0, 1]) {
        const email = uniqueEmail(`after${i}`);
        await fileRegistration(apps[i]!, { email });
        await expect.poll(() => events, { timeout: 10_000 }).toContain(email);
      }
    } finally {
      unsubscribe();
      await client.dispose();
    }
  }, 120_000);

  test('keeps serving while one instance is stopped', async () => {
    await stopInstance(1);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await api('/v1/auth/login', { body: { email: 'publisher@demo.local', password: 'demo1234' } });
        statuses.push(res.status);
      }
      expect(statuses).toEqual(statuses.map(() => 200));
    } finally {
      await startInstance(1);
    }
  }, 60_000);
});
