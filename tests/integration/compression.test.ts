import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_DIST } from '../../server/app.ts';
import { startTestApp } from '../helpers/app.ts';
import { decoded, rawGet } from '../helpers/raw-http.ts';

/**
 * What goes over the wire: the built client, its SPA page and the showcase script as the
 * build's (or the startup's) brotli or gzip by Accept-Encoding, API answers over 1 KB
 * compressed on the fly, each with `Vary: Accept-Encoding`; hashed assets immutable, HTML
 * no-cache. Raw HTTP here: fetch would decompress and hide the encoding.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp({ serveClient: true });
});
afterAll(() => app?.close());

const get = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  rawGet(new URL(path, app.url), {
    ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    ...headers,
  });

describe('compression', () => {
  test('built assets: brotli or gzip by Accept-Encoding, the same bytes decoded, immutable', async () => {
    const js = readdirSync(join(CLIENT_DIST, 'assets')).find((f) => /^index-.*\.js$/.test(f))!;
    expect(js).toBeTruthy();
    const original = readFileSync(join(CLIENT_DIST, 'assets', js));
    const br = await get(`/assets/${js}`, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(decoded(br).equals(original)).toBe(true);
    const gz = await get(`/assets/${js}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).equals(original)).toBe(true);
    const plain = await get(`/assets/${js}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  test('the pages, at / (the prerendered landing page) and at a client route (the shell): compressed, no-cache', async () => {
    for (const [path, file] of [
      ['/', 'index.html'],
      ['/advertiser/projects', 'shell-advertiser-projects.html'],
      ['/advertiser/projects/1', 'shell.html'],
    ]) {
      const original = readFileSync(join(CLIENT_DIST, file));
      const page = await get(path, 'br, gzip');
      expect(page.status, path).toBe(200);
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers.vary, path).toMatch(/accept-encoding/i);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(decoded(page).equals(original), path).toBe(true);
    }
    // br;q=0 refuses brotli.
    expect((await get('/advertiser/projects', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  test('the showcase script: compressed once, revalidated by its ETag', async () => {
    const plain = await get('/showcase.js');
    expect(plain.status).toBe(200);
    const gz = await get('/showcase.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['access-control-allow-origin']).toBe('*');
    expect(decoded(gz).equals(plain.body)).toBe(true);
    const again = await get('/showcase.js', 'br', { 'if-none-match': String(gz.headers.etag) });
    expect(again.status).toBe(304);
  });

  test('API answers over 1 KB compressed on the fly; small ones as they are', async () => {
    const docs = await get('/api/docs', 'br');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(docs).toString()).openapi).toMatch(/^3\./);
    // The OpenAPI document (over 64 KB): through the compression stream, sent chunked.
    expect(docs.body.length).toBeGreaterThan(0);
    const health = await get('/healthz', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });

  test('API answers of 1–64 KB compressed in the request’s turn: a whole body with its length, the same JSON decoded', async () => {
    const plain = await get('/api/v1/countries');
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.body.length).toBeLessThan(64 * 1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ]) {
      const answer = await get('/api/v1/countries', accept);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      // Compressed whole, not streamed: the length is known, nothing is chunked.
      expect(Number(answer.headers['content-length']), accept).toBe(answer.body.length);
      expect(answer.headers['transfer-encoding'], accept).toBeUndefined();
      expect(answer.body.length, accept).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(answer).toString()), accept).toEqual(JSON.parse(plain.body.toString()));
    }
  });
});
