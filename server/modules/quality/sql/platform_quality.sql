-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- Apps' traffic quality over the last 30 UTC days (today included), from at most 30 rollup rows
-- each: the components, the points each one takes off 100, and the score (null under
-- p_min_sample paid conversions: "not enough data"). The weights and their reasons are in the
-- README ("Traffic quality"); the showcase's audience and every page read them from here.
create or replace function platform_quality(p_ids int[], p_min_sample int)
returns table (platform_id int, completed int, fast int, voided int, social_resolved int, social_retained int,
               reports_confirmed int, fraud_hits int, retention_penalty numeric, void_penalty numeric,
               report_penalty numeric, fraud_penalty numeric, fast_penalty numeric, score int)
language sql stable as $$
  with sums as (
    select q.platform_id, sum(q.completed)::int as completed, sum(q.fast)::int as fast, sum(q.voided)::int as voided,
           sum(q.social_resolved)::int as social_resolved, sum(q.social_retained)::int as social_retained,
           sum(q.reports_confirmed)::int as reports_confirmed, sum(q.fraud_hits)::int as fraud_hits
      from platform_quality_daily q
     where q.platform_id = any(p_ids) and q.day > (now() at time zone 'utc')::date - 30
     group by q.platform_id),
  pen as (
    select s.*,
           case when s.social_resolved = 0 then 0
                else 35 * (1 - s.social_retained::numeric / s.social_resolved) end as retention_penalty,
           case when s.completed = 0 then 0
                else 20 * least(1, s.voided::numeric / s.completed / 0.25) end as void_penalty,
           case when s.completed = 0 then 0
                else 15 * least(1, s.reports_confirmed * 1000::numeric / s.completed / 20) end as report_penalty,
           case when s.completed = 0 then 0
                else 15 * least(1, s.fraud_hits * 1000::numeric / s.completed / 50) end as fraud_penalty,
           case when s.completed = 0 then 0
                else 15 * least(1, s.fast::numeric / s.completed / 0.2) end as fast_penalty
      from sums s)
  select p.platform_id, p.completed, p.fast, p.voided, p.social_resolved, p.social_retained, p.reports_confirmed,
         p.fraud_hits, round(p.retention_penalty, 1), round(p.void_penalty, 1), round(p.report_penalty, 1),
         round(p.fraud_penalty, 1), round(p.fast_penalty, 1),
         case when p.completed < p_min_sample then null
              else greatest(0, round(100 - p.retention_penalty - p.void_penalty - p.report_penalty
                                         - p.fraud_penalty - p.fast_penalty))::int end
    from pen p
$$;
