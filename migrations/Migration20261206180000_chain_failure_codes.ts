import { Migration } from '@mikro-orm/migrations';

export class Migration20261206180000_chain_failure_codes extends Migration {

  override async up(): Promise<void> {
    // Why the chain did not pay a withdrawal, as a code (and the wallet's exit code), beside its English reason.
    this.addSql(`alter table "payments" add column "chain_failure" varchar(16) null, add column "chain_exit_code" varchar(16) null;`);
    // The withdrawals that failed on chain before: their code read once from the English they stored.
    this.addSql(`update "payments" set "chain_failure" = 'BOUNCED' where "kind" = 'WITHDRAWAL' and "failure_reason" = 'The recipient’s jetton wallet bounced the transfer. The amount is back in your balance.';`);
    this.addSql(`update "payments" set "chain_failure" = 'REFUSED', "chain_exit_code" = substring("failure_reason" from '^The hot wallet’s jetton wallet refused the transfer \\(exit code ([A-Za-z0-9_-]{1,16})\\)\\. The amount is back in your balance\\.$') where "kind" = 'WITHDRAWAL' and "failure_reason" ~ '^The hot wallet’s jetton wallet refused the transfer \\(exit code [A-Za-z0-9_-]{1,16}\\)\\. The amount is back in your balance\\.$';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payments" drop column "chain_failure", drop column "chain_exit_code";`);
  }

}
