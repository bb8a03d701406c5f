import { redirect } from '@tanstack/react-router';
import { paths } from './paths';
import { CHOOSE_ROLE_KEY, TOKEN_KEY } from './session';

/** What the guards look at: the stored token and choose-role flag, and whether the role step was asked for. */
export interface GuardState {
  token: string | null;
  chooseRoleFlag: string | null;
  wantsRoleStep?: boolean;
}

export function readGuardState(search?: Record<string, unknown>): GuardState {
  // The build renders the public pages to HTML for a visitor without a session.
  const stored = typeof localStorage === 'undefined' ? null : localStorage;
  return {
    token: stored?.getItem(TOKEN_KEY) ?? null,
    chooseRoleFlag: stored?.getItem(CHOOSE_ROLE_KEY) ?? null,
    wantsRoleStep: search?.chooseRole !== undefined,
  };
}

// Each guard answers with the path to send the user to, or null to let them through.
// They run in the spec's order: guest-only, auth, choose-role flag.

/** 1. Guest-only pages: a user holding a token goes to advertiser projects. */
export function guestOnlyGuard(state: GuardState): string | null {
  return state.token ? paths.advertiserProjects : null;
}

/** 2. Signed-in pages: a user without a token goes to login. */
export function authGuard(state: GuardState): string | null {
  return state.token ? null : paths.login;
}

/**
 * 3. The role step (`?chooseRole`) is only for a user whose flag says a role is still to be
 * chosen; with the flag equal to false they go to advertiser projects.
 */
export function chooseRoleGuard(state: GuardState): string | null {
  return state.token && state.wantsRoleStep && state.chooseRoleFlag === 'false' ? paths.advertiserProjects : null;
}

/** Runs guards in order; the first one that answers with a path wins. */
export function firstRedirect(state: GuardState, guards: Array<(state: GuardState) => string | null>): string | null {
  for (const guard of guards) {
    const target = guard(state);
    if (target) return target;
  }
  return null;
}

/** For `beforeLoad`: throws the router's redirect when a guard answers. */
export function enforce(guards: Array<(state: GuardState) => string | null>, search?: Record<string, unknown>): void {
  const target = firstRedirect(readGuardState(search), guards);
  if (target) throw redirect({ to: target, replace: true });
}
