import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { asOwner } from '../helpers/db.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { routes } from '../../server/areas.ts';
import { startTestApp } from '../helpers/app.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const raw = (path: string, init?: RequestInit) => fetch(`${app.url}${path}`, init);

describe('envelope', () => {
  test('an unknown /api route → 404 {error}', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope'],
      ['DELETE', '/api/v1/users/self'],
      ['GET', '/api/'],
    ]) {
      const res = await raw(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ error: 'Not found' });
    }
  });

  test('malformed JSON → 400 {error}', async () => {
    const res = await raw('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.co", ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'The request body is not valid JSON' });
  });

  test('an empty JSON body → 400 {error}', async () => {
    const res = await raw('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'The request body is not valid JSON' });
  });

  test('an unsupported body type → 400 {error}', async () => {
    const res = await raw('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Send the request body as JSON' });
  });

  test('a NUL character in text → 400 {error} (PostgreSQL could not store it)', async () => {
    const res = await raw('/api/v1/auth/registration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'a\u0000b', email: 'nul@example.com', password: 'secret12', role: 'ADVERTISER' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Text must not contain NUL characters' });
  });

  test('an unexpected error → 500 with the request id and no internals', async () => {
    // A table the route needs goes missing under the running app: a real failure, no mocks.
    await asOwner(app.databaseUrl, 'alter table users rename to users_gone');
    try {
      const broken = await raw('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-test-42' },
        body: JSON.stringify({ email: 'someone@example.com', password: 'secret12' }),
      });
      expect(broken.status).toBe(500);
      const body = await broken.json();
      expect(body).toMatchObject({ error: 'Something went wrong on our side. Try again later (request req-test-42).' });
      expect(JSON.stringify(body)).not.toContain('users');
    } finally {
      await asOwner(app.databaseUrl, 'alter table users_gone rename to users');
    }
  });

  test('success answers are wrapped in {value}', async () => {
    const res = await app.api('/v1/countries?ids=FR');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: { data: [{ id: 'FR', title: 'France' }], total: 1 } });
  });

  test('Google sign-in when not configured → 404 {error} (a feature this server does not have); the config says so', async () => {
    const res = await app.api('/v1/auth/google', { body: { code: 'abc' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Google sign-in is not configured' });
    const cfg = await app.api('/v1/auth/config');
    expect(cfg.body.value.google).toBeNull();
  });
});

describe('/api/docs', () => {
  test('is an OpenAPI 3 document listing every route of the table', async () => {
    const res = await raw('/api/docs');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });

    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const expected = routes.map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(listed.sort()).toEqual([...expected].sort());
    for (const required of [
      'POST /v1/auth/registration',
      'POST /v1/auth/login',
      'POST /v1/auth/reset-password',
      'PATCH /v1/auth/reset-password',
      'POST /v1/auth/google',
      'GET /v1/auth/config',
      'GET /v1/users/self',
      'PATCH /v1/users/self',
      'GET /v1/settings',
      'GET /v1/categories',
      'GET /v1/countries',
      'POST /v1/images',
    ]) {
      expect(listed).toContain(required);
    }

    const login = doc.paths['/v1/auth/login'].post;
    expect(login.security).toEqual([]); // public
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(login.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    expect(doc.paths['/v1/users/self'].get.security).toBeUndefined(); // bearer, from the document default
    expect(doc.paths['/v1/images'].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/v1/auth/registration'].post.responses).toHaveProperty('201');
    const categories = doc.paths['/v1/categories'].get.parameters.map(
      (p: { name: string; in: string }) => `${p.in}:${p.name}`,
    );
    // Every signed-in route takes the account acted on (teams); a public one does not.
    expect(categories.sort()).toEqual(['header:X-Account-Id', 'query:limit', 'query:page']);
    expect(login.parameters ?? []).toEqual([]);
  });
});

describe('health', () => {
  test('/healthz and /readyz', async () => {
    const health = await raw('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await raw('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('config validation', () => {
  const load = (env: Record<string, string>) => () =>
    loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), ...env });

  test('production without JWT_SECRET names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required in production/);
  });

  test('a short JWT_SECRET is named', () => {
    expect(load({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  test.each([['abc'], ['70000'], ['-1'], ['3.5']])('PORT=%s is named', (port) => {
    expect(load({ PORT: port })).toThrow(/^Invalid configuration:\n\s+PORT: /);
  });

  test('partial Google configuration is named', () => {
    expect(load({ GOOGLE_CLIENT_ID: 'id-only' })).toThrow(
      /GOOGLE_CLIENT_ID: Google sign-in needs GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REDIRECT_URI together/,
    );
    expect(load({ GOOGLE_CLIENT_SECRET: 's', GOOGLE_REDIRECT_URI: 'http://localhost/login' })).toThrow(
      /GOOGLE_CLIENT_ID/,
    );
    const full = load({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_REDIRECT_URI: 'http://localhost/login/',
    })();
    expect(full.google).toEqual({
      clientId: 'id',
      clientSecret: 's',
      redirectUri: 'http://localhost/login/',
      issuer: 'https://accounts.google.com',
    });
  });

  test('every bad variable is named at once', () => {
    let message = '';
    try {
      load({ PORT: 'x', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud', JWT_EXPIRES_IN: 'forever' })();
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'JWT_EXPIRES_IN'])
      expect(message).toContain(`  ${name}: `);
    expect(message).toContain('use a number and a unit, e.g. 15m, 12h, 7d');
  });

  test('empty strings count as unset; defaults apply', () => {
    const config = load({ PORT: '', REDIS_URL: '', DATA_DIR: join(tmpdir(), 'unused') })();
    expect(config.port).toBe(3000);
    expect(config.redisUrl).toBeUndefined();
    expect(config.rateLimitPerMinute).toBe(10);
    expect(config.jwtExpiresIn).toBe('7d');
  });

  test('outside production a random JWT secret is generated once and kept in the data folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tg-config-'));
    try {
      const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
      expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
      const other = mkdtempSync(join(tmpdir(), 'tg-config-'));
      expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: other }).jwtSecret).not.toBe(first.jwtSecret);
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
