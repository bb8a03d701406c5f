import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { fail, says } from '../failures.ts';

/** How long a stored first result answers retries of its key. */
export const IDEMPOTENCY_TTL_HOURS = 24;

const KEY = /^[\x21-\x7e]{1,255}$/;

/** `idempotencyKey` in a body or as a GraphQL argument: the header's rules and message. */
export const IdempotencyKeyField = z
  .string({ error: says('IDEMPOTENCY_KEY_MUST_1_TO') })
  .regex(KEY, says('IDEMPOTENCY_KEY_MUST_1_TO'));

/** One create sent with an `Idempotency-Key`: who sent it, the key, and what it asked for. */
export interface OnceRequest {
  userId: number;
  /** The raw header (or body field); absent → the create simply runs. */
  key: string | undefined | null;
  /** The operation's name: one key cannot answer two kinds of create. */
  operation: string;
  /** Everything the create depends on (path parameters and the parsed input). */
  request: unknown;
}

/** The header's value checked: visible ASCII, at most 255 characters (IETF idempotency-key draft). */
export function idempotencyKey(raw: string | undefined | null): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!KEY.test(raw)) throw fail('IDEMPOTENCY_KEY_MUST_1_TO');
  return raw;
}

/**
 * The key of one call: the body's field (or GraphQL argument) `idempotencyKey`, else the
 * `Idempotency-Key` header. Either malformed is a 400, never ignored (an ignored key would let
 * a retry move money twice); both given must be the same key.
 */
export function callKey(field: string | undefined | null, header: string | undefined | null): string | undefined {
  const a = idempotencyKey(field);
  const b = idempotencyKey(header);
  if (a !== undefined && b !== undefined && a !== b) throw fail('IDEMPOTENCY_KEY_HEADER_AND_IDEMPOTENCYKEY');
  return a ?? b;
}

/** JSON with sorted keys and bigints as strings: the same input always hashes the same. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
    }
    return v;
  });
}

export function requestHash(operation: string, request: unknown): string {
  return createHash('sha256').update(operation).update('\0').update(canonical(request)).digest('hex');
}

/**
 * Runs a create at most once per user and key, inside the caller's transaction `tx`.
 *
 * The key is claimed first (an insert into `idempotency_keys`): a concurrent request with the
 * same key waits on that row until the first transaction ends, then either finds the first
 * result (committed) or claims the key itself (the first one rolled back, so nothing was
 * created and nothing is stored). A failed create leaves no key behind: the same key may be
 * sent again with a corrected request. A retry of a committed create answers `replay(id)`, the
 * object as it is now; a key reused for a different request is refused. Keys older than
 * IDEMPOTENCY_TTL_HOURS are forgotten.
 */
export async function once<T>(
  tx: EntityManager,
  req: OnceRequest,
  replay: (id: number) => Promise<T>,
  create: () => Promise<{ id: number; result: T }>,
): Promise<T> {
  const key = idempotencyKey(req.key);
  if (!key) return (await create()).result;
  const hash = requestHash(req.operation, req.request);
  await tx.execute(
    `delete from idempotency_keys where user_id = ? and key = ? and created_at < now() - make_interval(hours => ?)`,
    [req.userId, key, IDEMPOTENCY_TTL_HOURS],
  );
  const claimed = await tx.execute<{ ok: number }[]>(
    `insert into idempotency_keys (user_id, key, operation, request_hash) values (?, ?, ?, ?)
     on conflict (user_id, key) do nothing returning 1 as ok`,
    [req.userId, key, req.operation, hash],
  );
  if (!claimed.length) {
    const [first] = await tx.execute<{ operation: string; request_hash: string; result_id: number | null }[]>(
      'select operation, request_hash, result_id from idempotency_keys where user_id = ? and key = ?',
      [req.userId, key],
    );
    if (!first || first.operation !== req.operation || first.request_hash !== hash) {
      throw fail('IDEMPOTENCY_KEY_REUSED');
    }
    // Written in the same transaction as the claim, so a committed claim always has it.
    if (first.result_id === null) throw fail('IDEMPOTENCY_KEY_REUSED');
    return replay(first.result_id);
  }
  const { id, result } = await create();
  await tx.execute('update idempotency_keys set result_id = ? where user_id = ? and key = ?', [id, req.userId, key]);
  return result;
}

/** Lets a key go (its first try failed after committing, e.g. the payment provider refused). */
export async function forget(em: EntityManager, userId: number, key: string): Promise<void> {
  await em.execute('delete from idempotency_keys where user_id = ? and key = ?', [userId, key]);
}

/** Forgets first results older than IDEMPOTENCY_TTL_HOURS (a background job). */
export async function purgeIdempotencyKeys(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ n: string }[]>(
    `with gone as (delete from idempotency_keys where created_at < now() - make_interval(hours => ?) returning 1)
     select count(*) as n from gone`,
    [IDEMPOTENCY_TTL_HOURS],
  );
  return Number(rows[0]?.n ?? 0);
}
