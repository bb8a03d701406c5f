import { redirect } from '@tanstack/react-router';
import { paths } from './paths';
import { CHOOSE_ROLE_KEY, TOKEN_KEY } from './session';

/** What the guards look at: the stored token and choose-role flag, and whether the role step was asked for. */
export interface GuardState {
  token: string | null;
  chooseRoleFlag: string | null;
  wantsRoleStep?: boolean;
  /** The page asked for (path and query): sign-in comes back to it. */
  asked?: string;
  /** On a guest page: where sign-in was asked to come back to (`?redirect`). */
  redirect?: unknown;
}

export function readGuardState(search?: Record<string, unknown>, asked?: string): GuardState {
  // The build renders the public pages to HTML for a visitor without a session.
  const stored = typeof localStorage === 'undefined' ? null : localStorage;
  return {
    token: stored?.getItem(TOKEN_KEY) ?? null,
    chooseRoleFlag: stored?.getItem(CHOOSE_ROLE_KEY) ?? null,
    wantsRoleStep: search?.chooseRole !== undefined,
    asked,
    redirect: search?.redirect,
  };
}

/**
 * A `?redirect` worth following: one of our own signed-in pages (a path from the root, not
 * `//host` or `/\host`, which browsers read as another site; not a guest page, which would
 * send the user round). Anything else is dropped.
 */
export function ownRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000 || !/^\/(?![/\\])/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://taskgram.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://taskgram.invalid') return null;
  const guestPages: string[] = [paths.landing, paths.login, paths.register, paths.resetPassword];
  // (A guest page in another language too: `/ru/login`, `/ru/`.)
  const page = url.pathname.replace(/^\/[a-z]{2}(?=\/)/, '');
  if (guestPages.includes(page) || page.startsWith(`${paths.resetPassword}/`)) return null;
  return `${url.pathname}${url.search}`;
}

/** The sign-in page, coming back to `asked` once signed in (when it is one of ours). */
export function loginFor(asked: string | undefined): string {
  const back = ownRedirect(asked);
  return back ? `${paths.login}?${new URLSearchParams({ redirect: back })}` : paths.login;
}

// Each guard answers with the path to send the user to, or null to let them through.
// They run in the spec's order: guest-only, auth, choose-role flag.

/**
 * 1. Guest-only pages: a user holding a token goes to advertiser projects (or to the page
 * sign-in was to come back to).
 */
export function guestOnlyGuard(state: GuardState): string | null {
  return state.token ? (ownRedirect(state.redirect) ?? paths.advertiserProjects) : null;
}

/** 2. Signed-in pages: a user without a token goes to login, which comes back to the page asked for. */
export function authGuard(state: GuardState): string | null {
  return state.token ? null : loginFor(state.asked);
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
export function enforce(
  guards: Array<(state: GuardState) => string | null>,
  search?: Record<string, unknown>,
  asked?: string,
): void {
  const target = firstRedirect(readGuardState(search, asked), guards);
  if (target) throw redirect({ href: target, replace: true });
}
