-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- Reports in the quality rollup, by the day they were filed: a player's report counts once a
-- moderator confirms it (RESOLVED), a fraud rule's counts unless a moderator rejects it. Only
-- rules about players count: the app-wide ones (leave rate, the quality floor) are built from the
-- same components the score already counts.
create or replace function player_reports_quality() returns trigger language plpgsql as $$
declare
  d_confirmed int := 0;
  d_hits int := 0;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    d_confirmed := d_confirmed - (old.reason <> 'FRAUD_RULE' and old.status = 'RESOLVED')::int;
    d_hits := d_hits - (old.reason = 'FRAUD_RULE' and coalesce(old.rule_subject like 'player:%', false) and old.status <> 'REJECTED')::int;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    d_confirmed := d_confirmed + (new.reason <> 'FRAUD_RULE' and new.status = 'RESOLVED')::int;
    d_hits := d_hits + (new.reason = 'FRAUD_RULE' and coalesce(new.rule_subject like 'player:%', false) and new.status <> 'REJECTED')::int;
  end if;
  if d_confirmed = 0 and d_hits = 0 then return null; end if;
  if tg_op = 'UPDATE' and old.platform_id <> new.platform_id then
    raise exception 'a report does not move to another app';
  end if;
  insert into platform_quality_daily as q (platform_id, day, reports_confirmed, fraud_hits)
  values (coalesce(new.platform_id, old.platform_id),
          (coalesce(new.created_at, old.created_at) at time zone 'utc')::date, d_confirmed, d_hits)
  on conflict (platform_id, day)
  do update set reports_confirmed = q.reports_confirmed + excluded.reports_confirmed,
                fraud_hits = q.fraud_hits + excluded.fraud_hits;
  return null;
end $$;
