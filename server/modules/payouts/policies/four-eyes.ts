import { fail } from '../../../failures.ts';

/** Whether a withdrawal of `amount` needs two finance people: from PAYOUT_SECOND_APPROVAL_USD (`min`) on. */
export function needsTwo(amount: bigint, min: bigint): boolean {
  return amount >= min;
}

/** How many finance people approve a withdrawal of `amount` alone. */
export function approvalsNeeded(amount: bigint, min: bigint): 1 | 2 {
  return needsTwo(amount, min) ? 2 : 1;
}

/**
 * How many finance people approve a withdrawal of `amount` asked for now, given what the payee's
 * withdrawals of the last 24 hours that one person approves (not failed) add up to on every
 * instance (`day`): splitting an amount gets round nobody (six of 999 need two people as one of
 * 5,000 does).
 */
export function approvalsNeededForDay(day: bigint, amount: bigint, min: bigint): 1 | 2 {
  return approvalsNeeded(day + amount, min);
}

/** How many approve this withdrawal: its own figure, decided at the request; an older one's from its amount. */
export function approvalsNeededOf(
  p: { amount: bigint | string; approvalsNeeded?: number | null },
  min: bigint,
): number {
  return p.approvalsNeeded ?? approvalsNeeded(BigInt(p.amount), min);
}

/** Whether `given` approvals (different people) approve a withdrawal that needs `needed`. */
export function approves(given: number, needed: number): boolean {
  return given >= needed;
}

/** The same person does not give a withdrawal's second approval. */
export function refuseSecondBySamePerson(gaveFirst: boolean): void {
  if (gaveFirst) throw fail('SECOND_APPROVAL_BY_SAME_PERSON');
}

/** The four-eyes state of one withdrawal for a reader: how many approve it, who did, whether `viewer` may add one. */
export interface FourEyesState {
  needed: number;
  given: number;
  /** The viewer gave an approval already (the second is another person's). */
  gaveOne: boolean;
  /** The viewer's approval would be the one that approves it. */
  approvesNow: boolean;
}

/** What a finance person may do with one withdrawal now. */
export interface WithdrawalDecision extends FourEyesState {
  /** It is the viewer's own money: another finance person decides it. */
  own: boolean;
  /** The viewer may give an approval now (in progress, requested, not held, not their own, not given yet). */
  mayApprove: boolean;
  /** The viewer may reject it now (in progress, not sent, not their own). */
  mayReject: boolean;
}

/** The policies' answer for one withdrawal and one viewer, for the Finance page (which does not re-derive it). */
export function withdrawalDecision(
  p: { userId: number; status: string; payoutStage: string | null; needed: number; approvers: readonly number[] },
  viewerId: number,
  held: boolean,
): WithdrawalDecision {
  const eyes = fourEyesState(p.needed, p.approvers, viewerId);
  const own = p.userId === viewerId;
  const open = p.status === 'IN_PROGRESS' && p.payoutStage !== 'SENT';
  const mayApprove = open && p.payoutStage === 'REQUESTED' && !own && !held && !eyes.gaveOne;
  return { ...eyes, approvesNow: mayApprove && eyes.approvesNow, own, mayApprove, mayReject: open && !own };
}

/** What the Finance page shows for a withdrawal and a viewer (read from the server, not derived there). */
export function fourEyesState(needed: number, approvers: readonly number[], viewerId: number): FourEyesState {
  const gaveOne = approvers.includes(viewerId);
  return { needed, given: approvers.length, gaveOne, approvesNow: !gaveOne && approves(approvers.length + 1, needed) };
}
