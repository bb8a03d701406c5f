import { Migration } from '@mikro-orm/migrations';

export class Migration20261124114821_moderation extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "showcase_blocks" ("id" serial primary key, "platform_id" int not null, "player_id" bigint not null, "report_id" int null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "showcase_blocks" add constraint "showcase_blocks_platform_id_player_id_unique" unique ("platform_id", "player_id");`);

    this.addSql(`create table "moderation_events" ("id" serial primary key, "subject" text check ("subject" in ('PLAYER_REPORT', 'CAMPAIGN')) not null, "subject_id" int not null, "at" timestamptz not null default now(), "actor_id" int null, "action" varchar(20) not null, "from_status" varchar(20) null, "to_status" varchar(20) not null, "note" varchar(1000) null, "effects" jsonb null);`);
    this.addSql(`create index "moderation_events_subject_subject_id_id_index" on "moderation_events" ("subject", "subject_id", "id");`);

    this.addSql(`alter table "showcase_blocks" add constraint "showcase_blocks_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "moderation_events" add constraint "moderation_events_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "player_reports" drop constraint if exists "player_reports_reason_check";`);

    this.addSql(`alter table "player_reports" drop constraint "player_reports_campaign_id_foreign";`);

    this.addSql(`alter table "campaigns" add column "approved_at" timestamptz null, add column "reject_reason" varchar(500) null, add column "review_claimed_by_id" int null, add column "review_claimed_at" timestamptz null;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_review_claimed_by_id_foreign" foreign key ("review_claimed_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "player_reports" add column "player_name" varchar(200) null, add column "claimed_by_id" int null, add column "claimed_at" timestamptz null, add column "rule" varchar(40) null, add column "rule_subject" varchar(60) null, add column "rule_day" date null, add column "evidence" jsonb null;`);
    this.addSql(`alter table "player_reports" alter column "campaign_id" type int using ("campaign_id"::int);`);
    this.addSql(`alter table "player_reports" alter column "campaign_id" drop not null;`);
    this.addSql(`alter table "player_reports" alter column "player_id" type bigint using ("player_id"::bigint);`);
    this.addSql(`alter table "player_reports" alter column "player_id" drop not null;`);
    this.addSql(`alter table "player_reports" add constraint "player_reports_claimed_by_id_foreign" foreign key ("claimed_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "player_reports" add constraint "player_reports_reason_check" check("reason" in ('NOT_REWARDED', 'BROKEN', 'INAPPROPRIATE', 'OTHER', 'FRAUD_RULE'));`);
    this.addSql(`alter table "player_reports" add constraint "player_reports_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on update cascade on delete set null;`);
    this.addSql(`create unique index "player_reports_rule_once" on "player_reports" ("rule", "rule_subject", "rule_day") where "rule" is not null;`);

    this.addSql(`create index "conversions_player_id_created_at_index" on "conversions" ("player_id", "created_at");`);

    // Campaigns that ran before review existed count as approved: their advertisers are known.
    this.addSql(`update "campaigns" set "approved_at" = "created_at" where "deal_id" is null and "status" not in ('MODERATION', 'REJECTED');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "showcase_blocks" cascade;`);

    this.addSql(`drop table if exists "moderation_events" cascade;`);

    this.addSql(`alter table "campaigns" drop constraint "campaigns_review_claimed_by_id_foreign";`);

    this.addSql(`alter table "player_reports" drop constraint if exists "player_reports_reason_check";`);

    this.addSql(`alter table "player_reports" drop constraint "player_reports_claimed_by_id_foreign";`);
    this.addSql(`alter table "player_reports" drop constraint "player_reports_campaign_id_foreign";`);

    this.addSql(`alter table "campaigns" drop column "approved_at", drop column "reject_reason", drop column "review_claimed_by_id", drop column "review_claimed_at";`);

    this.addSql(`drop index "conversions_player_id_created_at_index";`);

    this.addSql(`drop index "player_reports_rule_once";`);
    this.addSql(`alter table "player_reports" drop column "player_name", drop column "claimed_by_id", drop column "claimed_at", drop column "rule", drop column "rule_subject", drop column "rule_day", drop column "evidence";`);

    this.addSql(`alter table "player_reports" alter column "campaign_id" type int4 using ("campaign_id"::int4);`);
    this.addSql(`alter table "player_reports" alter column "campaign_id" set not null;`);
    this.addSql(`alter table "player_reports" alter column "player_id" type int8 using ("player_id"::int8);`);
    this.addSql(`alter table "player_reports" alter column "player_id" set not null;`);
    this.addSql(`alter table "player_reports" add constraint "player_reports_reason_check" check("reason" in ('NOT_REWARDED', 'BROKEN', 'INAPPROPRIATE', 'OTHER'));`);
    this.addSql(`alter table "player_reports" add constraint "player_reports_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on update cascade on delete no action;`);
  }

}
