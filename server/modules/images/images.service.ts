import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { rateLimited, tooLarge, validation } from '../../errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { ObjectStorage } from './storage.ts';

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
/** Images decoded at once by this instance; more wait their turn (at most DECODES_WAITING of them). */
export const DECODES_AT_ONCE = 1;
const DECODES_WAITING = 32;
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
const ALLOWED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'svg', 'avif'];
export const IMAGE_MESSAGES = {
  notImage: 'Add an image only',
  tooManyPixels: `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
  tooManyBytes:
    'The image is too large to process: at most 64 MB once decoded (width × height × channels × bytes per channel), such as 4096 × 4096 with transparency at 8 bits. Save it smaller, or at 8 bits per channel.',
  tooFast: `You are uploading images too fast: at most ${UPLOADS_PER_MINUTE} a minute. Wait a minute and try again.`,
  tooMany: `At most ${UPLOADS_AT_ONCE} uploads at once: wait for one to finish, then try again.`,
  busy: 'Images are being processed for many people right now. Try again in a few seconds.',
} as const;

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

/**
 * Images are decoded, not sniffed: the bytes must decode completely with libvips (sharp), and
 * what is stored is a new encoding of the pixels, upright (EXIF orientation applied), at most
 * MAX_IMAGE_SIDE on a side, with no metadata at all (no EXIF GPS position of a phone photo, no
 * XMP, no comments). An SVG is drawn to a PNG, so no script or outside reference survives.
 */
export class ImagesService {
  /**
   * Decoding takes a thread of libuv's pool (four) and a core for as long as it lasts, and so
   * does password hashing: with the decodes bounded here, sign-in and every other request keep
   * their threads and their latency while the largest allowed images decode.
   */
  private readonly decodes = pLimit(DECODES_AT_ONCE);
  /** Uploads in progress per user on this instance. */
  private readonly uploading = new Map<number, number>();

  constructor(
    readonly storage: ObjectStorage,
    private readonly limiter?: RateLimiter,
  ) {}

  /** A user's upload: within their rate (UPLOADS_PER_MINUTE) and concurrency (UPLOADS_AT_ONCE), else 429. */
  async upload(userId: number, bytes: Buffer, filename: string): Promise<{ path: string }> {
    const atOnce = this.uploading.get(userId) ?? 0;
    if (atOnce >= UPLOADS_AT_ONCE) throw rateLimited(IMAGE_MESSAGES.tooMany, 1);
    if (this.limiter && !(await this.limiter.hit(`upload:${userId}`, UPLOADS_PER_MINUTE))) {
      throw rateLimited(IMAGE_MESSAGES.tooFast, Math.max(1, Math.ceil((60_000 - (Date.now() % 60_000)) / 1000)));
    }
    this.uploading.set(userId, (this.uploading.get(userId) ?? 0) + 1);
    try {
      return await this.store(bytes, filename);
    } finally {
      const left = (this.uploading.get(userId) ?? 1) - 1;
      if (left > 0) this.uploading.set(userId, left);
      else this.uploading.delete(userId);
    }
  }

  async store(bytes: Buffer, filename: string): Promise<{ path: string }> {
    if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
    if (bytes.length === 0) throw validation(IMAGE_MESSAGES.notImage);
    const claimed = filename.split('.').pop()?.toLowerCase() ?? '';
    if (claimed && !ALLOWED_EXTENSIONS.includes(claimed)) throw validation(IMAGE_MESSAGES.notImage);
    // The header alone says what decoding would cost: what is over a cap is refused before it waits.
    const checked = await inspect(bytes);
    if (this.decodes.pendingCount >= DECODES_WAITING) throw rateLimited(IMAGE_MESSAGES.busy, 3);
    const { ext, data } = await this.decodes(() => reencode(bytes, checked));
    if (data.length > MAX_IMAGE_BYTES) throw tooLarge();
    const name = `${randomUUID()}.${ext}`;
    await this.storage.put(name, data, MEDIA_TYPES[ext]);
    return { path: `/media/${name}` };
  }
}

const OPTIONS: SharpOptions = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 };

/** What an image's header says: its format and size, within the caps (else a refusal). */
async function inspect(bytes: Buffer) {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, OPTIONS).metadata();
  } catch (err) {
    throw refusal(err);
  }
  const format = meta.format === 'heif' && meta.compression !== 'av1' ? undefined : meta.format;
  const encoder = format ? ENCODERS[format] : undefined;
  if (!format || !encoder || !meta.width || !meta.height) throw validation(IMAGE_MESSAGES.notImage);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw validation(IMAGE_MESSAGES.tooManyPixels);
  // An SVG is drawn at SVG_SIDE, whatever size it says it has: its own size costs nothing.
  if (format !== 'svg' && decodedBytes(meta) > MAX_DECODED_BYTES) throw validation(IMAGE_MESSAGES.tooManyBytes);
  return { meta, format, encoder };
}

/** The memory the decoded pixels take: width × height × channels × bytes per channel. */
export function decodedBytes(meta: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>): number {
  return (meta.width ?? 0) * (meta.height ?? 0) * (meta.channels ?? 4) * (DEPTH_BYTES[meta.depth ?? ''] ?? 8);
}

async function reencode(
  bytes: Buffer,
  { meta, format, encoder }: Awaited<ReturnType<typeof inspect>>,
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
  return validation(tooMany ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.notImage);
}
