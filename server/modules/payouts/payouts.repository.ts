import type { ChainFailure } from './chain-failure.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgIds } from '../../db/columns.ts';

/**
 * The payouts area's SQL, one function a statement: what the service and the round read and
 * write outside the ORM (sums, locks, upserts, one-statement approvals). The decisions over what
 * they answer are in `policies/`.
 */

// ── The key-value state (cursors, the alert, the limits' lift, the sandbox chain's name) ─────

export async function readState(em: EntityManager, key: string): Promise<string | null> {
  const [row] = await em.execute<{ value: string }[]>('select value from payout_state where key = ?', [key]);
  return row?.value ?? null;
}

/** Writes a state value (`greatest`: a cursor only moves forward, whichever instance writes). */
export async function writeState(em: EntityManager, key: string, value: string, greatest: boolean) {
  await em.execute(
    `insert into payout_state (key, value, updated_at) values (?, ?, now())
     on conflict (key) do update set value = ${
       greatest ? 'greatest(payout_state.value::numeric, excluded.value::numeric)::text' : 'excluded.value'
     }, updated_at = now()`,
    [key, value],
  );
}

/** Writes `key` only when no instance did: whether this call wrote it. */
export async function writeStateOnce(em: EntityManager, key: string, value: string): Promise<boolean> {
  const inserted = await em.execute(
    `insert into payout_state (key, value, updated_at) values (?, ?, now()) on conflict (key) do nothing returning key`,
    [key, value],
  );
  return inserted.length > 0;
}

// ── Approvals ───────────────────────────────────────────────────────────────────────────────

/** Whether `userId` gave an approval to withdrawal `paymentId`. */
export async function gaveApproval(tx: EntityManager, paymentId: number, userId: number): Promise<boolean> {
  const rows = await tx.execute('select 1 from withdrawal_approvals where payment_id = ? and user_id = ?', [
    paymentId,
    userId,
  ]);
  return rows.length > 0;
}

/**
 * Records `userId`'s approval of each of `ids` (once), in one statement: how many people have
 * approved each now, and whether this one was new.
 */
export async function addApprovals(tx: EntityManager, ids: number[], userId: number) {
  const byId = new Map<number, { given: number; added: boolean }>();
  if (!ids.length) return byId;
  const rows = await tx.execute<{ id: number; n: string; added: boolean }[]>(
    `with added as (insert into withdrawal_approvals (payment_id, user_id) select unnest(?::int[]), ?
                    on conflict (payment_id, user_id) do nothing returning payment_id)
     select p.id,
            (select count(*) from withdrawal_approvals w where w.payment_id = p.id)
              + (select count(*) from added a where a.payment_id = p.id) as n,
            exists (select 1 from added a where a.payment_id = p.id) as added
       from unnest(?::int[]) as p(id)`,
    [pgIds(ids), userId, pgIds(ids)],
  );
  for (const r of rows) byId.set(Number(r.id), { given: Number(r.n), added: r.added });
  return byId;
}

export interface ApprovalView {
  userId: number;
  name: string;
  at: string;
}

/** Who approved each of `ids` so far (the first of two, or both), in order. */
export async function approvalsOf(em: EntityManager, ids: number[]): Promise<Map<number, ApprovalView[]>> {
  const byId = new Map<number, ApprovalView[]>();
  if (!ids.length) return byId;
  const rows = await em.execute<{ payment_id: number; user_id: number; name: string; created_at: Date }[]>(
    `select a.payment_id, a.user_id, u.name, a.created_at from withdrawal_approvals a join users u on u.id = a.user_id
      where a.payment_id = any(?::int[]) order by a.id`,
    [pgIds(ids)],
  );
  for (const r of rows) {
    const list = byId.get(r.payment_id) ?? [];
    list.push({ userId: r.user_id, name: r.name, at: new Date(r.created_at).toISOString() });
    byId.set(r.payment_id, list);
  }
  return byId;
}

// ── The payee ───────────────────────────────────────────────────────────────────────────────

/** Locks the payee's row: one payee's requests are counted one after the other, on every instance. */
export async function lockPayee(tx: EntityManager, userId: number): Promise<{ stopped: boolean } | undefined> {
  const [row] = await tx.execute<{ stopped: boolean }[]>(
    'select withdrawals_stopped_at is not null as stopped from users where id = ? for update',
    [userId],
  );
  return row;
}

/** Whether a withdrawal of this user was paid at `wallet` (the parsed address) before. */
export async function paidAt(em: EntityManager, userId: number, wallet: string): Promise<boolean> {
  const rows = await em.execute(
    `select 1 from payments where user_id = ? and kind = 'WITHDRAWAL' and wallet_address = ? and status = 'DONE' limit 1`,
    [userId, wallet],
  );
  return rows.length > 0;
}

