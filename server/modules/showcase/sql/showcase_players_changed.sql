-- The current definition: change it here (never in a migration). Applied after the migrations
-- whenever this file changes; see server/db/definitions.ts and the area's definition (sql).
--
-- A player's own state in the showcase changed (a click written or marked not new, a
-- conversion, a block, or rows of them removed): every instance is told on commit, on `showcase_players`, with the
-- players' ids (comma-separated; `*`, anyone's, for a statement of too many or a truncate), and
-- reads those players again (server/modules/showcase/player-states.ts). One notification per
-- statement; PostgreSQL drops a transaction's repeats of the same text.
create or replace function showcase_players_changed() returns trigger language plpgsql as $$
declare
  ids text;
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('showcase_players', '*');
    return null;
  end if;
  if tg_op = 'DELETE' then
    select string_agg(p::text, ',') into ids from (select distinct player_id as p from old_rows) x;
  else
    select string_agg(p::text, ',') into ids from (select distinct player_id as p from new_rows) x;
  end if;
  if ids is not null then
    perform pg_notify('showcase_players', case when length(ids) > 7000 then '*' else ids end);
  end if;
  return null;
end $$;
