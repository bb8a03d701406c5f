/**
 * Sign-in latency while the largest images the server accepts are being uploaded. The product
 * runs as a child process (server/main.ts on a throwaway database); this process is the load:
 * one sign-in at a time for the whole run, timed, and uploaders that keep `--at-once` uploads
 * in flight each:
 *
 *   idle        no uploads
 *   one user    one user keeps six uploads in flight
 *   six users   six users keep six uploads in flight each
 *
 *   npm run bench:uploads -- [--seconds 15] [--at-once 6] [--keep]
 *
 * The image is the largest the server accepts, found by asking: the 7000 × 7000 16-bit
 * interlaced PNG the security probe used (just under 50 megapixels, ~390 MB decoded) when it is
 * accepted, else the largest under the decoded-bytes cap (4096 × 4096 RGBA at 8 bits,
 * interlaced). Prints sign-in p50/p99/max per phase with its ratio to idle, and what the
 * uploads were answered. Needs DATABASE_URL (a PostgreSQL server on this machine).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import sharp from 'sharp';
import { adminQuery, api, dbUrl, percentile, ProductServer } from './common.ts';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    'at-once': { type: 'string', default: '6' },
    keep: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(flags.seconds);
const AT_ONCE = Number(flags['at-once']);
const PASSWORD = 'bench-password-1';
const UPLOADERS = 6;

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('bench:uploads needs DATABASE_URL (a PostgreSQL server on this machine)');
  process.exit(2);
}

const interlacedPng = (width: number, height: number, deep: boolean) =>
  // One colour: compresses to well under 1 MB, decodes to every one of its pixels all the same.
  sharp({ create: { width, height, channels: 4, background: '#336699aa' }, limitInputPixels: false })
    .png({ progressive: true, compressionLevel: 9 })
    .toColourspace(deep ? 'rgb16' : 'srgb')
    .toBuffer();

async function upload(base: string, token: string, image: Buffer): Promise<{ status: number; retryAfter: number }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'bench.png');
  const res = await fetch(`${base}/api/v1/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
}

async function signIn(base: string, email: string): Promise<number> {
  const started = performance.now();
  await api(base, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } });
  return performance.now() - started;
}

interface Phase {
  name: string;
  signIns: number[];
  uploads: Map<number, number>;
  uploadMs: number[];
}

async function phase(base: string, name: string, tokens: string[], image: Buffer): Promise<Phase> {
  const until = performance.now() + SECONDS * 1000;
  const uploads = new Map<number, number>();
  const uploadMs: number[] = [];
  const uploaders = tokens.flatMap((token) =>
    Array.from({ length: AT_ONCE }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const { status, retryAfter } = await upload(base, token, image).catch(() => ({ status: 0, retryAfter: 1 }));
        uploads.set(status, (uploads.get(status) ?? 0) + 1);
        if (status === 201) uploadMs.push(performance.now() - started);
        // A refused upload is tried again after its Retry-After, as a well-behaved client does.
        if (status !== 201) await new Promise((r) => setTimeout(r, (retryAfter || 1) * 1000));
      }
    }),
  );
  const signIns: number[] = [];
  // Let the uploads get going first.
  if (tokens.length) await new Promise((r) => setTimeout(r, 500));
  while (performance.now() < until) signIns.push(await signIn(base, 'bench.signin@example.com'));
  await Promise.all(uploaders);
  return { name, signIns: signIns.sort((a, b) => a - b), uploads, uploadMs: uploadMs.sort((a, b) => a - b) };
}

const product = new ProductServer();
const name = `bench_uploads_${randomBytes(4).toString('hex')}`;
const databaseUrl = dbUrl(adminUrl, name);
await adminQuery(adminUrl, `create database ${name}`);
try {
  const base = await product.start({
    DATABASE_URL: databaseUrl,
    // Sign-in throttling is not what is measured here.
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const hash = await argon2.hash(PASSWORD);
  const emails = [
    'bench.signin@example.com',
    ...Array.from({ length: UPLOADERS }, (_, i) => `bench.up${i}@example.com`),
  ];
  const values = emails.map((_, i) => `('Bench ${i}', $${i + 1}, '${hash}', 'PUBLISHER')`).join(', ');
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`insert into users (name, email, password_hash, default_role) values ${values}`, emails);
  await client.end();
  const tokens: string[] = [];
  for (const email of emails.slice(1)) {
    tokens.push((await api(base, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).accessToken);
  }
  // Warm the sign-in path (argon2, the address becomes known).
  for (let i = 0; i < 5; i++) await signIn(base, emails[0]);

  let image = await interlacedPng(7000, 7000, true);
  let described = '7000 × 7000 16-bit RGBA interlaced PNG (~392 MB decoded)';
  const probe = await upload(base, tokens[0], image);
  if (probe.status !== 201) {
    image = await interlacedPng(4096, 4096, false);
    described = '4096 × 4096 8-bit RGBA interlaced PNG (64 MB decoded)';
    const accepted = await upload(base, tokens[0], image);
    if (accepted.status !== 201) throw new Error(`the server refused the 4096 × 4096 image too (${accepted.status})`);
  }
  console.log(`image: ${described}, ${(image.length / 1024).toFixed(0)} KB; ${AT_ONCE} uploads in flight per user`);

  const phases = [
    await phase(base, 'idle', [], image),
    await phase(base, 'one user', tokens.slice(0, 1), image),
    await phase(base, 'six users', tokens, image),
  ];
  const idle = percentile(phases[0].signIns, 99);
  console.log('\nphase       sign-ins  p50 ms  p99 ms  max ms  p99/idle  uploads answered        upload p50 ms');
  for (const p of phases) {
    const answered = [...p.uploads].map(([status, n]) => `${status || 'error'}×${n}`).join(' ') || '-';
    console.log(
      [
        p.name.padEnd(10),
        String(p.signIns.length).padStart(9),
        percentile(p.signIns, 50).toFixed(0).padStart(7),
        percentile(p.signIns, 99).toFixed(0).padStart(7),
        (p.signIns.at(-1) ?? 0).toFixed(0).padStart(7),
        (percentile(p.signIns, 99) / idle).toFixed(2).padStart(9),
        `  ${answered.padEnd(22)}`,
        p.uploadMs.length ? percentile(p.uploadMs, 50).toFixed(0).padStart(13) : '            -',
      ].join(' '),
    );
  }
} finally {
  await product.stop();
  if (!flags.keep) await adminQuery(adminUrl, `drop database if exists ${name}`);
}
