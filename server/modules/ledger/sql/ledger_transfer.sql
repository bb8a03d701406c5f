-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
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
           version = version + 1, updated_at = now()
     where id in (p_debit, p_credit);
  else
    update ledger_accounts
       set debits_posted = debits_posted + case when id = p_debit then p_amount else 0 end,
           credits_posted = credits_posted + case when id = p_credit then p_amount else 0 end,
           version = version + 1, updated_at = now()
     where id in (p_debit, p_credit);
  end if;
  return v_id;
end $$;
