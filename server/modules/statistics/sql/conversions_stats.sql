-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
-- Updates and deletes, row by row (a hold that ends, a void); inserts are conversions_stats_insert's.
create or replace function conversions_stats() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and row(old.status = 'VOIDED', old.created_at, old.price, old.publisher_amount, old.platform_id,
      old.campaign_id, old.tier_level, old.task_type, old.publisher_id, old.advertiser_id, old.started_at, old.click_id)
    is not distinct from row(new.status = 'VOIDED', new.created_at, new.price, new.publisher_amount, new.platform_id,
      new.campaign_id, new.tier_level, new.task_type, new.publisher_id, new.advertiser_id, new.started_at, new.click_id) then
    return null;
  end if;
  perform stats_apply(old, -1);
  if tg_op = 'UPDATE' then perform stats_apply(new, 1); end if;
  return null;
end $$;
