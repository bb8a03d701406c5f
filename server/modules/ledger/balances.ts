import type { EntityManager } from '@mikro-orm/postgresql';
import { queryPrepared } from '../../db/prepared.ts';
import { DomainError, ErrorCode } from '../../errors.ts';

export interface UserBalances {
  advertiserBalance: bigint;
  publisherBalance: bigint;
  publisherOnHoldBalance: bigint;
}

/**
 * A user's balances, read from their ledger accounts (credit-normal, as in TigerBeetle):
 * available = posted credits − posted debits − pending debits; on hold = pending credits.
 */
export async function balancesOf(em: EntityManager, userId: number): Promise<UserBalances> {
  if (!em.isInTransaction()) {
    // Outside a transaction (every read of the header's balances): a prepared statement.
    const rows = await queryPrepared<AccountRow>(
      em,
      'balances_of_user',
      `select user_id, kind, credits_posted, debits_posted, debits_pending, credits_pending from ledger_accounts
        where user_id = $1 and kind in ('ADVERTISER', 'PUBLISHER')`,
      [userId],
    );
    return balancesFromRows([userId], rows).get(userId)!;
  }
  return (await balancesOfMany(em, [userId])).get(userId)!;
}

interface AccountRow {
  user_id: number;
  kind: string;
  credits_posted: string;
  debits_posted: string;
  debits_pending: string;
  credits_pending: string;
}

/** Balances of several users in one query; every requested user is in the result. */
export async function balancesOfMany(em: EntityManager, userIds: number[]): Promise<Map<number, UserBalances>> {
  // Raw SQL inside the caller's transaction: always the committed-or-own state, never a cached entity.
  const rows = await em.execute<AccountRow[]>(
    `select user_id, kind, credits_posted, debits_posted, debits_pending, credits_pending from ledger_accounts
     where user_id in (${userIds.map(() => '?').join(', ')}) and kind in ('ADVERTISER', 'PUBLISHER')`,
    userIds,
  );
  return balancesFromRows(userIds, rows);
}

/** Account rows (ADVERTISER and PUBLISHER kinds) → each requested user's balances. */
export function balancesFromRows(
  userIds: number[],
  rows: {
    user_id: number | null;
    kind: string;
    credits_posted: string;
    debits_posted: string;
    debits_pending: string;
    credits_pending: string;
  }[],
): Map<number, UserBalances> {
  const result = new Map<number, UserBalances>(
    userIds.map((id) => [id, { advertiserBalance: 0n, publisherBalance: 0n, publisherOnHoldBalance: 0n }]),
  );
  for (const a of rows) {
    const b = a.user_id === null ? undefined : result.get(a.user_id);
    if (!b) continue;
    const available = BigInt(a.credits_posted) - BigInt(a.debits_posted) - BigInt(a.debits_pending);
    if (a.kind === 'ADVERTISER') b.advertiserBalance = available;
    else if (a.kind === 'PUBLISHER') {
      b.publisherBalance = available;
      b.publisherOnHoldBalance = BigInt(a.credits_pending);
    }
  }
  return result;
}

/** The JSON-safe payload of `balanceChanged`. */
export function balancesPayload(b: UserBalances) {
  return {
    advertiserBalance: b.advertiserBalance.toString(),
    publisherBalance: b.publisherBalance.toString(),
    publisherOnHoldBalance: b.publisherOnHoldBalance.toString(),
  };
}

export class InsufficientFunds extends DomainError {
  constructor(message = 'Not enough money on the balance') {
    super(ErrorCode.VALIDATION, message);
  }
}
