import {
  type ApolloClient,
  ApolloLink,
  type DocumentNode,
  type ObservableQuery,
  type OperationVariables,
  type TypedDocumentNode,
} from '@apollo/client';
import { useQuery, useSubscription } from '@apollo/client/react';
import { useMemo, useRef } from 'react';
import { Observable } from 'rxjs';

/**
 * Live pages converge whatever the timing.
 *
 * A page loads its data with a query and follows changes with a subscription. A change that
 * lands after the query ran but before the subscription is live on the server would be in
 * neither: the page would show it only after a reload. So the server says when each
 * subscription is live (a graphql-ws `ping` with `{ live: <subscription id> }`, sent once the
 * event stream is listening, and again after every reconnect), and the page refetches then:
 * whatever happened before that moment is in the refetch, whatever happens after is an event.
 *
 * Live queries are never deduplicated onto an identical request already in flight
 * (`LIVE_QUERY`): a refetch asked for after a change must be sent after that change, not
 * answer with an older request's result. (A newer request of a query supersedes an older one
 * still in flight: Apollo drops the older one's answer.)
 */

/** The ping payload's key: `{ live: id }` (server/graphql/live.ts sends it). */
export const LIVE_PING_KEY = 'live';

const onLiveById = new Map<string, () => void>();
let sequence = 0;
let nextId: string | undefined;

/** graphql-ws `generateID`: the id the live link chose for the subscription being started. */
export function generateSubscriptionId(): string {
  const id = nextId ?? `s${++sequence}`;
  nextId = undefined;
  return id;
}

/** graphql-ws `on.ping`: a subscription is live on the server. */
export function onServerPing(received: boolean, payload: unknown): void {
  if (!received || !payload || typeof payload !== 'object') return;
  const id = (payload as Record<string, unknown>)[LIVE_PING_KEY];
  if (typeof id === 'string') onLiveById.get(id)?.();
}

/**
 * Put in front of GraphQLWsLink: a subscription whose context has `onLive` gets an id of ours,
 * so the server's live ping for it reaches `onLive`. (GraphQLWsLink starts the graphql-ws
 * subscription synchronously when subscribed to, which is when `generateID` runs.)
 */
export function liveLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const onLive = operation.getContext().onLive as (() => void) | undefined;
    if (!onLive) return forward(operation);
    return new Observable((observer) => {
      const id = `live${++sequence}`;
      onLiveById.set(id, onLive);
      nextId = id;
      const subscription = forward(operation).subscribe(observer);
      nextId = undefined;
      return () => {
        onLiveById.delete(id);
        subscription.unsubscribe();
      };
    });
  });
}

/** Context for a live page's query: a refetch is never merged into an older request in flight. */
export const LIVE_QUERY = { queryDeduplication: false } as const;

/** How long the next quiet refetch of a query waits for one in flight that has not answered. */
const QUIET_REFETCH_WAIT_MS = 5000;

/** A query's quiet refetch in flight, and whether another was asked for meanwhile. */
const quietRefetches = new WeakMap<object, { running: Promise<void>; again: boolean }>();

/**
 * A live page's catch-up refetch (its subscription became live, or an event says what it shows
 * changed) without the loading state `refetch()` goes through: the answer goes into the cache,
 * and the page renders again only where it differs. (With notifyOnNetworkStatusChange, each
 * ping's `refetch()` rendered the whole page twice, a long task each on a phone.) Should the
 * request fail, the page's own `refetch()` runs, so the failure shows as before.
 *
 * One at a time per query: asked for while one is in flight, one more runs after it (the
 * promise answers when that one has). Two in flight at once could answer out of order, and the
 * older answer, written last, would leave the page showing what the later event changed (a
 * paid withdrawal back in the queue, a balance behind).
 */
