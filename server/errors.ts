/** Every expected failure of a service is a DomainError with one of these codes. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A zod failure as a domain error: the first issue's message, as the spec's messages are per field. */
export function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }): DomainError {
  const issue = error.issues[0];
  return validation(issue?.message ?? 'Invalid request', issue?.path.join('.') || undefined);
}

export const validation = (message: string, field?: string) => new DomainError(ErrorCode.VALIDATION, message, field);
export const unauthenticated = (message = 'Unauthorized, please sign in again') =>
  new DomainError(ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message = 'You do not have access to this') => new DomainError(ErrorCode.FORBIDDEN, message);
export const notFound = (what = 'Record') => new DomainError(ErrorCode.NOT_FOUND, `${what} not found`);
export const conflict = (message: string) => new DomainError(ErrorCode.CONFLICT, message);
export const tooLarge = (message = 'Too large file') => new DomainError(ErrorCode.TOO_LARGE, message);
export const rateLimited = (message: string) => new DomainError(ErrorCode.RATE_LIMITED, message);

/** The HTTP status of each code: the REST layer's one mapping. */
export function httpStatus(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.VALIDATION:
      return 400;
    case ErrorCode.UNAUTHENTICATED:
      return 401;
    case ErrorCode.FORBIDDEN:
      return 403;
    case ErrorCode.NOT_FOUND:
      return 404;
    case ErrorCode.CONFLICT:
      return 409;
    case ErrorCode.TOO_LARGE:
      return 413;
    case ErrorCode.RATE_LIMITED:
      return 429;
    case ErrorCode.UNAVAILABLE:
      return 503;
  }
}
