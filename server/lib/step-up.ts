import { failWith } from '../failures.ts';
import type { DomainError } from '../errors.ts';

/**
 * Step-up ("sudo mode"): money moving somewhere new and changes to the account need a fresh
 * proof on this session — a sign-in, or the second factor (the password where none is added)
 * given again — within the last STEP_UP_SECONDS. A stolen token alone proves nothing: the proof
 * is remembered on the session (`sessions.proved_at`), which the session read carries as the
 * user's `sessionProvedAt` (modules/auth/session-users.ts). Which acts need one is the permission
 * module's table (lib/access.ts `ACTS`); docs/security.md explains each.
 */

/** The proofs an account can give: its second factor when it has one, else its password. */
export type StepUpMethod = 'TOTP' | 'RECOVERY_CODE' | 'PASSKEY' | 'PASSWORD';

interface ProvedUser {
  sessionProvedAt?: unknown;
  /** Until when the session's last proof stands (its proof plus STEP_UP_SECONDS), set where the session is read. */
  sessionProvedUntil?: unknown;
  hasSecondFactor?: unknown;
  hasPasskey?: unknown;
}

export function stepUpMethods(user: object): StepUpMethod[] {
  const proved = user as ProvedUser;
  if (proved.hasSecondFactor !== true) return ['PASSWORD'];
  return proved.hasPasskey === true ? ['PASSKEY', 'TOTP', 'RECOVERY_CODE'] : ['TOTP', 'RECOVERY_CODE'];
}

/** When the session's last proof was given (null: never, or not a request's user). */
export function provedAt(user: object): Date | null {
  const at = (user as ProvedUser).sessionProvedAt;
  if (at == null) return null;
  const date = at instanceof Date ? at : new Date(at as string);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The step-up answer: the proofs `user` can give, and (`act`) what it is for, for the dialog to say. */
export function stepUpRequired(user: object, act?: string): DomainError {
  const methods = stepUpMethods(user);
  return failWith('STEP_UP_REQUIRED', { methods, ...(act ? { act } : {}) });
}

/** Whether `user`'s session gave a proof within STEP_UP_SECONDS (the operator always has). */
export function hasFreshProof(user: object, now = Date.now()): boolean {
  const until = (user as ProvedUser).sessionProvedUntil;
  const time = until instanceof Date ? until.getTime() : typeof until === 'number' ? until : Number.NaN;
  return time > now;
}

/** Whether `user` is acted for by the operator on the server (`actedByOperator`), not by a session. */
export function isOperator(user: object): boolean {
  return (user as ProvedUser).sessionProvedUntil === Number.POSITIVE_INFINITY;
}

/** Puts the session's proof window on a user read with its session (`requireFreshProof` reads it). */
export function withProofWindow<T extends object>(user: T, stepUpSeconds: number): T {
  const at = provedAt(user);
  Object.assign(user, { sessionProvedUntil: at ? new Date(at.getTime() + stepUpSeconds * 1000) : null });
  return user;
}

/**
 * A user acted for by the operator on the server (the demo's seed, a script): no session, and
 * nothing to prove — whoever runs it has the database already.
 */
export function actedByOperator<T extends object>(user: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(user) as object | null) as T, user, {
    sessionProvedUntil: Number.POSITIVE_INFINITY,
  });
}
