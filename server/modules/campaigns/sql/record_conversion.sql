-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
create or replace function record_conversion(
  p_click text, p_key_hash text, p_fee_percent int, p_premium_percent int, p_is_new boolean,
  p_summary boolean default true
) returns json language plpgsql as $$
declare
  ck record;
  c record;
  d record;
  v_today date := (now() at time zone 'utc')::date;
  v_swap boolean;
  v_proposer_side boolean;
  v_base bigint;
  v_cost bigint := 0;
  v_pub bigint := 0;
  v_fee bigint := 0;
  v_budget_acc int;
  v_fee_acc int;
  v_pub_acc int;
  v_available bigint := 0;
  v_conv bigint;
  v_pub_tr bigint := null;
  v_fee_tr bigint := null;
  v_callback bigint := null;
  v_stats record;
  v_total_completed bigint;
  v_total_revenue bigint;
  v_deal json := null;
begin
  if p_key_hash is not null and not exists (select 1 from projects where secret_key_hash = p_key_hash) then
    return json_build_object('result', 'WRONG_KEY');
  end if;
  select k.id, k.campaign_id, k.platform_id, k.player_id, k.country, k.tier_level, k.not_new, k.created_at,
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

  -- One click per campaign and player (unique): its conversion is the player's, found by its own index.
  select id into v_conv from conversions where click_id = ck.id;
  if found then return json_build_object('result', 'DUPLICATE', 'conversionId', v_conv); end if;
  if c.deleted_at is not null or not c.is_active or c.status <> 'ACTIVE' then
    return json_build_object('result', 'CAMPAIGN_STOPPED');
  end if;

  -- Only new actions are paid: a member seen at start, or a returning user the advertiser names.
  if ck.not_new then return json_build_object('result', 'NOT_NEW', 'counted', false); end if;
  if not p_is_new and c.new_users_only then
    update clicks set not_new = true where id = ck.id;
    update campaigns set not_new = not_new + 1, updated_at = now() where id = c.id;
    return json_build_object('result', 'NOT_NEW', 'counted', true, 'campaignId', c.id,
      'projectId', c.project_id, 'ownerId', c.owner_id);
  end if;

  if c.daily_cap is not null and c.today_date = v_today and c.today_conversions >= c.daily_cap then
    return json_build_object('result', 'DAILY_CAP');
  end if;

  v_swap := c.deal_id is not null;
  if v_swap then
    if c.platform_id is distinct from ck.platform_id then return json_build_object('result', 'CAMPAIGN_STOPPED'); end if;
    select * into d from exchange_deals where id = c.deal_id for no key update;
    v_proposer_side := c.platform_id = d.platform_id;
    if d.status <> 'ACTIVE'
       or (v_proposer_side and d.delivered >= d.quantity)
       or (not v_proposer_side and d.partner_delivered >= d.partner_quantity) then
      return json_build_object('result', 'CAMPAIGN_STOPPED');
    end if;
  else
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
  end if;

  v_conv := nextval(pg_get_serial_sequence('conversions', 'id'));
  if not v_swap then
    v_pub_tr := ledger_transfer('conversion:' || v_conv || ':publisher', 'CONVERSION', 'PENDING',
      v_budget_acc, v_pub_acc, v_pub, 'conversion:' || v_conv);
    if v_fee > 0 then
      v_fee_tr := ledger_transfer('conversion:' || v_conv || ':fee', 'NETWORK_FEE', 'PENDING',
        v_budget_acc, v_fee_acc, v_fee, 'conversion:' || v_conv);
    end if;
  end if;
  insert into conversions (id, campaign_id, click_id, platform_id, publisher_id, advertiser_id, player_id,
    task_type, country, tier_level, price, publisher_amount, fee_amount, status, publisher_transfer_id,
    fee_transfer_id, resolved_at, started_at)
  values (v_conv, c.id, ck.id, ck.platform_id, ck.publisher_id, c.owner_id, ck.player_id,
    c.task_type, ck.country, ck.tier_level, v_cost, v_pub, v_fee,
    case when v_swap then 'POSTED' else 'HOLD' end, v_pub_tr, v_fee_tr, case when v_swap then now() end, ck.created_at);

  update campaigns
     set conversions = conversions + 1,
         spend = spend + v_cost,
         today_conversions = case when today_date = v_today then today_conversions + 1 else 1 end,
         today_spend = case when today_date = v_today then today_spend + v_cost else v_cost end,
         today_date = v_today,
         status = case when not v_swap and v_available - v_cost < min_price then 'STOPPED' else status end,
         updated_at = now()
   where id = c.id
  returning id, project_id, owner_id, status, is_active, conversions, spend, today_conversions, today_spend, not_new
    into c;

  if v_swap then
    update exchange_deals
       set delivered = delivered + case when v_proposer_side then 1 else 0 end,
           partner_delivered = partner_delivered + case when v_proposer_side then 0 else 1 end,
           updated_at = now()
     where id = d.id
    returning * into d;
    if d.delivered >= d.quantity and d.partner_delivered >= d.partner_quantity then
      update exchange_deals set status = 'COMPLETED', ended_at = now() where id = d.id returning * into d;
    end if;
    v_deal := json_build_object('id', d.id, 'proposerId', d.proposer_id, 'partnerId', d.partner_id);
  end if;

  insert into platform_campaign_stats as s (platform_id, campaign_id, completed, revenue)
  values (ck.platform_id, c.id, 1, v_pub)
  on conflict (platform_id, campaign_id)
  do update set completed = s.completed + 1, revenue = s.revenue + excluded.revenue
  returning completed, revenue into v_stats;
  if p_summary then
    select coalesce(sum(completed), 0), coalesce(sum(revenue), 0) into v_total_completed, v_total_revenue
      from platform_campaign_stats where platform_id = ck.platform_id;
  end if;

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
    'deal', v_deal,
    'campaign', json_build_object(
      'id', c.id, 'projectId', c.project_id, 'ownerId', c.owner_id, 'status', c.status, 'isActive', c.is_active,
      'budget', (v_available - v_cost)::text, 'conversions', c.conversions, 'spend', c.spend::text,
      'todayConversions', c.today_conversions, 'todaySpend', c.today_spend::text, 'notNew', c.not_new),
    'platform', json_build_object(
      'platformId', ck.platform_id, 'campaignId', c.id, 'completedQuantity', v_stats.completed,
      'profitBudget', v_stats.revenue::text, 'platformCompleted', v_total_completed,
      'platformRevenue', v_total_revenue::text),
    'accounts', case when p_summary then (select json_agg(json_build_object('user_id', a.user_id, 'kind', a.kind,
        'credits_posted', a.credits_posted::text, 'debits_posted', a.debits_posted::text,
        'debits_pending', a.debits_pending::text, 'credits_pending', a.credits_pending::text,
        'version', a.version::text))
      from ledger_accounts a where a.user_id = ck.publisher_id and a.kind in ('ADVERTISER', 'PUBLISHER')) end
  );
end $$;
