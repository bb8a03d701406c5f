const BACK_KEY = 'externalSignInBack';

/**
 * The page a sign-in through another site (Google, Telegram) was asked to return to, kept while
 * the browser is away: the way back lands on /login.
 */
export function keepSignInBack(back?: string): void {
  if (back) sessionStorage.setItem(BACK_KEY, back);
  else sessionStorage.removeItem(BACK_KEY);
}

/** That page, read once. */
export function takeSignInBack(): string | undefined {
  const back = sessionStorage.getItem(BACK_KEY) ?? undefined;
  sessionStorage.removeItem(BACK_KEY);
  return back;
}
