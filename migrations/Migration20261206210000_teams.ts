import { Migration } from '@mikro-orm/migrations';

/**
 * Teams: an account (the owner's user row) has members, each with one access level, and
 * invitations. The owner is the account's Admin without a row here and stays one; nothing moves.
 * A ledger entry says which person caused it (null: the system — a conversion, a job, a script).
 */
export class Migration20261206210000_teams extends Migration {

  override async up(): Promise<void> {
    const level = (column: string) => `"${column}" text check ("${column}" in ('ADMIN', 'STANDARD', 'BILLING', 'READ_ONLY')) not null`;
    this.addSql(`create table "account_members" ("account_id" int not null, "user_id" int not null, ${level('access_level')}, "added_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "account_members_pkey" primary key ("account_id", "user_id"), constraint account_members_not_own check (account_id <> user_id));`);
    this.addSql(`create index "account_members_user_id_index" on "account_members" ("user_id");`);
    this.addSql(`alter table "account_members" add constraint "account_members_account_id_foreign" foreign key ("account_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "account_members" add constraint "account_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "account_members" add constraint "account_members_added_by_id_foreign" foreign key ("added_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "account_invitations" ("id" serial primary key, "account_id" int not null, "email" varchar(254) not null, ${level('access_level')}, "token_hash" varchar(64) not null, "invited_by_id" int null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_by_id" int null, "revoked_at" timestamptz null);`);
    this.addSql(`alter table "account_invitations" add constraint "account_invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "account_invitations_account_id_created_at_index" on "account_invitations" ("account_id", "created_at");`);
    // One open invitation per address and account.
    this.addSql(`create unique index "account_invitations_open" on "account_invitations" ("account_id", lower("email")) where "accepted_at" is null and "revoked_at" is null;`);
    this.addSql(`alter table "account_invitations" add constraint "account_invitations_account_id_foreign" foreign key ("account_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "account_invitations" add constraint "account_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "account_invitations" add constraint "account_invitations_accepted_by_id_foreign" foreign key ("accepted_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "ledger_transfers" add column "caused_by_id" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "ledger_transfers" drop column "caused_by_id";`);
    this.addSql(`drop table if exists "account_invitations";`);
    this.addSql(`drop table if exists "account_members";`);
  }

}
