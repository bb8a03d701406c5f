import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { says } from '../failures.ts';

/**
 * The generic data table: `page` (from 1), `size`, `sortOrder` (asc|desc), `sortField`,
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
    sortOrder: z.enum(['asc', 'desc'], { error: says('SORTORDER_MUST_ASC_OR_DESC') }).optional(),
    sortField: z
      .enum(sortFields, { error: says('SORTFIELD_MUST_ONE_OF', { values: sortFields.join(', ') }) })
      .optional(),
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

const sizeParam = (name: string) =>
  z.coerce
    .number({ error: says('MUST_NUMBER', { name }) })
    .int()
    .min(1, says('MUST_AT_LEAST_1', { name }))
    .max(100, says('MUST_AT_MOST_100', { name }))
    .optional();

/**
 * The query of one list. `limit` is read as `size` (the spec's list calls say `limit`); the
 * list's older top-level filters (`legacy`, e.g. `?status=FAILED`) are read into `filters`, where
 * the same rules check them.
 */
export function dataTableQuery<S extends string, F extends z.ZodObject, L extends z.ZodRawShape = Record<never, never>>(
  sortFields: readonly [S, ...S[]],
  filters: F,
  opts: { defaultSize?: number; legacy?: L } = {},
) {
  const strict = filters.strict();
  return z
    .object({
      page: z.coerce
        .number({ error: says('PAGE_MUST_NUMBER') })
        .int()
        .min(1, says('PAGE_MUST_AT_LEAST_1'))
        .default(1),
      size: sizeParam('size'),
      limit: sizeParam('limit'),
      ...sortParams(sortFields).shape,
      // A query string carries JSON text; GraphQL and tests may pass the object itself.
      filters: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
      search: z.string().trim().max(100, says('SEARCH_MUST_AT_MOST_100')).optional(),
      ...((opts.legacy ?? {}) as L),
    })
    .transform((q, ctx) => {
      const { page, size, limit, sortField, sortOrder, search, filters: given } = q as Record<string, unknown>;
      const rest: Record<string, unknown> = { ...q };
      for (const key of ['page', 'size', 'limit', 'sortField', 'sortOrder', 'search', 'filters']) delete rest[key];
      let parsed: unknown = {};
      if (typeof given === 'string' && given !== '') {
        try {
          parsed = JSON.parse(given) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: says('FILTERS_MUST_JSON_OBJECT'), path: ['filters'] });
          return z.NEVER;
        }
      } else if (given && typeof given === 'object') parsed = given;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: says('FILTERS_MUST_JSON_OBJECT'), path: ['filters'] });
        return z.NEVER;
      }
      const legacy = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      const checked = strict.safeParse({ ...legacy, ...parsed });
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          ctx.addIssue({
            code: 'custom',
            message:
              issue.code === 'unrecognized_keys'
                ? says('UNKNOWN_FILTER', { keys: issue.keys.join(', ') })
                : issue.message,
            path: ['filters', ...issue.path],
          });
        }
        return z.NEVER;
      }
      const out: TableQuery<z.output<F>, S> = {
        page: page as number,
        size: (size ?? limit ?? opts.defaultSize ?? TABLE_DEFAULT_SIZE) as number,
        sortField: sortField as S | undefined,
        sortOrder: sortOrder as 'asc' | 'desc' | undefined,
        filters: checked.data as z.output<F>,
        search: (search as string | undefined) || undefined,
      };
      return out;
    });
}

/**
 * Every row of a listing for an export, read `batch` rows at a time (never all in memory). The
 * order must end on a unique key so pages do not overlap.
 */
export async function* tableRows<R>(em: EntityManager, sql: string, params: unknown[], batch = 500): AsyncGenerator<R> {
  for (let offset = 0; ; offset += batch) {
    const rows = await em.execute<R[]>(`${sql} limit ? offset ?`, [...params, batch, offset]);
    yield* rows;
    if (rows.length < batch) return;
  }
}

/** `{ data, totalCount }` of the data table, with `total` kept for the spec's older list calls. */
export const withTotal = <T>(p: TablePage<T>) => ({ data: p.data, total: p.totalCount, totalCount: p.totalCount });

/** A search term for ILIKE: the user's % and _ match themselves. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One value or several of an enum, e.g. `{"status": "NEW"}` or `{"status": ["NEW", "IN_REVIEW"]}`. */
export function oneOrMany<const T extends readonly [string, ...string[]]>(values: T, name: string) {
  const one = z.enum(values, { error: says('MUST_ONE_OF', { name, values: values.join(', ') }) });
  // One value is read as a list of one, so a wrong value gets the enum's message.
  return z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z
      .array(one, { error: says('MUST_ONE_OF', { name, values: values.join(', ') }) })
      .max(values.length)
      .optional(),
  );
}
