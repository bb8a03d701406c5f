import { Migration } from '@mikro-orm/migrations';

export class Migration20261127200011_showcase_lists extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "tasks_updated_at_index" on "tasks" ("updated_at");`);

    this.addSql(`create index "campaigns_updated_at_index" on "campaigns" ("updated_at");`);

    this.addSql(`create index "clicks_player_id_index" on "clicks" ("player_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "campaigns_updated_at_index";`);

    this.addSql(`drop index "clicks_player_id_index";`);

    this.addSql(`drop index "tasks_updated_at_index";`);
  }

}
