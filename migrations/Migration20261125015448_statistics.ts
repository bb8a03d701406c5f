import { Migration } from '@mikro-orm/migrations';

/**
 * Daily rollups of paid conversions (statistics.entity.ts), kept by a trigger on `conversions`
 * in the conversion's own transaction: an insert adds its amounts, a void (or a delete) takes
 * them back, a change of a keyed column moves them; a hold that is posted changes nothing.
 * Counted: conversions that are not voided and cost money (a swap delivery's price is 0). The
 * day is the UTC day of `created_at`. `stats_rebuild()` refills the tables from the
 * conversions (the backfill here, and the statistics benchmark after its bulk load).
 */

export class Migration20261125015448_statistics extends Migration {

  override async up(): Promise<void> {
    // The functions' bodies are their areas' SQL files, applied after the migrations
    // (db/definitions.ts); here they are placeholders with the signatures of the time.
    this.addSql(`create table "stats_campaign_daily" ("campaign_id" int not null, "day" date not null, "tier_level" int not null, "advertiser_id" int not null, "task_type" text check ("task_type" in ('CHAT', 'CHANNEL', 'BOT', 'SMART_LINK', 'CUSTOM')) not null, "conversions" int not null default 0, "spend" bigint not null default 0, constraint "stats_campaign_daily_pkey" primary key ("campaign_id", "day", "tier_level"));`);
    this.addSql(`create index "stats_campaign_daily_advertiser_id_day_index" on "stats_campaign_daily" ("advertiser_id", "day");`);

    this.addSql(`create table "stats_campaign_app_daily" ("campaign_id" int not null, "day" date not null, "platform_id" int not null, "conversions" int not null default 0, "spend" bigint not null default 0, constraint "stats_campaign_app_daily_pkey" primary key ("campaign_id", "day", "platform_id"));`);

    this.addSql(`create table "stats_advertiser_app_daily" ("advertiser_id" int not null, "day" date not null, "platform_id" int not null, "conversions" int not null default 0, "spend" bigint not null default 0, constraint "stats_advertiser_app_daily_pkey" primary key ("advertiser_id", "day", "platform_id"));`);

    this.addSql(`create table "stats_publisher_daily" ("publisher_id" int not null, "day" date not null, "platform_id" int not null, "task_type" text check ("task_type" in ('CHAT', 'CHANNEL', 'BOT', 'SMART_LINK', 'CUSTOM')) not null, "conversions" int not null default 0, "profit" bigint not null default 0, constraint "stats_publisher_daily_pkey" primary key ("publisher_id", "day", "platform_id", "task_type"));`);

    this.addSql(`
create or replace function stats_apply(v conversions, sign int) returns void language plpgsql as $$
begin
  raise exception 'stats_apply: its definition has not been applied yet';
end $$;`);
    // The trigger repeats stats_apply's statements for a new row: an insert is the hot path (one
    // per conversion), and a function call per conversion measurably costs (bench:conversions).
    this.addSql(`
create or replace function conversions_stats() returns trigger language plpgsql as $$
begin
  raise exception 'conversions_stats: its definition has not been applied yet';
end $$;`);
    this.addSql(`create trigger conversions_stats after insert or update or delete on conversions
      for each row execute function conversions_stats();`);
    this.addSql(`
create or replace function stats_rebuild() returns void language plpgsql as $$
begin
  raise exception 'stats_rebuild: its definition has not been applied yet';
end $$;`);
    // The backfill of the conversions there were then (what stats_rebuild() did at this point).
    this.addSql(`truncate stats_publisher_daily, stats_campaign_daily, stats_campaign_app_daily, stats_advertiser_app_daily;`);
    this.addSql(`insert into stats_publisher_daily (publisher_id, day, platform_id, task_type, conversions, profit)
    select publisher_id, (created_at at time zone 'utc')::date, platform_id, task_type, count(*), sum(publisher_amount)
      from conversions where status <> 'VOIDED' and price > 0 group by 1, 2, 3, 4;`);
    this.addSql(`insert into stats_campaign_daily (campaign_id, day, tier_level, advertiser_id, task_type, conversions, spend)
    select campaign_id, (created_at at time zone 'utc')::date, tier_level, min(advertiser_id), min(task_type),
           count(*), sum(price)
      from conversions where status <> 'VOIDED' and price > 0 group by 1, 2, 3;`);
    this.addSql(`insert into stats_campaign_app_daily (campaign_id, day, platform_id, conversions, spend)
    select campaign_id, (created_at at time zone 'utc')::date, platform_id, count(*), sum(price)
      from conversions where status <> 'VOIDED' and price > 0 group by 1, 2, 3;`);
    this.addSql(`insert into stats_advertiser_app_daily (advertiser_id, day, platform_id, conversions, spend)
    select advertiser_id, (created_at at time zone 'utc')::date, platform_id, count(*), sum(price)
      from conversions where status <> 'VOIDED' and price > 0 group by 1, 2, 3;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists conversions_stats on conversions;');
    this.addSql('drop function if exists conversions_stats();');
    this.addSql('drop function if exists stats_rebuild();');
    this.addSql('drop function if exists stats_apply(conversions, int);');
    this.addSql(`drop table if exists "stats_campaign_daily" cascade;`);
    this.addSql(`drop table if exists "stats_campaign_app_daily" cascade;`);
    this.addSql(`drop table if exists "stats_advertiser_app_daily" cascade;`);

    this.addSql(`drop table if exists "stats_publisher_daily" cascade;`);
  }

}
