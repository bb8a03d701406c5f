import { createRequire } from 'node:module';
import type { DocumentNode, GraphQLError, GraphQLSchema, ParseOptions, Source, ValidationRule } from 'graphql';
import { withoutSuggestions } from './errors.ts';

// graphql's CommonJS copy, the one the schema was built with (see graphql/jit.ts).
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** Texts kept at most (the cache empties when full: clients choose the text). */
export const MAX_DOCUMENTS = 1000;
/** Longer texts are parsed each time, not kept. */
export const MAX_CACHED_QUERY_LENGTH = 10_000;

/**
 * Parsed and validated documents, shared by graphql-ws and the HTTP fast path: clients send a
 * few documents over and over, so each text is parsed once (with the token limit Apollo's
 * parseOptions apply) and each document validated once under the same rules as Apollo's —
 * graphql's own, graphql-armor's limits and, where introspection is off, its refusal.
 */
export function documentCache(opts: {
  schema: GraphQLSchema;
  validationRules: readonly ValidationRule[];
  introspection: boolean;
  maxTokens: number;
  /** False in production: validation messages lose graphql-js's "Did you mean …?" hints. */
  suggestions?: boolean;
}) {
  const rules = [
    ...graphql.specifiedRules,
    ...opts.validationRules,
    ...(opts.introspection ? [] : [graphql.NoSchemaIntrospectionCustomRule]),
  ];
  const parsed = new Map<string, DocumentNode>();
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    /** Throws graphql's syntax error (or the token limit's) for a text that does not parse. */
    parse(source: string | Source, options?: ParseOptions): DocumentNode {
      const text = typeof source === 'string' ? source : source.body;
      const cached = parsed.get(text);
      if (cached) return cached;
      const document = graphql.parse(source, { ...options, maxTokens: opts.maxTokens });
      if (parsed.size >= MAX_DOCUMENTS) parsed.clear(); // bounded: clients choose the text
      if (text.length <= MAX_CACHED_QUERY_LENGTH) parsed.set(text, document);
      return document;
    },
    validate(document: DocumentNode): readonly GraphQLError[] {
      let errors = validated.get(document);
      if (!errors) {
        errors = graphql.validate(opts.schema, document, rules);
        if (opts.suggestions === false) {
          for (const e of errors) e.message = withoutSuggestions(e.message);
        }
        validated.set(document, errors);
      }
      return errors;
    },
  };
}

export type DocumentCache = ReturnType<typeof documentCache>;
