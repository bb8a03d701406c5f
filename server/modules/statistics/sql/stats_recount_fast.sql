-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- The publisher rows' fast completions counted again from the conversions, after the threshold
-- (quality_settings.fast_ms, FRAUD_MIN_SECONDS) changed; the other columns are left alone.
create or replace function stats_recount_fast() returns void language sql as $$
  update stats_publisher_daily s set fast = f.fast
    from stats_publisher_recomputed() f
   where (s.publisher_id, s.day, s.platform_id, s.task_type) = (f.publisher_id, f.day, f.platform_id, f.task_type)
     and s.fast <> f.fast;
$$;
