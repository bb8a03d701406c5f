import { describe, expect, test } from 'vitest';
import type { DomainError } from '../errors.ts';
import { FAILURES } from '../failures.ts';
import { ACTS, authorize, FRESH_PROOF_ACTS, holdsRole, may, sessionActor } from './access.ts';
import { actedByOperator } from './step-up.ts';

const REQUIRED = { stepUpSeconds: 600, staffSecondFactor: 'required' as const };
const OPTIONAL = { stepUpSeconds: 600, staffSecondFactor: 'optional' as const };
const NOW = new Date();
const LONG_AGO = new Date(Date.now() - 11 * 60_000);

/** A person as the session read gives them. */
function person(fields: Record<string, unknown> = {}, config: typeof OPTIONAL | typeof REQUIRED = OPTIONAL) {
  return sessionActor({ id: 7, sessionProvedAt: NOW, hasSecondFactor: false, ...fields }, config);
}
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ALLOWED';
  } catch (err) {
    return (err as { code: string }).code;
  }
};

/** The refusal's own code (server/failures.ts). */
const coded = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as DomainError).coded?.code;
  }
};

describe('the permission module', () => {
  test('nobody signed in may do nothing; the operator may do everything', () => {
    expect(code(() => authorize(null, 'campaign.update'))).toBe('UNAUTHENTICATED');
    const operator = actedByOperator({ id: 1 });
    for (const act of Object.keys(ACTS) as (keyof typeof ACTS)[]) expect(may(operator, act)).toBe(true);
  });

  test('a member acts on their own account’s things only', () => {
    const me = person();
    expect(authorize(me, 'campaign.update')).toEqual({ ownerId: 7 });
    expect(code(() => authorize(me, 'campaign.update', { ownerId: 7 }))).toBe('ALLOWED');
    expect(code(() => authorize(me, 'campaign.update', { ownerId: 8 }))).toBe('FORBIDDEN');
  });

  test('a staff act needs the role', () => {
    expect(code(() => authorize(person(), 'campaign.moderate'))).toBe('FORBIDDEN');
    expect(code(() => authorize(person({ isModerator: true }), 'campaign.moderate'))).toBe('ALLOWED');
    expect(code(() => authorize(person({ isModerator: true }), 'withdrawal.approve'))).toBe('FORBIDDEN');
    expect(holdsRole(person({ isAdmin: true }), 'auditor')).toBe(true);
    expect(holdsRole(person({ isFinance: true }), 'auditor')).toBe(true);
    expect(holdsRole(person({ isModerator: true }), 'auditor')).toBe(false);
  });

  test('a staff role counts only with a second factor where that is required, and says so', () => {
    const without = person({ isModerator: true }, REQUIRED);
    expect(() => authorize(without, 'campaign.moderate')).toThrow(FAILURES.STAFF_SECOND_FACTOR_REQUIRED.message);
    expect(coded(() => authorize(without, 'campaign.moderate'))).toBe('STAFF_SECOND_FACTOR_REQUIRED');
    expect(coded(() => authorize(person(), 'withdrawal.approve'))).toBe('STAFF_ROLE_REQUIRED');
    expect(coded(() => authorize(person(), 'campaign.update', { ownerId: 8 }))).toBe('NOT_YOUR_ACCOUNTS');
    expect(holdsRole(without, 'moderator')).toBe(false);
    expect(
      code(() => authorize(person({ isModerator: true, hasSecondFactor: true }, REQUIRED), 'campaign.moderate')),
    ).toBe('ALLOWED');
    // A member's own acts do not need it.
    expect(code(() => authorize(without, 'campaign.update'))).toBe('ALLOWED');
  });

  test('an act of the fresh-proof list needs a proof within the window; others do not', () => {
    const stale = person({ sessionProvedAt: LONG_AGO, isFinance: true });
    expect(code(() => authorize(stale, 'withdrawal.approve'))).toBe('STEP_UP_REQUIRED');
    expect(code(() => authorize(stale, 'payoutAddress.save'))).toBe('STEP_UP_REQUIRED');
    expect(code(() => authorize(stale, 'campaign.update'))).toBe('ALLOWED');
    expect(code(() => authorize(person({ isFinance: true }), 'withdrawal.approve'))).toBe('ALLOWED');
    // A user not read from a session has no proof.
    expect(code(() => authorize({ id: 7 }, 'email.change'))).toBe('STEP_UP_REQUIRED');
  });

  test('a password change: the password is the proof without a second factor, not with one', () => {
    expect(code(() => authorize(person({ sessionProvedAt: LONG_AGO }), 'password.change'))).toBe('ALLOWED');
    expect(code(() => authorize(person({ sessionProvedAt: LONG_AGO, hasSecondFactor: true }), 'password.change'))).toBe(
      'STEP_UP_REQUIRED',
    );
  });

  test('the fresh-proof list is read from the table', () => {
    expect(Object.keys(FRESH_PROOF_ACTS)).toEqual(
      Object.entries(ACTS)
        .filter(([, rule]) => 'proof' in rule)
        .map(([act]) => act),
    );
    expect(FRESH_PROOF_ACTS).toHaveProperty(['withdrawal.toNewAddress']);
    expect(FRESH_PROOF_ACTS).not.toHaveProperty(['withdrawal.request']);
  });
});
