-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- What an audit row's hash covers, in one unambiguous text (a JSON array): every column but the
-- hashes. The chain's trigger (audit_chain) and `npm run audit:verify` both read it; changing it
-- breaks the chain of every row written before (verify would report each).
create or replace function audit_event_text(e audit_events) returns text language sql stable as $$
  select json_build_array(e.seq, (extract(epoch from e.at) * 1000000)::bigint, e.actor_id, e.actor, e.action,
                          e.object_type, e.object_id, e.before, e.after, e.ip)::text
$$;
