import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { tooLarge, validation } from '../../errors.ts';
import type { ObjectStorage } from './storage.ts';

export const MAX_IMAGE_BYTES = 1024 * 1024;
const BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
};
/** The Content-Type `/media` answers for each stored extension. */
export const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
const ALLOWED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'svg', 'avif'];

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}

/** Images are judged by their bytes, not by the name or type the browser claims. */
export class ImagesService {
  constructor(private readonly storage: ObjectStorage) {}

  async store(bytes: Buffer, filename: string): Promise<{ path: string }> {
    if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
    if (bytes.length === 0) throw validation('Add an image only');
    const claimed = filename.split('.').pop()?.toLowerCase() ?? '';
    if (claimed && !ALLOWED_EXTENSIONS.includes(claimed)) throw validation('Add an image only');
    const sniffed = await fileTypeFromBuffer(bytes);
    // file-type reports an SVG that starts with an XML declaration as application/xml.
    const ext = (sniffed && BY_MIME[sniffed.mime]) ?? (looksLikeSvg(bytes) ? 'svg' : undefined);
    if (!ext) throw validation('Add an image only');
    const name = `${randomUUID()}.${ext}`;
    await this.storage.put(name, bytes, MEDIA_TYPES[ext]);
    return { path: `/media/${name}` };
  }
}
