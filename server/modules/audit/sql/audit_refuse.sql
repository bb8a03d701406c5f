-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- Append-only: refuses UPDATE, DELETE and TRUNCATE of audit_events and audit_head; the head moves
-- only from inside audit_chain (a trigger depth above 1).
create or replace function audit_refuse() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'audit_head' and tg_op = 'UPDATE' and pg_trigger_depth() > 1 then return new; end if;
  raise exception 'The audit trail is append-only: % on % is refused', tg_op, tg_table_name
    using errcode = 'insufficient_privilege';
end
$$;
