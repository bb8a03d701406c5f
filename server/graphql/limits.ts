import { ApolloArmor } from '@escape.tech/graphql-armor';

/**
 * What one GraphQL operation may ask for, checked before it runs (graphql-armor): aliases,
 * depth, directives, tokens and an estimated cost. Every operation of the web client passes
 * with room to spare (a test runs them all through these limits); a query of 2,000 aliases of
 * `me` is refused in validation, on HTTP (400) and on graphql-ws alike.
 */
export const GRAPHQL_LIMITS = {
  maxAliases: 15,
  maxDepth: 12,
  maxDirectives: 20,
  maxTokens: 2000,
  maxCost: 5000,
} as const;

export function graphqlArmor() {
  return new ApolloArmor({
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    // Tokens are limited by graphql's own parser (Apollo's parseOptions, graphql-ws's parse):
    // armor's parser plugin answered 500 for its refusal.
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    // Suggestions are dropped in production by formatGraphQLError and the document cache
    // (errors.ts), which also cover graphql-ws; armor's plugin only sees Apollo's errors.
    blockFieldSuggestion: { enabled: false },
  }).protect();
}
