import { existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A body kept with its brotli and gzip forms, made once (an HTML page, the showcase script). */
export interface Precompressed {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const brotli = (raw: Buffer) =>
  brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
const gzip = (raw: Buffer) => gzipSync(raw, { level: 9 });

export function precompress(body: string | Buffer): Precompressed {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return { raw, br: brotli(raw), gzip: gzip(raw) };
}

/**
 * A built file with its brotli and gzip forms: the build's `.br` and `.gz` beside it
 * (scripts/compress-assets.mjs, the same settings) when they are at least as new as the file,
 * else compressed here. Brotli at quality 11 takes a while: a server starting with the client's
 * twenty-odd pages read them instead of compressing each again.
 */
export function readPrecompressed(path: string): Precompressed {
  const raw = readFileSync(path);
  const built = statSync(path).mtimeMs;
  const beside = (ext: string, make: (raw: Buffer) => Buffer) => {
    const file = `${path}.${ext}`;
    return existsSync(file) && statSync(file).mtimeMs >= built ? readFileSync(file) : make(raw);
  };
  return { raw, br: beside('br', brotli), gzip: beside('gz', gzip) };
}

/** The encodings the server offers, in its order of preference. */
export type Encoding = 'br' | 'gzip';

/** Accept-Encoding values seen (browsers send a handful), and what each accepts. */
const accepts = new Map<string, { br: boolean; gzip: boolean }>();
const ACCEPTS_KEPT = 256;

/** What a request's Accept-Encoding accepts of brotli and gzip; `q=0` refuses an encoding. */
function acceptsOf(acceptEncoding: string | string[] | undefined): { br: boolean; gzip: boolean } {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  let known = accepts.get(header);
  if (known === undefined) {
    const accepted = new Set(
      header
        .toLowerCase()
        .split(',')
        .map((part) => part.trim().split(';'))
        .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
        .map(([name]) => name.trim()),
    );
    known = { br: accepted.has('br'), gzip: accepted.has('gzip') };
    if (accepts.size >= ACCEPTS_KEPT) accepts.clear();
    accepts.set(header, known);
  }
  return known;
}

/** The encoding a request's Accept-Encoding lets the server use: brotli, then gzip, else none. */
export function acceptedEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const { br, gzip } = acceptsOf(acceptEncoding);
  return br ? 'br' : gzip ? 'gzip' : null;
}

/** Whether the request accepts gzip (an answer made gzip without compressing: rest/json-text.ts). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  return acceptsOf(acceptEncoding).gzip;
}

/**
 * The form of `body` the request accepts (brotli, then gzip, else as is), with the
 * Content-Encoding and Vary headers that go with it.
 */
export function pickEncoding(
  acceptEncoding: string | string[] | undefined,
  body: Precompressed,
): { body: Buffer; headers: Record<string, string> } {
  const encoding = acceptedEncoding(acceptEncoding);
  const vary = { Vary: 'Accept-Encoding' };
  if (encoding) return { body: body[encoding], headers: { ...vary, 'Content-Encoding': encoding } };
  return { body: body.raw, headers: vary };
}

/**
 * An answer made per request, compressed at once in the calling turn: for small bodies (an API
 * answer of a few KB) a synchronous pass costs tens of µs, where a compression stream (the
 * thread pool, a stream per answer, chunked transfer) cost ten times that. Brotli at quality
 * 2 with a window no larger than the body needs: on a showcase list (4.7 KB) 16 µs and
 * 1,094 bytes, where quality 4 (what @fastify/compress used) took 39 µs for 998 bytes; gzip at
 * level 6 for a client without brotli.
 */
export function compressNow(body: string | Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const window = Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 1))));
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 2,
      [constants.BROTLI_PARAM_LGWIN]: window,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
}
