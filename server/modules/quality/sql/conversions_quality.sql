-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- A conversion changed (a hold that ended, a void, the 30-day re-check; or, rarely, a moved day,
-- app or price): its part of the quality rollup moves with it. A status counts as: VOIDED a
-- void (and a fast one, completed faster than FRAUD_MIN_SECONDS after the start); POSTED or
-- VOIDED of a channel or chat task a resolved hold, POSTED a retained player; a known
-- retained_30d a check 30 days on, true a player still there. New conversions write nothing
-- here: those that stand, and the fast ones, are in the publisher's statistics row.
create or replace function conversions_quality() returns trigger language plpgsql as $$
declare
  v_fast interval;
  v_keyed boolean := row(old.created_at, old.platform_id, old.price <> 0, old.task_type, old.click_id, old.started_at)
    is distinct from row(new.created_at, new.platform_id, new.price <> 0, new.task_type, new.click_id, new.started_at);
  v conversions;
  v_sign int;
  v_void int;
  v_started timestamptz;
begin
  if tg_op = 'UPDATE' and not v_keyed then
    if new.price = 0 or (old.status is not distinct from new.status
                         and old.retained_30d is not distinct from new.retained_30d) then
      return null;
    end if;
    v_void := (new.status = 'VOIDED')::int - (old.status = 'VOIDED')::int;
    if v_void <> 0 then
      v_fast := stats_fast_interval();
      v_started := new.started_at;
      -- Conversions made before started_at was kept: the click's time.
      if v_started is null then select created_at into v_started from clicks where id = new.click_id; end if;
    end if;
    insert into platform_quality_daily as q (platform_id, day, voided, fast_voided, social_resolved, social_retained,
                                             checked_30d, retained_30d)
    values (new.platform_id, (new.created_at at time zone 'utc')::date, v_void,
            v_void * coalesce((new.created_at - v_started < v_fast)::int, 0),
            case when new.task_type in ('CHANNEL', 'CHAT')
                 then (new.status in ('POSTED', 'VOIDED'))::int - (old.status in ('POSTED', 'VOIDED'))::int else 0 end,
            case when new.task_type in ('CHANNEL', 'CHAT')
                 then (new.status = 'POSTED')::int - (old.status = 'POSTED')::int else 0 end,
            (new.retained_30d is not null)::int - (old.retained_30d is not null)::int,
            coalesce(new.retained_30d, false)::int - coalesce(old.retained_30d, false)::int)
    on conflict (platform_id, day)
    do update set voided = q.voided + excluded.voided, fast_voided = q.fast_voided + excluded.fast_voided,
                  social_resolved = q.social_resolved + excluded.social_resolved,
                  social_retained = q.social_retained + excluded.social_retained,
                  checked_30d = q.checked_30d + excluded.checked_30d, retained_30d = q.retained_30d + excluded.retained_30d;
    return null;
  end if;
  -- A keyed column moved, or the row is deleted: take the old row's whole part back, add the new one's.
  v_fast := stats_fast_interval();
  foreach v_sign in array case when tg_op = 'UPDATE' then array[-1, 1] else array[-1] end loop
    if v_sign = -1 then v := old; else v := new; end if;
    -- (A conversion that is neither voided, a resolved channel or chat hold, nor checked again: nothing here.)
    continue when v.price = 0 or not (v.status = 'VOIDED' or (v.task_type in ('CHANNEL', 'CHAT') and v.status = 'POSTED')
                                      or v.retained_30d is not null);
    v_started := v.started_at;
    if v_started is null and v.status = 'VOIDED' then select created_at into v_started from clicks where id = v.click_id; end if;
    insert into platform_quality_daily as q (platform_id, day, voided, fast_voided, social_resolved, social_retained,
                                             checked_30d, retained_30d)
    values (v.platform_id, (v.created_at at time zone 'utc')::date,
            v_sign * (v.status = 'VOIDED')::int,
            v_sign * (v.status = 'VOIDED' and coalesce(v.created_at - v_started < v_fast, false))::int,
            v_sign * (v.task_type in ('CHANNEL', 'CHAT') and v.status in ('POSTED', 'VOIDED'))::int,
            v_sign * (v.task_type in ('CHANNEL', 'CHAT') and v.status = 'POSTED')::int,
            v_sign * (v.retained_30d is not null)::int, v_sign * coalesce(v.retained_30d, false)::int)
    on conflict (platform_id, day)
    do update set voided = q.voided + excluded.voided, fast_voided = q.fast_voided + excluded.fast_voided,
                  social_resolved = q.social_resolved + excluded.social_resolved,
                  social_retained = q.social_retained + excluded.social_retained,
                  checked_30d = q.checked_30d + excluded.checked_30d, retained_30d = q.retained_30d + excluded.retained_30d;
  end loop;
  return null;
end $$;
