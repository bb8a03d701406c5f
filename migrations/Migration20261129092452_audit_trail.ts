import { Migration } from '@mikro-orm/migrations';

export class Migration20261129092452_audit_trail extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "audit_events" ("seq" bigint not null, "at" timestamptz not null default clock_timestamp(), "actor_id" int null, "actor" varchar(254) not null, "action" varchar(64) not null, "object_type" varchar(32) not null, "object_id" varchar(64) not null, "before" jsonb null, "after" jsonb null, "ip" varchar(64) null, "prev_hash" bytea not null, "hash" bytea not null, constraint "audit_events_pkey" primary key ("seq"));`);
    this.addSql(`create index "audit_events_actor_id_seq_index" on "audit_events" ("actor_id", "seq");`);
    this.addSql(`create index "audit_events_object_type_object_id_seq_index" on "audit_events" ("object_type", "object_id", "seq");`);
    this.addSql(`create index "audit_events_action_seq_index" on "audit_events" ("action", "seq");`);

    this.addSql(`create table "audit_head" ("id" smallint not null, "seq" bigint not null, "hash" bytea not null, constraint "audit_head_pkey" primary key ("id"));`);

    // The chain starts at 32 zero bytes.
    this.addSql(`insert into audit_head (id, seq, hash) values (1, 0, decode(repeat('00', 32), 'hex'));`);
    // What a row's hash covers, in one unambiguous text (a JSON array): every column but the hashes.
    this.addSql(`create or replace function audit_event_text(e audit_events) returns text language sql stable as $$
      select json_build_array(e.seq, (extract(epoch from e.at) * 1000000)::bigint, e.actor_id, e.actor, e.action,
                              e.object_type, e.object_id, e.before, e.after, e.ip)::text
    $$;`);
    // Each insert takes the head's lock (rows chain in commit order), numbers itself after the head
    // and hashes the head's hash with its own text.
    this.addSql(`create or replace function audit_chain() returns trigger language plpgsql as $$
      declare head audit_head%rowtype;
      begin
        select * into head from audit_head where id = 1 for update;
        if not found then raise exception 'audit_head is missing: the audit trail cannot be written'; end if;
        new.seq := head.seq + 1;
        new.at := clock_timestamp();
        new.prev_hash := head.hash;
        new.hash := sha256(head.hash || convert_to(audit_event_text(new), 'UTF8'));
        update audit_head set seq = new.seq, hash = new.hash where id = 1;
        return new;
      end
    $$;`);
    this.addSql(`create trigger audit_events_chain before insert on audit_events for each row execute function audit_chain();`);
    // Append-only: no change or removal of a row, and the head moves only with an insert.
    this.addSql(`create or replace function audit_refuse() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'audit_head' and tg_op = 'UPDATE' and pg_trigger_depth() > 1 then return new; end if;
        raise exception 'The audit trail is append-only: % on % is refused', tg_op, tg_table_name
          using errcode = 'insufficient_privilege';
      end
    $$;`);
    this.addSql(`create trigger audit_events_append_only before update or delete on audit_events for each row execute function audit_refuse();`);
    this.addSql(`create trigger audit_events_no_truncate before truncate on audit_events for each statement execute function audit_refuse();`);
    this.addSql(`create trigger audit_head_guard before update or delete on audit_head for each row execute function audit_refuse();`);
    this.addSql(`create trigger audit_head_no_truncate before truncate on audit_head for each statement execute function audit_refuse();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists audit_event_text(audit_events) cascade;`);
    this.addSql(`drop table if exists "audit_events" cascade;`);
    this.addSql(`drop function if exists audit_chain() cascade;`);
    this.addSql(`drop function if exists audit_refuse() cascade;`);

    this.addSql(`drop table if exists "audit_head" cascade;`);
  }

}
