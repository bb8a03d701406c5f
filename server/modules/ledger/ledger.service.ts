import { requestPerson } from '../../lib/request-scope.ts';
import { fail } from '../../failures.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { queryPrepared } from '../../db/prepared.ts';
import { type Emit, inTransaction } from '../../db/transaction.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import type { AccountKind } from './account.entity.ts';
import { balancesFromRows, balancesPayload, InsufficientFunds } from './balances.ts';
import type { TransferCode, TransferFlag } from './transfer.entity.ts';

export type AccountRef =
  | { kind: 'ADVERTISER' | 'PUBLISHER'; userId: number }
  // A campaign's budget, and the network's fee income from that campaign (one fee account per
  // campaign, so conversions of different campaigns never wait on one shared row).
  | { kind: 'CAMPAIGN_BUDGET' | 'NETWORK_FEE'; campaignId: number }
  | { kind: 'DEPOSITS' | 'WITHDRAWALS' | 'NETWORK_FEE' };

/** User and campaign accounts can never go negative; system accounts mirror the outside world. */
export const GUARDED_KINDS: AccountKind[] = ['ADVERTISER', 'PUBLISHER', 'CAMPAIGN_BUDGET'];

export interface TransferInput {
  /** Idempotency key: a retry with the same key returns the first result. */
  key: string;
  code: TransferCode;
  debit: AccountRef;
  credit: AccountRef;
  amount: bigint;
  pending?: boolean;
  reference?: string | null;
}

export interface TransferRecord {
  id: number;
  key: string;
  code: TransferCode;
  flag: TransferFlag;
  debitAccountId: number;
  creditAccountId: number;
  amount: bigint;
  pendingId: number | null;
  reference: string | null;
  createdAt: Date;
  /** True when this call found the transfer already made under the same key. */
  replayed: boolean;
}

interface Row {
  id: string | number;
  key: string;
  code: TransferCode;
  flag: TransferFlag;
  debit_account_id: number;
  credit_account_id: number;
  amount: string;
  pending_id: string | number | null;
  reference: string | null;
  created_at: Date;
}

interface AccountRow {
  id: number;
  kind: AccountKind;
  user_id: number | null;
  credits_posted: string;
  debits_posted: string;
  credits_pending: string;
  debits_pending: string;
  version: string;
}

const toRecord = (r: Row, replayed: boolean): TransferRecord => ({
  id: Number(r.id),
  key: r.key,
  code: r.code,
  flag: r.flag,
  debitAccountId: r.debit_account_id,
  creditAccountId: r.credit_account_id,
  amount: BigInt(r.amount),
  pendingId: r.pending_id === null ? null : Number(r.pending_id),
  reference: r.reference,
  createdAt: r.created_at,
  replayed,
});

function refKey(ref: AccountRef): string {
  if ('userId' in ref) return `${ref.kind}:u${ref.userId}`;
  if ('campaignId' in ref) return `${ref.kind}:c${ref.campaignId}`;
  return ref.kind;
}

/**
 * The double-entry ledger: the only code that changes balances. Every method runs inside
 * the caller's transaction (`tx`) and queues `balanceChanged` events through `emit`, which
 * `inTransaction` publishes after the commit.
 */
export class Ledger {
  // Accounts are never deleted, so their ids can be remembered.
  private readonly accountIds = new Map<string, number>();

  constructor(private readonly pubsub: PubSub) {}

