import { Migration } from '@mikro-orm/migrations';

export class Migration20261128071643_telegram_sign_in extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "sessions" drop constraint if exists "sessions_method_check";`);

    this.addSql(`alter table "sessions" add constraint "sessions_method_check" check("method" in ('PASSWORD', 'GOOGLE', 'TELEGRAM'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop constraint if exists "sessions_method_check";`);

    this.addSql(`alter table "sessions" add constraint "sessions_method_check" check("method" in ('PASSWORD', 'GOOGLE'));`);
  }

}
