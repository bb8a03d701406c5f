import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A body kept with its brotli and gzip forms, made once (an HTML page, the showcase script). */
export interface Precompressed {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompress(body: string | Buffer): Precompressed {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return {
    raw,
    br: brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gzip: gzipSync(raw, { level: 9 }),
  };
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
