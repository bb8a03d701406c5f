import { createRequire } from 'node:module';
import type { DocumentNode, ExecutionArgs, ExecutionResult } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';

// Loaded as CommonJS on purpose: the schema is built with graphql's CommonJS copy, and graphql
// refuses schema objects from another copy ("another module or realm") — under vitest, an ES
// import here would get the ES copy.
const require = createRequire(import.meta.url);
const { compileQuery, isCompiledQuery } = require('graphql-jit') as typeof import('graphql-jit');
const graphql = require('graphql') as typeof import('graphql');

type Subscribe = (args: ExecutionArgs) => Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>;

/**
 * Subscriptions with graphql-jit: each subscription document is compiled once into a function,
 * so every event (a `balanceChanged` to thousands of subscribers) runs compiled code instead of
 * graphql-js's generic executor. A document jit cannot compile falls back to graphql-js.
 */
export function jitSubscribe(): Subscribe {
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();
  return (args) => {
    let byOperation = compiled.get(args.document);
    if (!byOperation) {
      byOperation = new Map();
      compiled.set(args.document, byOperation);
    }
    const key = args.operationName ?? '';
    let query = byOperation.get(key);
    if (query === undefined) {
      const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
      query = isCompiledQuery(result) && result.subscribe ? result : null;
      byOperation.set(key, query);
    }
    if (!query?.subscribe) return graphql.subscribe(args) as ReturnType<Subscribe>;
    // A root field without arguments (balanceChanged): graphql-jit's own subscribe is right and fastest.
    if (!hasArguments(args)) {
      return query.subscribe(args.rootValue, args.contextValue, args.variableValues) as ReturnType<Subscribe>;
    }
    // The event stream comes from graphql-js, once per subscription: graphql-jit's own subscribe
    // (0.8.9) hands the operation's variables to the field's `subscribe` as its arguments, so
    // `campaignStatsChanged(projectId: "7")` or `(projectId: $p)` would arrive without projectId.
    // Every event then runs the compiled query.
    const compiledQuery = query;
    return (async () => {
      const stream = await graphql.createSourceEventStream(args);
      if (!(Symbol.asyncIterator in Object(stream))) return stream as ExecutionResult;
      return mapAsyncIterator(stream as AsyncIterable<unknown>, (payload) =>
        compiledQuery.query(payload, args.contextValue, args.variableValues),
      );
    })() as ReturnType<Subscribe>;
  };
}

/** `iterable` with `fn` applied to each value; return() and throw() reach the source (unsubscribe). */
function mapAsyncIterator<T, U>(
  iterable: AsyncIterable<T>,
  fn: (value: T) => U | Promise<U>,
): AsyncIterableIterator<U> {
  const source = iterable[Symbol.asyncIterator]();
  const map = async (r: IteratorResult<T>): Promise<IteratorResult<U>> =>
    r.done ? { value: undefined, done: true } : { value: await fn(r.value), done: false };
  return {
    next: () => source.next().then(map),
    return: () => (source.return ? source.return().then(map) : Promise.resolve({ value: undefined, done: true })),
    throw: (error?: unknown) => (source.throw ? source.throw(error).then(map) : Promise.reject(error)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** Whether the operation's subscription field is called with arguments. */
function hasArguments(args: ExecutionArgs): boolean {
  const operation = args.document.definitions.find(
    (d): d is import('graphql').OperationDefinitionNode =>
      d.kind === 'OperationDefinition' && (!args.operationName || d.name?.value === args.operationName),
  );
  const field = operation?.selectionSet.selections[0];
  return field?.kind !== 'Field' || (field.arguments?.length ?? 0) > 0;
}
