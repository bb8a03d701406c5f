import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { tooLarge, validation } from '../../errors.ts';
import type { ObjectStorage } from './storage.ts';

export const MAX_IMAGE_BYTES = 1024 * 1024;
/** A decoded image may have at most this many pixels (a 1 MB file can claim far more). */
export const MAX_IMAGE_PIXELS = 50_000_000;
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
} as const;

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
  constructor(readonly storage: ObjectStorage) {}

  async store(bytes: Buffer, filename: string): Promise<{ path: string }> {
    if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
    if (bytes.length === 0) throw validation(IMAGE_MESSAGES.notImage);
    const claimed = filename.split('.').pop()?.toLowerCase() ?? '';
    if (claimed && !ALLOWED_EXTENSIONS.includes(claimed)) throw validation(IMAGE_MESSAGES.notImage);
    const { ext, data } = await reencode(bytes);
    if (data.length > MAX_IMAGE_BYTES) throw tooLarge();
    const name = `${randomUUID()}.${ext}`;
    await this.storage.put(name, data, MEDIA_TYPES[ext]);
    return { path: `/media/${name}` };
  }
}

async function reencode(bytes: Buffer): Promise<{ ext: string; data: Buffer }> {
  const options: SharpOptions = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (err) {
    throw refusal(err);
  }
  const format = meta.format === 'heif' && meta.compression !== 'av1' ? undefined : meta.format;
  const encoder = format ? ENCODERS[format] : undefined;
  if (!encoder || !meta.width || !meta.height) throw validation(IMAGE_MESSAGES.notImage);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw validation(IMAGE_MESSAGES.tooManyPixels);
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
