import { Migration } from '@mikro-orm/migrations';

export class Migration20261124083633_exchange_and_new_users extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "exchange_offers" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "proposer_id" int not null, "partner_id" int not null, "platform_id" int not null, "project_id" int not null, "partner_platform_id" int not null, "partner_project_id" int not null, "quantity" int not null, "partner_quantity" int not null, "expires_at" timestamptz null, "message" varchar(500) null, "status" text check ("status" in ('PENDING', 'CONFIRMED', 'REJECTED', 'WITHDRAWN', 'EXPIRED')) not null default 'PENDING', "decided_at" timestamptz null, "deal_id" int null, constraint exchange_offers_quantities check (quantity >= 1 and quantity <= 1000000 and partner_quantity >= 1 and partner_quantity <= 1000000));`);
    this.addSql(`create index "exchange_offers_proposer_id_status_id_index" on "exchange_offers" ("proposer_id", "status", "id");`);
    this.addSql(`create index "exchange_offers_partner_id_status_id_index" on "exchange_offers" ("partner_id", "status", "id");`);
    this.addSql(`create unique index "exchange_offers_one_pending_per_pair" on "exchange_offers" (least("platform_id", "partner_platform_id"), greatest("platform_id", "partner_platform_id")) where "status" = 'PENDING';`);

    this.addSql(`create table "exchange_deals" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "offer_id" int not null, "proposer_id" int not null, "partner_id" int not null, "platform_id" int not null, "project_id" int not null, "partner_platform_id" int not null, "partner_project_id" int not null, "quantity" int not null, "delivered" int not null default 0, "partner_quantity" int not null, "partner_delivered" int not null default 0, "status" text check ("status" in ('ACTIVE', 'PAUSED', 'COMPLETED', 'ENDED')) not null default 'ACTIVE', "ended_at" timestamptz null, constraint exchange_deals_delivered_within_quantity check (delivered >= 0 and delivered <= quantity and partner_delivered >= 0 and partner_delivered <= partner_quantity));`);
    this.addSql(`alter table "exchange_deals" add constraint "exchange_deals_offer_id_unique" unique ("offer_id");`);
    this.addSql(`create index "exchange_deals_proposer_id_id_index" on "exchange_deals" ("proposer_id", "id");`);
    this.addSql(`create index "exchange_deals_partner_id_id_index" on "exchange_deals" ("partner_id", "id");`);

    this.addSql(`alter table "exchange_offers" add constraint "exchange_offers_proposer_id_foreign" foreign key ("proposer_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "exchange_offers" add constraint "exchange_offers_partner_id_foreign" foreign key ("partner_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "exchange_offers" add constraint "exchange_offers_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "exchange_offers" add constraint "exchange_offers_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "exchange_offers" add constraint "exchange_offers_partner_platform_id_foreign" foreign key ("partner_platform_id") references "platforms" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "exchange_offers" add constraint "exchange_offers_partner_project_id_foreign" foreign key ("partner_project_id") references "projects" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "exchange_deals" add constraint "exchange_deals_offer_id_foreign" foreign key ("offer_id") references "exchange_offers" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "exchange_deals" add constraint "exchange_deals_proposer_id_foreign" foreign key ("proposer_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "exchange_deals" add constraint "exchange_deals_partner_id_foreign" foreign key ("partner_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "exchange_deals" add constraint "exchange_deals_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "exchange_deals" add constraint "exchange_deals_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "exchange_deals" add constraint "exchange_deals_partner_platform_id_foreign" foreign key ("partner_platform_id") references "platforms" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "exchange_deals" add constraint "exchange_deals_partner_project_id_foreign" foreign key ("partner_project_id") references "projects" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "campaigns" drop constraint campaigns_counters_non_negative;`);

    this.addSql(`alter table "campaigns" add column "new_users_only" boolean not null default true, add column "not_new" int not null default 0, add column "deal_id" int null, add column "platform_id" int null;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_deal_id_foreign" foreign key ("deal_id") references "exchange_deals" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "campaigns_deal_id_index" on "campaigns" ("deal_id");`);
    this.addSql(`alter table "campaigns" add constraint campaigns_counters_non_negative check(conversions >= 0 and spend >= 0 and today_conversions >= 0 and today_spend >= 0 and voided >= 0 and not_new >= 0 and (min_price > 0 or deal_id is not null));`);

    this.addSql(`alter table "conversions" alter column "publisher_transfer_id" type bigint using ("publisher_transfer_id"::bigint);`);
    this.addSql(`alter table "conversions" alter column "publisher_transfer_id" drop not null;`);

    this.addSql(`alter table "clicks" add column "not_new" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "exchange_deals" drop constraint "exchange_deals_offer_id_foreign";`);

    this.addSql(`alter table "campaigns" drop constraint "campaigns_deal_id_foreign";`);

    this.addSql(`drop table if exists "exchange_offers" cascade;`);

    this.addSql(`drop table if exists "exchange_deals" cascade;`);

    this.addSql(`alter table "campaigns" drop constraint "campaigns_platform_id_foreign";`);

    this.addSql(`drop index "campaigns_deal_id_index";`);
    this.addSql(`alter table "campaigns" drop constraint campaigns_counters_non_negative;`);
    this.addSql(`alter table "campaigns" drop column "new_users_only", drop column "not_new", drop column "deal_id", drop column "platform_id";`);

    this.addSql(`alter table "campaigns" add constraint campaigns_counters_non_negative check((conversions >= 0) AND (spend >= 0) AND (today_conversions >= 0) AND (today_spend >= 0) AND (voided >= 0) AND (min_price > 0));`);

    this.addSql(`alter table "clicks" drop column "not_new";`);

    this.addSql(`alter table "conversions" alter column "publisher_transfer_id" type int8 using ("publisher_transfer_id"::int8);`);
    this.addSql(`alter table "conversions" alter column "publisher_transfer_id" set not null;`);
  }

}
