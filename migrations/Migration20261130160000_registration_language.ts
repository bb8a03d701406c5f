import { Migration } from '@mikro-orm/migrations';

export class Migration20261130160000_registration_language extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "registration_requests" add column "language" varchar(8) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "registration_requests" drop column "language";`);
  }

}
