import { Migration } from '@mikro-orm/migrations';

export class Migration20261129095926_new_address_hold extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "payout_addresses" ("id" serial primary key, "user_id" int not null, "address" varchar(100) not null, "label" varchar(60) not null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "payout_addresses" add constraint "payout_addresses_user_id_address_unique" unique ("user_id", "address");`);

    this.addSql(`alter table "payout_addresses" add constraint "payout_addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "payments" add column "hold_until" timestamptz null, add column "rule_pending" boolean not null default false;`);
    this.addSql(`create index "payments_rule_pending" on "payments" ("hold_until") where "rule_pending";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payout_addresses" cascade;`);

    this.addSql(`drop index "payments_rule_pending";`);
    this.addSql(`alter table "payments" drop column "hold_until", drop column "rule_pending";`);
  }

}
