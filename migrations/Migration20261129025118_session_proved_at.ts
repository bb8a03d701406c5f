import { Migration } from '@mikro-orm/migrations';

export class Migration20261129025118_session_proved_at extends Migration {

  override async up(): Promise<void> {
    // Sessions that stand today have given no proof this step-up knows of: null (step up once);
    // new sessions are proved by their sign-in.
    this.addSql(`alter table "sessions" add column "proved_at" timestamptz null;`);
    this.addSql(`alter table "sessions" alter column "proved_at" set default now();`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "proved_at";`);
  }

}
