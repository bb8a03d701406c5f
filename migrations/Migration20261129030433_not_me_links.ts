import { Migration } from '@mikro-orm/migrations';

export class Migration20261129030433_not_me_links extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "not_me_links" ("id" serial primary key, "created_at" timestamptz not null default now(), "token_hash" varchar(64) not null, "user_id" int not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`);
    this.addSql(`alter table "not_me_links" add constraint "not_me_links_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "not_me_links_user_id_index" on "not_me_links" ("user_id");`);

    this.addSql(`alter table "users" add column "withdrawals_stopped_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "not_me_links" cascade;`);

    this.addSql(`alter table "users" drop column "withdrawals_stopped_at";`);
  }

}
