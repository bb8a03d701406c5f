import { ApolloClient, ApolloLink, InMemoryCache, type OperationVariables } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockSubscriptionLink } from '@apollo/client/testing';
import { OperationTypeNode } from 'graphql';
import type { ReactNode } from 'react';
import { Observable } from 'rxjs';

/** The `data` answering one query or mutation, or undefined when the test does not expect it. */
type Respond = (operationName: string, variables: OperationVariables) => Record<string, unknown> | undefined;

/**
 * An Apollo client for component tests: queries and mutations are answered by `respond`
 * (`data` only), subscriptions go to a MockSubscriptionLink whose
 * `simulateResult` pushes an event. `calls` records every query and mutation sent, `subscribed`
 * tells whether a subscription was opened.
 */
export function testApollo(respond: Respond) {
  const subscriptions = new MockSubscriptionLink();
  const calls: { operationName: string; variables: OperationVariables }[] = [];
  const operations = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { operationName = '', variables } = operation;
        calls.push({ operationName, variables });
        const data = respond(operationName, variables);
        if (!data) {
          observer.error(new Error(`No test answer for ${operationName}`));
          return;
        }
        // Answer asynchronously, like a network would.
        const timer = setTimeout(() => {
          observer.next({ data });
          observer.complete();
        });
        return () => clearTimeout(timer);
      }),
  );
  /** The subscriptions opened so far, by operation name. */
  const opened: string[] = [];
  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    ApolloLink.from([
      new ApolloLink((operation, forward) => {
        opened.push(operation.operationName ?? '');
        return forward(operation);
      }),
      subscriptions,
    ]),
    operations,
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const wrap = (ui: ReactNode) => <ApolloProvider client={client}>{ui}</ApolloProvider>;
  /** Pushes one subscription event to every open subscription. */
  const emit = (data: Record<string, unknown>) => subscriptions.simulateResult({ result: { data } });
  const count = (operationName: string) => calls.filter((c) => c.operationName === operationName).length;
  /** Whether the page has opened this subscription (an event emitted before it would be lost). */
  const subscribed = (operationName: string) => opened.includes(operationName);
  return { client, wrap, emit, calls, count, subscribed };
}