  /** Runs `work` in its own transaction and publishes its events after the commit. */
  run<T>(em: EntityManager, work: (tx: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    return inTransaction(em, this.pubsub, work);
  }

  async accountId(tx: EntityManager, ref: AccountRef): Promise<number> {
    const k = refKey(ref);
    const cached = this.accountIds.get(k);
    if (cached) return cached;
    const userId = 'userId' in ref ? ref.userId : null;
    const campaignId = 'campaignId' in ref ? ref.campaignId : null;
    const inserted = await tx.execute<{ id: number }[]>(
      `insert into ledger_accounts (kind, user_id, campaign_id) values (?, ?, ?)
       on conflict on constraint ledger_accounts_kind_user_id_campaign_id_unique do nothing returning id`,
      [ref.kind, userId, campaignId],
    );
    // Created by this transaction: not remembered, since a rollback would leave a dangling id.
    if (inserted[0]) return inserted[0].id;
    const [row] = await tx.execute<{ id: number; committed: boolean }[]>(
      `select id, created_at <> now() as committed from ledger_accounts
        where kind = ? and user_id is not distinct from ? and campaign_id is not distinct from ?`,
      [ref.kind, userId, campaignId],
    );
    // A row made earlier in this same transaction has created_at = now(): remembered only once
    // a later transaction sees it, i.e. after it was committed.
    if (row.committed) this.accountIds.set(k, row.id);
    return row.id;
  }

  /** A single-phase (posted) or pending transfer. */
  async transfer(tx: EntityManager, emit: Emit, input: TransferInput): Promise<TransferRecord> {
    assertInTransaction(tx);
    if (input.amount <= 0n) throw fail('TRANSFER_NOT_POSITIVE');
    // Sequential: a transaction has one connection.
    const debitId = await this.accountId(tx, input.debit);
    const creditId = await this.accountId(tx, input.credit);
    if (debitId === creditId) throw fail('TRANSFER_TO_SAME_ACCOUNT');
    const flag: TransferFlag = input.pending ? 'PENDING' : 'POSTED';
    const { row, replayed, accounts } = await this.insertOnce(tx, {
      key: input.key,
      code: input.code,
      flag,
      debitId,
      creditId,
      amount: input.amount,
      pendingId: null,
      reference: input.reference ?? null,
    });
    if (replayed) return row;
    const debit = accounts.get(debitId)!;
    if (GUARDED_KINDS.includes(debit.kind) && available(debit) < input.amount) throw new InsufficientFunds();
    const column = input.pending ? 'pending' : 'posted';
    const amount = input.amount.toString();
    await this.applyAndEmit(
      tx,
      emit,
      accounts,
      `debits_${column} = debits_${column} + case when id = ? then ?::bigint else 0 end,
       credits_${column} = credits_${column} + case when id = ? then ?::bigint else 0 end`,
      [debitId, amount, creditId, amount],
    );
    return row;
  }

  private readonly prepared = new Map<string, { name: string; text: string }>();

  /**
   * Runs one of the ledger's hot statements on the transaction's own connection as a named
   * prepared statement, so PostgreSQL parses and plans it once per connection instead of once
   * per transfer. Outside a transaction it falls back to the ORM.
   */
  private async query<T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
    const trx = tx.getTransactionContext() as
      | { client?: { acquireConnection?: () => Promise<PreparedClient> } }
      | undefined;
    const connection = trx?.client?.acquireConnection ? await trx.client.acquireConnection() : undefined;
    if (!connection?.query) return tx.execute<T[]>(sql, params);
    return (await this.onConnection(connection, sql, params)) as T[];
  }

  /** The named prepared statement of an SQL text (`?` placeholders become `$n`), one per distinct text. */
  private statement(sql: string): { name: string; text: string } {
    let statement = this.prepared.get(sql);
    if (!statement) {
      let n = 0;
      statement = { name: `ledger_${this.prepared.size + 1}`, text: sql.replace(/\?/g, () => `$${++n}`) };
      this.prepared.set(sql, statement);
    }
    return statement;
  }

  private async onConnection(connection: PreparedClient, sql: string, params: unknown[]): Promise<unknown[]> {
    const { name, text } = this.statement(sql);
    return (await connection.query({ name, text, values: params })).rows;
  }

