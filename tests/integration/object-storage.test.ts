import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, startTestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { login } from '../helpers/graphql.ts';
import { startS3 } from '../fakes/s3.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script><rect width="8" height="8"/></svg>',
);

async function upload(app: TestApp, token: string, bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), filename);
  const res = await fetch(`${app.url}/api/v1/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

// Two instances with their own data folders (two hosts) and one bucket on a local
// S3-compatible server: what one stores, the other serves.
describe('uploads in S3-compatible object storage', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: Awaited<ReturnType<typeof startTestApp>>;
  let b: Awaited<ReturnType<typeof startTestApp>>;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3();
    db = await createTestDatabase();
    const env = { ...s3.env, JWT_SECRET: 'shared-secret-of-both-instances-0123456789' };
    a = await startTestApp({ demo: true, databaseUrl: db.url, env });
    b = await startTestApp({ demo: true, databaseUrl: db.url, env });
    token = await login(a, 'advertiser@demo.local');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
    await s3?.close();
  });

  test('an image uploaded on one instance is served by the other, with the same headers', async () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    const res = await upload(a, token, PNG, 'logo.png');
    expect(res.status).toBe(201);
    const path = res.body.value.path as string;
    expect(path).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    // Not on either host's disk: in the bucket.
    for (const app of [a, b]) {
      const dir = join(app.dataDir, 'uploads');
      expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    }
    const bytes: Buffer[] = [];
    for (const app of [b, a]) {
      const served = await fetch(`${app.url}${path}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      bytes.push(Buffer.from(await served.arrayBuffer()));
    }
    // One stored object (the upload re-encoded), the same from both instances.
    expect(bytes[0].equals(bytes[1])).toBe(true);
    expect(bytes[0].subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
  });

  test('an SVG is stored as its PNG drawing, with the sandbox policy; unknown names are 404 on every instance', async () => {
    const res = await upload(b, token, SVG, 'icon.svg');
    expect(res.status).toBe(201);
    const served = await fetch(`${a.url}${res.body.value.path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    for (const app of [a, b]) {
      expect((await fetch(`${app.url}/media/00000000-0000-0000-0000-000000000000.png`)).status).toBe(404);
      expect((await fetch(`${app.url}/media/..%2f..%2fpackage.json`)).status).toBe(404);
    }
  });
});

test('S3 settings without a bucket, or a key without its secret, stop the process with a message', async () => {
  const { loadConfig } = await import('../../server/config.ts');
  expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required/);
  expect(() => loadConfig({ S3_BUCKET: 'x-bucket', S3_ACCESS_KEY_ID: 'k' })).toThrow(
    /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
  );
});
