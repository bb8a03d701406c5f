import { Migration } from '@mikro-orm/migrations';

export class Migration20261128024900_payouts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "payout_batches" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "query_id" int not null, "chain_created_at" bigint not null, "timeout" int not null, "status" text check ("status" in ('PENDING', 'SEEN', 'EXPIRED')) not null default 'PENDING', "message" text not null, "count" int not null, "amount" bigint not null, "send_count" int not null default 0, "last_sent_at" timestamptz null);`);
    this.addSql(`create unique index "payout_batches_live_query_id" on "payout_batches" ("query_id") where "status" = 'PENDING';`);
    this.addSql(`create index "payout_batches_status_id_index" on "payout_batches" ("status", "id");`);

    this.addSql(`create table "payout_state" ("key" varchar(50) not null, "value" text not null, "updated_at" timestamptz not null default now(), constraint "payout_state_pkey" primary key ("key"));`);

    this.addSql(`create table "payout_transfers" ("id" serial primary key, "created_at" timestamptz not null default now(), "withdrawal_id" int not null, "tx_hash" varchar(64) not null, "lt" bigint not null, "amount" bigint not null, "destination" varchar(100) not null, "ok" boolean not null, "reason" varchar(300) null);`);
    this.addSql(`create index "payout_transfers_withdrawal_id_index" on "payout_transfers" ("withdrawal_id");`);
    this.addSql(`alter table "payout_transfers" add constraint "payout_transfers_tx_hash_unique" unique ("tx_hash");`);

    this.addSql(`alter table "payments" add column "payout_stage" text check ("payout_stage" in ('REQUESTED', 'APPROVED', 'SENT')) null, add column "approved_at" timestamptz null, add column "approved_by_id" int null, add column "batch_id" int null;`);
    this.addSql(`create index "payments_payout_queue" on "payments" ("payout_stage", "id") where "status" = 'IN_PROGRESS' and "kind" = 'WITHDRAWAL';`);
    // Withdrawals waiting for finance wait for approval now (the network sends them after).
    this.addSql(`update "payments" set "payout_stage" = 'REQUESTED' where "kind" = 'WITHDRAWAL' and "status" = 'IN_PROGRESS';`);
    // The highload wallet's query ids, one per batch (payouts/hot-wallet.ts queryIdOf).
    this.addSql(`create sequence if not exists "payout_query_ids" minvalue 0 start 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop sequence if exists "payout_query_ids";`);
    this.addSql(`drop table if exists "payout_batches" cascade;`);

    this.addSql(`drop table if exists "payout_state" cascade;`);

    this.addSql(`drop table if exists "payout_transfers" cascade;`);

    this.addSql(`drop index "payments_payout_queue";`);
    this.addSql(`alter table "payments" drop column "payout_stage", drop column "approved_at", drop column "approved_by_id", drop column "batch_id";`);
  }

}
