import { Migration } from '@mikro-orm/migrations';

/**
 * The showcase keeps each player's own state (clicks, done resources, blocks) per instance: the
 * database tells every instance when one changes (`showcase_players_changed`, its body in the
 * showcase area's SQL file), and a player's blocks are read by the player.
 */
export class Migration20261207060000_showcase_players extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "showcase_blocks_player_id_index" on "showcase_blocks" ("player_id");`);
    this.addSql(`create or replace function showcase_players_changed() returns trigger language plpgsql as $$
begin
  raise exception 'showcase_players_changed: its definition has not been applied yet';
end $$;`);
    for (const table of ['clicks', 'conversions', 'showcase_blocks']) {
      this.addSql(`create trigger ${table}_players_inserted after insert on "${table}"
        referencing new table as new_rows for each statement execute function showcase_players_changed();`);
      this.addSql(`create trigger ${table}_players_deleted after delete on "${table}"
        referencing old table as old_rows for each statement execute function showcase_players_changed();`);
      this.addSql(`create trigger ${table}_players_truncated after truncate on "${table}"
        for each statement execute function showcase_players_changed();`);
    }
    // A click marked not new (the advertiser's event said the user returned) leaves the list.
    this.addSql(`create trigger clicks_players_updated after update on "clicks"
      referencing new table as new_rows for each statement execute function showcase_players_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists clicks_players_updated on "clicks";`);
    for (const table of ['clicks', 'conversions', 'showcase_blocks']) {
      this.addSql(`drop trigger if exists ${table}_players_inserted on "${table}";`);
      this.addSql(`drop trigger if exists ${table}_players_deleted on "${table}";`);
      this.addSql(`drop trigger if exists ${table}_players_truncated on "${table}";`);
    }
    this.addSql('drop function if exists showcase_players_changed();');
    this.addSql(`drop index if exists "showcase_blocks_player_id_index";`);
  }

}
