import { join } from 'node:path';
import { defineArea } from '../../app/area.ts';
import { imagesRoutes } from './images.rest.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { ImageDecoder } from './images.decoder.ts';
import { ImagesService, MEDIA_TYPES, UPLOADS_PER_MINUTE } from './images.service.ts';
import { DiskStorage, type ObjectStorage, S3Storage } from './storage.ts';

/** Uploaded images (logos, banners) in the data folder or a bucket, served on /media. */
export const imagesArea = defineArea({
  name: 'images',
  provides: ['images'],
  services: ({ config, cleanups, redis, log }) => {
    const storage: ObjectStorage = config.s3
      ? new S3Storage(config.s3)
      : new DiskStorage(join(config.dataDir, 'uploads'));
    if (storage instanceof S3Storage) cleanups.push(async () => storage.close());
    const decoder = new ImageDecoder(log);
    cleanups.push(() => decoder.close());
    return { images: new ImagesService(storage, createRateLimiter(UPLOADS_PER_MINUTE, redis), decoder) };
  },
  routes: imagesRoutes,
  http: ({ http, services }) => {
    // Uploaded files, from the data folder or the bucket: never executable in our origin,
    // whatever they contain (SVG may hold script).
    http.get<{ Params: { name: string } }>('/media/:name', async (req, reply) => {
      const m = /^[0-9a-f-]{36}\.([a-z]{3,4})$/.exec(req.params.name);
      const type = m ? MEDIA_TYPES[m[1]] : undefined;
      const object = type ? await services.images.storage.get(req.params.name) : null;
      if (!type || !object) return reply.code(404).send({ error: 'Not found' });
      reply
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        // Logos appear in the showcase inside other apps' pages.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('X-Content-Type-Options', 'nosniff')
        // Shown in place, never saved under a name the uploader chose (the name is ours: uuid.ext).
        .header('Content-Disposition', `inline; filename="${req.params.name}"`)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .type(type);
      if (object.length !== undefined) reply.header('Content-Length', object.length);
      return reply.send(object.body);
    });
  },
});
