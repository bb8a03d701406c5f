import type { AuthConfig } from './authApi';
import { keepSignInBack } from './signInBack';

const STATE_KEY = 'googleOAuthState';

/**
 * Sends the browser to Google's consent screen (OIDC code flow); the state guards the way back.
 * `back`: the page sign-in was asked to return to, kept for when Google sends the browser back.
 */
export function startGoogleSignIn(google: NonNullable<AuthConfig['google']>, back?: string): void {
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, state);
  keepSignInBack(back);
  const url = new URL(google.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: google.redirectUri,
    response_type: 'code',
    scope: google.scope,
    access_type: 'offline',
    prompt: 'consent',
    state,
  }).toString();
  window.location.assign(url.toString());
}

/** True once for the state we issued; a replayed or foreign state is refused. */
export function takeGoogleState(state: string | undefined): boolean {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return Boolean(state && expected && state === expected);
}
