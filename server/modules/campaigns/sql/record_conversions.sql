-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- A batch of conversion events as sets. The rows any event may write are locked first, table by
-- table and each in id order (campaigns, exchange deals, ledger accounts), so batches never wait
-- on each other in a cycle. Then every event is decided in arrival order, in memory, with the
-- rules of record_conversion (wrong key, unknown click, duplicate, stopped, not new, daily cap,
-- budget): a campaign that runs out in the middle of a batch accepts exactly what its budget
-- pays for, the event that does not fit answers BUDGET and stops it, the rest answer as a
-- stopped campaign does. Only then is anything written, once per table: the transfers in one
-- insert, the accounts' deltas summed per account in one update, the conversions in one insert
-- (their rollups once per key, by the statement trigger conversions_stats_insert), each
-- campaign's counters and each app's per-campaign totals once, the reward callbacks in one
-- insert. Swap campaigns (exchange deals) go through record_conversion one by one: they move
-- no money and are a small share of the traffic.
--
-- The answer is the events' answers in order, with each campaign's and app's totals after the
-- batch; the app's sums and the publishers' balances are read once at the end (`platforms`,
-- `accounts`) and the application puts them into every answer.
create or replace function record_conversions(
  p_clicks text[], p_key_hashes text[], p_is_new boolean[], p_fee_percent int, p_premium_percent int
) returns json language plpgsql as $$
declare
  n int := coalesce(array_length(p_clicks, 1), 0);
  v_today date := (now() at time zone 'utc')::date;
  v_campaigns int[];
  v_publishers int[];
  v_platforms int[];
  -- Each event, in arrival order.
  e_key_ok boolean[]; e_click_ok boolean[]; e_click bigint[]; e_campaign int[]; e_platform int[];
  e_player bigint[]; e_country text[]; e_tier int[]; e_not_new boolean[]; e_publisher int[];
  e_callback_url text[]; e_existing bigint[]; e_started timestamptz[];
  r_result text[] := array_fill(null::text, array[n]);
  r_conv bigint[] := array_fill(null::bigint, array[n]);
  r_single json[] := array_fill(null::json, array[n]);
  r_counted boolean[] := array_fill(null::boolean, array[n]);
  -- Each campaign of the batch.
  c_id int[]; c_open boolean[]; c_swap boolean[]; c_prices jsonb[]; c_premium boolean[]; c_new_only boolean[];
  c_cap int[]; c_today int[]; c_min bigint[]; c_budget_acc int[]; c_fee_acc int[]; c_available bigint[];
  c_project int[]; c_owner int[]; c_task_type text[];
  c_count int[]; c_spend bigint[]; c_not_new int[]; c_stop boolean[];
  -- The ledger accounts: publishers', and the campaigns' budgets (with what they hold) and fees.
  a_user int[]; a_id int[];
  g_budget_id int[]; g_budget_campaign int[]; g_budget_available bigint[]; g_fee_id int[]; g_fee_campaign int[];
  -- Conversions, transfers and clicks to write.
  w_conv bigint[] := '{}'; w_campaign int[] := '{}'; w_click bigint[] := '{}'; w_platform int[] := '{}';
  w_publisher int[] := '{}'; w_advertiser int[] := '{}'; w_player bigint[] := '{}'; w_task_type text[] := '{}';
  w_country text[] := '{}'; w_tier int[] := '{}'; w_price bigint[] := '{}'; w_pub bigint[] := '{}';
  w_fee bigint[] := '{}'; w_pub_tr bigint[] := '{}'; w_fee_tr bigint[] := '{}'; w_url text[] := '{}';
  w_started timestamptz[] := '{}';
  t_id bigint[] := '{}'; t_key text[] := '{}'; t_code text[] := '{}'; t_debit int[] := '{}';
  t_credit int[] := '{}'; t_amount bigint[] := '{}'; t_reference text[] := '{}';
  v_marked bigint[] := '{}';
  b_pair text[] := '{}'; b_conv bigint[] := '{}';
  -- What the writes answer.
  u_id int[]; u_status text[]; u_active boolean[]; u_conversions int[]; u_spend bigint[];
  u_today_conversions int[]; u_today_spend bigint[]; u_not_new int[];
  s_pair text[]; s_completed int[]; s_revenue bigint[];
  cb_id bigint[]; cb_conv bigint[];
  v_results json[] := '{}';
  i int; ci int; k int; v_base bigint; v_cost bigint; v_pub bigint; v_fee bigint; v_pub_acc int;
  v_fee_tr bigint; v_campaign json;
