import { Migration } from '@mikro-orm/migrations';

export class Migration20261125175216_account_safety extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "account_notices" ("id" serial primary key, "email" varchar(254) not null, "kind" text check ("kind" in ('REGISTRATION_EXISTS', 'REGISTRATION_PENDING', 'SIGN_IN_FAILURES')) not null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null);`);
    this.addSql(`create index "account_notices_email_kind_created_at_index" on "account_notices" ("email", "kind", "created_at");`);
    this.addSql(`create index "account_notices_created_at_index" on "account_notices" ("created_at");`);

    this.addSql(`create table "sign_in_addresses" ("user_id" int not null, "ip" varchar(64) not null, "last_seen_at" timestamptz not null default now(), constraint "sign_in_addresses_pkey" primary key ("user_id", "ip"));`);
    this.addSql(`create index "sign_in_addresses_last_seen_at_index" on "sign_in_addresses" ("last_seen_at");`);

    this.addSql(`alter table "sign_in_addresses" add constraint "sign_in_addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_notices" cascade;`);

    this.addSql(`drop table if exists "sign_in_addresses" cascade;`);
  }

}
