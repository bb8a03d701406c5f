import { Migration } from '@mikro-orm/migrations';

export class Migration20261130030000_user_language extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "language" varchar(8) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "language";`);
  }

}
