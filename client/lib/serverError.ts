import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { errorMessage } from './api';

/** The server's first message and, for validation errors, the input it is about. */
export function serverError(error: unknown): { message: string; field?: string } {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const [first] = error.errors;
    const field = first.extensions?.field;
    return { message: first.message, field: typeof field === 'string' ? field : undefined };
  }
  return { message: errorMessage(error) };
}

export function isForbidden(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
}
