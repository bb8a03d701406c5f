import { fail } from '../../../failures.ts';

/** A moment as the messages say it: `2026-12-06 14:05 UTC`. */
export function holdText(until: Date): string {
  return `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * When a withdrawal asked for now (`now`, ms) may be approved: a person's first withdrawal to an
 * address they were never paid at waits PAYOUT_NEW_ADDRESS_HOLD_HOURS (`hours`; 0: no hold), so a
 * stolen session's money to its own address waits for the owner. The operator's (the demo seed)
 * and a known address are not held. Null: not held.
 */
export function holdUntil(input: { byPerson: boolean; known: boolean; hours: number; now: number }): Date | null {
  if (!input.byPerson || input.known || input.hours <= 0) return null;
  return new Date(input.now + input.hours * 3_600_000);
}

/** Whether a withdrawal is still held at `now` (ms): its hold ends at the instant it names. */
export function isHeld(p: { holdUntil?: Date | null }, now: number): boolean {
  return !!p.holdUntil && p.holdUntil.getTime() > now;
}

/** A held withdrawal asked for by id is refused with when it can be approved. */
export function refuseHeld(p: { holdUntil?: Date | null }, now: number): void {
  if (isHeld(p, now)) {
    throw fail('ADDRESS_ON_HOLD', { holdUntil: holdText(p.holdUntil!) });
  }
}
