import { Migration } from '@mikro-orm/migrations';

/**
 * Traffic quality's 30-day re-check: a bounded sample of posted channel and chat
 * conversions is checked again through the system bot 30 days on; the rollup counts the checks
 * and the players still there. The rollup's functions return more columns, so their old
 * signatures go (the quality area's SQL files create them again right after the migrations).
 */
export class Migration20261126114403_quality_recheck extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "platform_quality_daily" add column "checked_30d" int not null default 0, add column "retained_30d" int not null default 0;`);

    this.addSql(`alter table "conversions" add column "checked_30d_at" timestamptz null, add column "retained_30d" boolean null;`);
    this.addSql(`create index "conversions_recheck_due" on "conversions" ("created_at") where "status" = 'POSTED' and "checked_30d_at" is null and "task_type" in ('CHANNEL', 'CHAT');`);
    this.addSql('drop function if exists platform_quality(int[], int);');
    this.addSql('drop function if exists quality_recomputed();');
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "conversions_recheck_due";`);
    this.addSql(`alter table "conversions" drop column "checked_30d_at", drop column "retained_30d";`);

    this.addSql(`alter table "platform_quality_daily" drop column "checked_30d", drop column "retained_30d";`);
  }

}
