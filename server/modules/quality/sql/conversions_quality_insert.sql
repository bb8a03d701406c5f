-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- New conversions' part of the quality rollup, once per statement (a batch's conversions are
-- one insert): paid completions per app and day, and those completed faster than the fraud
-- rules' minimum after the start (`started_at`, the click's time, written with the conversion:
-- no other table is read). The rows belong to apps whose publisher's account the inserting
-- transaction already holds, so batches do not wait on each other here in a cycle.
create or replace function conversions_quality_insert() returns trigger language plpgsql as $$
declare
  v_fast interval := make_interval(secs => coalesce((select fast_ms from quality_settings limit 1), 5000) / 1000.0);
begin
  insert into platform_quality_daily as q (platform_id, day, completed, fast)
  select n.platform_id, (n.created_at at time zone 'utc')::date, count(*),
         count(*) filter (where n.created_at - n.started_at < v_fast)
    from new_rows n
   where n.price <> 0
   group by 1, 2 order by 1, 2
  on conflict (platform_id, day)
  do update set completed = q.completed + excluded.completed, fast = q.fast + excluded.fast;
  return null;
end $$;
