import { fail } from '../../failures.ts';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutSettings } from '../../config.ts';
import type { Emit } from '../../db/transaction.ts';
import { once } from '../../lib/idempotency.ts';
import { formatMoney, parseMoney } from '../../lib/money.ts';
import { authorize } from '../../lib/access.ts';
import { hasFreshProof, isOperator } from '../../lib/step-up.ts';
import { type AuditEntry, personActor, recordAudit, recordAudits } from '../audit/record.ts';
import { balancesOf } from '../ledger/balances.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { Notify } from '../notifications/notify.ts';
import { Payment } from '../payments/payment.entity.ts';
import type { User } from '../users/user.entity.ts';
import type { AutoApprover } from './auto-approver.ts';
import { PayoutAddressBook } from './payout-addresses.ts';
import type { PayoutsService } from './payouts.service.ts';
import {
  type ApprovalView,
  addApprovals,
  approvalsOf,
  gaveApproval,
  lockPayee,
  oneApproverDay,
  paidAt,
} from './payouts.repository.ts';
import {
  approvalsNeededForDay,
  approvalsNeededOf,
  approves,
  refuseSecondBySamePerson,
  type WithdrawalDecision,
  withdrawalDecision,
} from './policies/four-eyes.ts';
import { holdUntil, isHeld, refuseHeld } from './policies/new-address-hold.ts';
import { refuseOwnMoney } from './policies/own-money.ts';
import { emitWithdrawal, markApproved, notifyPayees } from './withdrawal-events.ts';

export const MIN_WITHDRAWAL = parseMoney('50');

/** A withdrawal that is no longer in progress, said. */
const alreadyEnded = (p: Payment) => fail('WITHDRAWAL_ENDED', { status: p.status === 'DONE' ? 'done' : 'failed' });

/**
 * A withdrawal's life up to the chain: requested by its payee (the amount reserved in the
 * ledger), approved by finance (four eyes from PAYOUT_SECOND_APPROVAL_USD, never one's own, not
 * before a new address's hold ends) or by the auto-approve rule, or rejected. Each decision is a
 * policy of `policies/`; who may act is asked here, so every transport gets the same answer.
 * The round (payouts.service.ts) pays what is approved.
 */
export class WithdrawalsService {
  /** The users' saved payout addresses (the Withdraw page). */
  readonly addresses: PayoutAddressBook;

  constructor(
    private readonly deps: {
      ledger: Ledger;
      settings: PayoutSettings;
      payouts: PayoutsService;
      rule: AutoApprover;
      notify?: Notify;
    },
  ) {
    this.addresses = new PayoutAddressBook(deps.payouts);
  }

  /**
   * A withdrawal reserves the amount (pending transfer) until the chain confirms its transfer
   * (posted) or it fails (voided). With a `key`, a retry answers the first withdrawal instead
   * of reserving the amount again. The auto-approve rule, when on, approves it at once.
   * Without a fresh proof on the session (lib/step-up.ts) only an address this user has been paid
   * at before is taken (a stolen token moves nothing anywhere new). A person's request is told to
   * the owner (a security notice); the operator's (the demo seed) is not, and is not held.
   */
  async request(em: EntityManager, user: User, amount: bigint, walletAddress: string, key?: string): Promise<Payment> {
    authorize(user, 'withdrawal.request');
    const wallet = this.deps.payouts.parseAddress(walletAddress);
    this.deps.payouts.refuseOwnAddress(wallet);
    if (amount < MIN_WITHDRAWAL) throw fail('WITHDRAWAL_BELOW_MINIMUM');
    const known = await paidAt(em, user.id, wallet);
    if (!known) authorize(user, 'withdrawal.toNewAddress');
    const payment = await this.deps.ledger.run(em, (tx, emit) =>
      once(
        tx,
        { userId: user.id, key, operation: 'requestWithdrawal', request: { amount, wallet } },
        (id) => tx.findOneOrFail(Payment, { id, userId: user.id, kind: 'WITHDRAWAL' }),
        async () => {
          const payee = await lockPayee(tx, user.id);
          if (payee?.stopped) throw fail('WITHDRAWALS_STOPPED');
          const payment = await this.reserve(tx, emit, user, amount, wallet);
          await this.decideAtRequest(tx, emit, user, payment, known);
          await tx.flush();
          return { id: payment.id, result: payment };
        },
      ),
    );
    if (payment.payoutStage === 'APPROVED') this.deps.payouts.kick();
    return payment;
  }

