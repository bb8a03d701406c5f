import { Migration } from '@mikro-orm/migrations';

export class Migration20261121114415_campaigns extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "reward_callbacks" ("id" bigserial primary key, "conversion_id" bigint not null, "platform_id" int not null, "url" varchar(500) not null, "status" text check ("status" in ('PENDING', 'DELIVERED', 'FAILED')) not null default 'PENDING', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "last_status_code" int null, "last_error" varchar(500) null, "created_at" timestamptz not null default now(), "delivered_at" timestamptz null);`);
    this.addSql(`alter table "reward_callbacks" add constraint "reward_callbacks_conversion_id_unique" unique ("conversion_id");`);
    this.addSql(`create index "reward_callbacks_platform_id_id_index" on "reward_callbacks" ("platform_id", "id");`);
    this.addSql(`create index "reward_callbacks_due" on "reward_callbacks" ("next_attempt_at") where "status" = 'PENDING';`);

    this.addSql(`create table "reward_callback_attempts" ("id" bigserial primary key, "callback_id" bigint not null, "attempt" int not null, "at" timestamptz not null default now(), "status_code" int null, "error" varchar(500) null, "duration_ms" int not null);`);
    this.addSql(`create index "reward_callback_attempts_callback_id_index" on "reward_callback_attempts" ("callback_id");`);

    this.addSql(`create table "campaigns" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "owner_id" int not null, "project_id" int not null, "task_id" int null, "task_type" text check ("task_type" in ('CHAT', 'CHANNEL', 'BOT', 'SMART_LINK', 'CUSTOM')) not null, "task_title" varchar(200) not null, "task_url" varchar(500) not null, "name" varchar(120) not null, "status" text check ("status" in ('ACTIVE', 'STOPPED', 'MODERATION', 'REJECTED')) not null default 'ACTIVE', "is_active" boolean not null default true, "prices" jsonb not null, "min_price" bigint not null, "daily_cap" int null, "countries" text[] not null default '{}', "languages" text[] not null default '{}', "is_premium_only" boolean not null default false, "conversions" int not null default 0, "voided" int not null default 0, "spend" bigint not null default 0, "today_date" date null, "today_conversions" int not null default 0, "today_spend" bigint not null default 0, "deleted_at" timestamptz null, constraint campaigns_counters_non_negative check (conversions >= 0 and spend >= 0 and today_conversions >= 0 and today_spend >= 0 and voided >= 0 and min_price > 0), constraint campaigns_daily_cap_positive check (daily_cap is null or daily_cap >= 1));`);
    this.addSql(`create index "campaigns_task_id_index" on "campaigns" ("task_id");`);
    this.addSql(`create index "campaigns_owner_id_id_index" on "campaigns" ("owner_id", "id");`);
    this.addSql(`create index "campaigns_project_id_id_index" on "campaigns" ("project_id", "id");`);

    this.addSql(`create table "player_reports" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "platform_id" int not null, "campaign_id" int not null, "player_id" bigint not null, "reason" text check ("reason" in ('NOT_REWARDED', 'BROKEN', 'INAPPROPRIATE', 'OTHER')) not null, "text" varchar(1000) null, "status" text check ("status" in ('NEW', 'IN_REVIEW', 'RESOLVED', 'REJECTED')) not null default 'NEW');`);
    this.addSql(`create index "player_reports_campaign_id_index" on "player_reports" ("campaign_id");`);
    this.addSql(`create index "player_reports_status_id_index" on "player_reports" ("status", "id");`);

    this.addSql(`create table "platform_campaign_stats" ("id" serial primary key, "platform_id" int not null, "campaign_id" int not null, "completed" int not null default 0, "revenue" bigint not null default 0);`);
    this.addSql(`create index "platform_campaign_stats_campaign_id_index" on "platform_campaign_stats" ("campaign_id");`);
    this.addSql(`alter table "platform_campaign_stats" add constraint "platform_campaign_stats_platform_id_campaign_id_unique" unique ("platform_id", "campaign_id");`);

    this.addSql(`create table "conversions" ("id" bigserial primary key, "campaign_id" int not null, "click_id" bigint not null, "platform_id" int not null, "publisher_id" int not null, "advertiser_id" int not null, "player_id" bigint not null, "task_type" text check ("task_type" in ('CHAT', 'CHANNEL', 'BOT', 'SMART_LINK', 'CUSTOM')) not null, "country" varchar(2) null, "tier_level" int not null, "price" bigint not null, "publisher_amount" bigint not null, "fee_amount" bigint not null, "status" text check ("status" in ('HOLD', 'POSTED', 'VOIDED')) not null default 'HOLD', "publisher_transfer_id" bigint not null, "fee_transfer_id" bigint null, "created_at" timestamptz not null default now(), "resolved_at" timestamptz null);`);
    this.addSql(`alter table "conversions" add constraint "conversions_click_id_unique" unique ("click_id");`);
    this.addSql(`create index "conversions_campaign_id_created_at_index" on "conversions" ("campaign_id", "created_at");`);
    this.addSql(`create index "conversions_platform_id_created_at_index" on "conversions" ("platform_id", "created_at");`);
    this.addSql(`create index "conversions_advertiser_id_created_at_index" on "conversions" ("advertiser_id", "created_at");`);
    this.addSql(`create index "conversions_publisher_id_created_at_index" on "conversions" ("publisher_id", "created_at");`);
    this.addSql(`create index "conversions_on_hold" on "conversions" ("created_at") where "status" = 'HOLD';`);
    this.addSql(`alter table "conversions" add constraint "conversions_campaign_id_player_id_unique" unique ("campaign_id", "player_id");`);

    this.addSql(`create table "clicks" ("id" bigserial primary key, "code" varchar(64) not null, "campaign_id" int not null, "platform_id" int not null, "player_id" bigint not null, "country" varchar(2) null, "tier_level" int not null, "is_premium" boolean not null default false, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "clicks" add constraint "clicks_code_unique" unique ("code");`);
    this.addSql(`create index "clicks_platform_id_index" on "clicks" ("platform_id");`);
    this.addSql(`alter table "clicks" add constraint "clicks_campaign_id_player_id_unique" unique ("campaign_id", "player_id");`);

    this.addSql(`alter table "reward_callbacks" add constraint "reward_callbacks_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "reward_callback_attempts" add constraint "reward_callback_attempts_callback_id_foreign" foreign key ("callback_id") references "reward_callbacks" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "campaigns" add constraint "campaigns_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "player_reports" add constraint "player_reports_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "player_reports" add constraint "player_reports_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on update cascade;`);

    this.addSql(`alter table "platform_campaign_stats" add constraint "platform_campaign_stats_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade;`);
    this.addSql(`alter table "platform_campaign_stats" add constraint "platform_campaign_stats_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on update cascade;`);

    this.addSql(`alter table "conversions" add constraint "conversions_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on update cascade;`);
    this.addSql(`alter table "conversions" add constraint "conversions_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade;`);

    this.addSql(`alter table "clicks" add constraint "clicks_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on update cascade;`);
    this.addSql(`alter table "clicks" add constraint "clicks_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "reward_callback_attempts" drop constraint "reward_callback_attempts_callback_id_foreign";`);

    this.addSql(`alter table "player_reports" drop constraint "player_reports_campaign_id_foreign";`);

    this.addSql(`alter table "platform_campaign_stats" drop constraint "platform_campaign_stats_campaign_id_foreign";`);

    this.addSql(`alter table "conversions" drop constraint "conversions_campaign_id_foreign";`);

    this.addSql(`alter table "clicks" drop constraint "clicks_campaign_id_foreign";`);

    this.addSql(`drop table if exists "reward_callbacks" cascade;`);

    this.addSql(`drop table if exists "reward_callback_attempts" cascade;`);

    this.addSql(`drop table if exists "campaigns" cascade;`);

    this.addSql(`drop table if exists "player_reports" cascade;`);

    this.addSql(`drop table if exists "platform_campaign_stats" cascade;`);

    this.addSql(`drop table if exists "conversions" cascade;`);

    this.addSql(`drop table if exists "clicks" cascade;`);
  }

}
