import { Migration } from '@mikro-orm/migrations';

export class Migration20261129063440_withdrawal_approvals extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "withdrawal_approvals" ("id" serial primary key, "payment_id" int not null, "user_id" int not null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "withdrawal_approvals" add constraint "withdrawal_approvals_payment_id_user_id_unique" unique ("payment_id", "user_id");`);

    this.addSql(`alter table "withdrawal_approvals" add constraint "withdrawal_approvals_payment_id_foreign" foreign key ("payment_id") references "payments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "withdrawal_approvals" add constraint "withdrawal_approvals_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "withdrawal_approvals" cascade;`);
  }

}
