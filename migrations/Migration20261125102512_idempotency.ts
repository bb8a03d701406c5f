import { Migration } from '@mikro-orm/migrations';

export class Migration20261125102512_idempotency extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "idempotency_keys" ("user_id" int not null, "key" varchar(255) not null, "operation" varchar(40) not null, "request_hash" varchar(64) not null, "result_id" int null, "created_at" timestamptz not null default now(), constraint "idempotency_keys_pkey" primary key ("user_id", "key"));`);
    this.addSql(`create index "idempotency_keys_created_at_index" on "idempotency_keys" ("created_at");`);

    this.addSql(`alter table "idempotency_keys" add constraint "idempotency_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys" cascade;`);
  }

}
