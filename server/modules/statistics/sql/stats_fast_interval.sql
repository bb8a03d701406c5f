-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- How soon after its start a completion counts as fast: quality_settings.fast_ms, the server's
-- FRAUD_MIN_SECONDS (5 s when unset). The statistics rollups count fast completions by it and
-- traffic quality counts the fast voided ones; every function and check that compares a
-- conversion's duration calls this one.
create or replace function stats_fast_interval() returns interval language sql stable as $$
  select make_interval(secs => coalesce((select fast_ms from quality_settings limit 1), 5000) / 1000.0);
$$;
