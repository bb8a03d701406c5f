import type { AuthConfig } from './authApi';

const STATE_KEY = 'googleOAuthState';

/** Sends the browser to Google's consent screen (OIDC code flow); the state guards the way back. */
export function startGoogleSignIn(google: NonNullable<AuthConfig['google']>): void {
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, state);
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
