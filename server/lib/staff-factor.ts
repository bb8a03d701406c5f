/**
 * Whether a staff role is held back for want of a second factor: STAFF_SECOND_FACTOR=required
 * and the signed-in user has none (the session read carries `hasSecondFactor`,
 * modules/auth/session-users.ts). Checked by GraphQL's staff scopes and REST's staff routes.
 */
export function staffFactorMissing(
  user: object | null | undefined,
  config: { staffSecondFactor: 'required' | 'optional' },
): boolean {
  return (
    config.staffSecondFactor === 'required' &&
    !!user &&
    (user as { hasSecondFactor?: unknown }).hasSecondFactor !== true
  );
}
