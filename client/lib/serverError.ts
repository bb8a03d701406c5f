import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ApiError, errorMessage, sayServerMessage } from './api';

export interface ServerError {
  /** In the reader's language (client/lib/serverMessages.ts). */
  message: string;
  /** For a validation error, the input it is about. */
  field?: string;
  /** The message's machine code and parameters (server/failures.ts). */
  code?: string;
  params?: Record<string, string>;
}

/** The server's first message (GraphQL's or REST's) and, for validation errors, the input it is about. */
export function serverError(error: unknown): ServerError {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const [first] = error.errors;
    const { field, messageCode, params, methods } = first.extensions ?? {};
    const code = typeof messageCode === 'string' ? messageCode : undefined;
    const values = params && typeof params === 'object' ? (params as Record<string, string>) : undefined;
    return {
      message: sayServerMessage(code, values, first.message, Array.isArray(methods) ? methods : undefined),
      field: typeof field === 'string' ? field : undefined,
      code,
      params: values,
    };
  }
  if (error instanceof ApiError) return { message: error.message, code: error.code, params: error.params };
  return { message: errorMessage(error) };
}

export function isForbidden(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
}
