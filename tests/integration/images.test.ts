import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp } from '../helpers/app.ts';
import { login } from '../helpers/graphql.ts';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
const MB = 1024 * 1024;

let app: Awaited<ReturnType<typeof startTestApp>>;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  token = await login(app, 'advertiser@demo.local');
});
afterAll(() => app?.close());

async function upload(bytes: Buffer, filename: string, opts: { type?: string; field?: string; auth?: boolean } = {}) {
  const form = new FormData();
  form.append(
    opts.field ?? 'image',
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'application/octet-stream' }),
    filename,
  );
  const res = await fetch(`${app.url}/api/v1/images`, {
    method: 'POST',
    headers: opts.auth === false ? {} : { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe('POST /v1/images', () => {
  test('a PNG is stored and served from /media with a sandboxing CSP and nosniff', async () => {
    const res = await upload(PNG, 'logo.png', { type: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ value: { path: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.png$/) } });
    expect(existsSync(join(app.dataDir, 'uploads', res.body.value.path.slice('/media/'.length)))).toBe(true);

    const served = await fetch(`${app.url}${res.body.value.path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // Logos are shown by the showcase inside other apps' pages.
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test('the stored extension comes from the bytes, not the name', async () => {
    const res = await upload(PNG, 'photo.jpg', { type: 'image/jpeg' });
    expect(res.status).toBe(201);
    expect(res.body.value.path).toMatch(/\.png$/);
  });

  test('an SVG is accepted and served so its script cannot run in our origin', async () => {
    const res = await upload(SVG, 'icon.svg', { type: 'image/svg+xml' });
    expect(res.status).toBe(201);
    expect(res.body.value.path).toMatch(/^\/media\/[0-9a-f-]{36}\.svg$/);
    const served = await fetch(`${app.url}${res.body.value.path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp.split(';').map((d) => d.trim())).toContain('sandbox');
    expect(csp).not.toMatch(/script-src/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('an SVG without an XML declaration is accepted too', async () => {
    const res = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'), 'dot.svg');
    expect(res.status).toBe(201);
    expect(res.body.value.path).toMatch(/\.svg$/);
  });

  test.each([
    ['a text file renamed .png', Buffer.from('just some text, not an image'), 'fake.png', 'image/png'],
    ['HTML renamed .svg', Buffer.from('<html><script>alert(1)</script></html>'), 'fake.svg', 'image/svg+xml'],
    ['a real PNG named .exe', PNG, 'logo.exe', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.pdf', 'application/pdf'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('%s → 400 Add an image only', async (_label, bytes, name, type) => {
    const res = await upload(bytes, name, { type });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Add an image only' });
  });

  test('exactly 1 MB is accepted', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(MB - PNG.length)]);
    const res = await upload(bytes, 'big.png', { type: 'image/png' });
    expect(res.status).toBe(201);
  });

  test('more than 1 MB → 413 Too large file', async () => {
    for (const size of [MB + 1, Math.round(1.5 * MB)]) {
      const bytes = Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
      const res = await upload(bytes, 'huge.png', { type: 'image/png' });
      expect(res.status, `${size} bytes`).toBe(413);
      expect(res.body).toEqual({ error: 'Too large file' });
    }
  });

  test('the file must be in the field "image", sent as multipart', async () => {
    const wrongField = await upload(PNG, 'logo.png', { field: 'file' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ error: 'Send the file in the field "image"' });
    const json = await app.api('/v1/images', { body: { image: 'x' }, token });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ error: 'Send the file as multipart/form-data in the field "image"' });
  });

  test('no auth → 401', async () => {
    const res = await upload(PNG, 'logo.png', { auth: false });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized, please sign in again' });
  });
});

describe('/media', () => {
  test('unknown files → 404; paths outside the uploads folder are not served', async () => {
    expect((await fetch(`${app.url}/media/does-not-exist.png`)).status).toBe(404);
    for (const path of ['/media/..%2f..%2fpackage.json', '/media/%2e%2e/%2e%2e/package.json']) {
      const res = await fetch(`${app.url}${path}`);
      // Never the file itself (the SPA fallback may answer with the client's index page).
      expect(await res.text()).not.toContain('"name": "taskgram-ads"');
    }
  });
});
