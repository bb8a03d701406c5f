import { Migration } from '@mikro-orm/migrations';

export class Migration20261130020000_ledger_account_version extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "ledger_accounts" add column "version" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "ledger_accounts" drop column "version";`);
  }

}
