// The account the dashboard acts on (teams): the person's own unless they chose another they are
// in. Remembered per browser (localStorage); a page's address carries it (`?account=<id>`), so a
// link a teammate sends opens in the right account. Every request says it (`X-Account-Id`; the
// socket's `accountId`), and the whole dashboard follows a change without a reload.

export const ACCOUNT_KEY = 'account';
/** The search parameter a page's address carries the account in. */
export const ACCOUNT_PARAM = 'account';

type Listener = (id: number | null) => void;
const listeners = new Set<Listener>();

const parse = (value: string | null | undefined): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

function initial(): number | null {
  if (typeof window === 'undefined') return null;
  const named = parse(new URLSearchParams(window.location.search).get(ACCOUNT_PARAM));
  if (named) {
    localStorage.setItem(ACCOUNT_KEY, String(named));
    return named;
  }
  return parse(localStorage.getItem(ACCOUNT_KEY));
}

let current: number | null = initial();

/** The account acted on; null: the person's own. */
export function accountId(): number | null {
  return current;
}

/** Acts on `id` from now on (null: the person's own); everything listening follows. */
export function chooseAccount(id: number | null): void {
  const next = id && id > 0 ? id : null;
  if (next === current) return;
  current = next;
  if (next) localStorage.setItem(ACCOUNT_KEY, String(next));
  else localStorage.removeItem(ACCOUNT_KEY);
  for (const listener of listeners) listener(next);
}

/** Called on every change of the account acted on. Returns an unsubscribe. */
export function onAccountChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header that names the account acted on, for a request (none for the person's own). */
export function accountHeader(): Record<string, string> {
  return current ? { 'X-Account-Id': String(current) } : {};
}

/** The id a page's address names, if it names one. */
export function accountOfSearch(search: Record<string, unknown>): number | null {
  const value = search[ACCOUNT_PARAM];
  return parse(typeof value === 'number' ? String(value) : typeof value === 'string' ? value : null);
}
