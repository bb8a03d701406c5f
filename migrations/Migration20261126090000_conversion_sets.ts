import { Migration } from '@mikro-orm/migrations';

/**
 * Conversion batches as sets (issue 28): `record_conversions` inserts a batch's conversions in
 * one statement, and their rollups are written once per key per statement by a statement-level
 * trigger with a transition table (`conversions_stats_insert`) instead of once per row. The row
 * trigger `conversions_stats` keeps updates and deletes (a hold that ends, a void). The function
 * bodies here are the first definitions; the current ones are the area's SQL files.
 */
export class Migration20261126090000_conversion_sets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create or replace function conversions_stats_insert() returns trigger language plpgsql as $$
begin
  insert into stats_publisher_daily as s (publisher_id, day, platform_id, task_type, conversions, profit)
  select n.publisher_id, (n.created_at at time zone 'utc')::date, n.platform_id, n.task_type, count(*), sum(n.publisher_amount)
    from new_rows n where n.status <> 'VOIDED' and n.price <> 0
   group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (publisher_id, day, platform_id, task_type)
  do update set conversions = s.conversions + excluded.conversions, profit = s.profit + excluded.profit;
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
`);
    this.addSql('drop trigger if exists conversions_stats on conversions;');
    this.addSql(`create trigger conversions_stats after update or delete on conversions
      for each row execute function conversions_stats();`);
    this.addSql(`create trigger conversions_stats_insert after insert on conversions
      referencing new table as new_rows for each statement execute function conversions_stats_insert();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists conversions_stats_insert on conversions;');
    this.addSql('drop function if exists conversions_stats_insert();');
    this.addSql('drop trigger if exists conversions_stats on conversions;');
    this.addSql(`create trigger conversions_stats after insert or update or delete on conversions
      for each row execute function conversions_stats();`);
  }
}
