import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Address } from '@ton/core';
import type { Logger } from 'pino';
import type { Emit } from '../../db/transaction.ts';
import { conflict, DomainError, ErrorCode, notFound, validation } from '../../errors.ts';
import { topics } from '../../graphql/pubsub.ts';
import { formatMoney, parseMoney } from '../../lib/money.ts';
import { balancesOf } from '../ledger/balances.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { User } from '../users/user.entity.ts';
import { Payment, type PaymentKind, type PaymentStatus } from './payment.entity.ts';
import { InvalidSignature, type PaymentProvider } from './providers/provider.ts';

export const MIN_TOP_UP = parseMoney('1');
export const MAX_TOP_UP = parseMoney('100000');
export const MIN_WITHDRAWAL = parseMoney('50');

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
}

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
  };
}

/** A TON address in any standard form, checked by a TON library (checksums included). */
export function parseTonAddress(input: string): string {
  const text = input.trim();
  try {
    if (!Address.isFriendly(text) && !Address.isRaw(text)) throw new Error('not an address');
    return Address.parse(text).toString({ bounceable: false, urlSafe: true });
  } catch {
    throw validation('Enter a valid TON wallet address (USDT on TON)', 'walletAddress');
  }
}

export class PaymentsService {
  constructor(
    private readonly deps: {
      ledger: Ledger;
      provider: PaymentProvider;
      log: Logger;
    },
  ) {}

  get provider() {
    return this.deps.provider;
  }

  /** Starts a top-up: an IN_PROGRESS payment and an invoice at the provider. */
  async createTopUp(em: EntityManager, user: User, amount: bigint): Promise<{ url: string; payment: Payment }> {
    if (amount <= MIN_TOP_UP) throw validation('The value must be greater than 1', 'amount');
    if (amount > MAX_TOP_UP) throw validation(`The value must be at most ${formatMoney(MAX_TOP_UP)}`, 'amount');
    const payment = em.create(Payment, {
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
    });
    await em.flush();
    try {
      const invoice = await this.deps.provider.createInvoice({
        paymentId: payment.id,
        amount,
        description: `Taskgram Ads balance top-up #${payment.id}`,
      });
      payment.providerInvoiceId = invoice.invoiceId;
      payment.payUrl = invoice.url;
      await em.flush();
      await this.deps.ledger.run(em, async (_tx, emit) => this.emitPayment(emit, payment));
      return { url: invoice.url, payment };
    } catch (err) {
      // No invoice, no payment: the attempt is recorded as failed and the error passed on.
      payment.status = 'FAILED';
      payment.failureReason = err instanceof Error ? err.message.slice(0, 500) : 'provider error';
      await em.flush();
      throw err;
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

  /** Paid → DONE and the advertiser is credited; failed → FAILED. Idempotent. */
  async settleTopUp(em: EntityManager, paymentId: number, status: 'paid' | 'failed', providerRef: string) {
    return this.deps.ledger.run(em, async (tx, emit) => {
      const payment = await tx.findOne(
        Payment,
        { id: paymentId, kind: 'TOP_UP' },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!payment) throw notFound('Payment');
      if (payment.status !== 'IN_PROGRESS') return { applied: false, status: payment.status };
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
      } else {
        payment.status = 'FAILED';
        payment.failureReason = 'The payment was not completed';
      }
      await tx.flush();
      this.emitPayment(emit, payment);
      return { applied: true, status: payment.status };
    });
  }

  /** Invoices still open after their lifetime are asked about; expired ones become FAILED. */
  async reconcileTopUps(em: EntityManager, olderThanMs: number) {
    if (!this.deps.provider.invoiceStatuses) return 0;
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
        const r = await this.settleTopUp(em.fork(), p.id, s === 'paid' ? 'paid' : 'failed', p.providerInvoiceId!);
        if (r.applied) settled++;
      }
    }
    return settled;
  }

  /** A withdrawal reserves the amount (pending transfer) until finance marks it done or failed. */
  async requestWithdrawal(em: EntityManager, user: User, amount: bigint, walletAddress: string): Promise<Payment> {
    const wallet = parseTonAddress(walletAddress);
    if (amount < MIN_WITHDRAWAL) throw validation('The value must be greater than 50', 'amount');
    return this.deps.ledger.run(em, async (tx, emit) => {
      const balances = await balancesOf(tx, user.id);
      // Spec 5: the amount must be below the total balance.
      if (amount >= balances.publisherBalance + balances.publisherOnHoldBalance) {
        throw validation('The value must be lower than total balance', 'amount');
      }
      if (amount > balances.publisherBalance) {
        throw validation(
          `The value must be lower than the available balance (${formatMoney(balances.publisherBalance)} $): ${formatMoney(balances.publisherOnHoldBalance)} $ is on hold and cannot be withdrawn yet`,
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
    });
  }

  completeWithdrawal(em: EntityManager, finance: User, id: number, txHash: string) {
    const hash = txHash.trim();
    if (!/^[A-Za-z0-9+/=_-]{16,128}$/.test(hash)) throw validation('Enter the TON transaction hash', 'txHash');
    return this.decideWithdrawal(em, finance, id, async (tx, emit, payment) => {
      await this.deps.ledger.post(tx, emit, { key: `withdrawal:${payment.id}:post`, pendingId: payment.transferId! });
      payment.status = 'DONE';
      payment.txHash = hash;
    });
  }

  failWithdrawal(em: EntityManager, finance: User, id: number, reason: string) {
    const text = reason.trim();
    if (!text) throw validation('Enter the reason', 'reason');
    return this.decideWithdrawal(em, finance, id, async (tx, emit, payment) => {
      await this.deps.ledger.void(tx, emit, { key: `withdrawal:${payment.id}:void`, pendingId: payment.transferId! });
      payment.status = 'FAILED';
      payment.failureReason = text.slice(0, 500);
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

  async list(
    em: EntityManager,
    opts: { userId?: number; kind: PaymentKind; status?: PaymentStatus | null; page: number; limit: number },
  ) {
    const where = {
      kind: opts.kind,
      ...(opts.userId ? { userId: opts.userId } : {}),
      ...(opts.status ? { status: opts.status } : {}),
    };
    const [data, total] = await em.findAndCount(Payment, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: opts.limit,
      offset: (opts.page - 1) * opts.limit,
    });
    return { data, total };
  }

  /** Every payment of a user and kind, newest first, read 500 at a time by key (CSV export). */
  async *stream(em: EntityManager, userId: number, kind: PaymentKind): AsyncGenerator<Payment> {
    let after: { createdAt: Date; id: number } | null = null;
    for (;;) {
      const rows: Payment[] = await em.fork().find(
        Payment,
        {
          userId,
          kind,
          ...(after
            ? { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }] }
            : {}),
        },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 500 },
      );
      yield* rows;
      if (rows.length < 500) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  private emitPayment(emit: Emit, payment: Payment) {
    const view = paymentView(payment);
    emit(topics.transactions(payment.userId), view);
    if (payment.kind === 'WITHDRAWAL') emit(topics.withdrawals(), view);
  }
}
