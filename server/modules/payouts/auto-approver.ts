import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutSettings } from '../../config.ts';
import type { Emit } from '../../db/transaction.ts';
import { formatMoney } from '../../lib/money.ts';
import { RULE_ACTOR, recordAudit } from '../audit/record.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { Notify } from '../notifications/notify.ts';
import { Payment } from '../payments/payment.entity.ts';
import { type AutoApproval, autoApproval, ruleMayApprove } from './policies/auto-approve.ts';
import { heldDue, lockPayee, ruleFacts } from './payouts.repository.ts';
import { markApproved, notifyPayees } from './withdrawal-events.ts';

/** What the other areas answer about a payee's apps (asked `later`: they are built after this one). */
export interface PayeeAppFacts {
  /** One of the owner's apps is paused under the quality floor (the quality area). */
  pausedUnderFloor(em: EntityManager, ownerId: number): Promise<boolean>;
  /** A fraud rule's report about one of the owner's apps is open (the moderation area). */
  openFraudReport(em: EntityManager, ownerId: number): Promise<boolean>;
}

/**
 * The auto-approve rule at work (PAYOUT_AUTO_APPROVE_MAX, off by default): it gathers the
 * payee's facts in the request's transaction (the payee's row locked, so one payee's requests are
 * counted one after the other) and lets the policy decide; it approves a held withdrawal when its
 * hold ends.
 */
export class AutoApprover {
  constructor(
    private readonly deps: {
      ledger: Ledger;
      settings: PayoutSettings;
      apps: PayeeAppFacts;
      notify?: Notify;
    },
  ) {}

  /** Whether the rule could approve a withdrawal of `amount` at all (it is on, and one person decides it). */
  mayApprove(amount: bigint, needed?: number | null): boolean {
    return ruleMayApprove(amount, needed, this.deps.settings);
  }

  /** The rule's figures when it approves this request (for the audit trail), else null. */
  async decide(
    tx: EntityManager,
    userId: number,
    amount: bigint,
    needed?: number | null,
  ): Promise<AutoApproval | null> {
    if (!this.mayApprove(amount, needed)) return null;
    // One after the other: the transaction's one connection.
    const own = await ruleFacts(tx, userId);
    if (!own) return null;
    const facts = {
      accountCreatedAt: own.createdAt,
      pausedUnderFloor: await this.deps.apps.pausedUnderFloor(tx, userId),
      openFraudReport: await this.deps.apps.openFraudReport(tx, userId),
      approvedByRuleLast24h: own.approvedByRule,
    };
    return autoApproval(amount, needed, facts, this.deps.settings, Date.now());
  }

  /** After a request the rule approved: recorded with the rule's figures, the payee told. */
  async approved(tx: EntityManager, p: Payment, emit: Emit, rule: AutoApproval) {
    markApproved(p, null, emit);
    await recordAudit(tx, {
      actor: RULE_ACTOR,
      action: 'withdrawal.auto_approved',
      object: { type: 'withdrawal', id: p.id },
      before: { stage: 'REQUESTED' },
      after: {
        stage: 'APPROVED',
        amount: formatMoney(rule.amount),
        max: formatMoney(rule.max),
        approvedInLast24h: formatMoney(rule.last24h),
        minAccountAgeDays: rule.minAgeDays,
      },
    });
    await notifyPayees(this.deps.notify, tx, emit, 'withdrawalApproved', [p]);
  }

  /**
   * Held withdrawals whose hold has ended and that the rule may approve: each looked at once,
   * under its payee's lock as a request is (the 24-hour sum counts one after the other).
   */
  async releaseHeld(em: EntityManager): Promise<number> {
    let approved = 0;
    for (const { id, user_id } of await heldDue(em)) {
      const done = await this.deps.ledger.run(em.fork(), async (tx, emit) => {
        await lockPayee(tx, user_id);
        const p = await tx.findOne(Payment, { id, rulePending: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!p) return false;
        p.rulePending = false;
        const rule =
          p.status === 'IN_PROGRESS' && p.payoutStage === 'REQUESTED'
            ? await this.decide(tx, p.userId, p.amount, p.approvalsNeeded)
            : null;
        if (rule) await this.approved(tx, p, emit, rule);
        await tx.flush();
        return !!rule;
      });
      if (done) approved++;
    }
    return approved;
  }
}
