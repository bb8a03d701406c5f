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
    return query.subscribe(args.rootValue, args.contextValue, args.variableValues) as ReturnType<Subscribe>;
  };
}