  /**
   * One transfer on its own, in a single statement and a single round trip: insert (idempotent
   * on the key), both account updates and the balances for `balanceChanged`, atomic without an
   * explicit transaction. The database's check constraint refuses an overdraft. For hot paths
   * that move money and nothing else; anything that must commit together uses `run`.
   */
  async transferNow(em: EntityManager, input: TransferInput): Promise<TransferRecord> {
    // It runs on its own connection: inside a caller's transaction it would not be atomic with it.
    if (em.isInTransaction()) throw new Error('ledger: transferNow runs on its own; inside a transaction use transfer');
    if (input.amount <= 0n) throw fail('TRANSFER_NOT_POSITIVE');
    const debitId = await this.accountId(em, input.debit);
    const creditId = await this.accountId(em, input.credit);
    if (debitId === creditId) throw fail('TRANSFER_TO_SAME_ACCOUNT');
    const column = input.pending ? 'pending' : 'posted';
    const flag: TransferFlag = input.pending ? 'PENDING' : 'POSTED';
    const accountColumns =
      'id, kind, user_id, credits_posted::text, debits_posted::text, debits_pending::text, credits_pending::text, version::text';
    const sql = `with ins as (
         insert into ledger_transfers (key, code, flag, debit_account_id, credit_account_id, amount, pending_id, reference, caused_by_id)
         values (?, ?, ?, ?, ?, ?, null, ?, ?) on conflict (key) do nothing
         returning id, key, code, flag, debit_account_id, credit_account_id, amount::text, pending_id, reference, created_at
       ), locked as (
         -- Row locks in ascending id order (the update's own scan order follows the heap), so
         -- opposite transfers cannot deadlock; and only once the insert went through.
         select id from ledger_accounts
          where id in (?, ?) and exists (select 1 from ins)
          order by id for no key update
       ), upd as (
         update ledger_accounts
            set debits_${column} = debits_${column} + case when id = ? then ?::bigint else 0 end,
                credits_${column} = credits_${column} + case when id = ? then ?::bigint else 0 end,
                version = version + 1, updated_at = now()
          where id in (select id from locked)
          returning ${accountColumns}
       ), others as (
         select ${accountColumns} from ledger_accounts
          where user_id in (select user_id from upd where user_id is not null)
            and kind in ('ADVERTISER', 'PUBLISHER') and id not in (?, ?)
       )
       select (select row_to_json(i) from ins i) as transfer,
              coalesce((select json_agg(u) from upd u), '[]') as accounts,
              coalesce((select json_agg(o) from others o), '[]') as others`;
    const amount = input.amount.toString();
    const { name, text } = this.statement(sql);
    let result: { transfer: Row | null; accounts: AccountRow[]; others: AccountRow[] };
    try {
      [result] = await queryPrepared<typeof result>(em, name, text, [
        input.key,
        input.code,
        flag,
        debitId,
        creditId,
        amount,
        input.reference ?? null,
        requestPerson(),
        debitId,
        creditId,
        debitId,
        amount,
        creditId,
        amount,
        debitId,
        creditId,
      ]);
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (e.code === '23514' && e.constraint === 'ledger_accounts_guarded_not_negative') throw new InsufficientFunds();
      throw err;
    }
    if (!result.transfer) {
      // The key exists: the same transfer again is answered with the first result.
      return (
        await this.insertOnce(em, {
          key: input.key,
          code: input.code,
          flag,
          debitId,
          creditId,
          amount: input.amount,
          pendingId: null,
          reference: input.reference ?? null,
        })
      ).row;
    }
    const rows = [...result.accounts, ...result.others];
    const userIds = [...new Set(result.accounts.flatMap((a) => (a.user_id === null ? [] : [a.user_id])))];
    for (const [userId, balances] of balancesFromRows(userIds, rows)) {
      await this.pubsub.publish(topics.balance(userId), balancesPayload(balances)).catch(() => {});
    }
    return toRecord(result.transfer, false);
  }

  /** Posts a pending transfer, fully or in part (the rest is released). */
  post(tx: EntityManager, emit: Emit, input: { key: string; pendingId: number; amount?: bigint }) {
    return this.resolve(tx, emit, 'POST_PENDING', input);
  }

  /** Voids a pending transfer: the reserved amount goes back. */
  void(tx: EntityManager, emit: Emit, input: { key: string; pendingId: number }) {
    return this.resolve(tx, emit, 'VOID_PENDING', input);
  }

  private async resolve(
    tx: EntityManager,
    emit: Emit,
    flag: 'POST_PENDING' | 'VOID_PENDING',
    input: { key: string; pendingId: number; amount?: bigint },
  ): Promise<TransferRecord> {
    assertInTransaction(tx);
    const [pendingRow] = await tx.execute<Row[]>('select * from ledger_transfers where id = ? for update', [
      input.pendingId,
    ]);
    if (pendingRow?.flag !== 'PENDING') throw fail('PENDING_TRANSFER_NOT_FOUND');
    const pending = toRecord(pendingRow, false);
    const amount = flag === 'VOID_PENDING' ? pending.amount : (input.amount ?? pending.amount);
    if (amount <= 0n || amount > pending.amount) {
      throw fail('POSTED_AMOUNT_OUT_OF_RANGE');
    }
    const existing = await tx.execute<Row[]>('select * from ledger_transfers where pending_id = ?', [pending.id]);
    if (existing[0] && existing[0].key !== input.key) {
      throw fail('PENDING_TRANSFER_ENDED', { outcome: existing[0].flag === 'VOID_PENDING' ? 'voided' : 'posted' });
    }
    const { row, replayed, accounts } = await this.insertOnce(tx, {
      key: input.key,
      code: pending.code,
      flag,
      debitId: pending.debitAccountId,
      creditId: pending.creditAccountId,
      amount,
      pendingId: pending.id,
      reference: pending.reference,
    });
    if (replayed) return row;
    const posted = flag === 'POST_PENDING' ? amount : 0n;
    const [d, c, p, q] = [
      pending.debitAccountId,
      pending.creditAccountId,
      pending.amount.toString(),
      posted.toString(),
    ];
    await this.applyAndEmit(
      tx,
      emit,
      accounts,
      `debits_pending = debits_pending - case when id = ? then ?::bigint else 0 end,
       debits_posted = debits_posted + case when id = ? then ?::bigint else 0 end,
       credits_pending = credits_pending - case when id = ? then ?::bigint else 0 end,
       credits_posted = credits_posted + case when id = ? then ?::bigint else 0 end`,
      [d, p, d, q, c, p, c, q],
    );
    return row;
  }