/**
 * What the payee's withdrawals of the last 24 hours that one person approves add up to (not
 * failed, not `except`, each under the four-eyes figure `min`).
 */
export async function oneApproverDay(tx: EntityManager, userId: number, except: number, min: bigint): Promise<bigint> {
  const [row] = await tx.execute<{ day: string }[]>(
    `select coalesce(sum(amount), 0) as day from payments
      where user_id = ? and kind = 'WITHDRAWAL' and status <> 'FAILED' and id <> ?
        and created_at > now() - interval '24 hours' and coalesce(approvals_needed, 1) = 1
        and amount < ?`,
    [userId, except, min.toString()],
  );
  return BigInt(row?.day ?? 0);
}

/** The account's age and what the auto-approve rule approved for it in the last 24 hours (not failed). */
export async function ruleFacts(
  tx: EntityManager,
  userId: number,
): Promise<{ createdAt: Date; approvedByRule: bigint } | null> {
  const [row] = await tx.execute<{ created_at: Date; day: string }[]>(
    `select u.created_at,
            (select coalesce(sum(p.amount), 0) from payments p
              where p.user_id = u.id and p.kind = 'WITHDRAWAL' and p.approved_by_id is null
                and p.approved_at > now() - interval '24 hours' and p.status <> 'FAILED') as day
       from users u where u.id = ?`,
    [userId],
  );
  return row ? { createdAt: new Date(row.created_at), approvedByRule: BigInt(row.day) } : null;
}

/** Held withdrawals whose hold has ended and that the rule looks at again. */
export function heldDue(em: EntityManager) {
  return em.execute<{ id: number; user_id: number }[]>(
    `select id, user_id from payments where kind = 'WITHDRAWAL' and rule_pending and hold_until <= now()
      order by id limit 100`,
  );
}

/** The finance people (told of a limit, mailed of low funds). */
export function financeStaff(em: EntityManager) {
  return em.execute<{ id: number; email: string; language: string | null }[]>(
    'select id, email, language from users where is_finance',
  );
}

// ── Batches ─────────────────────────────────────────────────────────────────────────────────

/**
 * The approved withdrawals next in line (locked, skipping those another instance batches), but
 * none of a user whose "This was not me" stands (AuthService.notMe).
 */
export function nextApproved(tx: EntityManager, limit: number) {
  return tx.execute<{ id: number; amount: string; wallet_address: string }[]>(
    `select id, amount::text as amount, wallet_address from payments
      where kind = 'WITHDRAWAL' and status = 'IN_PROGRESS' and payout_stage = 'APPROVED'
        and user_id not in (select id from users where withdrawals_stopped_at is not null)
      order by id limit ? for update skip locked`,
    [limit],
  );
}

/** The approved withdrawals waiting: how many, and their sum. */
export async function approvedWaiting(em: EntityManager): Promise<{ n: number; amount: string }> {
  const [row] = await em.execute<{ n: string; amount: string }[]>(
    `select count(*) as n, coalesce(sum(amount), 0)::text as amount from payments
      where kind = 'WITHDRAWAL' and status = 'IN_PROGRESS' and payout_stage = 'APPROVED'`,
  );
  return { n: Number(row!.n), amount: row!.amount };
}

/** The pending batches: how many, and what they will take. */
export async function inFlight(em: EntityManager): Promise<{ n: bigint; amount: bigint }> {
  const [row] = await em.execute<{ n: string; amount: string }[]>(
    `select count(*) as n, coalesce(sum(amount), 0)::text as amount from payout_batches where status = 'PENDING'`,
  );
  return { n: BigInt(row!.n), amount: BigInt(row!.amount) };
}

/** The next number of the database's query id sequence. */
export async function nextQuerySequence(tx: EntityManager): Promise<bigint> {
  const [seq] = await tx.execute<{ n: string }[]>(`select nextval('payout_query_ids') as n`);
  return BigInt(seq!.n);
}

/**
 * Takes the payout limits' lock for the transaction (batches are made one at a time across
 * instances under the limits) and reads what the batches of every instance sent in the last hour
 * and 24 hours.
 */
export async function sentUnderLimits(tx: EntityManager): Promise<{ hour: bigint; day: bigint }> {
  await tx.execute(`select pg_advisory_xact_lock(hashtext('payout-limits'))`);
  const [sent] = await tx.execute<{ hour: string; day: string }[]>(
    `select coalesce(sum(amount) filter (where created_at > now() - interval '1 hour'), 0)::text as hour,
            coalesce(sum(amount), 0)::text as day
       from payout_batches where status <> 'EXPIRED' and created_at > now() - interval '24 hours'`,
  );
  return { hour: BigInt(sent!.hour), day: BigInt(sent!.day) };
}

