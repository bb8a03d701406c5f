import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Forgets account notices after 30 days, sign-in addresses 90 days after their last use, spent
 * or expired sign-in codes after a day, and sessions 30 days after they ended or expired (a job).
 */
export async function purgeAccountSafety(
  em: EntityManager,
): Promise<{ notices: number; addresses: number; codes: number; sessions: number }> {
  const [row] = await em.execute<{ notices: string; addresses: string; codes: string; sessions: string }[]>(
    `with notices as (delete from account_notices where created_at < now() - interval '30 days' returning 1),
          addresses as (delete from sign_in_addresses where last_seen_at < now() - interval '90 days' returning 1),
          codes as (delete from sign_in_codes where expires_at < now() - interval '1 day' returning 1),
          sessions as (delete from sessions
                        where coalesce(ended_at, expires_at) < now() - interval '30 days' and expires_at < now() returning 1),
          hits as (delete from rate_limit_hits where expires_at < now() - interval '1 minute'),
          slots as (delete from rate_limit_slots where until < now())
     select (select count(*) from notices) as notices, (select count(*) from addresses) as addresses,
            (select count(*) from codes) as codes, (select count(*) from sessions) as sessions`,
  );
  return {
    notices: Number(row.notices),
    addresses: Number(row.addresses),
    codes: Number(row.codes),
    sessions: Number(row.sessions),
  };
}
