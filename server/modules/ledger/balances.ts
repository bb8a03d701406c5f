import type { EntityManager } from '@mikro-orm/postgresql';

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
  // Raw SQL inside the caller's transaction: always the committed-or-own state, never a cached entity.
  const rows = await em.execute<
    { kind: string; credits_posted: string; debits_posted: string; debits_pending: string; credits_pending: string }[]
  >(
    `select kind, credits_posted, debits_posted, debits_pending, credits_pending from ledger_accounts
     where user_id = ? and kind in ('ADVERTISER', 'PUBLISHER')`,
    [userId],
  );
  const result: UserBalances = { advertiserBalance: 0n, publisherBalance: 0n, publisherOnHoldBalance: 0n };
  for (const a of rows) {
    const available = BigInt(a.credits_posted) - BigInt(a.debits_posted) - BigInt(a.debits_pending);
    if (a.kind === 'ADVERTISER') result.advertiserBalance = available;
    else {
      result.publisherBalance = available;
      result.publisherOnHoldBalance = BigInt(a.credits_pending);
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
