import { Migration } from '@mikro-orm/migrations';

// Users, registration requests, password resets, lookups and ledger accounts.
export class Migration20261121092828 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "ledger_accounts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "kind" text check ("kind" in ('ADVERTISER', 'PUBLISHER', 'CAMPAIGN_BUDGET', 'DEPOSITS', 'WITHDRAWALS', 'NETWORK_FEE')) not null, "user_id" int null, "campaign_id" int null, "debits_pending" bigint not null default 0, "debits_posted" bigint not null default 0, "credits_pending" bigint not null default 0, "credits_posted" bigint not null default 0);`);
    this.addSql(`create index "ledger_accounts_user_id_index" on "ledger_accounts" ("user_id");`);
    this.addSql(`alter table "ledger_accounts" add constraint "ledger_accounts_kind_user_id_campaign_id_unique" unique nulls not distinct ("kind", "user_id", "campaign_id");`);

    this.addSql(`create table "categories" ("id" serial primary key, "title" varchar(100) not null);`);
    this.addSql(`alter table "categories" add constraint "categories_title_unique" unique ("title");`);

    this.addSql(`create table "password_resets" ("id" uuid not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "password_resets_pkey" primary key ("id"));`);
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);

    this.addSql(`create table "registration_requests" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(120) not null, "email" varchar(254) not null, "password_hash" varchar(255) null, "telegram" varchar(64) null, "role" text check ("role" in ('ADVERTISER', 'PUBLISHER')) not null, "company" varchar(200) null, "comment" text null, "source" text check ("source" in ('FORM', 'GOOGLE')) not null default 'FORM', "status" text check ("status" in ('PENDING', 'APPROVED', 'DECLINED')) not null default 'PENDING', "decided_at" timestamptz null, "decided_by_id" int null, "decline_reason" varchar(500) null, "user_id" int null);`);
    this.addSql(`create index "registration_requests_email_index" on "registration_requests" ("email");`);
    this.addSql(`create index "registration_requests_status_created_at_index" on "registration_requests" ("status", "created_at");`);
    // At most one request under review per e-mail, whatever races the application allows.
    this.addSql(`create unique index "registration_requests_pending_email" on "registration_requests" ("email") where "status" = 'PENDING';`);

    this.addSql(`create table "tiers" ("level" int not null, "value" bigint not null, constraint "tiers_pkey" primary key ("level"));`);

    this.addSql(`create table "tier_prices" ("id" serial primary key, "tier_level" int not null, "country_id" varchar(2) not null, "value" bigint not null);`);
    this.addSql(`create index "tier_prices_tier_level_index" on "tier_prices" ("tier_level");`);
    this.addSql(`alter table "tier_prices" add constraint "tier_prices_country_id_unique" unique ("country_id");`);

    this.addSql(`create table "users" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(120) not null, "email" varchar(254) not null, "password_hash" varchar(255) null, "default_role" text check ("default_role" in ('ADVERTISER', 'PUBLISHER')) not null default 'ADVERTISER', "is_exchange_ready" boolean not null default false, "is_moderator" boolean not null default false, "is_finance" boolean not null default false, "telegram" varchar(64) null, "company" varchar(200) null);`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
  }

}
