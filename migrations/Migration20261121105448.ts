import { Migration } from '@mikro-orm/migrations';

// Access tokens carry a version, bumped when the password changes.
export class Migration20261121105448 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "token_version" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "token_version";`);
  }

}
