import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { act, render, screen } from '@testing-library/react';
import { parse } from 'graphql';
import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../test-apollo';

/*
 * Apollo's store updates render as transitions (client/apollo-transition-updates.ts, applied to
 * the Apollo bundled into these tests as to the app's build). What tells a transition from an
 * urgent update: when the new render suspends, a transition keeps what is on screen, an urgent
 * update replaces it with the Suspense fallback.
 */
// Parsed, not tagged: a test's own document, not one of the app's (codegen reads tagged ones).
const CounterQuery = parse('query Counter { counter { id n } }') as TypedDocumentNode<{
  counter: { __typename: 'Counter'; id: string; n: number };
}>;

const pending = new Promise<never>(() => {});

function Count({ n }: { n: number }) {
  if (n === 2) use(pending);
  return <p>n is {n}</p>;
}

function Counter() {
  const { data } = useQuery(CounterQuery);
  if (!data) return <p>loading</p>;
  return (
    <Suspense fallback={<p>fallback</p>}>
      <Count n={data.counter.n} />
    </Suspense>
  );
}

describe("Apollo's updates", () => {
  it('render as a transition: a render that suspends keeps the page on screen, the next answer shows', async () => {
    const { client, wrap } = testApollo(() => ({ counter: { __typename: 'Counter', id: 'c', n: 1 } }));
    render(wrap(<Counter />));
    expect(await screen.findByText('n is 1')).toBeInTheDocument();

    const write = (n: number) =>
      act(async () => {
        client.writeQuery({ query: CounterQuery, data: { counter: { __typename: 'Counter', id: 'c', n } } });
      });
    await write(2);
    expect(screen.getByText('n is 1')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();

    await write(3);
    expect(await screen.findByText('n is 3')).toBeInTheDocument();
  });
});
