import { Migration } from '@mikro-orm/migrations';

export class Migration20261129001213_staff_roles extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "staff_role_changes" ("id" serial primary key, "user_id" int not null, "role" text check ("role" in ('moderator', 'finance', 'admin')) not null, "granted" boolean not null, "by_user_id" int null, "by_label" varchar(254) not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "staff_role_changes_user_id_id_index" on "staff_role_changes" ("user_id", "id");`);

    this.addSql(`alter table "staff_role_changes" add constraint "staff_role_changes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff_role_changes" add constraint "staff_role_changes_by_user_id_foreign" foreign key ("by_user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "users" add column "is_admin" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "staff_role_changes" cascade;`);

    this.addSql(`alter table "users" drop column "is_admin";`);
  }

}
