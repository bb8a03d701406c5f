import type { z } from 'zod';
import { MAX_ID } from '../rest/params.ts';
import { fail, firstIssue } from '../failures.ts';

/** An id argument: a whole number from 1 to 2147483647 (PostgreSQL's integer ids). */
export function parseId(id: string | number): number {
  const n = typeof id === 'string' && !/^\d{1,10}$/.test(id.trim()) ? Number.NaN : Number(id);
  if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_ID) throw fail('INVALID_ID');
  return n;
}

export function checkPage(page: number, limit: number, maxLimit = 100) {
  if (!Number.isInteger(page) || page < 1) throw fail('PAGE_MUST_WHOLE_NUMBER_FROM');
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw fail('LIMIT_MUST_FROM_1_TO', { maxLimit });
}

/** GraphQL inputs go through the same zod schemas as REST, so the messages match. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw firstIssue(result.error);
  return result.data;
}

/** The description of a mutation's `expectedVersion` argument (teams: no lost edits). */
export const expectedVersionOf = (thing: string) =>
  `The version the change was made on (${thing}.version): when someone saved first, the error STALE_VERSION carries \`current\`, the ${thing.toLowerCase()} as it is. Without it the change applies as it is.`;
