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

/** True while the session's last proof is younger than `seconds`. */
export function provedRecently(user: object, seconds: number, now = Date.now()): boolean {
  const at = provedAt(user);
  return !!at && now - at.getTime() < seconds * 1000;
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

/** Throws STEP_UP_REQUIRED unless the signed-in session gave a proof within the last `config.stepUpSeconds`. */
export function requireStepUp(ctx: { user: object | null; config: { stepUpSeconds: number } }): void {
  if (!ctx.user) return;
  if (!provedRecently(ctx.user, ctx.config.stepUpSeconds)) throw stepUpRequired(ctx.user);
}

/**
 * For a request that carries the password itself (a password change): that is the fresh proof of
 * an account without a second factor; one with a second factor steps up with it.
 */
export function requireStepUpBeyondPassword(ctx: { user: object | null; config: { stepUpSeconds: number } }): void {
  if (ctx.user && (ctx.user as ProvedUser).hasSecondFactor === true) requireStepUp(ctx);
}