export function refetchQuietly<TData, TVariables extends OperationVariables>(result: {
  client: ApolloClient;
  observable: ObservableQuery<TData, TVariables>;
  refetch: () => Promise<unknown>;
}): Promise<void> {
  const { client, observable } = result;
  const inFlight = quietRefetches.get(observable);
  if (inFlight) {
    inFlight.again = true;
    return inFlight.running;
  }
  const state = { running: Promise.resolve(), again: true };
  const run = async () => {
    while (state.again) {
      state.again = false;
      const answered = client
        .query({
          query: observable.query,
          variables: observable.variables,
          fetchPolicy: 'network-only',
          context: LIVE_QUERY,
        })
        .then(
          () => undefined,
          // Failed: the page's own refetch shows the failure; the line does not wait for it.
          () => {
            void result.refetch().catch(() => undefined);
          },
        );
      // A request that never answers must not hold the line: the next one goes after a while.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([answered, new Promise((r) => (timer = setTimeout(r, QUIET_REFETCH_WAIT_MS)))]);
      clearTimeout(timer);
    }
  };
  state.running = run().finally(() => quietRefetches.delete(observable));
  quietRefetches.set(observable, state);
  return state.running;
}

/**
 * An event was just written into the cache: should a quiet refetch of `observable` be in flight,
 * its answer may have been read before the event's change and would overwrite it, so one more
 * refetch follows it. (Nothing runs when none is in flight.)
 */
export function refetchAgainIfInFlight(observable: object): void {
  const inFlight = quietRefetches.get(observable);
  if (inFlight) inFlight.again = true;
}

/**
 * `useSubscription` with `onLive`: called each time the subscription becomes live on the
 * server (first start and every reconnect), when the page should refetch what it shows.
 * Subscriptions are not deduplicated, so every caller gets its own live signal.
 */
export function useLiveSubscription<TData, TVariables extends OperationVariables = OperationVariables>(
  subscription: TypedDocumentNode<TData, TVariables> | DocumentNode,
  options: useSubscription.Options<TData, TVariables> & { onLive: () => void },
) {
  const { onLive, ...rest } = options;
  const latest = useRef(onLive);
  latest.current = onLive;
  // Stable, so a new render does not resubscribe.
  const context = useMemo(() => ({ queryDeduplication: false, onLive: () => latest.current() }), []);
  const call = useSubscription as (
    doc: TypedDocumentNode<TData, TVariables> | DocumentNode,
    options: useSubscription.Options<TData, TVariables>,
  ) => useSubscription.Result<TData>;
  return call(subscription, { ...rest, context } as useSubscription.Options<TData, TVariables>);
}

/** A live query's result (its data complete, empty or streaming, as `useQuery` answers without partial data). */
type LiveResult<TData, TVariables extends OperationVariables> = useQuery.Result<
  TData,
  TVariables,
  'empty' | 'complete' | 'streaming'
>;

/**
 * A live page's data: `query` (never deduplicated, `LIVE_QUERY`) kept current by
 * `subscription`. When the subscription becomes live the query is refetched quietly; an event
 * does what `onEvent` says, by default a quiet refetch too (`refetch` in its second argument;
 * a page that writes the event into the cache instead uses `client`).
 */
export function useLiveQuery<
  TData,
  TVariables extends OperationVariables,
  SData,
  SVariables extends OperationVariables = OperationVariables,
>(
  query: TypedDocumentNode<TData, TVariables>,
  options: useQuery.Options<NoInfer<TData>, NoInfer<TVariables>>,
  live: {
    subscription: TypedDocumentNode<SData, SVariables>;
    variables?: SVariables;
    /** Not subscribed while true (or while it answers true for the query's result). */
    skip?: boolean | ((result: LiveResult<TData, TVariables>) => boolean);
    onEvent?: (
      event: SData | undefined,
      tools: { client: ApolloClient; refetch: () => void; result: LiveResult<TData, TVariables> },
    ) => void;
  },
): LiveResult<TData, TVariables> {
  const call = useQuery as unknown as (
    q: TypedDocumentNode<TData, TVariables>,
    o: useQuery.Options<TData, TVariables>,
  ) => LiveResult<TData, TVariables>;
  const result = call(query, { ...options, context: LIVE_QUERY } as useQuery.Options<TData, TVariables>);
  const refetch = () => void refetchQuietly(result);
  useLiveSubscription(live.subscription, {
    variables: live.variables,
    skip: typeof live.skip === 'function' ? live.skip(result) : live.skip,
    onLive: refetch,
    onData: ({ client, data }) => {
      // An event written into the cache while a refetch is in flight could be overwritten by
      // that refetch's older answer: one more refetch follows it.
      refetchAgainIfInFlight(result.observable);
      if (live.onEvent) live.onEvent(data.data, { client, refetch, result });
      else refetch();
    },
  } as useSubscription.Options<SData, SVariables> & { onLive: () => void });
  return result;
}
