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
    // The triggers name their functions; the bodies are in server/modules/audit/sql/ and applied
    // after the migrations (server/db/definitions.ts). Until then these refuse.
    for (const fn of ['audit_chain', 'audit_refuse']) {
      this.addSql(`create or replace function ${fn}() returns trigger language plpgsql as $$ begin raise exception '${fn}: its body is applied after the migrations'; end $$;`);
    }
    this.addSql(`create trigger audit_events_chain before insert on audit_events for each row execute function audit_chain();`);
    // Append-only: no change or removal of a row, and the head moves only with an insert.
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
