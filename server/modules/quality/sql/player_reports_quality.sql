-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- Reports in the quality rollup: a player's report counts once a moderator confirms it
-- (RESOLVED), by the day it was filed; a fraud rule's report does not count itself, its hits do
-- (fraud_hits_quality), unless a moderator rejects it: rejecting takes its hits back, undoing
-- that gives them again.
create or replace function player_reports_quality() returns trigger language plpgsql as $$
declare
  d_confirmed int := 0;
  v_sign int := 0;
  v_id int := coalesce(new.id, old.id);
begin
  if tg_op in ('UPDATE', 'DELETE') then
    d_confirmed := d_confirmed - (old.reason <> 'FRAUD_RULE' and old.status = 'RESOLVED')::int;
    v_sign := v_sign + (old.reason = 'FRAUD_RULE' and old.status = 'REJECTED')::int;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    d_confirmed := d_confirmed + (new.reason <> 'FRAUD_RULE' and new.status = 'RESOLVED')::int;
    v_sign := v_sign - (new.reason = 'FRAUD_RULE' and new.status = 'REJECTED')::int;
  end if;
  if tg_op = 'UPDATE' and old.platform_id <> new.platform_id then
    raise exception 'a report does not move to another app';
  end if;
  if d_confirmed <> 0 then
    insert into platform_quality_daily as q (platform_id, day, reports_confirmed)
    values (coalesce(new.platform_id, old.platform_id),
            (coalesce(new.created_at, old.created_at) at time zone 'utc')::date, d_confirmed)
    on conflict (platform_id, day) do update set reports_confirmed = q.reports_confirmed + excluded.reports_confirmed;
  end if;
  if v_sign <> 0 then
    insert into platform_quality_daily as q (platform_id, day, fraud_hits)
    select h.platform_id, h.day, v_sign * count(*) from fraud_hits h where h.report_id = v_id
     group by 1, 2 order by 1, 2
    on conflict (platform_id, day) do update set fraud_hits = q.fraud_hits + excluded.fraud_hits;
  end if;
  return null;
end $$;
