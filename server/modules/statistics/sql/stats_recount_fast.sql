-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- The publisher rows' fast completions counted again from the conversions, after the threshold
-- (quality_settings.fast_ms, FRAUD_MIN_SECONDS) changed; the other columns are left alone.
create or replace function stats_recount_fast() returns void language sql as $$
  with f as (
    select c.publisher_id, (c.created_at at time zone 'utc')::date as day, c.platform_id, c.task_type,
           count(*) filter (where c.created_at - coalesce(c.started_at, k.created_at)
                              < make_interval(secs => coalesce((select fast_ms from quality_settings limit 1), 5000) / 1000.0))::int as n
      from conversions c left join clicks k on k.id = c.click_id
     where c.status <> 'VOIDED' and c.price > 0
     group by 1, 2, 3, 4)
  update stats_publisher_daily s set fast = f.n
    from f
   where (s.publisher_id, s.day, s.platform_id, s.task_type) = (f.publisher_id, f.day, f.platform_id, f.task_type)
     and s.fast <> f.n;
$$;
