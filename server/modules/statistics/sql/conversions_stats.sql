-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the list in server/sql.ts.
create or replace function conversions_stats() returns trigger language plpgsql as $$
declare
  d date;
begin
  if tg_op = 'INSERT' then
    if new.status = 'VOIDED' or new.price = 0 then return null; end if;
    d := (new.created_at at time zone 'utc')::date;
    insert into stats_publisher_daily as s (publisher_id, day, platform_id, task_type, conversions, profit)
    values (new.publisher_id, d, new.platform_id, new.task_type, 1, new.publisher_amount)
    on conflict (publisher_id, day, platform_id, task_type)
    do update set conversions = s.conversions + 1, profit = s.profit + excluded.profit;
    insert into stats_campaign_daily as s (campaign_id, day, tier_level, advertiser_id, task_type, conversions, spend)
    values (new.campaign_id, d, new.tier_level, new.advertiser_id, new.task_type, 1, new.price)
    on conflict (campaign_id, day, tier_level)
    do update set conversions = s.conversions + 1, spend = s.spend + excluded.spend;
    insert into stats_campaign_app_daily as s (campaign_id, day, platform_id, conversions, spend)
    values (new.campaign_id, d, new.platform_id, 1, new.price)
    on conflict (campaign_id, day, platform_id)
    do update set conversions = s.conversions + 1, spend = s.spend + excluded.spend;
    insert into stats_advertiser_app_daily as s (advertiser_id, day, platform_id, conversions, spend)
    values (new.advertiser_id, d, new.platform_id, 1, new.price)
    on conflict (advertiser_id, day, platform_id)
    do update set conversions = s.conversions + 1, spend = s.spend + excluded.spend;
    return null;
  end if;
  if tg_op = 'UPDATE' and row(old.status = 'VOIDED', old.created_at, old.price, old.publisher_amount, old.platform_id,
      old.campaign_id, old.tier_level, old.task_type, old.publisher_id, old.advertiser_id)
    is not distinct from row(new.status = 'VOIDED', new.created_at, new.price, new.publisher_amount, new.platform_id,
      new.campaign_id, new.tier_level, new.task_type, new.publisher_id, new.advertiser_id) then
    return null;
  end if;
  perform stats_apply(old, -1);
  if tg_op = 'UPDATE' then perform stats_apply(new, 1); end if;
  return null;
end $$;
