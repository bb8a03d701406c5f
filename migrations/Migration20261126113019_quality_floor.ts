import { Migration } from '@mikro-orm/migrations';

/**
 * The network floor: an app whose quality score fell under QUALITY_FLOOR gets no paid
 * campaigns while its pause is open and not lifted; the rows keep the history of pauses.
 */
export class Migration20261126113019_quality_floor extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "platform_quality_pauses" ("id" serial primary key, "platform_id" int not null, "score" int not null, "created_at" timestamptz not null default now(), "report_id" int null, "lifted_at" timestamptz null, "lifted_by_id" int null, "lift_note" varchar(1000) null, "ended_at" timestamptz null);`);
    this.addSql(`create unique index "platform_quality_pauses_open" on "platform_quality_pauses" ("platform_id") where "ended_at" is null;`);

    this.addSql(`alter table "platform_quality_pauses" add constraint "platform_quality_pauses_platform_id_foreign" foreign key ("platform_id") references "platforms" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "platform_quality_pauses" add constraint "platform_quality_pauses_lifted_by_id_foreign" foreign key ("lifted_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platform_quality_pauses" cascade;`);
  }

}