  /**
   * Inserts the transfer unless its key exists (a same-key retry must carry the same content)
   * and, in the same statement, locks both accounts. The insert runs first (the lock's filter
   * reads it), so two calls racing on one key wait on the key before holding any account lock.
   *
   * Account row locks are taken in ascending id order, so two transfers over the same pair
   * cannot deadlock. FOR NO KEY UPDATE, not FOR UPDATE: the foreign keys of ledger_transfers
   * take KEY SHARE locks on both accounts when a transfer row is inserted, and FOR UPDATE would
   * wait on those, so A→B and B→A running at once would lock each other out.
   */
  private async insertOnce(
    tx: EntityManager,
    t: {
      key: string;
      code: TransferCode;
      flag: TransferFlag;
      debitId: number;
      creditId: number;
      amount: bigint;
      pendingId: number | null;
      reference: string | null;
    },
  ): Promise<{ row: TransferRecord; replayed: boolean; accounts: Map<number, AccountRow> }> {
    const rows = await this.query<Row & { a: AccountRow }>(
      tx,
      `with ins as (
         insert into ledger_transfers (key, code, flag, debit_account_id, credit_account_id, amount, pending_id, reference, caused_by_id)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (key) do nothing returning *
       ), locked as (
         select id, kind, user_id, credits_posted::text, debits_posted::text, credits_pending::text, debits_pending::text
           from ledger_accounts
          where id in (?, ?) and (select count(*) from ins) >= 0
          order by id for no key update
       )
       select json_build_object('id', l.id, 'kind', l.kind, 'user_id', l.user_id,
                'credits_posted', l.credits_posted, 'debits_posted', l.debits_posted,
                'credits_pending', l.credits_pending, 'debits_pending', l.debits_pending) as a,
              i.*
         from locked l left join ins i on true`,
      [
        t.key,
        t.code,
        t.flag,
        t.debitId,
        t.creditId,
        t.amount.toString(),
        t.pendingId,
        t.reference,
        requestPerson(),
        t.debitId,
        t.creditId,
      ],
    );
    const accounts = new Map(rows.map((r) => [r.a.id, r.a]));
    if (rows[0]?.id != null) return { row: toRecord(rows[0], false), replayed: false, accounts };
    const [existing] = await tx.execute<Row[]>('select * from ledger_transfers where key = ?', [t.key]);
    const same =
      existing &&
      existing.code === t.code &&
      existing.flag === t.flag &&
      existing.debit_account_id === t.debitId &&
      existing.credit_account_id === t.creditId &&
      BigInt(existing.amount) === t.amount &&
      (existing.pending_id === null ? null : Number(existing.pending_id)) === t.pendingId;
    if (!same) throw fail('TRANSFER_KEY_REUSED');
    return { row: toRecord(existing, true), replayed: true, accounts };
  }

  /**
   * Applies `set` to both (locked) accounts and, in the same statement, reads the balances of
   * their users, then queues `balanceChanged` for each of them.
   */
  private async applyAndEmit(
    tx: EntityManager,
    emit: Emit,
    accounts: Map<number, AccountRow>,
    set: string,
    params: unknown[],
  ) {
    const ids = [...accounts.keys()];
    const userIds = [...new Set([...accounts.values()].flatMap((a) => (a.user_id === null ? [] : [a.user_id])))];
    const columns = 'id, kind, user_id, credits_posted, debits_posted, debits_pending, credits_pending, version';
    const rows = await this.query<AccountRow & { user_id: number | null }>(
      tx,
      `with upd as (
         update ledger_accounts set ${set}, version = version + 1, updated_at = now() where id in (?, ?) returning ${columns}
       )
       select ${columns} from upd
       union all
       select ${columns} from ledger_accounts
        where user_id in (${userIds.length ? userIds.map(() => '?').join(', ') : 'null'})
          and kind in ('ADVERTISER', 'PUBLISHER') and id not in (?, ?)`,
      [...params, ids[0], ids[1] ?? ids[0], ...userIds, ids[0], ids[1] ?? ids[0]],
    );
    if (rows.filter((r) => ids.includes(r.id)).length !== ids.length) throw new Error('ledger: account rows missing');
    for (const [userId, balances] of balancesFromRows(userIds, rows)) {
      emit(topics.balance(userId), balancesPayload(balances));
    }
  }
}

/** transfer, post and void are steps of a transaction: alone, a half-done step could commit. */
function assertInTransaction(tx: EntityManager) {
  if (!tx.isInTransaction()) throw new Error('ledger: call transfer, post and void inside ledger.run');
}

interface PreparedClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

function available(a: AccountRow): bigint {
  return BigInt(a.credits_posted) - BigInt(a.debits_posted) - BigInt(a.debits_pending);
}
