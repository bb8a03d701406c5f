import { getToken, signOut } from './session';
import { askStepUp, stepUpMethodsOf } from './stepUp';

export const NETWORK_ERROR = 'Network error, try again late';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** What the server says to do next (`EMAIL_CODE`: sign in again with the code it mailed). */
    readonly next?: string,
    /** The proofs the account can give, when the server names them (`SECOND_FACTOR`, step-up). */
    readonly methods?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Calls the REST layer under /api: yields the envelope's `value`, throws its `error` message. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR);
  }

  let payload: { value?: T; error?: string; next?: string; code?: string; methods?: string[] } | null = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }

  // A 401 on a call made with a token means the session is over; a 401 from the login form
  // (no token yet) is just a wrong password and must surface as a message.
  if (response.status === 401 && token) signOut();

  // A fresh proof first (step-up): one dialog, then the same call again; cancelled, its message.
  const methods = response.status === 403 ? stepUpMethodsOf(payload) : null;
  if (methods && payload?.error && (await askStepUp(methods, payload.error))) return api<T>(method, path, body);

  if (!response.ok || !payload || payload.error !== undefined) {
    throw new ApiError(payload?.error || NETWORK_ERROR, response.status, payload?.next, payload?.methods);
  }
  return payload.value as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : NETWORK_ERROR;
}

/**
 * Downloads a CSV export of the REST layer (`path` under /api, e.g.
 * `/v1/statistics/publishers/transactions.csv?platformId=3`) with the session's token, under
 * the file name the server gives. Throws the server's message when it refuses.
 */
export async function downloadCsv(path: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(NETWORK_ERROR);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: string } | null;
    if (response.status === 401 && token) signOut();
    throw new ApiError(payload?.error || NETWORK_ERROR, response.status);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
