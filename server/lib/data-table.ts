import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';

/**
 * The generic data table of spec 7: `page` (from 1), `size`, `sortOrder` (asc|desc), `sortField`,
 * `filters` (a JSON object) and `search`; the answer is `{ data, totalCount }`. One schema per
 * table, built from the fields it can sort by and the shape of its filters, so REST (query
 * strings) and GraphQL (arguments) check the same way and give the same messages.
 */
export const TABLE_PAGE_SIZES = [5, 10, 20, 30, 50] as const;
export const TABLE_DEFAULT_SIZE = 10;

export interface TableQuery<F, S extends string> {
  page: number;
  size: number;
  sortField?: S;
  sortOrder?: 'asc' | 'desc';
  filters: F;
  search?: string;
}

export interface TablePage<T> {
  data: T[];
  totalCount: number;
}

/** `sortField` (one of the list's allow-listed fields) and `sortOrder`, both optional. */
export function sortParams<S extends string>(sortFields: readonly [S, ...S[]]) {
  return z.object({
    sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).optional(),
    sortField: z.enum(sortFields, { error: `sortField must be one of ${sortFields.join(', ')}` }).optional(),
  });
}

/**
 * One page of a listing and the count of all it selects, side by side: `sql.rows` gets
 * `limit ? offset ?` appended, both statements take `params`.
 */
export async function tablePage<R>(
  em: EntityManager,
  q: { page: number; size: number },
  sql: { count: string; rows: string },
  params: unknown[],
): Promise<{ rows: R[]; totalCount: number }> {
  const [[count], rows] = await Promise.all([
    em.execute<{ n: string | number }[]>(sql.count, params),
    em.execute<R[]>(`${sql.rows} limit ? offset ?`, [...params, q.size, (q.page - 1) * q.size]),
  ]);
  return { rows, totalCount: Number(count.n) };
}

export function dataTableQuery<S extends string, F extends z.ZodObject>(sortFields: readonly [S, ...S[]], filters: F) {
  return z
    .object({
      page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
      size: z.coerce
        .number({ error: 'size must be a number' })
        .int()
        .min(1, 'size must be at least 1')
        .max(100, 'size must be at most 100')
        .default(TABLE_DEFAULT_SIZE),
      ...sortParams(sortFields).shape,
      // A query string carries JSON text; GraphQL and tests may pass the object itself.
      filters: z
        .union([z.string(), z.record(z.string(), z.unknown())])
        .optional()
        .transform((v, ctx) => {
          if (v === undefined || v === '') return {};
          if (typeof v !== 'string') return v;
          try {
            return JSON.parse(v) as unknown;
          } catch {
            ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object', path: [] });
            return z.NEVER;
          }
        })
        .pipe(filters.strict() as unknown as F),
      search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
    })
    .transform((q) => ({ ...q, search: q.search || undefined }));
}

/** A search term for ILIKE: the user's % and _ match themselves. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One value or several of an enum, e.g. `{"status": "NEW"}` or `{"status": ["NEW", "IN_REVIEW"]}`. */
export function oneOrMany<const T extends readonly [string, ...string[]]>(values: T, name: string) {
  const one = z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });
  // One value is read as a list of one, so a wrong value gets the enum's message.
  return z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z
      .array(one, { error: `${name} must be one of ${values.join(', ')}` })
      .max(values.length)
      .optional(),
  );
}
