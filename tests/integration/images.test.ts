import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  decodedBytes,
  MAX_DECODED_BYTES,
  UPLOADS_AT_ONCE,
  UPLOADS_PER_MINUTE,
} from '../../server/modules/images/images.service.ts';
import { startTestApp } from '../helpers/app.ts';
import { FAILURES, render } from '../../server/failures.ts';
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
/** Bytes that are no image format, the same every run. */
const garbage = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919 + 13) % 251));
/** An image's pixels as raw RGBA, to compare what was stored with what was sent. */
const pixels = async (bytes: Buffer) => (await sharp(bytes).ensureAlpha().raw().toBuffer()).toString('base64');

let app: Awaited<ReturnType<typeof startTestApp>>;
let token: string;
beforeAll(async () => {
  for (let d = decoderProcess(); d; d = decoderProcess()) others.add(d.pid);
  app = await startTestApp({ demo: true });
  token = await login(app, 'advertiser@demo.local');
});
afterAll(() => app?.close());

/**
 * Image decoders this worker process already had before this file's app started (a worker runs
 * file after file, vitest.config.ts: an app of another file may still be closing its own).
 */
const others = new Set<number>();

/** This file's image decoder child (images.decoder.ts): its pid and nice value, from /proc. */
function decoderProcess(): { pid: number; nice: number } | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('images.decoder-process')) continue;
      // Fields after the command's closing parenthesis: state is 3rd, ppid 4th, nice 19th.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) !== process.pid || others.has(Number(entry))) continue;
      return { pid: Number(entry), nice: Number(fields[16]) };
    } catch {}
  }
  return undefined;
}

