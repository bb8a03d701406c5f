import { Migration } from '@mikro-orm/migrations';

export class Migration20261206060000_account_safety_shared extends Migration {

  override async up(): Promise<void> {
    // Sign-in limits and "once" slots that every instance sees when no Redis is configured.
    this.addSql(`create table "rate_limit_hits" ("key" text not null, "window" bigint not null, "hits" int not null default 0, "expires_at" timestamptz not null, constraint "rate_limit_hits_pkey" primary key ("key", "window"));`);
    this.addSql(`create index "rate_limit_hits_expires_at_index" on "rate_limit_hits" ("expires_at");`);
    this.addSql(`create table "rate_limit_slots" ("key" text not null primary key, "until" timestamptz not null);`);
    // When the Telegram account was linked: "This was not me" undoes a link made after the event.
    this.addSql(`alter table "users" add column "telegram_linked_at" timestamptz null;`);
    // Four eyes over a payee's rolling 24 hours: how many people approve a withdrawal, decided at its request.
    this.addSql(`alter table "payments" add column "approvals_needed" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_hits";`);
    this.addSql(`drop table if exists "rate_limit_slots";`);
    this.addSql(`alter table "users" drop column "telegram_linked_at";`);
    this.addSql(`alter table "payments" drop column "approvals_needed";`);
  }

}
