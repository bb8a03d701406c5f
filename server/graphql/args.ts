import type { z } from 'zod';
import { firstIssue, validation } from '../errors.ts';
import { MAX_ID } from '../rest/params.ts';

/** An id argument: a whole number from 1 to 2147483647 (PostgreSQL's integer ids). */
export function parseId(id: string | number): number {
  const n = typeof id === 'string' && !/^\d{1,10}$/.test(id.trim()) ? Number.NaN : Number(id);
  if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_ID) throw validation('Invalid id');
  return n;
}

export function checkPage(page: number, limit: number, maxLimit = 100) {
  if (!Number.isInteger(page) || page < 1) throw validation('page must be a whole number from 1');
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit)
    throw validation(`limit must be from 1 to ${maxLimit}`);
}

/** GraphQL inputs go through the same zod schemas as REST, so the messages match. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw firstIssue(result.error);
  return result.data;
}
