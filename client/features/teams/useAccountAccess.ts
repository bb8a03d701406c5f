import { useQuery } from '@apollo/client/react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSyncExternalStore } from 'react';
import { type AccessLevel, LEVEL_NEEDED, levelAllows, type Scope } from '../../../shared/access-levels';
import { accountId, onAccountChange } from '../../lib/account';
import { AccountsQuery } from './teamsApi';

/** The access levels' names, as people know them from Google Ads. */
export const LEVEL_LABELS: Record<AccessLevel, MessageDescriptor> = {
  ADMIN: msg`Admin`,
  STANDARD: msg`Standard`,
  BILLING: msg`Billing`,
  READ_ONLY: msg`Read-only`,
};

/** What each level may do, for the invitation form and the Team page. */
export const LEVEL_HINTS: Record<AccessLevel, MessageDescriptor> = {
  ADMIN: msg`Everything, including people and access levels`,
  STANDARD: msg`Projects, resources, campaigns, apps, offers and statistics; no money out, no people`,
  BILLING: msg`Add funds, withdrawals, payout addresses, transactions and balances; no campaign or app changes`,
  READ_ONLY: msg`Sees everything the account sees, changes nothing`,
};

/** The account acted on (null: the person's own), following every change. */
export function useAccountId(): number | null {
  return useSyncExternalStore(
    (notify) => onAccountChange(() => notify()),
    accountId,
    () => null,
  );
}

/**
 * The person's level on the account acted on and what it allows — the same table the server
 * decides from (shared/access-levels.ts). `why(scope)` is the hover text of what the level hides.
 */
export function useAccountAccess() {
  const { _ } = useLingui();
  const current = useAccountId();
  const { data } = useQuery(AccountsQuery, { fetchPolicy: 'cache-first' });
  const accounts = data?.accounts ?? [];
  const account = accounts.find((a) => (current ? Number(a.id) === current : a.own)) ?? accounts.find((a) => a.own);
  const level: AccessLevel = (account?.accessLevel as AccessLevel | undefined) ?? 'ADMIN';
  const can = (scope: Exclude<Scope, 'self'>) => levelAllows(level, scope);
  return {
    account,
    accounts,
    level,
    can,
    /** Why a control is disabled: the level it needs, or undefined when allowed. */
    why: (scope: Exclude<Scope, 'self'>) =>
      can(scope)
        ? undefined
        : _(
            msg`Your access level (${_(LEVEL_LABELS[level])}) does not allow this: it needs ${_(LEVEL_LABELS[LEVEL_NEEDED[scope]])} access.`,
          ),
  };
}
