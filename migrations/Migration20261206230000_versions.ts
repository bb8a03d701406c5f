import { Migration } from '@mikro-orm/migrations';

/** Campaigns carry a version a person's saved change bumps (teams: no lost edits). */
export class Migration20261206230000_versions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "campaigns" add column "version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaigns" drop column "version";`);
  }

}
