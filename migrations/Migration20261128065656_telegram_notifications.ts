import { Migration } from '@mikro-orm/migrations';

export class Migration20261128065656_telegram_notifications extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "notifications" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int not null, "type" varchar(40) not null, "event_key" varchar(120) not null, "channel" text check ("channel" in ('TELEGRAM', 'EMAIL')) not null, "text" text not null, "subject" varchar(200) not null default '', "path" varchar(200) not null, "state" text check ("state" in ('PENDING', 'SENDING', 'SENT', 'SKIPPED', 'FAILED')) not null default 'PENDING', "due_at" timestamptz not null default now(), "claimed_at" timestamptz null, "attempts" int not null default 0, "sent_at" timestamptz null, "error" text null);`);
    this.addSql(`create index "notifications_claimed_at_index" on "notifications" ("claimed_at");`);
    this.addSql(`create index "notifications_state_due_at_index" on "notifications" ("state", "due_at");`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_event_key_channel_unique" unique ("user_id", "event_key", "channel");`);

    this.addSql(`create table "notification_preferences" ("user_id" int not null, "type" varchar(40) not null, "telegram" boolean not null, "email" boolean not null, constraint "notification_preferences_pkey" primary key ("user_id", "type"));`);

    this.addSql(`create table "telegram_link_tokens" ("id" serial primary key, "created_at" timestamptz not null default now(), "token_hash" varchar(64) not null, "user_id" int not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`);
    this.addSql(`alter table "telegram_link_tokens" add constraint "telegram_link_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "telegram_link_tokens_user_id_index" on "telegram_link_tokens" ("user_id");`);

    this.addSql(`alter table "users" add column "telegram_user_id" bigint null, add column "telegram_chat_id" bigint null, add column "telegram_username" varchar(64) null, add column "telegram_language" varchar(16) null;`);
    this.addSql(`alter table "users" add constraint "users_telegram_user_id_unique" unique ("telegram_user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notifications" cascade;`);

    this.addSql(`drop table if exists "notification_preferences" cascade;`);

    this.addSql(`drop table if exists "telegram_link_tokens" cascade;`);

    this.addSql(`alter table "users" drop constraint "users_telegram_user_id_unique";`);
    this.addSql(`alter table "users" drop column "telegram_user_id", drop column "telegram_chat_id", drop column "telegram_username", drop column "telegram_language";`);
  }

}
