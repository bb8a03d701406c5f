import { Migration } from '@mikro-orm/migrations';

export class Migration20261206090000_account_recovery extends Migration {

  override async up(): Promise<void> {
    // A reset link from "This was not me" answers an event: the factor that proves the owner must be older.
    this.addSql(`alter table "password_resets" add column "since" timestamptz null;`);
    // A security notice about an e-mail change goes to the address the account had before it.
    this.addSql(`alter table "notifications" add column "email_to" varchar(254) null;`);
    // Changing one's e-mail: a link to the new address confirms it.
    this.addSql(`create table "email_changes" ("id" uuid not null, "user_id" int not null, "old_email" varchar(254) not null, "new_email" varchar(254) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "confirmed_at" timestamptz null, constraint "email_changes_pkey" primary key ("id"));`);
    this.addSql(`create index "email_changes_user_id_index" on "email_changes" ("user_id");`);
    this.addSql(`alter table "email_changes" add constraint "email_changes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_changes" cascade;`);
    this.addSql(`alter table "notifications" drop column "email_to";`);
    this.addSql(`alter table "password_resets" drop column "since";`);
  }

}
