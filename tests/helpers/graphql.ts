import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** Anything with a base URL: a started test app, or the URL itself. */
type Target = { url: string } | string;
const baseUrl = (t: Target) => (typeof t === 'string' ? t : t.url);

export interface GqlError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [k: string]: unknown };
  [k: string]: unknown;
}

export interface GqlResponse<T = any> {
  status: number;
  data?: T | null;
  errors?: GqlError[];
  /** The raw parsed body, to check that nothing else (a stack trace) leaks. */
  body: any;
}

/** GraphQL over HTTP: `gql(app, 'query { me { id } }', {}, token)`. */
export async function gql<T = any>(
  target: Target,
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
  headers: Record<string, string> = {},
): Promise<GqlResponse<T>> {
  const res = await fetch(`${baseUrl(target)}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // Apollo's CSRF prevention wants a non-simple request; JSON content type is enough.
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  return { status: res.status, data: body?.data, errors: body?.errors, body };
}

/** Signs in over REST and returns the access token; fails the test on anything else. */
export async function login(target: Target, email: string, password = 'demo1234'): Promise<string> {
  const res = await fetch(`${baseUrl(target)}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { value?: { accessToken: string }; error?: string };
  if (res.status !== 200 || !body.value) throw new Error(`login ${email} failed: ${res.status} ${body.error}`);
  return body.value.accessToken;
}

export const wsUrl = (target: Target) => `${baseUrl(target).replace(/^http/, 'ws')}/graphql`;

export interface WsEvent<T = any> {
  data?: T;
  errors?: GqlError[];
}

export interface LiveSubscription<T = any> {
  /**
   * The next event matching `match` (others are skipped), or a rejection after `timeoutMs`.
   * Events that arrived before the call are looked at first.
   */
  nextEvent(match?: (e: WsEvent<T>) => boolean, timeoutMs?: number): Promise<WsEvent<T>>;
  /**
   * Resolves with the errors the server refused this subscription with: the GraphQL errors
   * array (from an `error` message, or a `next` carrying only errors), or a close event.
   */
  error(timeoutMs?: number): Promise<any>;
  /** Stops the subscription. */
  dispose(): void;
}

export interface WsClient {
  client: Client;
  /** Resolves with the socket's close event ({ code, reason }) once it closes. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves when the server acknowledged connection_init; rejects when the socket closes first. */
  connected: Promise<void>;
  subscribe<T = any>(query: string, variables?: Record<string, unknown>): LiveSubscription<T>;
  close(): Promise<void>;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  const close = error as { code?: number; reason?: string };
  if (typeof close?.code === 'number') return `socket closed ${close.code} ${close.reason ?? ''}`;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    }),
  ]);
}

/**
 * A real graphql-ws client (the `ws` package as WebSocket), authenticated in connection_init
 * with `authorization: 'Bearer <token>'` when a token is given (and `params`, e.g. a team's
 * `accountId`). Connects eagerly, never retries.
 */
export function gqlWs(target: Target, token?: string, params: Record<string, unknown> = {}): WsClient {
  let onClosed!: (e: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((r) => {
    onClosed = r;
  });
  let onConnected!: () => void;
  let onConnectFailed!: (e: unknown) => void;
  const connected = new Promise<void>((resolve, reject) => {
    onConnected = resolve;
    onConnectFailed = reject;
  });
  connected.catch(() => {}); // observed by tests that care
  const client = createClient({
    url: wsUrl(target),
    webSocketImpl: WebSocket,
    lazy: false,
    retryAttempts: 0,
    connectionParams: token ? { authorization: `Bearer ${token}`, ...params } : params,
    onNonLazyError: () => {},
    on: {
      connected: () => onConnected(),
      closed: (e) => {
        const ev = e as { code?: number; reason?: string };
        const close = { code: ev?.code ?? 0, reason: String(ev?.reason ?? '') };
        onConnectFailed(Object.assign(new Error(`socket closed: ${close.code} ${close.reason}`), close));
        onClosed(close);
      },
    },
  });

  return {
    client,
    closed,
    connected,
    subscribe<T>(query: string, variables?: Record<string, unknown>): LiveSubscription<T> {
      const events: WsEvent<T>[] = [];
      let wake: (() => void) | null = null;
      let failure: { error: unknown } | null = null;
      let onError: ((e: unknown) => void) | null = null;
      const dispose = client.subscribe<T>(
        { query, variables },
        {
          next: (value) => {
            const event = value as WsEvent<T>;
            // An operation refused during execution (auth) answers with one result of errors.
            if (event.errors?.length && event.data == null) {
              failure ??= { error: event.errors };
              onError?.(event.errors);
            } else events.push(event);
            wake?.();
          },
          error: (error) => {
            failure = { error };
            onError?.(error);
            wake?.();
          },
          complete: () => {},
        },
      );
      return {
        async nextEvent(match = () => true, timeoutMs = 5000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const i = events.findIndex(match);
            if (i >= 0) return events.splice(i, 1)[0];
            events.length = 0; // the ones seen did not match
            if (failure) {
              const cause = (failure as { error: unknown }).error;
              throw Object.assign(new Error(`subscription failed: ${describe(cause)}`), { cause });
            }
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms waiting for a matching event`);
            await withTimeout(
              new Promise<void>((r) => {
                wake = r;
              }),
              left,
              'a matching event',
            ).finally(() => {
              wake = null;
            });
          }
        },
        error(timeoutMs = 5000) {
          if (failure) return Promise.resolve((failure as { error: unknown }).error);
          return withTimeout(
            new Promise((r) => {
              onError = r;
            }),
            timeoutMs,
            'a subscription error',
          );
        },
        dispose,
      };
    },
    async close() {
      await client.dispose();
    },
  };
}

/**
 * graphql-ws has no "subscription is live" acknowledgement, so before triggering the event
 * under test, publish probe events until one arrives: from then on the server is listening.
 */
export async function waitUntilLive<T>(
  sub: LiveSubscription<T>,
  publishProbe: () => Promise<void>,
  isProbe: (e: WsEvent<T>) => boolean,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await publishProbe();
    try {
      await sub.nextEvent(isProbe, 200);
      return;
    } catch (err) {
      if (Date.now() > deadline || !(err instanceof Error) || !err.message.startsWith('timed out')) throw err;
    }
  }
}
