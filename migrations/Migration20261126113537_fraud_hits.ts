import { Migration } from '@mikro-orm/migrations';

/**
 * Fraud rules speak per app: a rule's hits are rows of their own (one per player, rule
 * and day), gathered in one moderators' report per app, rule and day; they feed the app's traffic
 * quality through the trigger `fraud_hits_quality` (its body is the quality area's SQL file,
 * applied after the migrations). The hits of the reports filed per player before are backfilled,
 * each linked to its report, so the quality rollup counts the same.
 */
export class Migration20261126113537_fraud_hits extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "fraud_hits" ("id" bigserial primary key, "platform_id" int not null, "rule" varchar(40) not null, "player_id" bigint not null, "conversion_id" bigint null, "day" date not null, "evidence" jsonb not null, "report_id" int null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "fraud_hits_report_id_index" on "fraud_hits" ("report_id");`);
    this.addSql(`create index "fraud_hits_platform_id_day_index" on "fraud_hits" ("platform_id", "day");`);
    this.addSql(`alter table "fraud_hits" add constraint "fraud_hits_rule_player_id_day_unique" unique ("rule", "player_id", "day");`);

    this.addSql(`alter table "fraud_hits" add constraint "fraud_hits_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "fraud_hits" add constraint "fraud_hits_report_id_foreign" foreign key ("report_id") references "player_reports" ("id") on update cascade on delete set null;`);

    this.addSql(`insert into fraud_hits (platform_id, rule, player_id, conversion_id, day, evidence, report_id, created_at)
      select r.platform_id, r.rule, r.player_id, (r.evidence ->> 'conversionId')::bigint, r.rule_day,
             coalesce(r.evidence, '{}'::jsonb), r.id, r.created_at
        from player_reports r
       where r.rule is not null and r.rule_subject like 'player:%' and r.player_id is not null and r.rule_day is not null
      on conflict do nothing;`);
    this.addSql(`create or replace function fraud_hits_quality() returns trigger language plpgsql as $$
begin
  raise exception 'fraud_hits_quality: its definition has not been applied yet';
end $$;`);
    this.addSql(`create trigger fraud_hits_quality after insert on fraud_hits
      referencing new table as new_rows for each statement execute function fraud_hits_quality();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists fraud_hits_quality on fraud_hits;');
    this.addSql('drop function if exists fraud_hits_quality();');
    this.addSql(`drop table if exists "fraud_hits" cascade;`);
  }

}
