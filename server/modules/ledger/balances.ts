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
      `select user_id, kind, credits_posted, debits_posted, debits_pending, credits_pending, version from ledger_accounts
        where user_id = $1 and kind in ('ADVERTISER', 'PUBLISHER')`,
      [userId],
    );
    return withoutVersions(balancesFromRows([userId], rows).get(userId)!);
  }
  return (await balancesOfMany(em, [userId])).get(userId)!;
}

function withoutVersions({
  advertiserBalance,
  publisherBalance,
  publisherOnHoldBalance,
}: VersionedBalances): UserBalances {
  return { advertiserBalance, publisherBalance, publisherOnHoldBalance };
}

interface AccountRow {
  user_id: number;
  kind: string;
  credits_posted: string;
  debits_posted: string;
  debits_pending: string;
  credits_pending: string;
  version: string;
}

/** Balances of several users in one query; every requested user is in the result. */
export async function balancesOfMany(em: EntityManager, userIds: number[]): Promise<Map<number, UserBalances>> {
  // Raw SQL inside the caller's transaction: always the committed-or-own state, never a cached entity.
  const rows = await em.execute<AccountRow[]>(
    `select user_id, kind, credits_posted, debits_posted, debits_pending, credits_pending, version from ledger_accounts
     where user_id in (${userIds.map(() => '?').join(', ')}) and kind in ('ADVERTISER', 'PUBLISHER')`,
    userIds,
  );
  return new Map([...balancesFromRows(userIds, rows)].map(([id, b]) => [id, withoutVersions(b)]));
}

/**
 * Balances with the versions of the accounts they were read from (`ledger_accounts.version`,
 * 0 for an account not made yet): of two states of one account, the higher version is the later.
 */
export interface VersionedBalances extends UserBalances {
  advertiserVersion: bigint;
  publisherVersion: bigint;
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
    version: string;
  }[],
): Map<number, VersionedBalances> {
  const result = new Map<number, VersionedBalances>(
    userIds.map((id) => [
      id,
      {
        advertiserBalance: 0n,
        publisherBalance: 0n,
        publisherOnHoldBalance: 0n,
        advertiserVersion: 0n,
        publisherVersion: 0n,
      },
    ]),
  );
  for (const a of rows) {
    const b = a.user_id === null ? undefined : result.get(a.user_id);
    if (!b) continue;
    const available = BigInt(a.credits_posted) - BigInt(a.debits_posted) - BigInt(a.debits_pending);
    if (a.kind === 'ADVERTISER') {
      b.advertiserBalance = available;
      b.advertiserVersion = BigInt(a.version);
    } else if (a.kind === 'PUBLISHER') {
      b.publisherBalance = available;
      b.publisherOnHoldBalance = BigInt(a.credits_pending);
      b.publisherVersion = BigInt(a.version);
    }
  }
  return result;
}

/** The JSON-safe payload of `balanceChanged`, with the versions its figures were read at. */
export function balancesPayload(b: VersionedBalances): BalancesPayload {
  return {
    advertiserBalance: b.advertiserBalance.toString(),
    publisherBalance: b.publisherBalance.toString(),
    publisherOnHoldBalance: b.publisherOnHoldBalance.toString(),
    advertiserVersion: b.advertiserVersion.toString(),
    publisherVersion: b.publisherVersion.toString(),
  };
}

export interface BalancesPayload {
  advertiserBalance: string;
  publisherBalance: string;
  publisherOnHoldBalance: string;
  advertiserVersion: string;
  publisherVersion: string;
}

/**
 * One subscriber's `balanceChanged` events, never going back: each account's figures are taken
 * from an event only when their version is not older than those already sent, and an event older
 * in both is dropped. Events of transfers that commit close together can be published out of
 * commit order (each is published after its own commit, by whichever instance made it); without
 * this, the older state would arrive last and stay on the subscriber's screen. return() and
 * throw() reach the source at once (unsubscribe), also while it waits for an event.
 */
export function newestBalances(source: AsyncIterableIterator<BalancesPayload>): AsyncIterableIterator<BalancesPayload> {
  let sent: BalancesPayload | undefined;
  const next = async (): Promise<IteratorResult<BalancesPayload>> => {
    for (;;) {
      const r = await source.next();
      if (r.done) return r;
      const e = r.value;
      const advertiser = !sent || BigInt(e.advertiserVersion) >= BigInt(sent.advertiserVersion);
      const publisher = !sent || BigInt(e.publisherVersion) >= BigInt(sent.publisherVersion);
      if (!advertiser && !publisher) continue;
      const a = advertiser ? e : sent!;
      const p = publisher ? e : sent!;
      sent = {
        advertiserBalance: a.advertiserBalance,
        advertiserVersion: a.advertiserVersion,
        publisherBalance: p.publisherBalance,
        publisherOnHoldBalance: p.publisherOnHoldBalance,
        publisherVersion: p.publisherVersion,
      };
      return { value: sent, done: false };
    }
  };
  const done = (): IteratorResult<BalancesPayload> => ({ value: undefined, done: true });
  return {
    next,
    return: () => (source.return ? source.return().then(done) : Promise.resolve(done())),
    throw: (error?: unknown) => (source.throw ? source.throw(error) : Promise.reject(error)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

export class InsufficientFunds extends DomainError {
  constructor(message = 'Not enough money on the balance') {
    super(ErrorCode.VALIDATION, message);
  }
}
