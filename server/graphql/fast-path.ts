import { createRequire } from 'node:module';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentNode, ExecutionResult, GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { graphqlFastPathTotal } from '../lib/metrics.ts';
import { forgetRequestScopes } from './builder.ts';
import type { Context, ContextFactory } from './context.ts';
import { type DocumentCache, MAX_CACHED_QUERY_LENGTH, MAX_DOCUMENTS } from './documents.ts';

// graphql's CommonJS copy, the one the schema was built with (see graphql/jit.ts).
const require = createRequire(import.meta.url);
const graphql = require('graphql') as typeof import('graphql');
const { compileQuery, isCompiledQuery } = require('graphql-jit') as typeof import('graphql-jit');

type Run = (
  context: Context,
  variables: Record<string, unknown> | undefined,
) => Promise<ExecutionResult> | ExecutionResult;

/** A query document seen before: parsed and validated once, its operations by name. */
interface Known {
  document: DocumentNode;
  /** Operation name ('' for an anonymous one) → true when it is a query. */
  queries: Map<string, boolean>;
  /** Each query operation compiled by graphql-jit (graphql-js where jit cannot), on first use. */
  runs: Map<string, Run>;
}

export interface FastPathOptions {
  schema: GraphQLSchema;
  /** Parsed and validated documents under Apollo's rules (shared with graphql-ws). */
  documents: DocumentCache;
  makeContext: ContextFactory;
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
}

/**
 * Queries over HTTP without Apollo Server's request pipeline. A JSON POST of a valid query
 * document already seen is executed here, compiled by graphql-jit (graphql-js's executor where
 * jit cannot compile it), against the same schema, context and error formatting, and answered
 * as Apollo answers it (200,
 * `{ data, errors }`). Everything else returns false and goes to Apollo: the first sight of a
 * document (Apollo parses and validates it; a valid one is remembered here), documents that do
 * not parse or validate (their 400s), mutations, GET, batches, persisted queries, a context that
 * cannot be built (503) and variables that do not coerce (400).
 *
 * It exists for the hot authenticated reads (the header's balances, lists): Apollo's pipeline
 * costs as much CPU as the read itself (docs/performance.md).
 */
export function graphqlFastPath(opts: FastPathOptions) {
  const known = new Map<string, Known | null>();

  /** The document of `query` when it is valid; null when it is not (Apollo answers it). */
  const learn = (query: string): Known | null => {
    let document: DocumentNode;
    try {
      document = opts.documents.parse(query);
    } catch {
      return null;
    }
    if (opts.documents.validate(document).length) return null;
    const queries = new Map<string, boolean>();
    for (const d of document.definitions) {
      if (d.kind === graphql.Kind.OPERATION_DEFINITION) queries.set(d.name?.value ?? '', d.operation === 'query');
    }
    return { document, queries, runs: new Map() };
  };

  const compile = (doc: Known, name: string): Run => {
    const compiled = compileQuery(opts.schema, doc.document, name || undefined);
    if (isCompiledQuery(compiled)) return (context, variables) => compiled.query(undefined, context, variables ?? {});
    return (context, variables) =>
      graphql.execute({
        schema: opts.schema,
        document: doc.document,
        operationName: name || undefined,
        variableValues: variables,
        contextValue: context,
      }) as Promise<ExecutionResult> | ExecutionResult;
  };

  return async function serve(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (req.method !== 'POST') return false;
    // Apollo's CSRF prevention accepts a JSON content type (not a "simple" request).
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return false;
    const body = req.body as
      | { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: unknown }
      | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
    const { query, operationName, variables, extensions } = body;
    if (typeof query !== 'string' || query.length > MAX_CACHED_QUERY_LENGTH) return false;
    // Apollo Client sends `extensions.clientLibrary`, which Apollo ignores; persisted queries are Apollo's.
    if (extensions !== undefined && extensions !== null) {
      if (typeof extensions !== 'object' || Array.isArray(extensions) || 'persistedQuery' in extensions) return false;
    }
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return false;
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables)))
      return false;
    const doc = known.get(query);
    if (doc === undefined) {
      // First sight: Apollo answers this one; the next is served here if it is a valid query.
      if (known.size >= MAX_DOCUMENTS) known.clear();
      known.set(query, learn(query));
      return false;
    }
    if (!doc) return false;
    const name = (operationName as string | null | undefined) ?? '';
    const isQuery = name ? doc.queries.get(name) : doc.queries.size === 1 ? [...doc.queries.values()][0] : undefined;
    if (!isQuery) return false;

    let contextValue: Context;
    try {
      contextValue = await opts.makeContext(req);
    } catch {
      return false;
    }
    let run = doc.runs.get(name);
    if (!run) {
      run = compile(doc, name);
      doc.runs.set(name, run);
    }
    let result: ExecutionResult;
    try {
      result = await run(contextValue, (variables as Record<string, unknown> | null | undefined) ?? undefined);
    } finally {
      forgetRequestScopes(contextValue);
    }
    // Variables that do not coerce stop before any resolver runs: Apollo answers them (400).
    if (!('data' in result) || result.data === undefined) return false;
    const out: { errors?: GraphQLFormattedError[]; data: unknown } = { data: result.data };
    if (result.errors?.length) {
      // As Apollo hands them to formatError: a default code, and a resolver's own error unwrapped.
      out.errors = result.errors.map((e) =>
        opts.formatError(
          { ...e.toJSON(), extensions: { ...e.extensions, code: e.extensions?.code ?? 'INTERNAL_SERVER_ERROR' } },
          e.path && e.originalError ? e.originalError : e,
        ),
      );
    }
    void reply.code(200).header('content-type', 'application/json; charset=utf-8');
    void reply.send(JSON.stringify(out));
    graphqlFastPathTotal.inc();
    return true;
  };
}
