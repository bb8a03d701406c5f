import { Migration } from '@mikro-orm/migrations';

// The whole schema: users and registration, lookups, projects and tasks, ledger and payments.
export class Migration20261121094144 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "categories" ("id" serial primary key, "title" varchar(100) not null);`);
    this.addSql(`alter table "categories" add constraint "categories_title_unique" unique ("title");`);

    this.addSql(`create table "registration_requests" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(120) not null, "email" varchar(254) not null, "password_hash" varchar(255) null, "telegram" varchar(64) null, "role" text check ("role" in ('ADVERTISER', 'PUBLISHER')) not null, "company" varchar(200) null, "comment" text null, "source" text check ("source" in ('FORM', 'GOOGLE')) not null default 'FORM', "status" text check ("status" in ('PENDING', 'APPROVED', 'DECLINED')) not null default 'PENDING', "decided_at" timestamptz null, "decided_by_id" int null, "decline_reason" varchar(500) null, "user_id" int null);`);
    this.addSql(`create index "registration_requests_email_index" on "registration_requests" ("email");`);
    this.addSql(`create index "registration_requests_status_created_at_index" on "registration_requests" ("status", "created_at");`);
    this.addSql(`create unique index "registration_requests_pending_email" on "registration_requests" ("email") where "status" = 'PENDING';`);

    this.addSql(`create table "tiers" ("level" int not null, "value" bigint not null, constraint "tiers_pkey" primary key ("level"));`);

    this.addSql(`create table "tier_prices" ("id" serial primary key, "tier_level" int not null, "country_id" varchar(2) not null, "value" bigint not null);`);
    this.addSql(`create index "tier_prices_tier_level_index" on "tier_prices" ("tier_level");`);
    this.addSql(`alter table "tier_prices" add constraint "tier_prices_country_id_unique" unique ("country_id");`);

    this.addSql(`create table "users" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(120) not null, "email" varchar(254) not null, "password_hash" varchar(255) null, "default_role" text check ("default_role" in ('ADVERTISER', 'PUBLISHER')) not null default 'ADVERTISER', "is_exchange_ready" boolean not null default false, "is_moderator" boolean not null default false, "is_finance" boolean not null default false, "telegram" varchar(64) null, "company" varchar(200) null);`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "projects" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "owner_id" int not null, "title" varchar(120) not null, "category_id" int not null, "secret_key_enc" varchar(300) not null, "secret_key_hash" varchar(64) not null);`);
    this.addSql(`create index "projects_owner_id_index" on "projects" ("owner_id");`);
    this.addSql(`alter table "projects" add constraint "projects_secret_key_hash_unique" unique ("secret_key_hash");`);

    this.addSql(`create table "tasks" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "project_id" int not null, "type" text check ("type" in ('CHAT', 'CHANNEL', 'BOT', 'SMART_LINK', 'CUSTOM')) not null, "title" varchar(200) not null, "url" varchar(500) not null, "logo" varchar(500) not null, "is_mini_app" boolean not null default false, "invite_link" varchar(500) null, "verification_code" varchar(32) not null, "is_verified_source" boolean not null default false, "verified_at" timestamptz null);`);
    this.addSql(`alter table "tasks" add constraint "tasks_verification_code_unique" unique ("verification_code");`);
    this.addSql(`create index "tasks_project_id_id_index" on "tasks" ("project_id", "id");`);

    this.addSql(`create table "payments" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "kind" text check ("kind" in ('TOP_UP', 'WITHDRAWAL')) not null, "status" text check ("status" in ('IN_PROGRESS', 'DONE', 'FAILED')) not null default 'IN_PROGRESS', "amount" bigint not null, "provider" varchar(20) null, "provider_invoice_id" varchar(100) null, "pay_url" varchar(500) null, "wallet_address" varchar(100) null, "tx_hash" varchar(128) null, "failure_reason" varchar(500) null, "transfer_id" bigint null, "processed_by_id" int null, constraint payments_amount_positive check (amount > 0));`);
    this.addSql(`create index "payments_user_id_kind_created_at_index" on "payments" ("user_id", "kind", "created_at");`);
    this.addSql(`create index "payments_kind_status_created_at_index" on "payments" ("kind", "status", "created_at");`);

    this.addSql(`create table "password_resets" ("id" uuid not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "password_resets_pkey" primary key ("id"));`);
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);

    this.addSql(`create table "ledger_accounts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "kind" text check ("kind" in ('ADVERTISER', 'PUBLISHER', 'CAMPAIGN_BUDGET', 'DEPOSITS', 'WITHDRAWALS', 'NETWORK_FEE')) not null, "user_id" int null, "campaign_id" int null, "debits_pending" bigint not null default 0, "debits_posted" bigint not null default 0, "credits_pending" bigint not null default 0, "credits_posted" bigint not null default 0, constraint ledger_accounts_totals_non_negative check (debits_pending >= 0 and debits_posted >= 0 and credits_pending >= 0 and credits_posted >= 0), constraint ledger_accounts_guarded_not_negative check ((kind <> ALL (ARRAY['ADVERTISER'::text, 'PUBLISHER'::text, 'CAMPAIGN_BUDGET'::text])) OR (((credits_posted - debits_posted) - debits_pending) >= 0)));`);
    this.addSql(`create index "ledger_accounts_user_id_index" on "ledger_accounts" ("user_id");`);
    this.addSql(`alter table "ledger_accounts" add constraint "ledger_accounts_kind_user_id_campaign_id_unique" unique nulls not distinct ("kind", "user_id", "campaign_id");`);

    this.addSql(`create table "ledger_transfers" ("id" bigserial primary key, "key" varchar(200) not null, "code" text check ("code" in ('TOP_UP', 'FUND_CAMPAIGN', 'RETURN_BUDGET', 'CONVERSION', 'NETWORK_FEE', 'WITHDRAWAL', 'ADJUSTMENT')) not null, "flag" text check ("flag" in ('POSTED', 'PENDING', 'POST_PENDING', 'VOID_PENDING')) not null, "debit_account_id" int not null, "credit_account_id" int not null, "amount" bigint not null, "pending_id" bigint null, "reference" varchar(200) null, "created_at" timestamptz not null default now(), constraint ledger_transfers_amount_positive check (amount > 0), constraint ledger_transfers_two_accounts check (debit_account_id <> credit_account_id));`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_key_unique" unique ("key");`);
    this.addSql(`create index "ledger_transfers_debit_account_id_index" on "ledger_transfers" ("debit_account_id");`);
    this.addSql(`create index "ledger_transfers_credit_account_id_index" on "ledger_transfers" ("credit_account_id");`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_pending_id_unique" unique ("pending_id");`);
    this.addSql(`create index "ledger_transfers_pending_conversions" on "ledger_transfers" ("created_at") where "flag" = 'PENDING' and "code" = 'CONVERSION';`);

    this.addSql(`alter table "projects" add constraint "projects_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "projects" add constraint "projects_category_id_foreign" foreign key ("category_id") references "categories" ("id") on update cascade;`);

    this.addSql(`alter table "tasks" add constraint "tasks_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "payments" add constraint "payments_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);

    this.addSql(`alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "ledger_accounts" add constraint "ledger_accounts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_debit_account_id_foreign" foreign key ("debit_account_id") references "ledger_accounts" ("id") on update cascade;`);
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_credit_account_id_foreign" foreign key ("credit_account_id") references "ledger_accounts" ("id") on update cascade;`);
  }

}
