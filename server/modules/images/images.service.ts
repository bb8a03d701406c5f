import type { User } from '../users/user.entity.ts';
import { authorize } from '../../lib/access.ts';
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { type RateLimiter, secondsLeftInMinute } from '../../lib/rate-limit.ts';
import {
  ALLOWED_EXTENSIONS,
  decodedBytes,
  inspect,
  MAX_IMAGE_BYTES,
  MEDIA_TYPES,
  reencode,
  UPLOADS_AT_ONCE,
  UPLOADS_PER_MINUTE,
} from './images.codec.ts';
import type { ImageDecoder } from './images.decoder.ts';
import type { ObjectStorage } from './storage.ts';
import { fail, failWith } from '../../failures.ts';

export {
  decodedBytes,
  MAX_DECODED_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MEDIA_TYPES,
  UPLOADS_AT_ONCE,
  UPLOADS_PER_MINUTE,
} from './images.codec.ts';

/** Images decoded at once by this instance; more wait their turn (at most DECODES_WAITING of them). */
export const DECODES_AT_ONCE = 1;
const DECODES_WAITING = 32;
/** Images that decode to more than this go to the decoder process; smaller ones (logos) decode here. */
export const DECODE_APART_BYTES = 8 * 1024 * 1024;

/**
 * Images are decoded, not sniffed: the bytes must decode completely with libvips (sharp), and
 * what is stored is a new encoding of the pixels, upright (EXIF orientation applied), at most
 * MAX_IMAGE_SIDE on a side, with no metadata at all (no EXIF GPS position of a phone photo, no
 * XMP, no comments). An SVG is drawn to a PNG, so no script or outside reference survives.
 */
export class ImagesService {
  /**
   * Decoding takes a thread of libuv's pool (four) and a core for as long as it lasts, and so
   * does password hashing: decodes are bounded here, and a large one runs in the decoder
   * process at the lowest CPU priority, so sign-in and every other request keep their threads,
   * their cores and their latency while the largest allowed images decode.
   */
  private readonly decodes = pLimit(DECODES_AT_ONCE);
  /** Uploads in progress per user on this instance. */
  private readonly uploading = new Map<number, number>();

  constructor(
    readonly storage: ObjectStorage,
    private readonly limiter?: RateLimiter,
    /** Where large images decode, at the lowest CPU priority (images.decoder.ts). */
    private readonly decoder?: ImageDecoder,
  ) {}

  /** A user's upload: within their rate (UPLOADS_PER_MINUTE) and concurrency (UPLOADS_AT_ONCE), else 429. */
  async upload(user: User, bytes: Buffer, filename: string): Promise<{ path: string }> {
    authorize(user, 'image.upload');
    const userId = user.id;
    const atOnce = this.uploading.get(userId) ?? 0;
    if (atOnce >= UPLOADS_AT_ONCE)
      throw failWith('AT_MOST_UPLOADS_AT_ONCE', { retryAfterSeconds: 1 }, { max: UPLOADS_AT_ONCE });
    // The slot is taken before anything is awaited: two requests at once cannot both pass.
    this.uploading.set(userId, atOnce + 1);
    try {
      if (this.limiter && !(await this.limiter.hit(`upload:${userId}`, UPLOADS_PER_MINUTE))) {
        throw failWith(
          'UPLOADING_IMAGES_TOO_FAST',
          { retryAfterSeconds: secondsLeftInMinute() },
          { max: UPLOADS_PER_MINUTE },
        );
      }
      return await this.store(bytes, filename);
    } finally {
      const left = (this.uploading.get(userId) ?? 1) - 1;
      if (left > 0) this.uploading.set(userId, left);
      else this.uploading.delete(userId);
    }
  }

  async store(bytes: Buffer, filename: string): Promise<{ path: string }> {
    if (bytes.length > MAX_IMAGE_BYTES) throw fail('TOO_LARGE_FILE');
    if (bytes.length === 0) throw fail('ADD_IMAGE_ONLY');
    const claimed = filename.split('.').pop()?.toLowerCase() ?? '';
    if (claimed && !ALLOWED_EXTENSIONS.includes(claimed)) throw fail('ADD_IMAGE_ONLY');
    // The header alone says what decoding would cost: what is over a cap is refused before it waits.
    const checked = await inspect(bytes);
    if (this.decodes.pendingCount >= DECODES_WAITING)
      throw failWith('IMAGES_ARE_BEING_PROCESSED_FOR', { retryAfterSeconds: 3 });
    const apart = this.decoder && decodedBytes(checked.meta) > DECODE_APART_BYTES;
    const { ext, data } = await this.decodes(() => (apart ? this.decoder!.reencode(bytes) : reencode(bytes, checked)));
    if (data.length > MAX_IMAGE_BYTES) throw fail('TOO_LARGE_FILE');
    const name = `${randomUUID()}.${ext}`;
    await this.storage.put(name, data, MEDIA_TYPES[ext]);
    return { path: `/media/${name}` };
  }
}
