import { Migration } from '@mikro-orm/migrations';

export class Migration20261129060435_passkeys extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "passkey_challenges" ("id" serial primary key, "challenge" varchar(128) not null, "ceremony" text check ("ceremony" in ('REGISTER', 'SIGN_IN', 'PROVE')) not null, "user_id" int null, "expires_at" timestamptz not null);`);
    this.addSql(`alter table "passkey_challenges" add constraint "passkey_challenges_challenge_unique" unique ("challenge");`);
    this.addSql(`create index "passkey_challenges_expires_at_index" on "passkey_challenges" ("expires_at");`);

    this.addSql(`alter table "passkey_challenges" add constraint "passkey_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sessions" drop constraint if exists "sessions_method_check";`);

    this.addSql(`alter table "second_factors" drop constraint if exists "second_factors_kind_check";`);

    this.addSql(`alter table "sessions" add constraint "sessions_method_check" check("method" in ('PASSWORD', 'GOOGLE', 'TELEGRAM', 'PASSKEY'));`);

    this.addSql(`alter table "second_factors" add column "credential_id" varchar(1024) null, add column "public_key" bytea null, add column "counter" bigint not null default 0, add column "transports" varchar(200) null;`);
    this.addSql(`alter table "second_factors" alter column "secret" type text using ("secret"::text);`);
    this.addSql(`alter table "second_factors" alter column "secret" drop not null;`);
    this.addSql(`alter table "second_factors" add constraint "second_factors_kind_check" check("kind" in ('TOTP', 'PASSKEY'));`);
    this.addSql(`alter table "second_factors" add constraint "second_factors_credential_id_unique" unique ("credential_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "passkey_challenges" cascade;`);

    this.addSql(`alter table "second_factors" drop constraint if exists "second_factors_kind_check";`);

    this.addSql(`alter table "sessions" drop constraint if exists "sessions_method_check";`);

    this.addSql(`alter table "second_factors" drop constraint "second_factors_credential_id_unique";`);
    this.addSql(`alter table "second_factors" drop column "credential_id", drop column "public_key", drop column "counter", drop column "transports";`);

    this.addSql(`alter table "second_factors" alter column "secret" type text using ("secret"::text);`);
    this.addSql(`alter table "second_factors" alter column "secret" set not null;`);
    this.addSql(`alter table "second_factors" add constraint "second_factors_kind_check" check("kind" in ('TOTP'));`);

    this.addSql(`alter table "sessions" add constraint "sessions_method_check" check("method" in ('PASSWORD', 'GOOGLE', 'TELEGRAM'));`);
  }

}
