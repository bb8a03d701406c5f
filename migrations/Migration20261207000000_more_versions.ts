import { Migration } from '@mikro-orm/migrations';

/** Apps and projects carry a version a person's saved change bumps, as campaigns do (teams: no lost edits). */
export class Migration20261207000000_more_versions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "platforms" add column "version" int not null default 1;`);
    this.addSql(`alter table "projects" add column "version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "platforms" drop column "version";`);
    this.addSql(`alter table "projects" drop column "version";`);
  }

}
