import { dataException, databaseUnavailable } from '../failures.ts';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, ErrorCode, isDatabaseUnreachable } from '../errors.ts';
import { answerCode } from '../message-codes.ts';

/** GraphQL's one mapping of domain error codes to `extensions.code`. */
export function graphqlCode(code: ErrorCode): string {
  switch (code) {
    case ErrorCode.VALIDATION:
      return 'BAD_USER_INPUT';
    case ErrorCode.UNAUTHENTICATED:
      return 'UNAUTHENTICATED';
    case ErrorCode.FORBIDDEN:
      return 'FORBIDDEN';
    case ErrorCode.NOT_FOUND:
      return 'NOT_FOUND';
    case ErrorCode.CONFLICT:
      return 'CONFLICT';
    case ErrorCode.TOO_LARGE:
      return 'PAYLOAD_TOO_LARGE';
    case ErrorCode.RATE_LIMITED:
      return 'RATE_LIMITED';
    case ErrorCode.UNAVAILABLE:
      return 'SERVICE_UNAVAILABLE';
    case ErrorCode.STEP_UP_REQUIRED:
      return 'STEP_UP_REQUIRED';
    case ErrorCode.STALE_VERSION:
      return 'STALE_VERSION';
  }
}

const GRAPHQL_OWN_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
  // The context could not be built (app/graphql.ts, the database is unreachable): its own message and HTTP 503.
  'SERVICE_UNAVAILABLE',
]);

/**
 * graphql-js's hints ('Did you mean "me"?', 'Did you mean the enum value "ACTIVE"?') spell out
 * the schema's field, argument, type and value names to whoever guesses near them: production
 * keeps them to itself, as it keeps introspection.
 */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?/g, '').trim();
}

/**
 * Clients get a message and a code; never a stack trace. Unknown errors are logged by the
 * caller with the request id and answered as INTERNAL_SERVER_ERROR. `suggestions: false`
 * (production) drops graphql-js's "Did you mean …?" hints.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  onUnexpected: (err: unknown) => void,
  opts: { suggestions?: boolean } = {},
): GraphQLFormattedError {
  const result = format(formatted, error, onUnexpected);
  if (opts.suggestions !== false) return result;
  return { ...result, message: withoutSuggestions(result.message) };
}

function format(
  formatted: GraphQLFormattedError,
  error: unknown,
  onUnexpected: (err: unknown) => void,
): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  // A database that cannot be reached is the domain's UNAVAILABLE, as over REST.
  const refused = dataException(unwrapped);
  // A value PostgreSQL refused that validation let through: the client is told what to fix,
  // and the log says which check is missing.
  if (refused) onUnexpected(unwrapped);
  const original =
    isDatabaseUnreachable(unwrapped) || isDatabaseUnreachable((unwrapped as GraphQLError)?.originalError)
      ? databaseUnavailable()
      : (refused ?? unwrapped);
  if (original instanceof DomainError) {
    // The failure's machine code and parameters, as REST's `code` and `params` (server/failures.ts).
    const { code: messageCodeOf, params, legacyCode } = answerCode(original);
    return {
      message: original.message,
      path: formatted.path,
      extensions: {
        code: graphqlCode(original.code),
        messageCode: messageCodeOf,
        ...(params ? { params } : {}),
        ...(legacyCode ? { legacyCode } : {}),
        ...(original.field ? { field: original.field } : {}),
        ...(original.next ? { next: original.next } : {}),
        ...(original.methods ? { methods: original.methods } : {}),
        ...(original.current !== undefined ? { current: original.current } : {}),
      },
    };
  }
  const code = formatted.extensions?.code as string | undefined;
  if (code && GRAPHQL_OWN_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  // Errors graphql-js raised itself while coercing variables carry no original error.
  if (!(original instanceof Error) || original.constructor.name === 'GraphQLError') {
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: code ?? 'BAD_REQUEST' },
    };
  }
  onUnexpected(original);
  return {
    message: 'Internal server error',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', messageCode: 'INTERNAL_SERVER_ERROR' },
  };
}
