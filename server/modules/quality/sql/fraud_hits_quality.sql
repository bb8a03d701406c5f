-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- New fraud-rule hits count in their app's quality, once per statement (a batch of hits is one
-- insert). A hit joins an open report (never a rejected one), so it counts from the start.
create or replace function fraud_hits_quality() returns trigger language plpgsql as $$
begin
  insert into platform_quality_daily as q (platform_id, day, fraud_hits)
  select n.platform_id, n.day, count(*) from new_rows n group by 1, 2 order by 1, 2
  on conflict (platform_id, day) do update set fraud_hits = q.fraud_hits + excluded.fraud_hits;
  return null;
end $$;
