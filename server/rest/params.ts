import { z } from 'zod';
import { says } from '../failures.ts';

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id from the path, e.g. `:id` (an id past MAX_ID names nothing: 404 where looked up). */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: says('MUST_NUMBER', { name }) })
    .int(says('MUST_NUMBER', { name }))
    .positive(says('MUST_NUMBER', { name }))
    .max(MAX_ID, says('MUST_AT_MOST', { name, max: MAX_ID }));

/** `page` (from 1) and `limit` (1 to 100) query parameters with the list's default page size. */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    page: z.coerce.number().int().min(1, says('PAGE_MUST_AT_LEAST_1')).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, says('LIMIT_MUST_AT_LEAST_1'))
      .max(100, says('LIMIT_MUST_AT_MOST_100'))
      .default(defaultLimit),
  });

/** An uploaded image (`/media/...` from POST /v1/images) or an https URL. */
export const imagePath = (requiredMessage: string, invalidMessage = 'Upload the image first') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(500)
    .refine((v) => /^\/media\/[\w.-]+$/.test(v) || /^https:\/\//.test(v), invalidMessage);
