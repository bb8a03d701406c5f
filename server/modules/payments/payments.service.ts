import type { Notify } from '../notifications/notify.ts';
import { personActor, recordAudit } from '../audit/record.ts';
import { type WithdrawalTrail, withdrawalTrails } from '../audit/trail.ts';
import { PayoutAddressBook } from './payout-addresses.ts';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { Emit } from '../../db/transaction.ts';
import { conflict, DomainError, ErrorCode, forbidden, notFound, validation } from '../../errors.ts';
import { topics } from '../../lib/pubsub.ts';
import { formatMoney, parseMoney } from '../../lib/money.ts';
import { balancesOf } from '../ledger/balances.ts';
import { forget, once } from '../../lib/idempotency.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { User } from '../users/user.entity.ts';
import { dataTableQuery, likePattern, oneOrMany, type TableQuery, tablePage, tableRows } from '../../lib/data-table.ts';
import { PAYMENT_STATUSES, Payment, type PaymentKind, type PaymentStatus, type PayoutStage } from './payment.entity.ts';
import type { PayoutsService } from './payouts.service.ts';
import { InvalidSignature, type PaymentProvider } from './providers/provider.ts';
import { hasFreshProof, isOperator, requireFreshProof } from '../../lib/step-up.ts';

/** A finance person's own withdrawal is decided by another finance person (approve and reject). */
export const OWN_WITHDRAWAL_MESSAGE = 'This is your own withdrawal: another finance person approves or rejects it';
/** The first of two approvals is given: the same person cannot give the second. */
export const SECOND_APPROVAL_MESSAGE =
  'You gave the first approval: a second finance person gives the other (withdrawals of this size need two)';

export const MIN_TOP_UP = parseMoney('1');
export const MAX_TOP_UP = parseMoney('100000');
export const MIN_WITHDRAWAL = parseMoney('50');
/** How long a retry of a top-up waits for the first request's invoice. */
const INVOICE_WAIT_MS = 20_000;
/**
 * How long a top-up waits to be paid: Crypto Pay's invoices expire then (`expires_in`), and the
 * built-in sandbox's, which no provider expires, are expired here after it.
 */
export const TOP_UP_LIFETIME_MS = 60 * 60_000;
export const TOP_UP_EXPIRED = 'Expired: not paid within an hour. Start a new top-up.';
export const TOP_UP_CANCELLED = 'Cancelled';

export interface PaymentView {
  id: number;
  createdAt: string;
  updatedAt: string;
  userId: number;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: string;
  walletAddress: string | null;
  txHash: string | null;
  failureReason: string | null;
  provider: string | null;
  /** A withdrawal in progress: REQUESTED, APPROVED or SENT (null for top-ups). */
  payoutStage: PayoutStage | null;
  /** The payout batch its transfer is in (SENT and after). */
  batchId: number | null;
  approvedAt: string | null;
  /** A top-up's checkout page, while it waits for payment (its owner may go back to it). */
  payUrl?: string | null;
  /** The payer's name and e-mail, on the staff queue's rows (they join the users). */
  user?: { name: string; email: string };
  /** Who approved it so far, on the staff queue's rows (read for the others when asked). */
  approvals?: { userId: number; name: string; at: string }[];
  /** Where it was asked from, who rejected it, whether the rule approved it (the audit trail), likewise. */
  trail?: WithdrawalTrail;
  /** A first withdrawal to a new address: nobody approves it before this. */
  holdUntil: string | null;
  /** Withdrawals: how many finance people approve it (four eyes over the payee's 24 hours). */
  approvalsNeeded?: number | null;
}

/** A top-up's checkout, shown only while it can still be paid (both views read it so). */
const openCheckout = (kind: PaymentKind, status: PaymentStatus, payUrl: string | null | undefined) =>
  kind === 'TOP_UP' && status === 'IN_PROGRESS' ? (payUrl ?? null) : null;

/** Plain JSON (money as a micro-USD string), so it can travel through Redis. */

