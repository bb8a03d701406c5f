import { Migration } from '@mikro-orm/migrations';

/**
 * `record_conversion` learns two things:
 *
 * - Only new actions are paid. A click marked `not_new` (the player was already in the channel
 *   or chat at start) answers NOT_NEW; an S2S event with `isNew: false` on a campaign with
 *   `new_users_only` marks the click, counts the refusal on the campaign and answers NOT_NEW.
 * - Swap campaigns (`deal_id` set): no money moves. The deal row is locked, the delivering
 *   side's counter goes up only below its quantity, and the side's campaigns stop once it is
 *   reached (the deal completes when both sides are). The delivery is final at once (POSTED).
 *   Only this campaign's row and the deal's are locked, in that order: the showcase reads the
 *   deal to leave out a side that has delivered, so no other campaign row is touched here.
 */
export class Migration20261124090000_conversion_new_users_and_swaps extends Migration {
  override async up(): Promise<void> {
    // The functions' bodies are their areas' SQL files, applied after the migrations
    // (db/definitions.ts); here they are placeholders with the signatures of the time.
    this.addSql('drop function if exists record_conversion(text, text, int, int);');
    this.addSql(`
create or replace function record_conversion(p_click text, p_key_hash text, p_fee_percent int, p_premium_percent int, p_is_new boolean) returns json language plpgsql as $$
begin
  raise exception 'record_conversion: its definition has not been applied yet';
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists record_conversion(text, text, int, int, boolean);');
  }
}
