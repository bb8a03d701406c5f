import { ApolloClient, ApolloLink, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { parse } from 'graphql';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { refetchAgainIfInFlight, refetchQuietly } from './live';

// Parsed, not tagged: a test's own document, not one of the app's (codegen reads tagged ones).
const QueueQuery = parse('query Queue { queue { id count } }') as TypedDocumentNode<{
  queue: { __typename: 'Queue'; id: string; count: number };
}>;

/**
 * A server whose answers are held until the test lets them go: each request reads the state as
 * it is when the request arrives (as a database would), and answers when released.
 */
function heldServer() {
  const state = { count: 1 };
  const held: Array<() => void> = [];
  let requests = 0;
  const link = new ApolloLink(
    () =>
      new Observable((observer) => {
        requests++;
        const data = { queue: { __typename: 'Queue', id: 'q', count: state.count } };
        held.push(() => {
          observer.next({ data });
          observer.complete();
        });
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  /** Answers the held requests newest first (a slow older answer arriving last), until none is left. */
  const releaseNewestFirst = async () => {
    for (let i = 0; i < 20; i++) {
      await settle();
      const next = held.pop();
      if (!next) return;
      next();
    }
  };
  return { client, state, held, releaseNewestFirst, requests: () => requests };
}

describe('refetchQuietly', () => {
  it('never lets an older answer land last: the page ends at what the last event changed', async () => {
    const server = heldServer();
    const observable = server.client.watchQuery({ query: QueueQuery });
    const seen: number[] = [];
    const sub = observable.subscribe(({ data }) => {
      if (typeof data?.queue?.count === 'number') seen.push(data.queue.count);
    });
    await server.releaseNewestFirst();
    expect(seen.at(-1)).toBe(1);

    const result = { client: server.client, observable, refetch: () => observable.refetch() };
    // Two changes, each followed by its event's refetch, the first answer slower than the second.
    server.state.count = 2;
    const first = refetchQuietly(result);
    server.state.count = 3;
    const second = refetchQuietly(result);
    await server.releaseNewestFirst();
    await Promise.all([first, second]);

    expect(server.client.readQuery({ query: QueueQuery })?.queue.count).toBe(3);
    expect(seen.at(-1)).toBe(3);
    // Asked for during a request in flight, one more request runs after it (not one per ask).
    server.state.count = 4;
    const asks = [refetchQuietly(result), refetchQuietly(result), refetchQuietly(result)];
    await server.releaseNewestFirst();
    await Promise.all(asks);
    expect(server.requests()).toBe(1 + 2 + 2);
    expect(seen.at(-1)).toBe(4);
    sub.unsubscribe();
  });

  it('an event written into the cache while a refetch is in flight is followed by one more refetch', async () => {
    // The balance chip's case: the reload when its subscription becomes live reads the balances,
    // then a conversion's event lands before that answer does; the answer, written last, would
    // put the older figure back.
    const server = heldServer();
    const observable = server.client.watchQuery({ query: QueueQuery });
    const sub = observable.subscribe(() => {});
    await server.releaseNewestFirst();
    const result = { client: server.client, observable, refetch: () => observable.refetch() };

    const reload = refetchQuietly(result); // reads count 1
    server.state.count = 2;
    server.client.writeQuery({ query: QueueQuery, data: { queue: { __typename: 'Queue', id: 'q', count: 2 } } });
    refetchAgainIfInFlight(observable);
    await server.releaseNewestFirst();
    await reload;
    expect(server.requests()).toBe(1 + 2);
    expect(server.client.readQuery({ query: QueueQuery })?.queue.count).toBe(2);

    // None in flight: an event alone sends nothing.
    refetchAgainIfInFlight(observable);
    await server.releaseNewestFirst();
    expect(server.requests()).toBe(3);
    sub.unsubscribe();
  });
});
