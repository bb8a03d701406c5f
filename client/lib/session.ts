// Everything the browser keeps about a session lives in localStorage under these keys.
export const TOKEN_KEY = 'accessToken';
export const PROJECT_KEY = 'project';
export const CHOOSE_ROLE_KEY = 'chooseRole';

/** `deliberate`: the user pressed Log out (sign-in then starts afresh, not back where they were). */
type Listener = (how: { deliberate: boolean }) => void;
const signOutListeners = new Set<Listener>();

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function setChooseRoleFlag(value: boolean): void {
  localStorage.setItem(CHOOSE_ROLE_KEY, String(value));
}

/** Registers cleanup to run on sign-out (Apollo store reset, navigation). Returns an unsubscribe. */
export function onSignOut(listener: Listener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

let signingOut = false;
/** Why the last session ended, when the server ended it (sessionStorage: the sign-in page tells). */
const ENDED_KEY = 'sessionEnded';

/** The sign-in page's note on a session the server ended, read once. */
export function takeSessionEndedNote(): boolean {
  const ended = sessionStorage.getItem(ENDED_KEY) === '1';
  sessionStorage.removeItem(ENDED_KEY);
  return ended;
}

/**
 * Logout and any 401: clear token, project and choose-role flag, reset user state, go to login.
 * `ended`: the server ended the session (signed out elsewhere, a password change or reset).
 */
export function signOut(ended = false, deliberate = false): void {
  // Several parallel requests can fail with 401 at once; clean up only once.
  if (signingOut) return;
  // Signed out already: a socket or request that learns it late (the server ending the session
  // of a Log out just pressed) must not sign out again, nor call that "ended elsewhere".
  if (!deliberate && !getToken()) return;
  signingOut = true;
  try {
    if (ended) sessionStorage.setItem(ENDED_KEY, '1');
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(PROJECT_KEY);
    localStorage.removeItem(CHOOSE_ROLE_KEY);
    for (const listener of signOutListeners) listener({ deliberate });
  } finally {
    signingOut = false;
  }
}

/**
 * "Log out": the server ends this session (its token stops working everywhere, its live
 * sockets close), then the browser forgets it. The browser does not wait for the server: the
 * request goes on (keepalive) while the page moves to the sign-in screen.
 */
export function logOut(): void {
  const token = getToken();
  if (token) {
    void fetch('/api/v1/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => {});
  }
  signOut(false, true);
}
