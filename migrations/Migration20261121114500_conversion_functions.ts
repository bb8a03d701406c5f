import { Migration } from '@mikro-orm/migrations';

/**
 * Two PL/pgSQL functions for the conversion hot path, so a conversion is one round trip:
 *
 * - `ledger_transfer` belongs to the ledger module (server/modules/ledger): it inserts one
 *   transfer and applies it to both accounts under row locks taken in id order, exactly as
 *   `Ledger.transfer` does. The guarded-balance check constraint refuses an overdraft.
 * - `record_conversion` belongs to the campaigns module: the whole conversion in one
 *   transaction (campaign row lock, one per campaign and player, daily cap, tier price, two
 *   pending transfers, counters, app statistics, reward-callback outbox row).
 */
export class Migration20261121114500_conversion_functions extends Migration {
  override async up(): Promise<void> {
    // The functions' bodies are their areas' SQL files, applied after the migrations
    // (db/definitions.ts); here they are placeholders with the signatures of the time.
    this.addSql(`
create or replace function ledger_transfer(p_key text, p_code text, p_flag text, p_debit int, p_credit int, p_amount bigint, p_reference text) returns bigint language plpgsql as $$
begin
  raise exception 'ledger_transfer: its definition has not been applied yet';
end $$;`);

    this.addSql(`
create or replace function record_conversion(p_click text, p_key_hash text, p_fee_percent int, p_premium_percent int) returns json language plpgsql as $$
begin
  raise exception 'record_conversion: its definition has not been applied yet';
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists record_conversion(text, text, int, int);');
    this.addSql('drop function if exists ledger_transfer(text, text, text, int, int, bigint, text);');
  }
}
