// Access levels in an account, as people know them from Google Ads. One table for the server's
// permission module (server/lib/access.ts: each of a member's acts names its scope) and the
// dashboard (which hides or disables what the level cannot do, and says why).

export const ACCESS_LEVELS = ['ADMIN', 'STANDARD', 'BILLING', 'READ_ONLY'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/**
 * What an account act touches: `work` projects, resources, campaigns (and their budgets), apps,
 * offers; `money` funds in, withdrawals, payout addresses; `people` members and invitations.
 * `self` is the person's own (sign-in, second factors, sessions, language): never the account's.
 */
export type Scope = 'self' | 'work' | 'money' | 'people';

/** The scopes each level may change (every level sees everything the account sees). */
export const LEVEL_SCOPES: Record<AccessLevel, readonly Scope[]> = {
  ADMIN: ['self', 'work', 'money', 'people'],
  STANDARD: ['self', 'work'],
  BILLING: ['self', 'money'],
  READ_ONLY: ['self'],
};

/** The lowest level that may change a scope (named in ACCESS_LEVEL_TOO_LOW). */
export const LEVEL_NEEDED: Record<Exclude<Scope, 'self'>, AccessLevel> = {
  work: 'STANDARD',
  money: 'BILLING',
  people: 'ADMIN',
};

export function levelAllows(level: AccessLevel, scope: Scope): boolean {
  return LEVEL_SCOPES[level].includes(scope);
}

/** How many invitations an account may send in 24 hours. */
export const INVITATIONS_PER_DAY = 50;
/** How long an invitation's link stands. */
export const INVITATION_DAYS = 7;
