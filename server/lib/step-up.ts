import { DomainError, ErrorCode } from '../errors.ts';

/**
 * Step-up ("sudo mode"): money moving somewhere new and changes to the account need a fresh
 * proof on this session — a sign-in, or the second factor (the password where none is added)
 * given again — within the last STEP_UP_SECONDS. A stolen token alone proves nothing: the proof
 * is remembered on the session (`sessions.proved_at`), which the session read carries as the
 * user's `sessionProvedAt` (modules/auth/session-users.ts). docs/security.md has the list.
 */

export const STEP_UP_MESSAGE =
  'Confirm it is you: enter a code from your authenticator app (or a recovery code), then try again.';
export const STEP_UP_PASSKEY_MESSAGE =
  'Confirm it is you: use your passkey (or a code from your authenticator app, or a recovery code), then try again.';
export const STEP_UP_PASSWORD_MESSAGE = 'Confirm it is you: enter your password, then try again.';

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

export function stepUpRequired(user: object): DomainError {
  const methods = stepUpMethods(user);
  return new DomainError(
    ErrorCode.STEP_UP_REQUIRED,
    methods.includes('PASSWORD')
      ? STEP_UP_PASSWORD_MESSAGE
      : methods.includes('PASSKEY')
        ? STEP_UP_PASSKEY_MESSAGE
        : STEP_UP_MESSAGE,
    undefined,
    undefined,
    undefined,
    methods,
  );
}

/**
 * Every act on who someone is, their sessions, their staff roles or where money goes: each needs
 * a fresh proof on the session (a stolen, stale token does none of them). One list, asked by the
 * services that do the acts (`requireFreshProof`), so every route to an act — REST, GraphQL, a
 * socket, the bot — gets the same answer. docs/security.md explains each.
 */
export const FRESH_PROOF_ACTS = {
  withdrawToNewAddress: 'a withdrawal to an address the account was not paid at',
  approveWithdrawal: 'approving a withdrawal (finance)',
  rejectWithdrawal: 'rejecting a withdrawal (finance)',
  liftPayoutLimits: 'lifting the payout limits (finance)',
  savePayoutAddress: 'saving a payout address',
  removePayoutAddress: 'removing a payout address',
  linkTelegram: 'linking or re-linking a Telegram account',
  unlinkTelegram: 'unlinking the Telegram account',
  addSecondFactor: 'adding an authenticator app or a passkey',
  renameSecondFactor: 'renaming a second factor',
  removeSecondFactor: 'removing a second factor',
  renewRecoveryCodes: 'renewing the recovery codes',
  changePassword: 'changing the password (the current password is the proof without a second factor)',
  changeEmail: 'changing the e-mail address',
  endOtherSessions: 'ending another session of the account',
  setStaffRole: 'granting or taking a staff role',
  newSecretKey: 'a new project or app secret key',
} as const;
export type FreshProofAct = keyof typeof FRESH_PROOF_ACTS;

/**
 * Throws STEP_UP_REQUIRED unless `user`'s session gave a proof within STEP_UP_SECONDS (the window
 * the session read put on the user: `withProofWindow`). A user object without one — not read
 * from a session — has no proof. No user at all is a script run by an operator on the server.
 */
export function requireFreshProof(user: object | null, _act: FreshProofAct, now = Date.now()): void {
  if (user && !hasFreshProof(user, now)) throw stepUpRequired(user);
}

/**
 * For an act that carries the password itself (a password change): that is the fresh proof of an
 * account without a second factor; one with a second factor needs a fresh proof as any act.
 */
export function requireFreshProofBeyondPassword(user: object, act: FreshProofAct, now = Date.now()): void {
  if ((user as ProvedUser).hasSecondFactor === true) requireFreshProof(user, act, now);
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