export function paymentView(p: Payment): PaymentView {
  return {
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    userId: p.userId,
    kind: p.kind,
    status: p.status,
    amount: p.amount.toString(),
    walletAddress: p.walletAddress ?? null,
    txHash: p.txHash ?? null,
    failureReason: p.failureReason ?? null,
    provider: p.provider ?? null,
    payoutStage: p.payoutStage ?? null,
    batchId: p.batchId ?? null,
    approvedAt: p.approvedAt ? p.approvedAt.toISOString() : null,
    holdUntil: p.holdUntil ? p.holdUntil.toISOString() : null,
    payUrl: openCheckout(p.kind, p.status, p.payUrl),
    approvalsNeeded: p.approvalsNeeded ?? null,
  };
}

/** A hold's end as the notices say it (UTC, to the minute). */
export function holdText(until: Date): string {
  return `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const PAYMENT_SORT_FIELDS = ['createdAt', 'amount', 'status', 'id'] as const;
export type PaymentSortField = (typeof PAYMENT_SORT_FIELDS)[number];
export const PaymentFilters = z.object({ status: oneOrMany(PAYMENT_STATUSES, 'status') });
/** A withdrawal asked for after the owner's "This was not me" (AuthService.notMe). */
export const WITHDRAWALS_STOPPED_MESSAGE =
  'Withdrawals of this account are stopped: someone said a sign-in or change was not theirs. Sign in with your second factor or reset your password to resume them.';

/**
 * Transaction histories and the finance queue (data table; 20 a page as for
 * the history). `?status=` of the older list call is read as a filter.
 */
export const PaymentTableQuery = dataTableQuery(PAYMENT_SORT_FIELDS, PaymentFilters, {
  defaultSize: 20,
  legacy: { status: z.string().optional() },
});
export type PaymentTableQuery = TableQuery<z.output<typeof PaymentFilters>, PaymentSortField>;

interface PaymentRow {
  id: number;
  created_at: Date;
  updated_at: Date;
  user_id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: string;
  wallet_address: string | null;
  tx_hash: string | null;
  failure_reason: string | null;
  provider: string | null;
  payout_stage: PayoutStage | null;
  batch_id: number | null;
  approved_at: Date | null;
  hold_until: Date | null;
  pay_url: string | null;
  approvals_needed: number | null;
  user_name?: string;
  user_email?: string;
}

const rowView = (r: PaymentRow): PaymentView => ({
  id: r.id,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
  userId: r.user_id,
  kind: r.kind,
  status: r.status,
  amount: r.amount,
  walletAddress: r.wallet_address,
  txHash: r.tx_hash,
  failureReason: r.failure_reason,
  provider: r.provider,
  payoutStage: r.payout_stage,
  batchId: r.batch_id,
  approvedAt: r.approved_at ? new Date(r.approved_at).toISOString() : null,
  holdUntil: r.hold_until ? new Date(r.hold_until).toISOString() : null,
  payUrl: openCheckout(r.kind, r.status, r.pay_url),
  approvalsNeeded: r.approvals_needed,
  ...(r.user_email !== undefined ? { user: { name: r.user_name ?? '', email: r.user_email } } : {}),
});

const PAYMENT_ORDER: Record<PaymentSortField, string> = {
  createdAt: 'p.created_at',
  amount: 'p.amount',
  // Waiting first, as finance staff work the queue.
  status: "array_position(array['IN_PROGRESS','DONE','FAILED']::text[], p.status::text)",
  id: 'p.id',
};

function paymentsSql(
  opts: { userId?: number; kind: PaymentKind },
  q: Pick<PaymentTableQuery, 'filters' | 'search' | 'sortField' | 'sortOrder'>,
) {
  const where = ['p.kind = ?'];
  const params: unknown[] = [opts.kind];
  if (opts.userId) {
    where.push('p.user_id = ?');
    params.push(opts.userId);
  }
  if (q.filters.status?.length) {
    where.push(`p.status in (${q.filters.status.map(() => '?').join(', ')})`);
    params.push(...q.filters.status);
  }
  if (q.search) {
    const like = likePattern(q.search);
    const numeric = /^\d{1,15}$/.test(q.search);
    // Staff search the payer's e-mail too; a user's own history has only their own.
    const email = opts.userId ? '' : ' or u.email ilike ?';
    where.push(`(p.wallet_address ilike ? or p.tx_hash ilike ?${email}${numeric ? ' or p.id = ?' : ''})`);
    params.push(like, like, ...(opts.userId ? [] : [like]), ...(numeric ? [Number(q.search)] : []));
  }
  const dir = q.sortOrder === 'desc' ? 'desc' : 'asc';
  return {
    sql: {
      select: `select p.id, p.created_at, p.updated_at, p.user_id, p.kind, p.status, p.amount::text as amount,
                      p.wallet_address, p.tx_hash, p.failure_reason, p.provider,
                      p.payout_stage, p.batch_id, p.approved_at, p.hold_until, p.pay_url, p.approvals_needed${
                        opts.userId ? '' : ', u.name as user_name, u.email as user_email'
                      }`,
      from: `from payments p${opts.userId ? '' : ' join users u on u.id = p.user_id'} where ${where.join(' and ')}`,
      order: q.sortField ? `${PAYMENT_ORDER[q.sortField]} ${dir}, p.id ${dir}` : 'p.created_at desc, p.id desc',
    },
    params,
  };
}

export class PaymentsService {
  constructor(
    private readonly deps: {
      ledger: Ledger;
      provider: PaymentProvider;
      log: Logger;
      payouts: PayoutsService;
      notify?: Notify;
    },
  ) {
    this.addresses = new PayoutAddressBook(deps.payouts);
  }

  /** The users' saved payout addresses (the Withdraw page). */
  readonly addresses: PayoutAddressBook;

  get provider() {
    return this.deps.provider;
  }

  /**
   * Starts a top-up: an IN_PROGRESS payment and an invoice at the provider. With a `key`, a
   * retry answers the first top-up's payment page instead of opening a second invoice. The
   * payment row (and the key) commit before the provider is asked, so a webhook always finds
   * its payment; if the provider refuses, the payment is FAILED and the key is let go, so the
   * same key may try again.
   */
  async createTopUp(
    em: EntityManager,
    user: User,
    amount: bigint,
    key?: string,
    origin?: string,
  ): Promise<{ url: string; payment: Payment }> {
    if (amount <= MIN_TOP_UP) throw validation('The value must be greater than 1', 'amount');
    if (amount > MAX_TOP_UP) throw validation(`The value must be at most ${formatMoney(MAX_TOP_UP)}`, 'amount');
    const first = await em.transactional((tx) =>
      once(
        tx as EntityManager,
        { userId: user.id, key, operation: 'createTopUp', request: { amount } },
        async (id) => ({ payment: await tx.findOneOrFail(Payment, { id, userId: user.id }), replayed: true }),
        async () => {
          const created = tx.create(Payment, {
            userId: user.id,
            kind: 'TOP_UP',
            amount,
            provider: this.deps.provider.name,
            providerInvoiceId: null,
            payUrl: null,
            walletAddress: null,
            txHash: null,
            failureReason: null,
            transferId: null,
            processedById: null,
            payoutStage: null,
            approvedAt: null,
            approvedById: null,
            batchId: null,
          });
          await tx.flush();
          return { id: created.id, result: { payment: created, replayed: false } };
        },
      ),
    );
    if (first.replayed) return this.invoiceOf(em, first.payment.id);
    const payment = em.merge(first.payment);
    try {
      const invoice = await this.deps.provider.createInvoice({
        paymentId: payment.id,
        amount,
        description: `Taskgram Ads balance top-up #${payment.id}`,
        origin,
      });
      payment.providerInvoiceId = invoice.invoiceId;
      payment.payUrl = invoice.url;
      await em.flush();
      await this.deps.ledger.run(em, async (_tx, emit) => this.emitPayment(emit, payment));
      return { url: invoice.url, payment };
    } catch (err) {
      // No invoice, no payment: the attempt is recorded as failed and the error passed on; the
      // key is let go so the same key can try again.
      payment.status = 'FAILED';
      payment.failureReason = err instanceof Error ? err.message.slice(0, 500) : 'provider error';
      await em.flush();
      if (key) await forget(em, user.id, key);
      throw err;
    }
  }

  /**
   * The payment page of a top-up started by an earlier request with the same key. While that
   * request still waits for the provider's invoice, this one waits too (a double click answers
   * the same page).
   */
  private async invoiceOf(em: EntityManager, id: number): Promise<{ url: string; payment: Payment }> {
    const deadline = Date.now() + INVOICE_WAIT_MS;
    for (;;) {
      const payment = await em.fork().findOneOrFail(Payment, { id });
      if (payment.payUrl) return { url: payment.payUrl, payment: em.merge(payment) };
      if (payment.status === 'FAILED') {
        throw new DomainError(ErrorCode.UNAVAILABLE, 'The payment provider did not open an invoice. Try again.');
      }
      if (Date.now() > deadline) throw conflict('This top-up is still being prepared. Try again in a few seconds.');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A provider's webhook: verified, then applied once however often it is replayed. */
  async handleWebhook(em: EntityManager, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    let outcome: ReturnType<PaymentProvider['parseWebhook']>;
    try {
      outcome = this.deps.provider.parseWebhook(rawBody, headers);
    } catch (err) {
      if (err instanceof InvalidSignature)
        throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Invalid webhook signature');
      throw validation('The webhook body is not valid JSON');
    }
    if (!outcome) return { applied: false };
    return this.settleTopUp(em, outcome.paymentId, outcome.status, outcome.providerRef);
  }

  /**
   * Paid → DONE and the advertiser is credited; failed → FAILED (with `reason`). Idempotent. A
   * payment the provider confirms is credited even after it expired or was cancelled here (the
   * money arrived: it is never lost); a failure changes nothing once it has ended.
   */
  async settleTopUp(
    em: EntityManager,
    paymentId: number,
    status: 'paid' | 'failed',
    providerRef: string,
    reason = 'The payment was not completed',
  ) {
    return this.deps.ledger.run(em, async (tx, emit) => {
      const payment = await tx.findOne(
        Payment,
        { id: paymentId, kind: 'TOP_UP' },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!payment) throw notFound('Payment');
      const late = status === 'paid' && payment.status === 'FAILED';
      if (payment.status !== 'IN_PROGRESS' && !late) return { applied: false, status: payment.status };
      if (late) payment.failureReason = null;
      if (status === 'paid') {
        const transfer = await this.deps.ledger.transfer(tx, emit, {
          key: `topup:${payment.id}`,
          code: 'TOP_UP',
          debit: { kind: 'DEPOSITS' },
          credit: { kind: 'ADVERTISER', userId: payment.userId },
          amount: payment.amount,
          reference: `${payment.provider}:${providerRef}`,
        });
        payment.transferId = transfer.id;
        payment.status = 'DONE';
        await this.deps.notify?.(
          tx,
          {
            userId: payment.userId,
            type: 'topUpConfirmed',
            key: `top-up:${payment.id}`,
            params: { amount: formatMoney(payment.amount) },
            path: '/advertiser/payments',
          },
          emit,
        );
      } else {
        payment.status = 'FAILED';
        payment.failureReason = reason;
      }
      await tx.flush();
      this.emitPayment(emit, payment);
      return { applied: true, status: payment.status };
    });
  }

  /**
   * An advertiser's own top-up that waits for payment, ended: FAILED "Cancelled". Should the
   * provider still confirm it, it is credited then (settleTopUp).
   */
  async cancelTopUp(em: EntityManager, user: User, id: number): Promise<Payment> {
    const payment = Number.isSafeInteger(id)
      ? await em.findOne(Payment, { id, userId: user.id, kind: 'TOP_UP' })
      : null;
    if (!payment) throw notFound('Payment');
    const r = await this.settleTopUp(em.fork(), id, 'failed', payment.providerInvoiceId ?? '', TOP_UP_CANCELLED);
    if (!r.applied) throw conflict(`This top-up is already ${r.status === 'DONE' ? 'paid' : 'ended'}`);
    return em.fork().findOneOrFail(Payment, { id });
  }

  /**
   * Invoices still open after their lifetime are asked about; expired ones become FAILED. A
   * provider that cannot be asked (the built-in sandbox) has its top-ups expire here after
   * TOP_UP_LIFETIME_MS.
   */
  async reconcileTopUps(em: EntityManager, olderThanMs: number) {
    if (!this.deps.provider.invoiceStatuses) return this.expireTopUps(em);
    const stale = await em.find(
      Payment,
      {
        kind: 'TOP_UP',
        status: 'IN_PROGRESS',
        provider: this.deps.provider.name,
        providerInvoiceId: { $ne: null },
        createdAt: { $lt: new Date(Date.now() - olderThanMs) },
      },
      { limit: 100 },
    );
    if (!stale.length) return 0;
    const statuses = await this.deps.provider.invoiceStatuses(stale.map((p) => p.providerInvoiceId!));
    let settled = 0;
    for (const p of stale) {
      const s = statuses.get(p.providerInvoiceId!);
      if (s === 'paid' || s === 'expired') {
        const r =
          s === 'paid'
            ? await this.settleTopUp(em.fork(), p.id, 'paid', p.providerInvoiceId!)
            : await this.settleTopUp(em.fork(), p.id, 'failed', p.providerInvoiceId!, TOP_UP_EXPIRED);
        if (r.applied) settled++;
      }
    }
    return settled;
  }

  private async expireTopUps(em: EntityManager): Promise<number> {
    const stale = await em.find(
      Payment,
      { kind: 'TOP_UP', status: 'IN_PROGRESS', createdAt: { $lt: new Date(Date.now() - TOP_UP_LIFETIME_MS) } },
      { limit: 100 },
    );
    let expired = 0;
    for (const p of stale) {
      const r = await this.settleTopUp(em.fork(), p.id, 'failed', p.providerInvoiceId ?? '', TOP_UP_EXPIRED);
      if (r.applied) expired++;
    }
    return expired;
  }

  /**
   * A withdrawal reserves the amount (pending transfer) until the chain confirms its transfer
   * (posted) or it fails (voided). With a `key`, a retry answers the first withdrawal instead
   * of reserving the amount again. The auto-approve rule, when on, approves it at once.
   * Without a fresh proof on the session (lib/step-up.ts) only an address this user has been paid
   * at before is taken (a stolen token moves nothing anywhere new). A person's request is told to
   * the owner (a security notice); the operator's (the demo seed) is not, and is not held.
   */
  async requestWithdrawal(
    em: EntityManager,
    user: User,
    amount: bigint,
    walletAddress: string,
    key?: string,
  ): Promise<Payment> {
    const byPerson = !isOperator(user);
    const proved = hasFreshProof(user);
    const wallet = this.deps.payouts.parseAddress(walletAddress);
    this.deps.payouts.refuseOwnAddress(wallet);
    if (amount < MIN_WITHDRAWAL) throw validation('The value must be at least 50', 'amount');
    const known = await this.paidAt(em, user.id, wallet);
    if (!proved && !known) requireFreshProof(user, 'withdrawToNewAddress');
    const payment = await this.deps.ledger.run(em, (tx, emit) =>
      once(
        tx,
        { userId: user.id, key, operation: 'requestWithdrawal', request: { amount, wallet } },
        (id) => tx.findOneOrFail(Payment, { id, userId: user.id, kind: 'WITHDRAWAL' }),
        async () => {
          const [stop] = await tx.execute<{ stopped: boolean }[]>(
            'select withdrawals_stopped_at is not null as stopped from users where id = ? for update',
            [user.id],
          );
          if (stop?.stopped) throw forbidden(WITHDRAWALS_STOPPED_MESSAGE);
          const payment = await this.withdraw(tx, emit, user, amount, wallet);
          // Four eyes over the payee's day: six of 999 need two people as one of 5,000 does.
          payment.approvalsNeeded = await this.deps.payouts.approvalsNeededToday(tx, user.id, amount, payment.id);
          // A person's first withdrawal to an address they were never paid at waits (the demo
          // seed's are not held): a stolen session's money to its own address waits for the owner.
          const hold = byPerson && !known ? this.deps.payouts.newAddressHold() : null;
          if (hold) payment.holdUntil = hold;
          // Asked for by a person (not the demo seed): told on a channel the owner cannot switch
          // off, with the address and whether it is new.
          if (byPerson)
            await this.deps.notify?.(
              tx,
              {
                userId: user.id,
                type: 'withdrawalRequested',
                key: `withdrawal-requested:${payment.id}`,
                params: {
                  amount: formatMoney(amount),
                  wallet,
                  email: user.email,
                  newAddress: known ? '' : 'yes',
                  heldUntil: hold ? holdText(hold) : '',
                },
                path: '/publisher/payments',
              },
              emit,
            );
          await recordAudit(tx, {
            actor: personActor(user),
            action: 'withdrawal.requested',
            object: { type: 'withdrawal', id: payment.id },
            after: {
              amount: formatMoney(amount),
              wallet,
              newAddress: !known,
              ...(byPerson ? { proved } : {}),
              ...(hold ? { heldUntil: hold.toISOString() } : {}),
            },
          });
          // Held: the rule looks again when the hold ends (the payout round), not before.
          if (hold) payment.rulePending = this.deps.payouts.ruleMayApprove(amount, payment.approvalsNeeded);
          const rule = hold ? null : await this.deps.payouts.autoApproves(tx, user.id, amount, payment.approvalsNeeded);
          if (rule) await this.deps.payouts.autoApproved(tx, payment, emit, rule);
          await tx.flush();
          return { id: payment.id, result: payment };
        },
      ),
    );
    if (payment.payoutStage === 'APPROVED') this.deps.payouts.kick();
    return payment;
  }

  /** Whether a withdrawal of this user was paid at `wallet` (the parsed address) before. */
  async paidAt(em: EntityManager, userId: number, wallet: string): Promise<boolean> {
    const rows = await em.execute(
      `select 1 from payments where user_id = ? and kind = 'WITHDRAWAL' and wallet_address = ? and status = 'DONE' limit 1`,
      [userId, wallet],
    );
    return rows.length > 0;
  }

  private async withdraw(tx: EntityManager, emit: Emit, user: User, amount: bigint, wallet: string): Promise<Payment> {
    const balances = await balancesOf(tx, user.id);
    // At most what can be withdrawn now; money on hold waits for its conversions.
    if (amount > balances.publisherBalance) {
      const available = formatMoney(balances.publisherBalance);
      const onHold = balances.publisherOnHoldBalance;
      throw validation(
        onHold > 0n
          ? `You can withdraw up to ${available} $ now: ${formatMoney(onHold)} $ more is on hold until its conversions are confirmed`
          : `You can withdraw up to ${available} $, your available balance`,
        'amount',
      );
    }
    const payment = tx.create(Payment, {
      userId: user.id,
      kind: 'WITHDRAWAL',
      amount,
      provider: null,
      providerInvoiceId: null,
      payUrl: null,
      walletAddress: wallet,
      txHash: null,
      failureReason: null,
      transferId: null,
      processedById: null,
      payoutStage: 'REQUESTED',
      approvedAt: null,
      approvedById: null,
      batchId: null,
    });
    await tx.flush();
    // The ledger re-checks the balance under a row lock: concurrent requests cannot both pass.
    const transfer = await this.deps.ledger.transfer(tx, emit, {
      key: `withdrawal:${payment.id}`,
      code: 'WITHDRAWAL',
      debit: { kind: 'PUBLISHER', userId: user.id },
      credit: { kind: 'WITHDRAWALS' },
      amount,
      pending: true,
      reference: wallet,
    });
    payment.transferId = transfer.id;
    await tx.flush();
    this.emitPayment(emit, payment);
    return payment;
  }

  failWithdrawal(em: EntityManager, finance: User, id: number, reason: string) {
    requireFreshProof(finance, 'rejectWithdrawal');
    const text = reason.trim();
    if (!text) throw validation('Enter the reason', 'reason');
    return this.decideWithdrawal(em, finance, id, async (tx, emit, payment) => {
      // A sent transfer may still be paid: it ends only by what the chain does.
      if (payment.payoutStage === 'SENT') {
        throw conflict('This withdrawal is sent: it ends when the chain confirms or refuses its transfer');
      }
      await this.deps.ledger.void(tx, emit, { key: `withdrawal:${payment.id}:void`, pendingId: payment.transferId! });
      await recordAudit(tx, {
        actor: personActor(finance),
        action: 'withdrawal.rejected',
        object: { type: 'withdrawal', id: payment.id },
        before: { status: payment.status, stage: payment.payoutStage },
        after: { status: 'FAILED', reason: text.slice(0, 500), amount: formatMoney(payment.amount) },
      });
      payment.status = 'FAILED';
      payment.failureReason = text.slice(0, 500);
      await this.deps.payouts.notifyPayees(tx, emit, 'withdrawalFailed', [payment]);
    });
  }

  private decideWithdrawal(
    em: EntityManager,
    finance: User,
    id: number,
    apply: (tx: EntityManager, emit: Emit, payment: Payment) => Promise<void>,
  ): Promise<Payment> {
    return this.deps.ledger.run(em, async (tx, emit) => {
      const payment = await tx.findOne(Payment, { id, kind: 'WITHDRAWAL' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!payment) throw notFound('Withdrawal');
      if (payment.userId === finance.id) throw forbidden(OWN_WITHDRAWAL_MESSAGE);
      if (payment.status !== 'IN_PROGRESS') {
        throw conflict(`This withdrawal is already ${payment.status === 'DONE' ? 'done' : 'failed'}`);
      }
      await apply(tx, emit, payment);
      payment.processedById = finance.id;
      await tx.flush();
      this.emitPayment(emit, payment);
      return payment;
    });
  }

  /**
   * One page of top-ups or withdrawals as the data table asks: a user's own (`userId`)
   * or, for finance staff, everybody's withdrawals. Newest first unless sorted.
   */
  async table(em: EntityManager, opts: { userId?: number; kind: PaymentKind }, q: PaymentTableQuery) {
    const { sql, params } = paymentsSql(opts, q);
    const { rows, totalCount } = await tablePage<PaymentRow>(
      em,
      q,
      { count: `select count(*) as n ${sql.from}`, rows: `${sql.select} ${sql.from} order by ${sql.order}` },
      params,
    );
    const data = rows.map(rowView);
    // The finance queue shows who decided: who approved (both, where two do), from where it was
    // asked, who rejected it, or that the rule approved it.
    if (!opts.userId && opts.kind === 'WITHDRAWAL') {
      await this.deps.payouts.withApprovals(em, data);
      const trails = await withdrawalTrails(
        em,
        data.map((v) => v.id),
      );
      for (const v of data) v.trail = trails.get(v.id);
    }
    return { data, totalCount };
  }

  /** Every payment the table's filters select, in its order, read 500 at a time (CSV export). */
  async *stream(
    em: EntityManager,
    opts: { userId?: number; kind: PaymentKind },
    q: Pick<PaymentTableQuery, 'filters' | 'search' | 'sortField' | 'sortOrder'>,
  ): AsyncGenerator<PaymentView> {
    const { sql, params } = paymentsSql(opts, q);
    for await (const row of tableRows<PaymentRow>(em, `${sql.select} ${sql.from} order by ${sql.order}`, params)) {
      yield rowView(row);
    }
  }

  private emitPayment(emit: Emit, payment: Payment) {
    const view = paymentView(payment);
    emit(topics.transactions(payment.userId), view);
    if (payment.kind === 'WITHDRAWAL') emit(topics.withdrawals(), view);
  }
}
