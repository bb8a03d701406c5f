import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { from, mergeMap, throwError } from 'rxjs';
import { createClient } from 'graphql-ws';
import { idempotencyLink } from './lib/idempotency';
import { generateSubscriptionId, liveLink, onServerPing } from './lib/live';
import { accountHeader, accountId, chooseAccount, onAccountChange } from './lib/account';
import { getToken, onSignOut, signOut } from './lib/session';
import { askStepUp, stepUpMethodsOf } from './lib/stepUp';
import { sayServerMessage, shownLanguageHeader } from './lib/api';

/** graphql-ws close code the server uses for a bad or expired token. */
export const WS_FORBIDDEN = 4403;
/** The person's roles or access changed: the socket reconnects to read them anew. */
const WS_USER_CHANGED = 4001;
/** The socket's account is not the person's (any more): they were removed from it. */
export const WS_ACCOUNT_GONE = 4404;

/** A socket's close code, if the event is a close. */
const closeCode = (event: unknown) =>
  event && typeof event === 'object' && 'code' in event ? (event as { code: unknown }).code : undefined;

/** The account acted on is gone (removed, or a stale link): the person's own, and a word why. */
function lostAccount() {
  if (accountId() === null) return;
  chooseAccount(null);
  for (const listener of lostListeners) listener();
}
const lostListeners = new Set<() => void>();
/** Told when the account acted on was lost (the layout says so and drops it from the address). */
export function onAccountLost(listener: () => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/graphql`;
}

export function createApolloClient(): ApolloClient {
  const httpLink = new HttpLink({
    uri: '/graphql',
    // Read the token per request: it changes on sign-in and disappears on sign-out.
    fetch: (input, init) => {
      const token = getToken();
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries({ ...shownLanguageHeader(), ...accountHeader() }))
        headers.set(name, value);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return fetch(input, { ...init, headers });
    },
  });

  let reconnecting = false;
  let changedUser = false;
  const wsClient = createClient({
    url: wsUrl(),
    lazy: true,
    // Ids the live link chooses, so the server's "subscription is live" ping finds its page.
    generateID: generateSubscriptionId,
    connectionParams: () => {
      const token = getToken();
      const account = accountId();
      return token ? { authorization: `Bearer ${token}`, ...(account ? { accountId: account } : {}) } : {};
    },
    retryAttempts: Number.POSITIVE_INFINITY,
    // Exponential backoff with jitter, capped at 30 s.
    retryWait: async (retries) => {
      // Closed for a change of roles or access (4001): back at once, to read them anew.
      if (changedUser) {
        changedUser = false;
        return;
      }
      const delay = Math.min(30_000, 1000 * 2 ** retries) * (0.5 + Math.random() / 2);
      await new Promise((resolve) => setTimeout(resolve, delay));
    },
    shouldRetry: (event) => closeCode(event) !== WS_FORBIDDEN,
    on: {
      ping: onServerPing,
      closed: (event) => {
        if (closeCode(event) === WS_FORBIDDEN) {
          // The server ended the session (signed out elsewhere, a password change): say so.
          signOut(/session has ended/.test(String((event as { reason?: unknown }).reason)));
          return;
        }
        // The account acted on is no longer the person's (removed): back to their own.
        if (closeCode(event) === WS_ACCOUNT_GONE) lostAccount();
        changedUser = closeCode(event) === WS_USER_CHANGED;
        reconnecting = true;
      },
      connected: () => {
        // Anything shown may have changed while the socket was down.
        if (reconnecting) {
          reconnecting = false;
          void client.refetchQueries({ include: 'active' });
        }
      },
    },
  });

  const errorLink = new ErrorLink(({ error, operation, forward }) => {
    const unauthenticated =
      CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
    const status = (error as { statusCode?: number }).statusCode;
    if (unauthenticated || status === 401) signOut();
    if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.messageCode === 'ACCOUNT_NOT_FOUND'))
      lostAccount();
    // A fresh proof first (step-up): one dialog, then the operation again; cancelled, the error.
    const stepUp = CombinedGraphQLErrors.is(error)
      ? error.errors.find((e) => stepUpMethodsOf(e.extensions as { code?: unknown }))
      : undefined;
    if (stepUp) {
      const methods = stepUpMethodsOf(stepUp.extensions as { code?: unknown }) ?? [];
      const message = sayServerMessage('STEP_UP_REQUIRED', undefined, stepUp.message, methods);
      const act = (stepUp.extensions?.params as { act?: unknown } | undefined)?.act;
      return from(askStepUp(methods, message, typeof act === 'string' ? act : undefined)).pipe(
        mergeMap((proved) => (proved ? forward(operation) : throwError(() => error))),
      );
    }
  });

  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    ApolloLink.from([liveLink(), new GraphQLWsLink(wsClient)]),
    // Creates carry an Idempotency-Key: a double click or a retry never creates twice.
    ApolloLink.from([errorLink, idempotencyLink(), httpLink]),
  );

  const client = new ApolloClient({ link, cache: new InMemoryCache() });

  followSessionAndAccount(wsClient, client);

  return client;
}

/**
 * Sign-out drops the socket (it carries the old token) and every cached user field; another
 * account reconnects the socket with it, and every page shown reads it anew.
 */
function followSessionAndAccount(wsClient: ReturnType<typeof createClient>, client: ApolloClient) {
  onSignOut(() => {
    // Drop the socket (it carries the old token) and every cached user field.
    wsClient.terminate();
    void client.clearStore();
    chooseAccount(null);
  });
  onAccountChange(() => {
    wsClient.terminate();
    void client.resetStore().catch(() => undefined);
  });
}

let shared: ApolloClient | undefined;

/** The dashboard's client, created the first time a signed-in page renders. */
export function getApolloClient(): ApolloClient {
  shared ??= createApolloClient();
  return shared;
}