  /**
   * What the policies decide of a new request: how many approve it (four eyes over the payee's
   * day), whether it waits (a person's first withdrawal to a new address), and whether the rule
   * approves it now or when the hold ends. Told to the owner and recorded.
   */
  private async decideAtRequest(tx: EntityManager, emit: Emit, user: User, payment: Payment, known: boolean) {
    const { amount } = payment;
    const byPerson = !isOperator(user);
    const { secondApprovalMin, newAddressHoldHours } = this.deps.settings;
    const day = await oneApproverDay(tx, user.id, payment.id, secondApprovalMin);
    payment.approvalsNeeded = approvalsNeededForDay(day, amount, secondApprovalMin);
    const hold = holdUntil({ byPerson, known, hours: newAddressHoldHours, now: Date.now() });
    if (hold) payment.holdUntil = hold;
    if (byPerson) await this.tellOwner(tx, emit, user, payment, known, hold);
    await recordAudit(tx, {
      actor: personActor(user),
      action: 'withdrawal.requested',
      object: { type: 'withdrawal', id: payment.id },
      after: {
        amount: formatMoney(amount),
        wallet: payment.walletAddress,
        newAddress: !known,
        ...(byPerson ? { proved: hasFreshProof(user) } : {}),
        ...(hold ? { heldUntil: hold.toISOString() } : {}),
      },
    });
    // Held: the rule looks again when the hold ends (the payout round), not before.
    if (hold) payment.rulePending = this.deps.rule.mayApprove(amount, payment.approvalsNeeded);
    const rule = hold ? null : await this.deps.rule.decide(tx, user.id, amount, payment.approvalsNeeded);
    if (rule) await this.deps.rule.approved(tx, payment, emit, rule);
  }

  /** Told on a channel the owner cannot switch off, with the address and whether it is new. */
  private tellOwner(tx: EntityManager, emit: Emit, user: User, p: Payment, known: boolean, hold: Date | null) {
    return this.deps.notify?.(
      tx,
      {
        userId: user.id,
        type: 'withdrawalRequested',
        key: `withdrawal-requested:${p.id}`,
        params: {
          amount: formatMoney(p.amount),
          wallet: p.walletAddress ?? '',
          email: user.email,
          newAddress: known ? '' : 'yes',
          heldUntil: hold ? hold.toISOString() : '',
        },
        path: '/publisher/payments',
      },
      emit,
    );
  }

