-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- AFTER INSERT, UPDATE or DELETE on the account's things (campaigns, platforms, platform_services,
-- projects, tasks, payout_addresses, account_members, account_invitations) and AFTER INSERT on
-- ledger_transfers (a campaign's budget moved by a person): one row of the account's history.
-- Only a person's change is history: the transaction names them (`adnet.person`, set when a
-- signed-in request's transaction starts; a ledger transfer carries `caused_by_id`); what the
-- system does (conversions, counters, jobs) is not. A change lists the fields that changed, before
-- and after; counters, timestamps and derived fields are left out, and secrets show as changed
-- without their value.
create or replace function account_activity_record() returns trigger language plpgsql as $$
declare
  person int := nullif(current_setting('adnet.person', true), '')::int;
  addr text := nullif(current_setting('adnet.ip', true), '');
  fresh jsonb;
  stale jsonb;
  row jsonb;
  kind text := tg_argv[0];
  account int;
  object int;
  act text := lower(tg_op);
  before jsonb;
  after jsonb;
  noise text[] := array['created_at', 'updated_at', 'conversions', 'voided', 'spend', 'today_date',
    'today_conversions', 'today_spend', 'min_price', 'status', 'approved_at', 'review_claimed_by_id',
    'review_claimed_at', 'reject_reason', 'verified_at', 'is_verified_source', 'task_id', 'task_type',
    'task_title', 'task_url', 'not_new', 'token_hash', 'accepted_by_id', 'version'];
begin
  if tg_table_name = 'ledger_transfers' then
    if new.caused_by_id is null or new.code not in ('FUND_CAMPAIGN', 'RETURN_BUDGET') then return null; end if;
    person := new.caused_by_id;
    select a.user_id into account from ledger_accounts a
     where a.id in (new.debit_account_id, new.credit_account_id) and a.user_id is not null limit 1;
    select c.campaign_id into object from ledger_accounts c
     where c.id in (new.debit_account_id, new.credit_account_id) and c.campaign_id is not null limit 1;
    act := case when new.code = 'FUND_CAMPAIGN' then 'funded' else 'returned' end;
    after := jsonb_build_object('amount', new.amount::text, 'campaignId', object);
  else
    -- The system's own changes (conversions tick the campaigns' counters) stop here, before any work.
    if person is null then return null; end if;
    fresh := case when tg_op = 'DELETE' then null else to_jsonb(new) end;
    stale := case when tg_op = 'INSERT' then null else to_jsonb(old) end;
    row := coalesce(fresh, stale);
    account := case tg_table_name
      when 'tasks' then (select owner_id from projects where id = (row->>'project_id')::int)
      when 'platform_services' then (select owner_id from platforms where id = (row->>'platform_id')::int)
      when 'payout_addresses' then (row->>'user_id')::int
      when 'account_members' then (row->>'account_id')::int
      when 'account_invitations' then (row->>'account_id')::int
      else (row->>'owner_id')::int end;
    object := case when tg_table_name = 'account_members' then (row->>'user_id')::int else (row->>'id')::int end;
    -- The fields that changed (all of them for a creation or a removal), secrets masked.
    select jsonb_object_agg(key, case when key ~ '(secret|token|_enc$|_hash$)' then '"•••"'::jsonb else value end)
      into after from jsonb_each(coalesce(fresh, '{}'::jsonb))
     where not key = any(noise) and (stale is null or value is distinct from stale->key);
    select jsonb_object_agg(key, case when key ~ '(secret|token|_enc$|_hash$)' then '"•••"'::jsonb else value end)
      into before from jsonb_each(coalesce(stale, '{}'::jsonb))
     where not key = any(noise) and (fresh is null or value is distinct from fresh->key);
    if tg_op = 'UPDATE' then
      if after is null and before is null then return null; end if;
      if fresh ? 'deleted_at' and fresh->>'deleted_at' is not null and stale->>'deleted_at' is null then act := 'delete'; end if;
    end if;
    act := case act when 'insert' then 'created' when 'delete' then 'deleted' else 'changed' end;
  end if;
  if account is null then return null; end if;
  insert into account_activity (account_id, user_id, ip, action, object_type, object_id, before, after)
  values (account, person, addr, act, kind, object, before, after);
  perform pg_notify('account_activity', account::text);
  return null;
end
$$;
