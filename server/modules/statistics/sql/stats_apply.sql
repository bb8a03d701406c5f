-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- One conversion's part of the rollups, added (sign 1) or taken back (-1). Conversions made
-- before `started_at` was kept count as fast by their click's time.
create or replace function stats_apply(v conversions, sign int) returns void language plpgsql as $$
declare
  d date := (v.created_at at time zone 'utc')::date;
  v_started timestamptz := v.started_at;
  v_fast int;
begin
  if v.status = 'VOIDED' or v.price = 0 then return; end if;
  if v_started is null then select created_at into v_started from clicks where id = v.click_id; end if;
  v_fast := coalesce((v.created_at - v_started < stats_fast_interval())::int, 0);
  insert into stats_publisher_daily as s (publisher_id, day, platform_id, task_type, conversions, profit, fast)
  values (v.publisher_id, d, v.platform_id, v.task_type, sign, sign * v.publisher_amount, sign * v_fast)
  on conflict (publisher_id, day, platform_id, task_type)
  do update set conversions = s.conversions + excluded.conversions, profit = s.profit + excluded.profit,
                fast = s.fast + excluded.fast;
  insert into stats_campaign_daily as s (campaign_id, day, tier_level, advertiser_id, task_type, conversions, spend)
  values (v.campaign_id, d, v.tier_level, v.advertiser_id, v.task_type, sign, sign * v.price)
  on conflict (campaign_id, day, tier_level)
  do update set conversions = s.conversions + excluded.conversions, spend = s.spend + excluded.spend;
  insert into stats_campaign_app_daily as s (campaign_id, day, platform_id, conversions, spend)
  values (v.campaign_id, d, v.platform_id, sign, sign * v.price)
  on conflict (campaign_id, day, platform_id)
  do update set conversions = s.conversions + excluded.conversions, spend = s.spend + excluded.spend;
  insert into stats_advertiser_app_daily as s (advertiser_id, day, platform_id, conversions, spend)
  values (v.advertiser_id, d, v.platform_id, sign, sign * v.price)
  on conflict (advertiser_id, day, platform_id)
  do update set conversions = s.conversions + excluded.conversions, spend = s.spend + excluded.spend;
end $$;
