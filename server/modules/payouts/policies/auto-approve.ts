import { approvalsNeeded } from './four-eyes.ts';

/** The rule's settings (PAYOUT_AUTO_APPROVE_MAX, off when absent; the account's minimum age). */
export interface AutoApproveSettings {
  autoApproveMax?: bigint;
  autoApproveMinAgeDays: number;
  secondApprovalMin: bigint;
}

/** What the rule looks at about the payee, read in the request's transaction under the payee's lock. */
export interface PayeeFacts {
  accountCreatedAt: Date;
  /** One of the payee's apps is paused under the quality floor (the quality area's answer). */
  pausedUnderFloor: boolean;
  /** A fraud report about one of the payee's apps is open (the moderation area's answer). */
  openFraudReport: boolean;
  /** What the rule approved for the payee in the 24 hours before (not failed), micro-USD. */
  approvedByRuleLast24h: bigint;
}

/** The rule's figures for one request it approved (micro-USD), for the audit trail. */
export interface AutoApproval {
  max: bigint;
  minAgeDays: number;
  /** What the rule approved for this user in the 24 hours before. */
  last24h: bigint;
  amount: bigint;
}

/** Whether the rule could approve a withdrawal of `amount` at all: it is on, the amount fits, and one person decides it. */
export function ruleMayApprove(amount: bigint, needed: number | null | undefined, s: AutoApproveSettings): boolean {
  const max = s.autoApproveMax;
  return max !== undefined && amount <= max && (needed ?? approvalsNeeded(amount, s.secondApprovalMin)) === 1;
}

/** Whether an account made at `createdAt` is at least `days` old at `now` (ms). */
export function oldEnough(createdAt: Date, now: number, days: number): boolean {
  return createdAt.getTime() <= now - days * 86_400_000;
}

/**
 * The auto-approve rule: what it approved for this payee in the last 24 hours plus this request
 * at most PAYOUT_AUTO_APPROVE_MAX, an account older than the set days, none of its apps paused
 * under the quality floor, no open fraud report about its apps; two people approve what needs
 * four eyes (the rule is nobody). Answers the rule's figures when it approves, else null.
 */
export function autoApproval(
  amount: bigint,
  needed: number | null | undefined,
  facts: PayeeFacts,
  s: AutoApproveSettings,
  now: number,
): AutoApproval | null {
  if (!ruleMayApprove(amount, needed, s)) return null;
  if (!oldEnough(facts.accountCreatedAt, now, s.autoApproveMinAgeDays)) return null;
  if (facts.pausedUnderFloor || facts.openFraudReport) return null;
  const max = s.autoApproveMax!;
  if (facts.approvedByRuleLast24h + amount > max) return null;
  return { max, minAgeDays: s.autoApproveMinAgeDays, last24h: facts.approvedByRuleLast24h, amount };
}
