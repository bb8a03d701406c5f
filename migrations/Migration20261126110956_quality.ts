import { Migration } from '@mikro-orm/migrations';

/**
 * Traffic quality: the per-app daily quality rollup and its triggers, exclusions, and
 * a campaign's minimum score. The trigger functions' bodies are the quality area's SQL files,
 * applied after the migrations (db/definitions.ts); here they are placeholders the triggers can
 * name. The rollup is filled from history at the first start (QualityService.start).
 */
export class Migration20261126110956_quality extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "quality_settings" ("id" int not null default 1 primary key, "fast_ms" int not null default 5000);`);

    this.addSql(`create table "platform_quality_daily" ("platform_id" int not null, "day" date not null, "completed" int not null default 0, "fast" int not null default 0, "voided" int not null default 0, "social_resolved" int not null default 0, "social_retained" int not null default 0, "reports_confirmed" int not null default 0, "fraud_hits" int not null default 0, constraint "platform_quality_daily_pkey" primary key ("platform_id", "day"));`);

    this.addSql(`create table "campaign_excluded_platforms" ("campaign_id" int not null, "platform_id" int not null, "created_at" timestamptz not null default now(), constraint "campaign_excluded_platforms_pkey" primary key ("campaign_id", "platform_id"));`);
    this.addSql(`create index "campaign_excluded_platforms_platform_id_index" on "campaign_excluded_platforms" ("platform_id");`);

    this.addSql(`create table "user_excluded_platforms" ("user_id" int not null, "platform_id" int not null, "created_at" timestamptz not null default now(), constraint "user_excluded_platforms_pkey" primary key ("user_id", "platform_id"));`);
    this.addSql(`create index "user_excluded_platforms_platform_id_index" on "user_excluded_platforms" ("platform_id");`);

    this.addSql(`alter table "platform_quality_daily" add constraint "platform_quality_daily_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "campaign_excluded_platforms" add constraint "campaign_excluded_platforms_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "campaign_excluded_platforms" add constraint "campaign_excluded_platforms_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_excluded_platforms" add constraint "user_excluded_platforms_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_excluded_platforms" add constraint "user_excluded_platforms_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "campaigns" add column "min_quality" smallint null, add column "unscored_allowed" boolean not null default true;`);
    this.addSql(`alter table "campaigns" add constraint campaigns_min_quality_range check (min_quality is null or (min_quality >= 0 and min_quality <= 100));`);

    for (const fn of ['conversions_quality_insert', 'conversions_quality', 'player_reports_quality']) {
      this.addSql(`create or replace function ${fn}() returns trigger language plpgsql as $$
begin
  raise exception '${fn}: its definition has not been applied yet';
end $$;`);
    }
    this.addSql(`create trigger conversions_quality_insert after insert on conversions
      referencing new table as new_rows for each statement execute function conversions_quality_insert();`);
    this.addSql(`create trigger conversions_quality after update or delete on conversions
      for each row execute function conversions_quality();`);
    this.addSql(`create trigger player_reports_quality after insert or update of status or delete on player_reports
      for each row execute function player_reports_quality();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists conversions_quality_insert on conversions;');
    this.addSql('drop trigger if exists conversions_quality on conversions;');
    this.addSql('drop trigger if exists player_reports_quality on player_reports;');
    for (const fn of ['conversions_quality_insert', 'conversions_quality', 'player_reports_quality', 'platform_quality', 'quality_rebuild', 'quality_recomputed']) {
      this.addSql(`drop function if exists ${fn} cascade;`);
    }
    this.addSql(`drop table if exists "quality_settings" cascade;`);

    this.addSql(`drop table if exists "platform_quality_daily" cascade;`);

    this.addSql(`drop table if exists "campaign_excluded_platforms" cascade;`);

    this.addSql(`drop table if exists "user_excluded_platforms" cascade;`);

    this.addSql(`alter table "campaigns" drop constraint campaigns_min_quality_range;`);
    this.addSql(`alter table "campaigns" drop column "min_quality", drop column "unscored_allowed";`);
  }

}
