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
    this.addSql(`
create or replace function ledger_transfer(
  p_key text, p_code text, p_flag text, p_debit int, p_credit int, p_amount bigint, p_reference text
) returns bigint language plpgsql as $$
declare
  v_id bigint;
begin
  if p_amount <= 0 then raise exception 'ledger: the amount must be greater than zero'; end if;
  if p_flag not in ('POSTED', 'PENDING') then raise exception 'ledger: flag must be POSTED or PENDING'; end if;
  insert into ledger_transfers (key, code, flag, debit_account_id, credit_account_id, amount, pending_id, reference)
  values (p_key, p_code, p_flag, p_debit, p_credit, p_amount, null, p_reference)
  returning id into v_id;
  perform 1 from ledger_accounts where id in (p_debit, p_credit) order by id for no key update;
  if p_flag = 'PENDING' then
    update ledger_accounts
       set debits_pending = debits_pending + case when id = p_debit then p_amount else 0 end,
           credits_pending = credits_pending + case when id = p_credit then p_amount else 0 end,
           updated_at = now()
     where id in (p_debit, p_credit);
  else
    update ledger_accounts
       set debits_posted = debits_posted + case when id = p_debit then p_amount else 0 end,
           credits_posted = credits_posted + case when id = p_credit then p_amount else 0 end,
           updated_at = now()
     where id in (p_debit, p_credit);
  end if;
  return v_id;
end $$;`);

    this.addSql(`
create or replace function record_conversion(
  p_click text, p_key_hash text, p_fee_percent int, p_premium_percent int
) returns json language plpgsql as $$
declare
  ck record;
  c record;
  v_today date := (now() at time zone 'utc')::date;
  v_base bigint;
  v_cost bigint;
  v_pub bigint;
  v_fee bigint;
  v_budget_acc int;
  v_fee_acc int;
  v_pub_acc int;
  v_available bigint;
  v_conv bigint;
  v_pub_tr bigint;
  v_fee_tr bigint := null;
  v_callback bigint := null;
  v_stats record;
  v_totals record;
begin
  if p_key_hash is not null and not exists (select 1 from projects where secret_key_hash = p_key_hash) then
    return json_build_object('result', 'WRONG_KEY');
  end if;
  select k.id, k.campaign_id, k.platform_id, k.player_id, k.country, k.tier_level,
         pl.owner_id as publisher_id, pl.reward_callback_url, pr.secret_key_hash
    into ck
    from clicks k
    join platforms pl on pl.id = k.platform_id
    join campaigns cm on cm.id = k.campaign_id
    join projects pr on pr.id = cm.project_id
   where k.code = p_click;
  if not found or (p_key_hash is not null and ck.secret_key_hash <> p_key_hash) then
    return json_build_object('result', 'UNKNOWN_CLICK');
  end if;

  -- Every conversion of a campaign takes its row lock first: duplicates, the daily cap and
  -- the budget are then decided one at a time, whatever the concurrency.
  select * into c from campaigns where id = ck.campaign_id for no key update;

  select id into v_conv from conversions where campaign_id = c.id and player_id = ck.player_id;
  if found then return json_build_object('result', 'DUPLICATE', 'conversionId', v_conv); end if;
  if c.deleted_at is not null or not c.is_active or c.status <> 'ACTIVE' then
    return json_build_object('result', 'CAMPAIGN_STOPPED');
  end if;
  if c.daily_cap is not null and c.today_date = v_today and c.today_conversions >= c.daily_cap then
    return json_build_object('result', 'DAILY_CAP');
  end if;

  v_base := (c.prices ->> ck.tier_level::text)::bigint;
  if v_base is null then return json_build_object('result', 'CAMPAIGN_STOPPED'); end if;
  v_cost := v_base + case when c.is_premium_only then v_base * p_premium_percent / 100 else 0 end;
  v_pub := v_base * (100 - p_fee_percent) / 100;
  v_fee := v_cost - v_pub;

  select id into v_budget_acc from ledger_accounts
   where kind = 'CAMPAIGN_BUDGET' and campaign_id = c.id and user_id is null;
  select id into v_fee_acc from ledger_accounts
   where kind = 'NETWORK_FEE' and campaign_id = c.id and user_id is null;
  select id into v_pub_acc from ledger_accounts
   where kind = 'PUBLISHER' and user_id = ck.publisher_id and campaign_id is null;
  if v_pub_acc is null then
    insert into ledger_accounts (kind, user_id, campaign_id) values ('PUBLISHER', ck.publisher_id, null)
    on conflict on constraint ledger_accounts_kind_user_id_campaign_id_unique do nothing returning id into v_pub_acc;
    if v_pub_acc is null then
      select id into v_pub_acc from ledger_accounts
       where kind = 'PUBLISHER' and user_id = ck.publisher_id and campaign_id is null;
    end if;
  end if;
  if v_budget_acc is null or v_fee_acc is null then
    return json_build_object('result', 'CAMPAIGN_STOPPED');
  end if;

  select credits_posted - debits_posted - debits_pending into v_available
    from ledger_accounts where id = v_budget_acc for no key update;
  if v_available < v_cost then
    update campaigns set status = 'STOPPED', updated_at = now() where id = c.id and status = 'ACTIVE';
    return json_build_object('result', 'BUDGET', 'stopped', true, 'projectId', c.project_id,
      'campaignId', c.id, 'ownerId', c.owner_id);
  end if;

  v_conv := nextval(pg_get_serial_sequence('conversions', 'id'));
  v_pub_tr := ledger_transfer('conversion:' || v_conv || ':publisher', 'CONVERSION', 'PENDING',
    v_budget_acc, v_pub_acc, v_pub, 'conversion:' || v_conv);
  if v_fee > 0 then
    v_fee_tr := ledger_transfer('conversion:' || v_conv || ':fee', 'NETWORK_FEE', 'PENDING',
      v_budget_acc, v_fee_acc, v_fee, 'conversion:' || v_conv);
  end if;
  insert into conversions (id, campaign_id, click_id, platform_id, publisher_id, advertiser_id, player_id,
    task_type, country, tier_level, price, publisher_amount, fee_amount, status, publisher_transfer_id, fee_transfer_id)
  values (v_conv, c.id, ck.id, ck.platform_id, ck.publisher_id, c.owner_id, ck.player_id,
    c.task_type, ck.country, ck.tier_level, v_cost, v_pub, v_fee, 'HOLD', v_pub_tr, v_fee_tr);

  update campaigns
     set conversions = conversions + 1,
         spend = spend + v_cost,
         today_conversions = case when today_date = v_today then today_conversions + 1 else 1 end,
         today_spend = case when today_date = v_today then today_spend + v_cost else v_cost end,
         today_date = v_today,
         status = case when v_available - v_cost < min_price then 'STOPPED' else status end,
         updated_at = now()
   where id = c.id
  returning id, project_id, owner_id, status, is_active, conversions, spend, today_conversions, today_spend
    into c;

  insert into platform_campaign_stats as s (platform_id, campaign_id, completed, revenue)
  values (ck.platform_id, c.id, 1, v_pub)
  on conflict (platform_id, campaign_id)
  do update set completed = s.completed + 1, revenue = s.revenue + excluded.revenue
  returning completed, revenue into v_stats;
  select coalesce(sum(completed), 0) as completed, coalesce(sum(revenue), 0) as revenue into v_totals
    from platform_campaign_stats where platform_id = ck.platform_id;

  if ck.reward_callback_url is not null then
    insert into reward_callbacks (conversion_id, platform_id, url) values (v_conv, ck.platform_id, ck.reward_callback_url)
    returning id into v_callback;
  end if;

  return json_build_object(
    'result', 'COMPLETED',
    'conversionId', v_conv,
    'callbackId', v_callback,
    'publisherId', ck.publisher_id,
    'playerId', ck.player_id,
    'campaign', json_build_object(
      'id', c.id, 'projectId', c.project_id, 'ownerId', c.owner_id, 'status', c.status, 'isActive', c.is_active,
      'budget', (v_available - v_cost)::text, 'conversions', c.conversions, 'spend', c.spend::text,
      'todayConversions', c.today_conversions, 'todaySpend', c.today_spend::text),
    'platform', json_build_object(
      'platformId', ck.platform_id, 'campaignId', c.id, 'completedQuantity', v_stats.completed,
      'profitBudget', v_stats.revenue::text, 'platformCompleted', v_totals.completed,
      'platformRevenue', v_totals.revenue::text),
    'accounts', (select json_agg(json_build_object('user_id', a.user_id, 'kind', a.kind,
        'credits_posted', a.credits_posted::text, 'debits_posted', a.debits_posted::text,
        'debits_pending', a.debits_pending::text, 'credits_pending', a.credits_pending::text))
      from ledger_accounts a where a.user_id = ck.publisher_id and a.kind in ('ADVERTISER', 'PUBLISHER'))
  );
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists record_conversion(text, text, int, int);');
    this.addSql('drop function if exists ledger_transfer(text, text, text, int, int, bigint, text);');
  }
}