begin
  select array_agg(distinct k.campaign_id), array_agg(distinct pl.owner_id), array_agg(distinct k.platform_id)
    into v_campaigns, v_publishers, v_platforms
    from unnest(p_clicks) e(code) join clicks k on k.code = e.code join platforms pl on pl.id = k.platform_id;
  -- A publisher's first conversion creates its account; here, before anything is locked.
  insert into ledger_accounts (kind, user_id, campaign_id)
  select 'PUBLISHER', p.id, null::int from unnest(v_publishers) p(id)
   where not exists (select 1 from ledger_accounts a where a.kind = 'PUBLISHER' and a.user_id = p.id and a.campaign_id is null)
   order by p.id
  on conflict on constraint ledger_accounts_kind_user_id_campaign_id_unique do nothing;

  -- The campaigns, locked and read in one statement; the deals of swap campaigns; the ledger
  -- accounts (budget, fee, publishers), locked and read in one statement.
  with locked as (
    select c.* from campaigns c where c.id = any(v_campaigns) order by c.id for no key update)
  select array_agg(c.id order by c.id),
         array_agg(c.deleted_at is null and c.is_active and c.status = 'ACTIVE' order by c.id),
         array_agg(c.deal_id is not null order by c.id), array_agg(c.prices order by c.id),
         array_agg(c.is_premium_only order by c.id), array_agg(c.new_users_only order by c.id),
         array_agg(c.daily_cap order by c.id),
         array_agg(case when c.today_date = v_today then c.today_conversions else 0 end order by c.id),
         array_agg(c.min_price order by c.id),
         array_agg(c.project_id order by c.id), array_agg(c.owner_id order by c.id), array_agg(c.task_type order by c.id)
    into c_id, c_open, c_swap, c_prices, c_premium, c_new_only, c_cap, c_today, c_min, c_project, c_owner, c_task_type
    from locked c;
  if true = any(c_swap) then
    perform 1 from exchange_deals
     where id in (select deal_id from campaigns where id = any(v_campaigns) and deal_id is not null)
     order by id for no key update;
  end if;
  with locked as (
    select a.id, a.kind, a.user_id, a.campaign_id, a.credits_posted - a.debits_posted - a.debits_pending as available
      from ledger_accounts a
     where (a.kind in ('CAMPAIGN_BUDGET', 'NETWORK_FEE') and a.user_id is null and a.campaign_id = any(v_campaigns))
        or (a.kind = 'PUBLISHER' and a.user_id = any(v_publishers) and a.campaign_id is null)
     order by a.id for no key update)
  select array_agg(l.id) filter (where l.kind = 'CAMPAIGN_BUDGET'),
         array_agg(l.campaign_id) filter (where l.kind = 'CAMPAIGN_BUDGET'),
         array_agg(l.available) filter (where l.kind = 'CAMPAIGN_BUDGET'),
         array_agg(l.id) filter (where l.kind = 'NETWORK_FEE'),
         array_agg(l.campaign_id) filter (where l.kind = 'NETWORK_FEE'),
         array_agg(l.user_id) filter (where l.kind = 'PUBLISHER'),
         array_agg(l.id) filter (where l.kind = 'PUBLISHER')
    into g_budget_id, g_budget_campaign, g_budget_available, g_fee_id, g_fee_campaign, a_user, a_id
    from locked l;
  k := coalesce(array_length(c_id, 1), 0);
  c_budget_acc := array_fill(null::int, array[k]);
  c_fee_acc := array_fill(null::int, array[k]);
  c_available := array_fill(0::bigint, array[k]);
  for ci in 1 .. k loop
    i := array_position(g_budget_campaign, c_id[ci]);
    if i is not null then c_budget_acc[ci] := g_budget_id[i]; c_available[ci] := g_budget_available[i]; end if;
    c_fee_acc[ci] := g_fee_id[array_position(g_fee_campaign, c_id[ci])];
  end loop;

  -- Read after the locks: the conversions and counters other batches committed are in.
  select array_agg(e.key is null or exists (select 1 from projects p where p.secret_key_hash = e.key) order by e.ord),
         array_agg(coalesce(k.id is not null and (e.key is null or pr.secret_key_hash = e.key), false) order by e.ord),
         array_agg(k.id order by e.ord), array_agg(k.campaign_id order by e.ord), array_agg(k.platform_id order by e.ord),
         array_agg(k.player_id order by e.ord), array_agg(k.country::text order by e.ord),
         array_agg(k.tier_level order by e.ord), array_agg(k.not_new order by e.ord),
         array_agg(pl.owner_id order by e.ord), array_agg(pl.reward_callback_url::text order by e.ord),
         array_agg(cv.id order by e.ord), array_agg(k.created_at order by e.ord)
    into e_key_ok, e_click_ok, e_click, e_campaign, e_platform, e_player, e_country, e_tier, e_not_new,
         e_publisher, e_callback_url, e_existing, e_started
    from unnest(p_clicks, p_key_hashes) with ordinality e(code, key, ord)
    left join clicks k on k.code = e.code
    left join platforms pl on pl.id = k.platform_id
    left join campaigns cm on cm.id = k.campaign_id
    left join projects pr on pr.id = cm.project_id
    -- A campaign's player has one click (unique), so the click's conversion is theirs: looked up by
    -- its own unique index, whatever the statistics say about the table's size.
    left join conversions cv on cv.click_id = k.id;

  c_count := array_fill(0, array[k]);
  c_spend := array_fill(0::bigint, array[k]);
  c_not_new := array_fill(0, array[k]);
  c_stop := array_fill(false, array[k]);

  for i in 1 .. n loop
    if not e_key_ok[i] then r_result[i] := 'WRONG_KEY'; continue; end if;
    if not e_click_ok[i] then r_result[i] := 'UNKNOWN_CLICK'; continue; end if;
    if e_existing[i] is not null then
      r_result[i] := 'DUPLICATE'; r_conv[i] := e_existing[i]; continue;
    end if;
    k := array_position(b_pair, e_campaign[i] || ':' || e_player[i]);
    if k is not null then r_result[i] := 'DUPLICATE'; r_conv[i] := b_conv[k]; continue; end if;
    ci := array_position(c_id, e_campaign[i]);
    if c_swap[ci] then
      r_single[i] := record_conversion(p_clicks[i], p_key_hashes[i], p_fee_percent, p_premium_percent, p_is_new[i], false);
      r_result[i] := r_single[i] ->> 'result';
      if r_result[i] = 'COMPLETED' then
        b_pair := b_pair || (e_campaign[i] || ':' || e_player[i]);
        b_conv := b_conv || (r_single[i] ->> 'conversionId')::bigint;
      end if;
      continue;
    end if;
    if not c_open[ci] then r_result[i] := 'CAMPAIGN_STOPPED'; continue; end if;
    -- Only new actions are paid: a member seen at start, or a returning user the advertiser names.
    if e_not_new[i] or e_click[i] = any(v_marked) then
      r_result[i] := 'NOT_NEW'; r_counted[i] := false; continue;
    end if;
    if not p_is_new[i] and c_new_only[ci] then
      r_result[i] := 'NOT_NEW'; r_counted[i] := true;
      v_marked := v_marked || e_click[i];
      c_not_new[ci] := c_not_new[ci] + 1;
      continue;
    end if;
    if c_cap[ci] is not null and c_today[ci] >= c_cap[ci] then r_result[i] := 'DAILY_CAP'; continue; end if;

    v_base := (c_prices[ci] ->> e_tier[i]::text)::bigint;
    if v_base is null or c_budget_acc[ci] is null or c_fee_acc[ci] is null then
      r_result[i] := 'CAMPAIGN_STOPPED'; continue;
    end if;
    v_cost := v_base + case when c_premium[ci] then v_base * p_premium_percent / 100 else 0 end;
    v_pub := v_base * (100 - p_fee_percent) / 100;
    v_fee := v_cost - v_pub;
    if c_available[ci] < v_cost then
      r_result[i] := 'BUDGET'; c_open[ci] := false; c_stop[ci] := true; continue;
    end if;
    if v_pub <= 0 then raise exception 'ledger: the amount must be greater than zero'; end if;

    -- Accepted.
    c_available[ci] := c_available[ci] - v_cost;
    c_today[ci] := c_today[ci] + 1;
    c_count[ci] := c_count[ci] + 1;
    c_spend[ci] := c_spend[ci] + v_cost;
    if c_available[ci] < c_min[ci] then c_open[ci] := false; c_stop[ci] := true; end if;
    r_result[i] := 'COMPLETED';
    r_conv[i] := nextval(pg_get_serial_sequence('conversions', 'id'));
    b_pair := b_pair || (e_campaign[i] || ':' || e_player[i]);
    b_conv := b_conv || r_conv[i];
    v_pub_acc := a_id[array_position(a_user, e_publisher[i])];
    t_id := t_id || nextval(pg_get_serial_sequence('ledger_transfers', 'id'));
    t_key := t_key || ('conversion:' || r_conv[i] || ':publisher');
    t_code := t_code || 'CONVERSION'::text;
    t_debit := t_debit || c_budget_acc[ci];
    t_credit := t_credit || v_pub_acc;
    t_amount := t_amount || v_pub;
    t_reference := t_reference || ('conversion:' || r_conv[i]);
    v_fee_tr := null;
    if v_fee > 0 then
      v_fee_tr := nextval(pg_get_serial_sequence('ledger_transfers', 'id'));
      t_id := t_id || v_fee_tr;
      t_key := t_key || ('conversion:' || r_conv[i] || ':fee');
      t_code := t_code || 'NETWORK_FEE'::text;
      t_debit := t_debit || c_budget_acc[ci];
      t_credit := t_credit || c_fee_acc[ci];
      t_amount := t_amount || v_fee;
      t_reference := t_reference || ('conversion:' || r_conv[i]);
    end if;
    w_conv := w_conv || r_conv[i]; w_campaign := w_campaign || e_campaign[i]; w_click := w_click || e_click[i];
    w_platform := w_platform || e_platform[i]; w_publisher := w_publisher || e_publisher[i];
    w_advertiser := w_advertiser || c_owner[ci]; w_player := w_player || e_player[i];
    w_task_type := w_task_type || c_task_type[ci]; w_country := w_country || e_country[i];
    w_tier := w_tier || e_tier[i]; w_price := w_price || v_cost; w_pub := w_pub || v_pub; w_fee := w_fee || v_fee;
    w_pub_tr := w_pub_tr || t_id[array_length(t_id, 1) - case when v_fee_tr is null then 0 else 1 end];
    w_fee_tr := w_fee_tr || v_fee_tr; w_url := w_url || e_callback_url[i]; w_started := w_started || e_started[i];
  end loop;

  -- The writes, once per table.
  if array_length(t_id, 1) > 0 then
    insert into ledger_transfers (id, key, code, flag, debit_account_id, credit_account_id, amount, pending_id, reference)
    select t.id, t.key, t.code, 'PENDING', t.debit, t.credit, t.amount, null, t.reference
      from unnest(t_id, t_key, t_code, t_debit, t_credit, t_amount, t_reference)
           t(id, key, code, debit, credit, amount, reference);
    update ledger_accounts a
       set debits_pending = a.debits_pending + d.debits, credits_pending = a.credits_pending + d.credits,
           version = a.version + 1, updated_at = now()
      from (select x.account, sum(x.debit) as debits, sum(x.credit) as credits
              from (select t.debit as account, t.amount as debit, 0::bigint as credit from unnest(t_debit, t_amount) t(debit, amount)
                    union all
                    select t.credit, 0::bigint, t.amount from unnest(t_credit, t_amount) t(credit, amount)) x
             group by x.account) d
     where a.id = d.account;
    insert into conversions (id, campaign_id, click_id, platform_id, publisher_id, advertiser_id, player_id,
      task_type, country, tier_level, price, publisher_amount, fee_amount, status, publisher_transfer_id,
      fee_transfer_id, resolved_at, started_at)
    select w.id, w.campaign, w.click, w.platform, w.publisher, w.advertiser, w.player, w.task_type, w.country,
           w.tier, w.price, w.pub, w.fee, 'HOLD', w.pub_tr, w.fee_tr, null, w.started
      from unnest(w_conv, w_campaign, w_click, w_platform, w_publisher, w_advertiser, w_player, w_task_type,
                  w_country, w_tier, w_price, w_pub, w_fee, w_pub_tr, w_fee_tr, w_started)
           w(id, campaign, click, platform, publisher, advertiser, player, task_type, country, tier, price, pub, fee,
             pub_tr, fee_tr, started);
    with added as (
      insert into platform_campaign_stats as s (platform_id, campaign_id, completed, revenue)
      select w.platform, w.campaign, count(*), sum(w.pub)
        from unnest(w_platform, w_campaign, w_pub) w(platform, campaign, pub)
       group by w.platform, w.campaign
       order by w.platform, w.campaign
      on conflict (platform_id, campaign_id)
      do update set completed = s.completed + excluded.completed, revenue = s.revenue + excluded.revenue
      returning s.platform_id, s.campaign_id, s.completed, s.revenue)
    select array_agg(a.platform_id || ':' || a.campaign_id), array_agg(a.completed), array_agg(a.revenue)
      into s_pair, s_completed, s_revenue
      from added a;
    with added as (
      insert into reward_callbacks (conversion_id, platform_id, url)
      select w.conv, w.platform, w.url from unnest(w_conv, w_platform, w_url) w(conv, platform, url)
       where w.url is not null
      returning id, conversion_id)
    select array_agg(id), array_agg(conversion_id) into cb_id, cb_conv from added;
  end if;
  if array_length(v_marked, 1) > 0 then
    update clicks set not_new = true where id = any(v_marked);
  end if;
  with changed as (
    update campaigns c
       set conversions = c.conversions + x.count,
           spend = c.spend + x.spend,
           today_conversions = case when x.count = 0 then c.today_conversions
             when c.today_date = v_today then c.today_conversions + x.count else x.count end,
           today_spend = case when x.count = 0 then c.today_spend
             when c.today_date = v_today then c.today_spend + x.spend else x.spend end,
           today_date = case when x.count = 0 then c.today_date else v_today end,
           not_new = c.not_new + x.not_new,
           status = case when x.stop and c.status = 'ACTIVE' then 'STOPPED' else c.status end,
           updated_at = now()
      from unnest(c_id, c_count, c_spend, c_not_new, c_stop) x(id, count, spend, not_new, stop)
     where c.id = x.id and (x.count > 0 or x.not_new > 0 or x.stop)
    returning c.id, c.status, c.is_active, c.conversions, c.spend, c.today_conversions, c.today_spend, c.not_new)
  select array_agg(id), array_agg(status), array_agg(is_active), array_agg(conversions), array_agg(spend),
         array_agg(today_conversions), array_agg(today_spend), array_agg(not_new)
    into u_id, u_status, u_active, u_conversions, u_spend, u_today_conversions, u_today_spend, u_not_new
    from changed;

  for i in 1 .. n loop
    if r_single[i] is not null then
      v_results := v_results || r_single[i];
    elsif r_result[i] = 'COMPLETED' then
      ci := array_position(c_id, e_campaign[i]);
      k := array_position(u_id, e_campaign[i]);
      v_campaign := json_build_object(
        'id', c_id[ci], 'projectId', c_project[ci], 'ownerId', c_owner[ci], 'status', u_status[k],
        'isActive', u_active[k], 'budget', c_available[ci]::text, 'conversions', u_conversions[k],
        'spend', u_spend[k]::text, 'todayConversions', u_today_conversions[k],
        'todaySpend', u_today_spend[k]::text, 'notNew', u_not_new[k]);
      k := array_position(s_pair, e_platform[i] || ':' || e_campaign[i]);
      v_results := v_results || json_build_object(
        'result', 'COMPLETED',
        'conversionId', r_conv[i],
        'callbackId', cb_id[array_position(cb_conv, r_conv[i])],
        'publisherId', e_publisher[i],
        'playerId', e_player[i],
        'deal', null,
        'campaign', v_campaign,
        'platform', json_build_object(
          'platformId', e_platform[i], 'campaignId', e_campaign[i], 'completedQuantity', s_completed[k],
          'profitBudget', s_revenue[k]::text, 'platformCompleted', null, 'platformRevenue', null),
        'accounts', null);
    elsif r_result[i] = 'DUPLICATE' then
      v_results := v_results || json_build_object('result', 'DUPLICATE', 'conversionId', r_conv[i]);
    elsif r_result[i] = 'NOT_NEW' and r_counted[i] then
      ci := array_position(c_id, e_campaign[i]);
      v_results := v_results || json_build_object('result', 'NOT_NEW', 'counted', true, 'campaignId', c_id[ci],
        'projectId', c_project[ci], 'ownerId', c_owner[ci]);
    elsif r_result[i] = 'NOT_NEW' then
      v_results := v_results || json_build_object('result', 'NOT_NEW', 'counted', false);
    elsif r_result[i] = 'BUDGET' then
      ci := array_position(c_id, e_campaign[i]);
      v_results := v_results || json_build_object('result', 'BUDGET', 'stopped', true, 'projectId', c_project[ci],
        'campaignId', c_id[ci], 'ownerId', c_owner[ci]);
    else
      v_results := v_results || json_build_object('result', r_result[i]);
    end if;
  end loop;

  return json_build_object(
    'results', array_to_json(v_results),
    'platforms', (select json_object_agg(t.platform_id, json_build_object('completed', t.completed, 'revenue', t.revenue::text))
        from (select s.platform_id, sum(s.completed) as completed, sum(s.revenue) as revenue
                from platform_campaign_stats s where s.platform_id = any(v_platforms) group by s.platform_id) t),
    'accounts', (select json_object_agg(p.id, (select json_agg(json_build_object('user_id', a.user_id, 'kind', a.kind,
          'credits_posted', a.credits_posted::text, 'debits_posted', a.debits_posted::text,
          'debits_pending', a.debits_pending::text, 'credits_pending', a.credits_pending::text,
          'version', a.version::text))
        from ledger_accounts a where a.user_id = p.id and a.kind in ('ADVERTISER', 'PUBLISHER')))
      from unnest(v_publishers) p(id))
  );
end $$;
