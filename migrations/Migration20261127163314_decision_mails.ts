import { Migration } from '@mikro-orm/migrations';

export class Migration20261127163314_decision_mails extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "registration_requests" add column "decision_mailed_at" timestamptz null;`);
    // Decisions taken before decisions were mailed are not mailed now, days late.
    this.addSql(`update "registration_requests" set "decision_mailed_at" = "decided_at" where "status" <> 'PENDING';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "registration_requests" drop column "decision_mailed_at";`);
  }

}
