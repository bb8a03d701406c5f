import { Migration } from '@mikro-orm/migrations';

/**
 * Conversion batches as sets: `record_conversions` inserts a batch's conversions in
 * one statement, and their rollups are written once per key per statement by a statement-level
 * trigger with a transition table (`conversions_stats_insert`) instead of once per row. The row
 * trigger `conversions_stats` keeps updates and deletes (a hold that ends, a void). The trigger
 * function's body is its SQL file, applied after the migrations (db/definitions.ts).
 */
export class Migration20261126090000_conversion_sets extends Migration {
  override async up(): Promise<void> {
    // A placeholder the trigger can name: the definition is the area's SQL file
    // (statistics/sql/conversions_stats_insert.sql), applied right after the migrations.
    this.addSql(`create or replace function conversions_stats_insert() returns trigger language plpgsql as $$
begin
  raise exception 'conversions_stats_insert: its definition has not been applied yet';
end $$;`);
    this.addSql('drop trigger if exists conversions_stats on conversions;');
    this.addSql(`create trigger conversions_stats after update or delete on conversions
      for each row execute function conversions_stats();`);
    this.addSql(`create trigger conversions_stats_insert after insert on conversions
      referencing new table as new_rows for each statement execute function conversions_stats_insert();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists conversions_stats_insert on conversions;');
    this.addSql('drop function if exists conversions_stats_insert();');
    this.addSql('drop trigger if exists conversions_stats on conversions;');
    this.addSql(`create trigger conversions_stats after insert or update or delete on conversions
      for each row execute function conversions_stats();`);
  }
}
