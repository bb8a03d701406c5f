-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- The rollups of new conversions, once per statement: a batch's conversions (record_conversions
-- inserts them in one statement) add to each rollup row once, summed, instead of once per
-- conversion. Each row written belongs to a campaign or a publisher whose row the inserting
-- transaction already holds, so two batches never wait on each other here in a cycle; the keys
-- are written in order all the same. The publisher's row also counts the fast completions
-- (faster than FRAUD_MIN_SECONDS from the start, `started_at`): traffic quality reads them there
-- instead of keeping a row of its own that every batch would write.
create or replace function conversions_stats_insert() returns trigger language plpgsql as $$
declare
  v_fast interval := stats_fast_interval();
begin
  insert into stats_publisher_daily as s (publisher_id, day, platform_id, task_type, conversions, profit, fast)
  select n.publisher_id, (n.created_at at time zone 'utc')::date, n.platform_id, n.task_type, count(*), sum(n.publisher_amount),
         count(*) filter (where n.created_at - n.started_at < v_fast)
    from new_rows n where n.status <> 'VOIDED' and n.price <> 0
   group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (publisher_id, day, platform_id, task_type)
  do update set conversions = s.conversions + excluded.conversions, profit = s.profit + excluded.profit,
                fast = s.fast + excluded.fast;
  insert into stats_campaign_daily as s (campaign_id, day, tier_level, advertiser_id, task_type, conversions, spend)
  select n.campaign_id, (n.created_at at time zone 'utc')::date, n.tier_level, min(n.advertiser_id), min(n.task_type),
         count(*), sum(n.price)
    from new_rows n where n.status <> 'VOIDED' and n.price <> 0
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_id, day, tier_level)
  do update set conversions = s.conversions + excluded.conversions, spend = s.spend + excluded.spend;
  insert into stats_campaign_app_daily as s (campaign_id, day, platform_id, conversions, spend)
  select n.campaign_id, (n.created_at at time zone 'utc')::date, n.platform_id, count(*), sum(n.price)
    from new_rows n where n.status <> 'VOIDED' and n.price <> 0
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_id, day, platform_id)
  do update set conversions = s.conversions + excluded.conversions, spend = s.spend + excluded.spend;
  insert into stats_advertiser_app_daily as s (advertiser_id, day, platform_id, conversions, spend)
  select n.advertiser_id, (n.created_at at time zone 'utc')::date, n.platform_id, count(*), sum(n.price)
    from new_rows n where n.status <> 'VOIDED' and n.price <> 0
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (advertiser_id, day, platform_id)
  do update set conversions = s.conversions + excluded.conversions, spend = s.spend + excluded.spend;
  return null;
end $$;
