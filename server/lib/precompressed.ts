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

/**
 * The form of `body` the request accepts (brotli, then gzip, else as is), with the
 * Content-Encoding and Vary headers that go with it. `q=0` refuses an encoding.
 */
export function pickEncoding(
  acceptEncoding: string | string[] | undefined,
  body: Precompressed,
): { body: Buffer; headers: Record<string, string> } {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name.trim()),
  );
  const vary = { Vary: 'Accept-Encoding' };
  if (accepted.has('br')) return { body: body.br, headers: { ...vary, 'Content-Encoding': 'br' } };
  if (accepted.has('gzip')) return { body: body.gzip, headers: { ...vary, 'Content-Encoding': 'gzip' } };
  return { body: body.raw, headers: vary };
}