/** A pending batch seen on chain (its transfers read). */
export async function markBatchSeen(em: EntityManager, id: number) {
  await em.execute(
    `update payout_batches set status = 'SEEN', updated_at = now() where id = ? and status = 'PENDING'`,
    [id],
  );
}

/** A pending batch expired unseen: whether this call moved it. */
export async function markBatchExpired(tx: EntityManager, id: number): Promise<boolean> {
  const rows = await tx.execute(
    `update payout_batches set status = 'EXPIRED', updated_at = now() where id = ? and status = 'PENDING' returning id`,
    [id],
  );
  return rows.length > 0;
}

export async function countSend(em: EntityManager, id: number) {
  await em.execute('update payout_batches set send_count = send_count + 1, last_sent_at = now() where id = ?', [id]);
}

// ── Transfers seen on chain ─────────────────────────────────────────────────────────────────

/** A transfer the hot wallet's jetton wallet was seen to make, or refuse, or get back. */
export interface SeenTransfer {
  withdrawalId: number;
  txHash: string;
  lt: bigint;
  amount: bigint;
  destination: string;
  ok: boolean;
  reason: string | null;
  /** Why it did not pay (null when it did). */
  failure: ChainFailure | null;
}

/** Records a transfer once (by its hash): its row's id, or null when it was recorded already. */
export async function recordTransfer(tx: EntityManager, seen: SeenTransfer): Promise<number | null> {
  const [row] = await tx.execute<{ id: number }[]>(
    `insert into payout_transfers (withdrawal_id, tx_hash, lt, amount, destination, ok, reason)
     values (?, ?, ?, ?, ?, ?, ?) on conflict (tx_hash) do nothing returning id`,
    [
      seen.withdrawalId,
      seen.txHash,
      seen.lt.toString(),
      seen.amount.toString(),
      seen.destination,
      seen.ok,
      seen.reason,
    ],
  );
  return row?.id ?? null;
}

export async function markUnmatched(tx: EntityManager, id: number, why: string) {
  await tx.execute('update payout_transfers set unmatched = ? where id = ?', [why, id]);
}

/** Paid transfers no withdrawal in the books explains, newest first, with what the books hold under the number. */
export function unmatchedTransfers(em: EntityManager) {
  return em.execute<
    {
      withdrawal_id: number;
      tx_hash: string;
      amount: string;
      destination: string;
      unmatched: string;
      created_at: Date;
      booked_status: string | null;
      booked_amount: string | null;
      booked_address: string | null;
      booked_tx_hash: string | null;
    }[]
  >(
    `select t.withdrawal_id, t.tx_hash, t.amount::text as amount, t.destination, t.unmatched, t.created_at,
            p.status as booked_status, p.amount::text as booked_amount, p.wallet_address as booked_address,
            p.tx_hash as booked_tx_hash
       from payout_transfers t left join payments p on p.id = t.withdrawal_id and p.kind = 'WITHDRAWAL'
      where t.unmatched is not null order by t.id desc limit 20`,
  );
}

// ── The wallet's view and figures ───────────────────────────────────────────────────────────

/** What the approved and sent (unconfirmed) withdrawals need: how many, and their sum. */
export async function neededByQueue(em: EntityManager): Promise<{ n: bigint; amount: bigint }> {
  const [row] = await em.execute<{ n: string; amount: string }[]>(
    `select count(*) as n, coalesce(sum(p.amount), 0)::text as amount from payments p
       left join payout_batches b on b.id = p.batch_id
      where p.kind = 'WITHDRAWAL' and p.status = 'IN_PROGRESS'
        and (p.payout_stage = 'APPROVED' or (p.payout_stage = 'SENT' and b.status = 'PENDING'))`,
  );
  return { n: BigInt(row!.n), amount: BigInt(row!.amount) };
}

/** The payout loop's figures for /metrics, in one query. */
export async function loopFigures(em: EntityManager) {
  const [row] = await em.execute<{ oldest: number; overdue: number; unmatched: number }[]>(
    `select coalesce((select extract(epoch from now() - min(coalesce(approved_at, updated_at))) from payments
                       where kind = 'WITHDRAWAL' and status = 'IN_PROGRESS' and payout_stage = 'APPROVED'), 0)::float8 as oldest,
            (select count(*) from payout_batches
              where status = 'PENDING' and created_at < now() - make_interval(secs => timeout + 60))::int as overdue,
            (select count(*) from payout_transfers where unmatched is not null)::int as unmatched`,
  );
  return row!;
}
