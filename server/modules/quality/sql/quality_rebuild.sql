-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
create or replace function quality_rebuild() returns void language sql as $$
  truncate platform_quality_daily;
  insert into platform_quality_daily (platform_id, day, voided, fast_voided, social_resolved, social_retained,
                                      checked_30d, retained_30d, reports_confirmed, fraud_hits)
  select * from quality_recomputed();
$$;
