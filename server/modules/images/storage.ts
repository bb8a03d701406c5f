import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../../config.ts';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** A stored upload as `/media/<name>` serves it. */
export interface StoredObject {
  body: Readable;
  length?: number;
}

/**
 * Where uploads live: the data folder (one host) or S3-compatible object storage (several
 * hosts: every instance reads what any of them stored). Names are `<uuid>.<ext>`, checked by
 * the caller.
 */
export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none by that name. */
  get(name: string): Promise<StoredObject | null>;
}

export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk' as const;
  constructor(private readonly dir: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), bytes);
  }

  async get(name: string): Promise<StoredObject | null> {
    const path = join(this.dir, name);
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      return { body: createReadStream(path), length: s.size };
    } catch {
      return null;
    }
  }
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly s: S3Settings) {
    this.client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials:
        s.accessKeyId && s.secretAccessKey
          ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
          : undefined,
    });
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s.bucket,
        Key: `uploads/${name}`,
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(name: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: `uploads/${name}` }));
      if (!res.Body) return null;
      return { body: res.Body as Readable, length: res.ContentLength };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  close() {
    this.client.destroy();
  }
}
