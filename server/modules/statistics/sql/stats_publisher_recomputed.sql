-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- The publisher rollup as it should be, from the conversions: paid ones that stand, and of them
-- the fast completions (conversions made before `started_at` was kept count by their click's
-- time). stats_rebuild() writes it; stats_recount_fast() takes its fast counts.
create or replace function stats_publisher_recomputed()
returns table (publisher_id int, day date, platform_id int, task_type text, conversions int, profit bigint, fast int)
language sql stable as $$
  select c.publisher_id, (c.created_at at time zone 'utc')::date, c.platform_id, c.task_type, count(*)::int,
         sum(c.publisher_amount)::bigint,
         count(*) filter (where c.created_at - coalesce(c.started_at, k.created_at) < stats_fast_interval())::int
    from conversions c left join clicks k on k.id = c.click_id
   where c.status <> 'VOIDED' and c.price > 0 group by 1, 2, 3, 4;
$$;
