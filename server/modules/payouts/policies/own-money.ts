import { forbidden } from '../../../errors.ts';

/** A finance person's own withdrawal is decided by another finance person (approve and reject). */
export const OWN_WITHDRAWAL_MESSAGE = 'This is your own withdrawal: another finance person approves or rejects it';

/** Whether any of `payments` is `financeId`'s own money. */
export function holdsOwnMoney(financeId: number, payments: readonly { userId: number }[]): boolean {
  return payments.some((p) => p.userId === financeId);
}

/** Nobody decides their own money: a call holding one's own withdrawal is refused whole. */
export function refuseOwnMoney(financeId: number, payments: readonly { userId: number }[]): void {
  if (holdsOwnMoney(financeId, payments)) throw forbidden(OWN_WITHDRAWAL_MESSAGE);
}
