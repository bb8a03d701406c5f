-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- BEFORE INSERT on audit_events: takes the head's lock (rows chain in commit order, whatever the
-- instances; a multi-row insert chains its rows in order), numbers the row after the head and
-- hashes the head's hash with the row's text.
-- SECURITY DEFINER: the application's role may only add rows and read them (db/app-role.ts); the
-- head moves with the owner's rights, here and nowhere else.
create or replace function audit_chain() returns trigger language plpgsql security definer set search_path = public as $$
declare head audit_head%rowtype;
begin
  select * into head from audit_head where id = 1 for update;
  if not found then raise exception 'audit_head is missing: the audit trail cannot be written'; end if;
  new.seq := head.seq + 1;
  new.at := clock_timestamp();
  new.prev_hash := head.hash;
  new.hash := sha256(head.hash || convert_to(audit_event_text(new), 'UTF8'));
  update audit_head set seq = new.seq, hash = new.hash where id = 1;
  -- The head, published outside the database once this commits (the audit area logs it and
  -- shows it on /metrics): a later `audit:verify --head` proves the chain still reaches it.
  perform pg_notify('audit_head', new.seq::text || ' ' || encode(new.hash, 'hex'));
  return new;
end
$$;
