import { Migration } from '@mikro-orm/migrations';

/**
 * A conversion keeps when its player started the task (the click's time), written by the
 * conversion functions: traffic quality counts completions faster than FRAUD_MIN_SECONDS from
 * the batch's own rows, without reading the clicks again (off the conversion path).
 * Older conversions keep null: the quality functions read their click instead.
 */
export class Migration20261126120425_conversion_started_at extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "conversions" add column "started_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "conversions" drop column "started_at";`);
  }

}
