import { fail } from '../../../failures.ts';

/** A finance person's own withdrawal is decided by another finance person (approve and reject). */

/** Whether any of `payments` is `financeId`'s own money. */
export function holdsOwnMoney(financeId: number, payments: readonly { userId: number }[]): boolean {
  return payments.some((p) => p.userId === financeId);
}

/** Nobody decides their own money: a call holding one's own withdrawal is refused whole. */
export function refuseOwnMoney(financeId: number, payments: readonly { userId: number }[]): void {
  if (holdsOwnMoney(financeId, payments)) throw fail('OWN_WITHDRAWAL');
}