  /** The withdrawal row and its reservation in the ledger (which re-checks the balance under a row lock). */
  private async reserve(tx: EntityManager, emit: Emit, user: User, amount: bigint, wallet: string): Promise<Payment> {
    const balances = await balancesOf(tx, user.id);
    // At most what can be withdrawn now; money on hold waits for its conversions.
    if (amount > balances.publisherBalance) {
      const available = formatMoney(balances.publisherBalance);
      const onHold = balances.publisherOnHoldBalance;
      throw onHold > 0n
        ? fail('WITHDRAWAL_OVER_AVAILABLE_WITH_HOLD', { available, onHold: formatMoney(onHold) })
        : fail('WITHDRAWAL_OVER_AVAILABLE', { available });
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
    emitWithdrawal(emit, payment);
    return payment;
  }

  /**
   * Finance approves: each withdrawal still waiting moves to APPROVED, and a round starts. One
   * that needs two finance people gets its first approval recorded (the queue shows "1 of 2",
   * live) and the second, by another person, approves it. Answers every withdrawal the call
   * approved or gave an approval to. Nobody decides their own.
   */
  async approve(em: EntityManager, finance: User, ids: number[]): Promise<Payment[]> {
    authorize(finance, 'withdrawal.approve');
    if (!ids.length) throw fail('NO_WITHDRAWAL_CHOSEN');
    if (ids.length > 1000) throw fail('TOO_MANY_WITHDRAWALS_CHOSEN');
    const { approved, acted } = await this.deps.ledger.run(em, async (tx, emit) => {
      const rows = await tx.find(
        Payment,
        { id: { $in: ids }, kind: 'WITHDRAWAL' },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
      );
      refuseOwnMoney(finance.id, rows);
      if (ids.length === 1) await this.checkOne(tx, rows[0], finance);
      // Held ones are left as they are until their hold ends.
      const now = Date.now();
      const waiting = rows.filter(
        (p) => p.status === 'IN_PROGRESS' && p.payoutStage === 'REQUESTED' && !isHeld(p, now),
      );
      // Rows are locked: two people approving at once are taken one after the other.
      const given = await addApprovals(
        tx,
        waiting.map((p) => p.id),
        finance.id,
      );
      const { done, trail } = this.applyApprovals(finance, waiting, given, emit);
      // The call's audit rows in one statement (one a withdrawal, chained in order).
      await recordAudits(tx, trail);
      await tx.flush();
      await notifyPayees(this.deps.notify, tx, emit, 'withdrawalApproved', done);
      return { approved: done, acted: waiting };
    });
    this.deps.payouts.kick();
    // What the queue needs changed: finance's wallet card follows.
    if (approved.length) this.deps.payouts.walletChanged();
    return acted;
  }

  /** Each new approval: the withdrawal approved when it has enough, else marked "1 of 2"; the trail's rows. */
  private applyApprovals(
    finance: User,
    waiting: Payment[],
    given: Map<number, { given: number; added: boolean }>,
    emit: Emit,
  ) {
    const done: Payment[] = [];
    const trail: AuditEntry[] = [];
    for (const p of waiting) {
      const approval = given.get(p.id)!;
      // One's own earlier first approval, in a batch: nothing new to record.
      if (!approval.added) continue;
      const needed = this.approvalsNeededOf(p);
      const approvesIt = approves(approval.given, needed);
      trail.push({
        actor: personActor(finance),
        action: approvesIt ? 'withdrawal.approved' : 'withdrawal.approval_given',
        object: { type: 'withdrawal', id: p.id },
        before: { stage: 'REQUESTED', approvals: approval.given - 1 },
        after: {
          stage: approvesIt ? 'APPROVED' : 'REQUESTED',
          approvals: approval.given,
          needed,
          amount: formatMoney(p.amount),
        },
      });
      if (!approvesIt) {
        p.updatedAt = new Date();
        emitWithdrawal(emit, p);
        continue;
      }
      markApproved(p, finance.id, emit);
      done.push(p);
    }
    return { done, trail };
  }

  /** The approval of one withdrawal asked for by id: what stands in its way, said. */
  private async checkOne(tx: EntityManager, one: Payment | undefined, finance: User) {
    if (!one) throw fail('WITHDRAWAL_NOT_FOUND');
    if (one.status !== 'IN_PROGRESS') throw alreadyEnded(one);
    if (one.payoutStage !== 'REQUESTED') throw fail('WITHDRAWAL_APPROVED_ALREADY');
    refuseHeld(one, Date.now());
    refuseSecondBySamePerson(await gaveApproval(tx, one.id, finance.id));
  }

  /** Finance rejects a withdrawal not yet sent: its reservation voided, FAILED with the reason, the payee told. */
  reject(em: EntityManager, finance: User, id: number, reason: string): Promise<Payment> {
    authorize(finance, 'withdrawal.reject');
    const text = reason.trim();
    if (!text) throw fail('REJECTION_REASON_MISSING');
    return this.deps.ledger.run(em, async (tx, emit) => {
      const payment = await tx.findOne(Payment, { id, kind: 'WITHDRAWAL' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!payment) throw fail('WITHDRAWAL_NOT_FOUND');
      refuseOwnMoney(finance.id, [payment]);
      if (payment.status !== 'IN_PROGRESS') throw alreadyEnded(payment);
      // A sent transfer may still be paid: it ends only by what the chain does.
      if (payment.payoutStage === 'SENT') {
        throw fail('WITHDRAWAL_IN_FLIGHT');
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
      await notifyPayees(this.deps.notify, tx, emit, 'withdrawalFailed', [payment]);
      payment.processedById = finance.id;
      await tx.flush();
      emitWithdrawal(emit, payment);
      return payment;
    });
  }

  /** What `viewerId` may do with this withdrawal now, by the policies (the Finance page reads it). */
  decisionFor(
    p: {
      userId: number;
      status: string;
      payoutStage: string | null;
      holdUntil: string | null;
      amount: bigint | string;
      approvalsNeeded?: number | null;
    },
    approvals: readonly ApprovalView[],
    viewerId: number,
  ): WithdrawalDecision {
    const held = isHeld({ holdUntil: p.holdUntil ? new Date(p.holdUntil) : null }, Date.now());
    const approvers = approvals.map((a) => a.userId);
    return withdrawalDecision({ ...p, needed: this.approvalsNeededOf(p), approvers }, viewerId, held);
  }

  /** How many finance people approve this withdrawal. */
  approvalsNeededOf(p: { amount: bigint | string; approvalsNeeded?: number | null }): number {
    return approvalsNeededOf(p, this.deps.settings.secondApprovalMin);
  }

  /** Who approved each of `ids` so far, in order. */
  approvals(em: EntityManager, ids: number[]): Promise<Map<number, ApprovalView[]>> {
    return approvalsOf(em, ids);
  }

  /** The views with who approved each so far, read in one query (the queue, approval answers). */
  async withApprovals<T extends { id: number; approvals?: ApprovalView[] }>(
    em: EntityManager,
    views: T[],
  ): Promise<T[]> {
    const byId = await approvalsOf(
      em,
      views.map((v) => v.id),
    );
    for (const v of views) v.approvals = byId.get(v.id) ?? [];
    return views;
  }
}
