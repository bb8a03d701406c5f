import { Migration } from '@mikro-orm/migrations';

export class Migration20261127122911_sessions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sign_in_codes" ("id" serial primary key, "user_id" int not null, "ip" varchar(64) not null, "code_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "attempts" int not null default 0, "used_at" timestamptz null);`);
    this.addSql(`create index "sign_in_codes_user_id_ip_index" on "sign_in_codes" ("user_id", "ip");`);
    this.addSql(`create index "sign_in_codes_expires_at_index" on "sign_in_codes" ("expires_at");`);

    this.addSql(`create table "sessions" ("id" uuid not null, "user_id" int not null, "method" text check ("method" in ('PASSWORD', 'GOOGLE')) not null, "created_at" timestamptz not null default now(), "last_seen_at" timestamptz not null default now(), "expires_at" timestamptz not null, "ended_at" timestamptz null, "ip" varchar(64) not null, "last_ip" varchar(64) not null, "user_agent" varchar(512) null, constraint "sessions_pkey" primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_ended_at_index" on "sessions" ("user_id", "ended_at");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(`alter table "sign_in_codes" add constraint "sign_in_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_codes" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);
  }

}
