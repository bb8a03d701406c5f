-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- Apps' traffic quality: the components over the last 30 UTC days (today included) and the
-- 30-day re-check of the 30 days before them, from the quality rollup's rows (one an app and
-- day) and the publisher's statistics rows (one an app, day and task type); the points each
-- component takes off 100, and the score (null under p_min_sample paid conversions in 30 days:
-- "not enough data"). Retention is the hold-end share, averaged with the share still there 30
-- days on once at least 10 players were checked again. The weights and their reasons are in
-- docs/architecture.md ("Traffic quality"); the showcase's audience and every page read them from here.
create or replace function platform_quality(p_ids int[], p_min_sample int)
returns table (platform_id int, completed int, fast int, voided int, social_resolved int, social_retained int,
               checked_30d int, retained_30d int, reports_confirmed int, fraud_hits int, retention_penalty numeric,
               void_penalty numeric, report_penalty numeric, fraud_penalty numeric, fast_penalty numeric, score int)
language sql stable as $$
  with bounds as (select (now() at time zone 'utc')::date - 30 as recent, (now() at time zone 'utc')::date - 60 as older),
  -- Paid completions are those that stand (the publisher's statistics rows, by task type) plus
  -- the voided ones (quality's own rows); the same for the fast ones.
  days as (
    select q.platform_id, q.day, 0 as standing, 0 as standing_fast, q.voided, q.fast_voided, q.social_resolved,
           q.social_retained, q.checked_30d, q.retained_30d, q.reports_confirmed, q.fraud_hits
      from platform_quality_daily q cross join bounds b
     where q.platform_id = any(p_ids) and q.day > b.older
    union all
    select s.platform_id, s.day, s.conversions, s.fast, 0, 0, 0, 0, 0, 0, 0, 0
      from stats_publisher_daily s cross join bounds b
     where s.platform_id = any(p_ids) and s.day > b.recent),
  sums as (
    select q.platform_id,
           coalesce(sum(q.standing + q.voided) filter (where q.day > b.recent), 0)::int as completed,
           coalesce(sum(q.standing_fast + q.fast_voided) filter (where q.day > b.recent), 0)::int as fast,
           coalesce(sum(q.voided) filter (where q.day > b.recent), 0)::int as voided,
           coalesce(sum(q.social_resolved) filter (where q.day > b.recent), 0)::int as social_resolved,
           coalesce(sum(q.social_retained) filter (where q.day > b.recent), 0)::int as social_retained,
           sum(q.checked_30d)::int as checked_30d, sum(q.retained_30d)::int as retained_30d,
           coalesce(sum(q.reports_confirmed) filter (where q.day > b.recent), 0)::int as reports_confirmed,
           coalesce(sum(q.fraud_hits) filter (where q.day > b.recent), 0)::int as fraud_hits
      from days q cross join bounds b
     group by q.platform_id),
  shares as (
    select s.*,
           case when s.social_resolved = 0 then null else s.social_retained::numeric / s.social_resolved end as at_hold,
           case when s.checked_30d < 10 then null else s.retained_30d::numeric / s.checked_30d end as at_30d
      from sums s),
  pen as (
    select s.*,
           35 * (1 - coalesce((s.at_hold + s.at_30d) / 2, s.at_hold, s.at_30d, 1)) as retention_penalty,
           case when s.completed = 0 then 0
                else 20 * least(1, s.voided::numeric / s.completed / 0.25) end as void_penalty,
           case when s.completed = 0 then 0
                else 15 * least(1, s.reports_confirmed * 1000::numeric / s.completed / 20) end as report_penalty,
           case when s.completed = 0 then 0
                else 15 * least(1, s.fraud_hits * 1000::numeric / s.completed / 50) end as fraud_penalty,
           case when s.completed = 0 then 0
                else 15 * least(1, s.fast::numeric / s.completed / 0.2) end as fast_penalty
      from shares s)
  select p.platform_id, p.completed, p.fast, p.voided, p.social_resolved, p.social_retained, p.checked_30d,
         p.retained_30d, p.reports_confirmed, p.fraud_hits, round(p.retention_penalty, 1), round(p.void_penalty, 1),
         round(p.report_penalty, 1), round(p.fraud_penalty, 1), round(p.fast_penalty, 1),
         case when p.completed < p_min_sample then null
              else greatest(0, round(100 - p.retention_penalty - p.void_penalty - p.report_penalty
                                         - p.fraud_penalty - p.fast_penalty))::int end
    from pen p
$$;
