import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../failures.ts';

/** The tables whose rows carry a version a person's change bumps (teams: no lost edits). */
export type Versioned = 'campaigns' | 'platforms' | 'projects';

/**
 * Bumps the version of `table`'s row `id` of `ownerId` in the transaction `tx`, if it is at
 * `expected` (or whatever it is at, without one), holding the row until the transaction ends so
 * changes apply one after the other. Answers `stale` with the version the row is at when another
 * change came first; `missing` when the owner has no such row (the caller answers its 404).
 */
export async function bumpVersion(
  tx: EntityManager,
  table: Versioned,
  id: number,
  ownerId: number,
  expected?: number,
): Promise<{ ok: true } | { ok: false; stale: number } | { ok: false; missing: true }> {
  const [row] = await tx.execute<{ version: number }[]>(
    `select version from ${table} where id = ? and owner_id = ? for update`,
    [id, ownerId],
  );
  if (!row) return { ok: false, missing: true };
  if (expected !== undefined && row.version !== expected) return { ok: false, stale: row.version };
  await tx.execute(`update ${table} set version = version + 1 where id = ?`, [id]);
  return { ok: true };
}

/** The version an `If-Match` header names (`"3"`, `W/"3"`, `3`); undefined without one; NaN for anything else. */
export function versionOfIfMatch(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

/** A version as an ETag. */
export const etagOf = (version: number) => `"${version}"`;

/** A version a change names must be a whole number (REST's If-Match, GraphQL's expectedVersion). */
export function checkVersion(version: number | undefined) {
  if (version !== undefined && !Number.isSafeInteger(version)) throw fail('VERSION_INVALID');
}
