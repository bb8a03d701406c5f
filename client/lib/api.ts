import { i18n } from '@lingui/core';
import { supportedLanguage } from '../../shared/languages';
import { accountHeader } from './account';
import { getToken, signOut } from './session';
import { askStepUp, stepUpMethodsOf } from './stepUp';

export const NETWORK_ERROR = 'Network error, try again late';

/** What the REST layer answers on a failure (server/rest/register.ts). */
export interface ErrorBody {
  error?: string;
  /** The message's machine code (server/failures.ts) and its parameters. */
  code?: string;
  params?: Record<string, string>;
  next?: string;
  methods?: string[];
}

/** Says a server message in the reader's language by its code; English until the dashboard sets it. */
type Translate = (code: string | undefined, params: Record<string, string> | undefined, english: string) => string;
let translate: Translate = (_code, _params, english) => english;

/**
 * The dashboard's translator of server messages (client/lib/serverMessages.ts registers it when
 * the signed-in layout loads): the public pages, which load no catalog, keep the server's English
 * without carrying the table.
 */
export function setServerMessages(fn: Translate): void {
  translate = fn;
}

/**
 * A server message by its code in the reader's language, once the dashboard has set the
 * translator; `methods`, the proofs a step-up asks for, choose its wording.
 */
export function sayServerMessage(
  code: string | undefined,
  params: Record<string, string> | undefined,
  english: string,
  methods?: readonly string[],
): string {
  return translate(code, methods ? { ...params, methods: methods.join(',') } : params, english);
}

/** A refused call: its message in the reader's language (the server's English until the dashboard's table loads). */
export class ApiError extends Error {
  readonly code?: string;
  readonly params?: Record<string, string>;
  constructor(
    body: ErrorBody | string | null | undefined,
    readonly status?: number,
    /** What the server says to do next (`EMAIL_CODE`: sign in again with the code it mailed). */
    readonly next?: string,
    /** The proofs the account can give, when the server names them (`SECOND_FACTOR`, step-up). */
    readonly methods?: string[],
  ) {
    const {
      error = NETWORK_ERROR,
      code = error === NETWORK_ERROR ? 'NETWORK' : undefined,
      params,
    } = typeof body === 'string' ? { error: body } : (body ?? {});
    super(sayServerMessage(code, params, error, methods));
    this.name = 'ApiError';
    this.code = code;
    this.params = params;
  }
}

/**
 * The language shown, as the request's `Accept-Language`: the server's mails to an account that
 * chose none (a password reset, the decision on a registration) follow the page they were asked
 * from (`/ru/register`), not the browser's settings.
 */
export function shownLanguageHeader(): Record<string, string> {
  const language = supportedLanguage(i18n.locale);
  return language ? { 'Accept-Language': language } : {};
}

/** Calls the REST layer under /api: yields the envelope's `value`, throws its `error` message. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { ...shownLanguageHeader(), ...accountHeader() };
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

  let payload: (ErrorBody & { value?: T }) | null = null;
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
  if (
    methods &&
    payload?.error &&
    (await askStepUp(methods, new ApiError(payload, 403, undefined, methods).message, payload.params?.act))
  )
    return api<T>(method, path, body);

  if (!response.ok || !payload || payload.error !== undefined) {
    throw new ApiError(payload, response.status, payload?.next, payload?.methods);
  }
  return payload.value as T;
}

/** An error's message to show: the server's in the reader's language, else the network's. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : translate('NETWORK', undefined, NETWORK_ERROR);
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
    response = await fetch(`/api${path}`, {
      headers: { ...accountHeader(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as ErrorBody | null;
    if (response.status === 401 && token) signOut();
    throw new ApiError(payload, response.status);
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
