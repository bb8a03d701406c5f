import { Migration } from '@mikro-orm/migrations';

export class Migration20261129125226_payout_transfers_unmatched extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "payout_transfers" add column "unmatched" varchar(300) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payout_transfers" drop column "unmatched";`);
  }

}
