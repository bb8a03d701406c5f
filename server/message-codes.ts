import { type Coded, type DomainError, ErrorCode } from './errors.ts';
import { FAILURES } from './failures.ts';

/**
 * The codes an answer carries. A failure of ours is thrown with its code (server/failures.ts:
 * `fail`, and `says` for an input check) and answered with it; nothing is recovered from the
 * English. What has no code of its own has its kind's: zod's own wording where a check gives no
 * message of ours, a framework's refusal (VALIDATION, NOT_FOUND, …); a failure of the server is
 * INTERNAL (REST) or INTERNAL_SERVER_ERROR (GraphQL).
 */
export const ALL_CODES: readonly string[] = [
  ...new Set([...Object.keys(FAILURES), ...Object.values(ErrorCode), 'INTERNAL', 'INTERNAL_SERVER_ERROR']),
];

/** The codes answers carried before their failure had its own (`legacyCode`), by the new code. */
export const LEGACY_CODES: Record<string, string> = Object.fromEntries(
  Object.entries(FAILURES).flatMap(([code, f]) => ('was' in f ? [[code, f.was]] : [])),
);

/** What an answer says of a failure: the code it was thrown with, else its kind. */
export function answerCode(error: DomainError): Coded {
  return error.coded ?? { code: error.code };
}