function storedFiles(): string[] {
  const dir = join(app.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function upload(
  bytes: Buffer,
  filename: string,
  opts: { type?: string; field?: string; auth?: boolean; token?: string } = {},
) {
  const form = new FormData();
  form.append(
    opts.field ?? 'image',
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'application/octet-stream' }),
    filename,
  );
  const res = await fetch(`${app.url}/api/v1/images`, {
    method: 'POST',
    headers: opts.auth === false ? {} : { authorization: `Bearer ${opts.token ?? token}` },
    body: form,
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
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
    // Shown in place under our own name, never saved under one the uploader chose.
    expect(served.headers.get('content-disposition')).toBe(`inline; filename="${res.body.value.path.slice(7)}"`);
    // Stored re-encoded: the same pixels, not the same bytes.
    const stored = Buffer.from(await served.arrayBuffer());
    expect(await pixels(stored)).toEqual(await pixels(PNG));
  });

  test('the stored extension comes from the bytes, not the name', async () => {
    const res = await upload(PNG, 'photo.jpg', { type: 'image/jpeg' });
    expect(res.status).toBe(201);
    expect(res.body.value.path).toMatch(/\.png$/);
  });

  test('an SVG is drawn to a PNG: its script does not survive, whatever serves it', async () => {
    const res = await upload(SVG, 'icon.svg', { type: 'image/svg+xml' });
    expect(res.status).toBe(201);
    expect(res.body.value.path).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${app.url}${res.body.value.path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes('script')).toBe(false);
    // Drawn large enough for a logo: 512 px on its longer side.
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp.split(';').map((d) => d.trim())).toContain('sandbox');
    expect(csp).not.toMatch(/script-src/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('an SVG without an XML declaration or a size is accepted too', async () => {
    const res = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'), 'dot.svg');
    expect(res.status).toBe(201);
    expect(res.body.value.path).toMatch(/\.png$/);
  });

  // The first bytes of a format are not an image.
  test.each([
    [
      'a JPEG signature followed by garbage',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), garbage(4000)]),
      'a.jpg',
    ],
    ['a PNG signature with a valid IHDR and garbage', Buffer.concat([PNG.subarray(0, 33), garbage(4000)]), 'a.png'],
    [
      'a WebP RIFF header with garbage',
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([0xa8, 0x0f, 0, 0]), Buffer.from('WEBPVP8 '), garbage(4000)]),
      'a.webp',
    ],
    ['an HTML page with an SVG name', Buffer.from('<html><svg><script>alert(1)</script></svg></html>'), 'a.svg'],
  ])('%s → 400 Add an image only, nothing stored', async (_label, bytes, name) => {
    const before = storedFiles();
    const res = await upload(bytes, name);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Add an image only' });
    expect(storedFiles()).toEqual(before);
  });

  test("a phone photo's EXIF (GPS position, camera) is not stored or served; its orientation is applied", async () => {
    // 40×20 pixels, tagged "rotate 90°" with a GPS position and a camera.
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 29/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 40/1',
        },
      })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, width: 40, height: 20 });
    expect(photo.includes('PhoneMaker')).toBe(true);
    expect(photo.includes('N\0')).toBe(true); // the GPS latitude's reference, in the EXIF block

    const res = await upload(photo, 'IMG_0001.JPG', { type: 'image/jpeg' });
    expect(res.status).toBe(201);
    expect(res.body.value.path).toMatch(/\.jpg$/);
    const served = Buffer.from(await (await fetch(`${app.url}${res.body.value.path}`)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.includes('PhoneMaker')).toBe(false);
    expect(served.includes('Exif')).toBe(false);
    // Upright: the orientation tag was applied to the pixels before it was dropped.
    expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);
  });

  test('a decompression bomb (a small file of too many pixels) → 400', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(bomb, 'bomb.png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'The image is too large: at most 50 megapixels' });
  });

  test('the decoded size counts, not only pixels: a 16-bit image under the pixel cap is refused before decoding', async () => {
    // 7000 × 7000 × 4 channels × 2 bytes = 392 MB decoded, from a few hundred KB of interlaced PNG.
    const deep = await sharp({ create: { width: 7000, height: 7000, channels: 4, background: '#336699' } })
      .png({ progressive: true, compressionLevel: 9 })
      .toColourspace('rgb16')
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    expect(deep.length).toBeLessThan(MB);
    const res = await upload(deep, 'deep.png');
    expect(res).toMatchObject({
      status: 400,
      body: { error: FAILURES.IMAGE_TOO_LARGE_TO_PROCESS.message, code: 'IMAGE_TOO_LARGE_TO_PROCESS' },
    });
    // Refused from its header: nothing was decoded (a large image would have started the decoder).
    expect(decoderProcess()).toBeUndefined();
    // The largest accepted: 4096 × 4096 with transparency at 8 bits (64 MB decoded).
    const largest = await sharp({ create: { width: 4096, height: 4096, channels: 4, background: '#336699aa' } })
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer();
    expect(decodedBytes(await sharp(largest).metadata())).toBe(MAX_DECODED_BYTES);
    expect((await upload(largest, 'largest.png')).status).toBe(201);
    // It decoded in the decoder process, at the lowest CPU priority.
    const decoder = decoderProcess();
    expect(decoder?.nice).toBe(19);
    // A decoder that dies is started again for the next image.
    process.kill(decoder!.pid, 'SIGKILL');
    // Until the server has reaped it (its /proc entry goes when the server's 'exit' handler runs):
    // an image sent in between goes to the dead one and fails, as the decoder's comment says.
    await vi.waitFor(() => expect(existsSync(`/proc/${decoder!.pid}`)).toBe(false), { timeout: 60_000, interval: 50 });
    expect((await upload(largest, 'largest.png')).status).toBe(201);
    expect(decoderProcess()?.pid).not.toBe(decoder!.pid);
    // (Minutes on a machine whose cores are taken: the decoder runs at nice 19 by design, so
    // everything else goes first.)
  }, 300_000);

  test('a large image is stored at most 2048 px on a side', async () => {
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const res = await upload(wide, 'wide.png');
    expect(res.status).toBe(201);
    const served = Buffer.from(await (await fetch(`${app.url}${res.body.value.path}`)).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ width: 2048, height: 512 });
  }, 120_000);

  test.each([
    ['a text file renamed .png', Buffer.from('just some text, not an image'), 'fake.png', 'image/png'],
    ['HTML renamed .svg', Buffer.from('<html><script>alert(1)</script></html>'), 'fake.svg', 'image/svg+xml'],
    ['a real PNG named .exe', PNG, 'logo.exe', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.pdf', 'application/pdf'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('%s → 400 Add an image only', async (_label, bytes, name, type) => {
    const res = await upload(bytes, name, { type });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Add an image only' });
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
      expect(res.body).toMatchObject({ error: 'Too large file' });
    }
  });

  test('the file must be in the field "image", sent as multipart', async () => {
    const wrongField = await upload(PNG, 'logo.png', { field: 'file' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ error: 'Send the file in the field "image"' });
    const json = await app.api('/v1/images', { body: { image: 'x' }, token });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: 'Send the file as multipart/form-data in the field "image"' });
  });

  test('no auth → 401', async () => {
    const res = await upload(PNG, 'logo.png', { auth: false });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Unauthorized, please sign in again' });
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

describe("a user's uploads are limited in rate and concurrency", () => {
  test(`at most ${UPLOADS_AT_ONCE} at once: the next gets 429 with Retry-After`, async () => {
    const own = await login(app, 'moderator@demo.local');
    const big = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#884422' } })
      .png({ progressive: true })
      .toBuffer();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE + 2 }, () => upload(big, 'big.png', { token: own })),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0].body).toMatchObject({
      error: render(FAILURES.AT_MOST_UPLOADS_AT_ONCE.message, { max: String(UPLOADS_AT_ONCE) }),
    });
    expect(Number(refused[0].retryAfter)).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(UPLOADS_AT_ONCE);
    // Another user is not held by it.
    expect((await upload(PNG, 'logo.png', { token: await login(app, 'moderator2@demo.local') })).status).toBe(201);
  });

  test(`at most ${UPLOADS_PER_MINUTE} a minute`, async () => {
    // The limiter counts in one-minute windows: start with room for the burst.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 10_000) await new Promise((r) => setTimeout(r, left + 200));
    const own = await login(app, 'publisher@demo.local');
    const statuses = [];
    for (let i = 0; i <= UPLOADS_PER_MINUTE; i++) statuses.push(await upload(PNG, 'logo.png', { token: own }));
    expect(statuses.slice(0, UPLOADS_PER_MINUTE).map((a) => a.status)).toEqual(Array(UPLOADS_PER_MINUTE).fill(201));
    expect(statuses[UPLOADS_PER_MINUTE]).toMatchObject({
      status: 429,
      body: { error: render(FAILURES.UPLOADING_IMAGES_TOO_FAST.message, { max: String(UPLOADS_PER_MINUTE) }) },
    });
    expect(Number(statuses[UPLOADS_PER_MINUTE].retryAfter)).toBeGreaterThan(0);
  });
});
