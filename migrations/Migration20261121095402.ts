import { Migration } from '@mikro-orm/migrations';

// Publisher apps: platforms, their awards, services and service awards.
export class Migration20261121095402 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "platforms" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "owner_id" int not null, "title" varchar(120) not null, "logo" varchar(500) not null, "category_id" int not null, "webapp_url" varchar(500) not null, "tg_bot_url" varchar(200) not null, "tg_bot_id" bigint null, "bot_token_enc" varchar(300) null, "reward_callback_url" varchar(500) null, "is_dark_theme" boolean not null default false, "is_active" boolean not null default true, "secret_key_enc" varchar(300) not null, "secret_key_hash" varchar(64) not null);`);
    this.addSql(`create index "platforms_owner_id_index" on "platforms" ("owner_id");`);
    this.addSql(`alter table "platforms" add constraint "platforms_secret_key_hash_unique" unique ("secret_key_hash");`);

    this.addSql(`create table "platform_services" ("id" serial primary key, "platform_id" int not null, "task_type" text check ("task_type" in ('CHAT', 'CHANNEL', 'BOT', 'SMART_LINK', 'CUSTOM')) not null, "should_confirm_without_payout" boolean not null default false, "is_excluded" boolean not null default false);`);
    this.addSql(`alter table "platform_services" add constraint "platform_services_platform_id_task_type_unique" unique ("platform_id", "task_type");`);

    this.addSql(`create table "platform_rewards" ("id" serial primary key, "platform_id" int not null, "title" varchar(60) not null, "logo" varchar(500) not null);`);
    this.addSql(`alter table "platform_rewards" add constraint "platform_rewards_platform_id_title_unique" unique ("platform_id", "title");`);

    this.addSql(`create table "platform_service_awards" ("id" serial primary key, "service_id" int not null, "platform_reward_id" int not null, "value" int not null);`);
    this.addSql(`create index "platform_service_awards_service_id_index" on "platform_service_awards" ("service_id");`);

    this.addSql(`alter table "platforms" add constraint "platforms_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "platforms" add constraint "platforms_category_id_foreign" foreign key ("category_id") references "categories" ("id") on update cascade;`);

    this.addSql(`alter table "platform_services" add constraint "platform_services_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "platform_rewards" add constraint "platform_rewards_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "platform_service_awards" add constraint "platform_service_awards_service_id_foreign" foreign key ("service_id") references "platform_services" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "platform_service_awards" add constraint "platform_service_awards_platform_reward_id_foreign" foreign key ("platform_reward_id") references "platform_rewards" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "platform_services" drop constraint "platform_services_platform_id_foreign";`);

    this.addSql(`alter table "platform_rewards" drop constraint "platform_rewards_platform_id_foreign";`);

    this.addSql(`alter table "platform_service_awards" drop constraint "platform_service_awards_service_id_foreign";`);

    this.addSql(`alter table "platform_service_awards" drop constraint "platform_service_awards_platform_reward_id_foreign";`);

    this.addSql(`drop table if exists "platforms" cascade;`);

    this.addSql(`drop table if exists "platform_services" cascade;`);

    this.addSql(`drop table if exists "platform_rewards" cascade;`);

    this.addSql(`drop table if exists "platform_service_awards" cascade;`);
  }

}
