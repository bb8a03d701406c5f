import { Migration } from '@mikro-orm/migrations';
import { Migration20261124090000_conversion_new_users_and_swaps as Previous } from './Migration20261124090000_conversion_new_users_and_swaps.ts';

/**
 * `record_conversions`: several conversions in one transaction (one round trip, one commit).
 *
 * Every conversion of an app credits its publisher's ledger account, and that row stays locked
 * until the transaction commits: one conversion per commit caps a busy app at about one commit
 * latency per conversion. A batch pays one commit for all its items.
 *
 * The rows any item may lock are locked first, table by table and each table in id order, in the
 * order one conversion takes them (campaigns, then exchange deals, then ledger accounts); every
 * other row an item writes (statistics, the campaign's per-app counters, the click) belongs to a
 * campaign or a publisher whose row is then already held. So batches never wait on each other in
 * a cycle, nor on single conversions. Each item is then exactly `record_conversion`, in the order
 * given: a replay inside one batch answers DUPLICATE like a replay in the next one. The answer is
 * the items' answers in that order. If anything raises, the whole batch rolls back and the caller
 * runs its items one by one, so one bad item never costs the others.
 *
 * `record_conversion` learns `p_summary` (default true, as before): inside a batch each item
 * leaves out the app's totals and the publisher's balances, which the batch reads once at the
 * end (`platforms`, `accounts`) and the application puts into every item's answer.
 */
export class Migration20261125130000_conversion_batches extends Migration {
  override async up(): Promise<void> {
    // The functions' bodies are their areas' SQL files, applied after the migrations
    // (db/definitions.ts); here they are placeholders with the signatures of the time.
    this.addSql('drop function if exists record_conversion(text, text, int, int, boolean);');
    this.addSql(`
create or replace function record_conversion(p_click text, p_key_hash text, p_fee_percent int, p_premium_percent int, p_is_new boolean, p_summary boolean default true) returns json language plpgsql as $$
begin
  raise exception 'record_conversion: its definition has not been applied yet';
end $$;`);
    this.addSql(`
create or replace function record_conversions(p_clicks text[], p_key_hashes text[], p_is_new boolean[], p_fee_percent int, p_premium_percent int) returns json language plpgsql as $$
begin
  raise exception 'record_conversions: its definition has not been applied yet';
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists record_conversions(text[], text[], boolean[], int, int);');
    this.addSql('drop function if exists record_conversion(text, text, int, int, boolean, boolean);');
    // The previous definition, as its migration wrote it.
    const previous = new Previous(this.driver, this.config);
    await previous.up();
    for (const sql of previous.getQueries()) this.addSql(sql);
  }
}
