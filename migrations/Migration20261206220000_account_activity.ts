import { Migration } from '@mikro-orm/migrations';

/** The account's change history, written by triggers on the account's things. */
export class Migration20261206220000_account_activity extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "account_activity" ("id" bigserial primary key, "account_id" int not null, "user_id" int null, "at" timestamptz not null default now(), "ip" varchar(64) null, "action" varchar(20) not null, "object_type" varchar(20) not null, "object_id" int null, "before" jsonb null, "after" jsonb null);`);
    this.addSql(`create index "account_activity_account_id_id_index" on "account_activity" ("account_id", "id");`);
    this.addSql(`create index "account_activity_account_id_object_type_object_id_index" on "account_activity" ("account_id", "object_type", "object_id");`);
    this.addSql(`alter table "account_activity" add constraint "account_activity_account_id_foreign" foreign key ("account_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "account_activity" add constraint "account_activity_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    // The triggers name their function; its body is in server/modules/teams/sql/ and applied after
    // the migrations (server/db/definitions.ts). Until then it records nothing.
    this.addSql(`create or replace function account_activity_record() returns trigger language plpgsql as $$ begin return null; end $$;`);
    const things: [string, string][] = [
      ['campaigns', 'campaign'],
      ['platforms', 'app'],
      ['platform_services', 'service'],
      ['projects', 'project'],
      ['tasks', 'resource'],
      ['payout_addresses', 'payoutAddress'],
      ['account_members', 'member'],
      ['account_invitations', 'invitation'],
    ];
    for (const [table, kind] of things)
      this.addSql(`create trigger ${table}_activity after insert or update or delete on "${table}" for each row execute function account_activity_record('${kind}');`);
    this.addSql(`create trigger ledger_transfers_activity after insert on "ledger_transfers" for each row execute function account_activity_record('budget');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_activity";`);
    this.addSql(`drop function if exists account_activity_record() cascade;`);
  }

}
