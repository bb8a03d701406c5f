// What an upload's bytes become: checked from the header, decoded and encoded anew (sharp).
// Pure functions: the service runs them in-process for small images and in the decoder process
// (images.decoder.ts) for large ones.
import sharp from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { fail } from '../../failures.ts';

export const MAX_IMAGE_BYTES = 1024 * 1024;
/** A decoded image may have at most this many pixels (a 1 MB file can claim far more). */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * What decoding may hold in memory: width × height × channels × bytes per channel, at most
 * 4096 × 4096 with transparency at 8 bits. The pixel cap alone let a 16-bit image take 450 MB.
 */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** Images one user may upload a minute, and at once. */
export const UPLOADS_PER_MINUTE = 20;
export const UPLOADS_AT_ONCE = 2;
/** Stored images fit in this square (logos are shown far smaller). */
export const MAX_IMAGE_SIDE = 2048;
/** SVGs are drawn to a PNG this large on their longer side. */
const SVG_SIDE = 512;

/** The Content-Type `/media` answers for each stored extension (svg: files stored before decoding). */
export const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
export const ALLOWED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'svg', 'avif'];

/** Bytes per channel of each libvips band format sharp reports as `depth`. */
const DEPTH_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

// libvips' own threads per image: one, so a decode takes one core, not every core.
sharp.concurrency(1);
// No cache of decoded operations between uploads (memory stays with the upload that needs it).
sharp.cache(false);

type Encode = (img: Sharp) => Sharp;
/** What each decoded format is stored as: its own format, re-encoded; an SVG as a PNG drawing. */
const ENCODERS: Record<string, { ext: string; encode: Encode }> = {
  png: { ext: 'png', encode: (img) => img.png({ compressionLevel: 9 }) },
  jpeg: { ext: 'jpg', encode: (img) => img.jpeg({ quality: 88, mozjpeg: true }) },
  webp: { ext: 'webp', encode: (img) => img.webp({ quality: 88 }) },
  // AVIF arrives as HEIF with AV1 inside; HEIC (HEVC) cannot be decoded here and is refused.
  heif: { ext: 'avif', encode: (img) => img.avif({ quality: 60, effort: 2 }) },
  svg: { ext: 'png', encode: (img) => img.png({ compressionLevel: 9 }) },
};

const OPTIONS: SharpOptions = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 };

/** What an image's header says: its format and size, within the caps (else a refusal). */
export async function inspect(bytes: Buffer) {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, OPTIONS).metadata();
  } catch (err) {
    throw refusal(err);
  }
  const format = meta.format === 'heif' && meta.compression !== 'av1' ? undefined : meta.format;
  const encoder = format ? ENCODERS[format] : undefined;
  if (!format || !encoder || !meta.width || !meta.height) throw fail('ADD_IMAGE_ONLY');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS)
    throw fail('IMAGE_TOO_LARGE_AT_MOST', { max: MAX_IMAGE_PIXELS / 1_000_000 });
  // An SVG is drawn at SVG_SIDE, whatever size it says it has: its own size costs nothing.
  if (format !== 'svg' && decodedBytes(meta) > MAX_DECODED_BYTES) throw fail('IMAGE_TOO_LARGE_TO_PROCESS');
  return { meta, format, encoder };
}

export type Inspected = Awaited<ReturnType<typeof inspect>>;

/** The memory the decoded pixels take: width × height × channels × bytes per channel. */
export function decodedBytes(meta: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>): number {
  return (meta.width ?? 0) * (meta.height ?? 0) * (meta.channels ?? 4) * (DEPTH_BYTES[meta.depth ?? ''] ?? 8);
}

export async function reencode(
  bytes: Buffer,
  { meta, format, encoder }: Inspected,
): Promise<{ ext: string; data: Buffer }> {
  const options = OPTIONS;
  // An SVG is drawn at the density that makes its longer side SVG_SIDE pixels.
  const density =
    format === 'svg' ? Math.min(100_000, Math.max(1, (72 * SVG_SIDE) / Math.max(meta.width, meta.height))) : undefined;
  try {
    const img = sharp(bytes, { ...options, ...(density ? { density } : {}) })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    return { ext: encoder.ext, data: await encoder.encode(img).toBuffer() };
  } catch (err) {
    throw refusal(err);
  }
}

/** What a decoding failure tells the uploader. */
function refusal(err: unknown) {
  const tooMany = /pixel limit/i.test(String((err as Error)?.message));
  return tooMany ? fail('IMAGE_TOO_LARGE_AT_MOST', { max: MAX_IMAGE_PIXELS / 1_000_000 }) : fail('ADD_IMAGE_ONLY');
}
