-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- The quality rollup as it should be, recomputed from the conversions and reports: what
-- quality_rebuild() writes and quality:check compares with (platform_quality_daily).
create or replace function quality_recomputed()
returns table (platform_id int, day date, completed int, fast int, voided int, social_resolved int,
               social_retained int, reports_confirmed int, fraud_hits int)
language sql stable as $$
  with conv as (
    select v.platform_id, (v.created_at at time zone 'utc')::date as day,
           count(*)::int as completed,
           count(*) filter (where v.created_at - k.created_at
                              < make_interval(secs => coalesce((select fast_ms from quality_settings limit 1), 5000) / 1000.0))::int as fast,
           count(*) filter (where v.status = 'VOIDED')::int as voided,
           count(*) filter (where v.task_type in ('CHANNEL', 'CHAT') and v.status in ('POSTED', 'VOIDED'))::int as social_resolved,
           count(*) filter (where v.task_type in ('CHANNEL', 'CHAT') and v.status = 'POSTED')::int as social_retained
      from conversions v join clicks k on k.id = v.click_id
     where v.price <> 0
     group by 1, 2),
  rep as (
    select r.platform_id, (r.created_at at time zone 'utc')::date as day,
           count(*) filter (where r.reason <> 'FRAUD_RULE' and r.status = 'RESOLVED')::int as reports_confirmed,
           count(*) filter (where r.reason = 'FRAUD_RULE' and r.rule_subject like 'player:%' and r.status <> 'REJECTED')::int as fraud_hits
      from player_reports r
     group by 1, 2)
  select coalesce(c.platform_id, r.platform_id), coalesce(c.day, r.day),
         coalesce(c.completed, 0), coalesce(c.fast, 0), coalesce(c.voided, 0), coalesce(c.social_resolved, 0),
         coalesce(c.social_retained, 0), coalesce(r.reports_confirmed, 0), coalesce(r.fraud_hits, 0)
    from conv c full join rep r on r.platform_id = c.platform_id and r.day = c.day
$$;
