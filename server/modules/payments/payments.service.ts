import { fail } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import type { Notify } from '../notifications/notify.ts';
import { withdrawalTrails } from '../audit/trail.ts';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { Emit } from '../../db/transaction.ts';
import { topics } from '../../lib/pubsub.ts';
import { formatMoney, parseMoney } from '../../lib/money.ts';
import { forget, once } from '../../lib/idempotency.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { User } from '../users/user.entity.ts';
import { dataTableQuery, likePattern, oneOrMany, type TableQuery, tablePage, tableRows } from '../../lib/data-table.ts';
import { PAYMENT_STATUSES, Payment, type PaymentKind, type PaymentStatus, type PayoutStage } from './payment.entity.ts';
import type { WithdrawalsService } from '../payouts/withdrawals.service.ts';
import { openCheckout, type PaymentView, paymentView } from './payment-view.ts';
import { InvalidSignature, type PaymentProvider } from './providers/provider.ts';

export const MIN_TOP_UP = parseMoney('1');
export const MAX_TOP_UP = parseMoney('100000');
/** How long a retry of a top-up waits for the first request's invoice. */
const INVOICE_WAIT_MS = 20_000;
/**
 * How long a top-up waits to be paid: Crypto Pay's invoices expire then (`expires_in`), and the
 * built-in sandbox's, which no provider expires, are expired here after it.
 */
export const TOP_UP_LIFETIME_MS = 60 * 60_000;
export const TOP_UP_EXPIRED = 'Expired: not paid within an hour. Start a new top-up.';
export const TOP_UP_CANCELLED = 'Cancelled';

export const PAYMENT_SORT_FIELDS = ['createdAt', 'amount', 'status', 'id'] as const;
export type PaymentSortField = (typeof PAYMENT_SORT_FIELDS)[number];
export const PaymentFilters = z.object({ status: oneOrMany(PAYMENT_STATUSES, 'status') });
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
  chain_failure: string | null;
  chain_exit_code: string | null;
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
  chainFailure: r.chain_failure,
  chainExitCode: r.chain_exit_code,
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
                      p.wallet_address, p.tx_hash, p.failure_reason, p.chain_failure, p.chain_exit_code, p.provider,
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
      /** Who approved each withdrawal of the finance queue (the payouts area). */
      withdrawals: Pick<WithdrawalsService, 'withApprovals'>;
      notify?: Notify;
    },
  ) {}

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
    authorize(user, 'topUp.create');
    if (amount <= MIN_TOP_UP) throw fail('TOP_UP_TOO_SMALL');
    if (amount > MAX_TOP_UP) throw fail('TOP_UP_TOO_LARGE', { max: formatMoney(MAX_TOP_UP) });
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
        throw fail('PAYMENT_PROVIDER_NO_INVOICE');
      }
      if (Date.now() > deadline) throw fail('TOP_UP_BEING_PREPARED');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A provider's webhook: verified, then applied once however often it is replayed. */
  async handleWebhook(em: EntityManager, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    let outcome: ReturnType<PaymentProvider['parseWebhook']>;
    try {
      outcome = this.deps.provider.parseWebhook(rawBody, headers);
    } catch (err) {
      if (err instanceof InvalidSignature) throw fail('WEBHOOK_SIGNATURE_INVALID');
      throw fail('WEBHOOK_BODY_NOT_JSON');
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
      if (!payment) throw fail('PAYMENT_NOT_FOUND');
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
    authorize(user, 'topUp.cancel');
    const payment = Number.isSafeInteger(id)
      ? await em.findOne(Payment, { id, userId: user.id, kind: 'TOP_UP' })
      : null;
    if (!payment) throw fail('PAYMENT_NOT_FOUND');
    const r = await this.settleTopUp(em.fork(), id, 'failed', payment.providerInvoiceId ?? '', TOP_UP_CANCELLED);
    if (!r.applied) throw fail('TOP_UP_ENDED', { status: r.status === 'DONE' ? 'paid' : 'ended' });
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
      await this.deps.withdrawals.withApprovals(em, data);
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
