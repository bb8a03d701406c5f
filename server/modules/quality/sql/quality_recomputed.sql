-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- The quality rollup as it should be, recomputed from the conversions, reports and fraud-rule
-- hits: what quality_rebuild() writes and quality:check compares with (platform_quality_daily).
-- Paid conversions that stand and their fast ones are the statistics rollup's (checked there).
create or replace function quality_recomputed()
returns table (platform_id int, day date, voided int, fast_voided int, social_resolved int,
               social_retained int, checked_30d int, retained_30d int, reports_confirmed int, fraud_hits int)
language sql stable as $$
  with conv as (
    select v.platform_id, (v.created_at at time zone 'utc')::date as day,
           count(*) filter (where v.status = 'VOIDED')::int as voided,
           count(*) filter (where v.status = 'VOIDED' and v.created_at - coalesce(v.started_at, k.created_at) < stats_fast_interval())::int as fast_voided,
           count(*) filter (where v.task_type in ('CHANNEL', 'CHAT') and v.status in ('POSTED', 'VOIDED'))::int as social_resolved,
           count(*) filter (where v.task_type in ('CHANNEL', 'CHAT') and v.status = 'POSTED')::int as social_retained,
           count(*) filter (where v.retained_30d is not null)::int as checked_30d,
           count(*) filter (where v.retained_30d)::int as retained_30d
      from conversions v join clicks k on k.id = v.click_id
     where v.price <> 0 and (v.status = 'VOIDED' or (v.task_type in ('CHANNEL', 'CHAT') and v.status = 'POSTED')
                             or v.retained_30d is not null)
     group by 1, 2),
  rep as (
    select r.platform_id, (r.created_at at time zone 'utc')::date as day, count(*)::int as reports_confirmed
      from player_reports r where r.reason <> 'FRAUD_RULE' and r.status = 'RESOLVED'
     group by 1, 2),
  hits as (
    select h.platform_id, h.day, count(*)::int as fraud_hits
      from fraud_hits h left join player_reports r on r.id = h.report_id
     where r.status is distinct from 'REJECTED'
     group by 1, 2),
  keys as (select platform_id, day from conv union select platform_id, day from rep union select platform_id, day from hits)
  select k.platform_id, k.day, coalesce(c.voided, 0), coalesce(c.fast_voided, 0),
         coalesce(c.social_resolved, 0), coalesce(c.social_retained, 0), coalesce(c.checked_30d, 0),
         coalesce(c.retained_30d, 0), coalesce(r.reports_confirmed, 0),
         coalesce(h.fraud_hits, 0)
    from keys k
    left join conv c on c.platform_id = k.platform_id and c.day = k.day
    left join rep r on r.platform_id = k.platform_id and r.day = k.day
    left join hits h on h.platform_id = k.platform_id and h.day = k.day
$$;
