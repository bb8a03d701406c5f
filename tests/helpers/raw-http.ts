import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** An answer as it came over the wire: fetch would decompress it and hide the encoding. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET `url` with these headers (Accept-Encoding among them), the body as sent. */
export function rawGet(url: string | URL, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw answer's body decoded by its Content-Encoding (brotli, gzip or none). */
export function decoded(r: Pick<RawAnswer, 'headers' | 'body'>): Buffer {
  if (r.headers['content-encoding'] === 'br') return brotliDecompressSync(r.body);
  if (r.headers['content-encoding'] === 'gzip') return gunzipSync(r.body);
  return r.body;
}
