import type { EntityManager } from '@mikro-orm/postgresql';
import { Account } from './account.entity.ts';

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
  const accounts = await em.find(Account, { userId, kind: { $in: ['ADVERTISER', 'PUBLISHER'] } });
  const result: UserBalances = { advertiserBalance: 0n, publisherBalance: 0n, publisherOnHoldBalance: 0n };
  for (const a of accounts) {
    const available = a.creditsPosted - a.debitsPosted - a.debitsPending;
    if (a.kind === 'ADVERTISER') result.advertiserBalance = available;
    else {
      result.publisherBalance = available;
      result.publisherOnHoldBalance = a.creditsPending;
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
