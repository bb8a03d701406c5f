-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
create or replace function stats_rebuild() returns void language sql as $$
  truncate stats_publisher_daily, stats_campaign_daily, stats_campaign_app_daily, stats_advertiser_app_daily;
  insert into stats_publisher_daily (publisher_id, day, platform_id, task_type, conversions, profit, fast)
  select * from stats_publisher_recomputed();
  insert into stats_campaign_daily (campaign_id, day, tier_level, advertiser_id, task_type, conversions, spend)
  select campaign_id, (created_at at time zone 'utc')::date, tier_level, min(advertiser_id), min(task_type),
         count(*), sum(price)
    from conversions where status <> 'VOIDED' and price > 0 group by 1, 2, 3;
  insert into stats_campaign_app_daily (campaign_id, day, platform_id, conversions, spend)
  select campaign_id, (created_at at time zone 'utc')::date, platform_id, count(*), sum(price)
    from conversions where status <> 'VOIDED' and price > 0 group by 1, 2, 3;
  insert into stats_advertiser_app_daily (advertiser_id, day, platform_id, conversions, spend)
  select advertiser_id, (created_at at time zone 'utc')::date, platform_id, count(*), sum(price)
    from conversions where status <> 'VOIDED' and price > 0 group by 1, 2, 3;
$$;
