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
  /** A fresh proof (the second factor, or the password) is needed first: REST 403 with `methods`. */
  STEP_UP_REQUIRED: 'STEP_UP_REQUIRED',
  /** Somebody else saved the thing first (a stale If-Match or expectedVersion): REST 412 with `current`. */
  STALE_VERSION: 'STALE_VERSION',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * A failure's own code (server/failures.ts `fail`): answered as it is, not recovered from the
 * English. `legacyCode`: the code the same failure was answered with before it had its own.
 */
export interface Coded {
  code: string;
  params?: Record<string, string>;
  legacyCode?: string;
}

export class DomainError extends Error {
  /** Set by `fail` (server/failures.ts); a failure without one is coded from its message. */
  coded?: Coded;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** For RATE_LIMITED and UNAVAILABLE: when to try again (REST's Retry-After). */
    readonly retryAfterSeconds?: number,
    /** What the client can do next, machine-readable (REST's `next`, GraphQL's `extensions.next`). */
    readonly next?: 'EMAIL_CODE' | 'SECOND_FACTOR',
    /** For STEP_UP_REQUIRED: the proofs this account can give (REST's and GraphQL's `methods`). */
    readonly methods?: readonly string[],
    /** For STALE_VERSION: the thing as it is now (REST's and GraphQL's `current`). */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The HTTP status of each code: the REST layer's one mapping. */
export function httpStatus(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.VALIDATION:
      return 400;
    case ErrorCode.UNAUTHENTICATED:
      return 401;
    case ErrorCode.FORBIDDEN:
    case ErrorCode.STEP_UP_REQUIRED:
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
    case ErrorCode.STALE_VERSION:
      return 412;
  }
}

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 3;

// Connection failures (Node), and PostgreSQL's own: admin/crash shutdown, cannot connect now,
// connection exceptions (class 08), too many connections.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|Timeout acquiring a connection|Knex: Timeout|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i;

/**
 * `err` and what it wraps: MikroORM's driver exceptions keep the pg error as `previous`, others
 * as `cause`, an AggregateError its `errors`; four levels at most.
 */
function* wrapped(err: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (!err || typeof err !== 'object' || depth > 4) return;
  yield err as Record<string, unknown>;
  if (err instanceof AggregateError) for (const e of err.errors) yield* wrapped(e, depth + 1);
  const e = err as { previous?: unknown; cause?: unknown };
  yield* wrapped(e.previous, depth + 1);
  yield* wrapped(e.cause, depth + 1);
}

/**
 * True when `err` (or what it wraps) says the database could not be reached, as opposed to a
 * query it refused: such a request may simply be retried.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (const e of wrapped(err)) {
    if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
    if (e.name === 'ConnectionException' || e.name === 'KnexTimeoutError') return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The SQLSTATE of a PostgreSQL error, wherever MikroORM or pg put it. */
export function sqlState(err: unknown): string | undefined {
  for (const e of wrapped(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    if (typeof e.sqlState === 'string') return e.sqlState;
  }
  return undefined;
}
