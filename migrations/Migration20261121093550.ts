import { Migration } from '@mikro-orm/migrations';

// The ledger's transfers and the payments (top-ups and withdrawals) that drive them.
export class Migration20261121093550 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "payments" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "kind" text check ("kind" in ('TOP_UP', 'WITHDRAWAL')) not null, "status" text check ("status" in ('IN_PROGRESS', 'DONE', 'FAILED')) not null default 'IN_PROGRESS', "amount" bigint not null, "provider" varchar(20) null, "provider_invoice_id" varchar(100) null, "pay_url" varchar(500) null, "wallet_address" varchar(100) null, "tx_hash" varchar(128) null, "failure_reason" varchar(500) null, "transfer_id" bigint null, "processed_by_id" int null);`);
    this.addSql(`create index "payments_user_id_kind_created_at_index" on "payments" ("user_id", "kind", "created_at");`);
    this.addSql(`create index "payments_kind_status_created_at_index" on "payments" ("kind", "status", "created_at");`);

    this.addSql(`create table "ledger_transfers" ("id" bigserial primary key, "key" varchar(200) not null, "code" text check ("code" in ('TOP_UP', 'FUND_CAMPAIGN', 'RETURN_BUDGET', 'CONVERSION', 'NETWORK_FEE', 'WITHDRAWAL', 'ADJUSTMENT')) not null, "flag" text check ("flag" in ('POSTED', 'PENDING', 'POST_PENDING', 'VOID_PENDING')) not null, "debit_account_id" int not null, "credit_account_id" int not null, "amount" bigint not null, "pending_id" bigint null, "reference" varchar(200) null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_key_unique" unique ("key");`);
    this.addSql(`create index "ledger_transfers_debit_account_id_index" on "ledger_transfers" ("debit_account_id");`);
    this.addSql(`create index "ledger_transfers_credit_account_id_index" on "ledger_transfers" ("credit_account_id");`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_pending_id_unique" unique ("pending_id");`);

    // The database itself refuses what the ledger must never do.
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_amount_positive" check ("amount" > 0);`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_two_accounts" check ("debit_account_id" <> "credit_account_id");`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_debit_fk" foreign key ("debit_account_id") references "ledger_accounts" ("id");`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_credit_fk" foreign key ("credit_account_id") references "ledger_accounts" ("id");`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_pending_fk" foreign key ("pending_id") references "ledger_transfers" ("id");`);
    this.addSql(`alter table "ledger_accounts" add constraint "ledger_accounts_totals_non_negative" check ("debits_pending" >= 0 and "debits_posted" >= 0 and "credits_pending" >= 0 and "credits_posted" >= 0);`);
    this.addSql(`alter table "ledger_accounts" add constraint "ledger_accounts_guarded_not_negative" check ("kind" not in ('ADVERTISER', 'PUBLISHER', 'CAMPAIGN_BUDGET') or "credits_posted" - "debits_posted" - "debits_pending" >= 0);`);
    this.addSql(`alter table "payments" add constraint "payments_amount_positive" check ("amount" > 0);`);
    this.addSql(`alter table "payments" add constraint "payments_user_fk" foreign key ("user_id") references "users" ("id");`);
    this.addSql(`create index "ledger_transfers_pending_conversions" on "ledger_transfers" ("created_at") where "flag" = 'PENDING' and "code" = 'CONVERSION';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payments" cascade;`);

    this.addSql(`drop table if exists "ledger_transfers" cascade;`);
  }

}
