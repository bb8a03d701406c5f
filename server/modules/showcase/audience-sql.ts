import type { EntityManager } from '@mikro-orm/postgresql';
import { queryPrepared } from '../../db/prepared.ts';

/** `?` placeholders (as em.execute takes them) as a named prepared statement ($1, $2, …). */
export function prepared<T>(em: EntityManager, name: string, sql: string, values: unknown[]): Promise<T[]> {
  if (em.isInTransaction()) return em.execute<T[]>(sql, values);
  let n = 0;
  return queryPrepared<T>(
    em,
    name,
    sql.replace(/\?/g, () => `$${++n}`),
    values,
  );
}

/**
 * What makes a campaign showable in an app to an audience (tier price, country, language,
 * Premium), whoever the player: running, with budget for the price, matching the targeting,
 * under the daily cap, not excluded by the app, smart links only where the app awards anyway,
 * swaps only in their app and below their quantity; not excluded by the advertiser (for the
 * campaign or all of theirs), the app's quality score at the campaign's minimum, and no paid
 * campaign while the app is paused under the network's floor (traffic quality). One text for the click's check and the cached lists, so they cannot drift apart.
 * Parameters, in order: the app id and the quality's minimum sample (`from`), then after any
 * joins the caller adds to `from`: country, language, Premium, the Premium percent.
 */
export function audienceSql(price: string) {
  return {
    from: `from (select ?::int as id, ?::int as min_sample) app
           left join lateral (select score from platform_quality(array[app.id], app.min_sample)) q on true
           cross join campaigns c
           join tasks t on t.id = c.task_id
           left join ledger_accounts a on a.kind = 'CAMPAIGN_BUDGET' and a.campaign_id = c.id and a.user_id is null
           left join platform_services s on s.platform_id = app.id and s.task_type = c.task_type
           left join exchange_deals d on d.id = c.deal_id`,
    where: `c.deleted_at is null and c.is_active and c.status = 'ACTIVE'
            and (c.platform_id is null or c.platform_id = app.id)
            and (c.deal_id is null or (d.status = 'ACTIVE' and case when c.platform_id = d.platform_id
                 then d.delivered < d.quantity else d.partner_delivered < d.partner_quantity end))
            and (cardinality(c.countries) = 0 or ?::text = any(c.countries))
            and (cardinality(c.languages) = 0 or ?::text = any(c.languages))
            and (not c.is_premium_only or ?::boolean)
            and (c.daily_cap is null or c.today_date is distinct from (now() at time zone 'utc')::date
                 or c.today_conversions < c.daily_cap)
            and ${price} is not null
            and (c.deal_id is not null or a.credits_posted - a.debits_posted - a.debits_pending >=
                ${price} + case when c.is_premium_only then ${price} * ? / 100 else 0 end)
            and not coalesce(s.is_excluded, false)
            and (c.task_type <> 'SMART_LINK' or coalesce(s.should_confirm_without_payout, false))
            and not exists (select 1 from campaign_excluded_platforms x where x.campaign_id = c.id and x.platform_id = app.id)
            and not exists (select 1 from user_excluded_platforms x where x.user_id = c.owner_id and x.platform_id = app.id)
            and (c.min_quality is null
                 or case when q.score is null then c.unscored_allowed else q.score >= c.min_quality end)
            and (c.deal_id is not null or not exists (select 1 from platform_quality_pauses qp
                 where qp.platform_id = app.id and qp.ended_at is null and qp.lifted_at is null))`,
  };
}
