-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the list in server/sql.ts.
create or replace function record_conversions(
  p_clicks text[], p_key_hashes text[], p_is_new boolean[], p_fee_percent int, p_premium_percent int
) returns json language plpgsql as $$
declare
  v_results json[] := '{}';
  v_campaigns int[];
  v_publishers int[];
  v_platforms int[];
  i int;
begin
  select array_agg(distinct k.campaign_id), array_agg(distinct pl.owner_id), array_agg(distinct k.platform_id)
    into v_campaigns, v_publishers, v_platforms
    from clicks k join platforms pl on pl.id = k.platform_id
   where k.code = any(p_clicks);
  -- A publisher's first conversion creates its account; here, before anything is locked.
  insert into ledger_accounts (kind, user_id, campaign_id)
  select 'PUBLISHER', p.id, null::int from unnest(v_publishers) p(id)
   where not exists (select 1 from ledger_accounts a where a.kind = 'PUBLISHER' and a.user_id = p.id and a.campaign_id is null)
   order by p.id
  on conflict on constraint ledger_accounts_kind_user_id_campaign_id_unique do nothing;

  perform 1 from campaigns where id = any(v_campaigns) order by id for no key update;
  perform 1 from exchange_deals
   where id in (select deal_id from campaigns where id = any(v_campaigns) and deal_id is not null)
   order by id for no key update;
  perform 1 from ledger_accounts
   where (kind in ('CAMPAIGN_BUDGET', 'NETWORK_FEE') and user_id is null and campaign_id = any(v_campaigns))
      or (kind = 'PUBLISHER' and user_id = any(v_publishers) and campaign_id is null)
   order by id for no key update;

  for i in 1 .. coalesce(array_length(p_clicks, 1), 0) loop
    v_results := v_results
      || record_conversion(p_clicks[i], p_key_hashes[i], p_fee_percent, p_premium_percent, p_is_new[i], false);
  end loop;
  return json_build_object(
    'results', array_to_json(v_results),
    'platforms', (select json_object_agg(t.platform_id, json_build_object('completed', t.completed, 'revenue', t.revenue::text))
        from (select s.platform_id, sum(s.completed) as completed, sum(s.revenue) as revenue
                from platform_campaign_stats s where s.platform_id = any(v_platforms) group by s.platform_id) t),
    'accounts', (select json_object_agg(p.id, (select json_agg(json_build_object('user_id', a.user_id, 'kind', a.kind,
          'credits_posted', a.credits_posted::text, 'debits_posted', a.debits_posted::text,
          'debits_pending', a.debits_pending::text, 'credits_pending', a.credits_pending::text))
        from ledger_accounts a where a.user_id = p.id and a.kind in ('ADVERTISER', 'PUBLISHER')))
      from unnest(v_publishers) p(id))
  );
end $$;
