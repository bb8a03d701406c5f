import { z } from 'zod';
import { route } from '../../rest/route.ts';

export const imagesRoutes = [
  route({
    method: 'POST',
    path: '/v1/images',
    tag: 'images',
    summary:
      'Upload an image (multipart field `image`, at most 1 MB; png, jpg, jpeg, webp, svg or avif by content; at most 50 megapixels and 64 MB decoded). A user uploads at most 20 images a minute and 2 at once: past that, 429 with Retry-After.',
    access: 'user',
    upload: { field: 'image' },
    status: 201,
    response: z.object({ path: z.string() }),
    handler: async (ctx, { file }) => ctx.services.images.upload(ctx.account!, file!.bytes, file!.filename),
  }),
];
