import { type Coded, DomainError, type ErrorCode } from './errors.ts';

/**
 * Failures that carry their code: a service throws `fail('WITHDRAWAL_BELOW_MINIMUM')` (with typed
 * parameters where the message has `{name}`s), and the transports answer that code and those
 * parameters as they are — REST `{ error, code, params }` with the status of its `kind`, GraphQL
 * `extensions.messageCode` and `extensions.params` — nothing is recovered from the English. The
 * code names what happened; the English is rendered from `message` (the spec's wording) and can
 * change without moving the code. `was`: the code an answer carried before, still sent as
 * `legacyCode` (REST) and `extensions.legacyCode` (GraphQL) for a client that keys on it.
 *
 * The areas move their failures here one by one (the payouts area first); a message not here is
 * still coded by server/message-codes.ts until its area moves.
 */
interface Failure {
  kind: ErrorCode;
  message: string;
  /** The request field the failure is about (REST `field` in GraphQL's extensions, forms' field). */
  field?: string;
  was?: string;
}

export const FAILURES = {
  // Who may do what (server/lib/access.ts).
  SIGN_IN_REQUIRED: {
    kind: 'UNAUTHENTICATED',
    message: 'Unauthorized, please sign in again',
    was: 'UNAUTHORIZED_PLEASE_SIGN_IN_AGAIN',
  },
  STAFF_ROLE_REQUIRED: { kind: 'FORBIDDEN', message: 'You do not have access to this', was: 'YOU_DO_NOT_HAVE_ACCESS' },
  STAFF_SECOND_FACTOR_REQUIRED: {
    kind: 'FORBIDDEN',
    message:
      'Staff actions need a second factor on your account: add an authenticator app on the Security page (user menu → Security), then try again.',
    was: 'STAFF_ACTIONS_NEED_SECOND_FACTOR',
  },
  NOT_YOUR_ACCOUNTS: { kind: 'FORBIDDEN', message: 'You do not have access to this', was: 'YOU_DO_NOT_HAVE_ACCESS' },
  // A withdrawal asked for.
  WITHDRAWAL_BELOW_MINIMUM: {
    kind: 'VALIDATION',
    message: 'The value must be at least 50',
    field: 'amount',
    was: 'VALUE_MUST_AT_LEAST_50',
  },
  WITHDRAWAL_OVER_AVAILABLE: {
    kind: 'VALIDATION',
    message: 'You can withdraw up to {available} $, your available balance',
    field: 'amount',
    was: 'WITHDRAW_UP_TO_AVAILABLE',
  },
  WITHDRAWAL_OVER_AVAILABLE_WITH_HOLD: {
    kind: 'VALIDATION',
    message: 'You can withdraw up to {available} $ now: {onHold} $ more is on hold until its conversions are confirmed',
    field: 'amount',
    was: 'WITHDRAW_UP_TO_ON_HOLD',
  },
  WITHDRAWALS_STOPPED: {
    kind: 'FORBIDDEN',
    message:
      'Withdrawals of this account are stopped: someone said a sign-in or change was not theirs. Sign in with your second factor or reset your password to resume them.',
    was: 'WITHDRAWALS_OF_ACCOUNT_ARE_STOPPED',
  },
  // The address a withdrawal goes to, or one being saved.
  ADDRESS_NOT_TON: {
    kind: 'VALIDATION',
    message: 'Enter a valid TON wallet address (USDT on TON)',
    field: 'walletAddress',
    was: 'ENTER_VALID_TON_WALLET_ADDRESS',
  },
  ADDRESS_ON_TESTNET: {
    kind: 'VALIDATION',
    message: 'This is a testnet address: payouts are sent on TON mainnet',
    field: 'walletAddress',
    was: 'TESTNET_ADDRESS_PAYOUTS_ARE_SENT',
  },
  ADDRESS_ON_MAINNET: {
    kind: 'VALIDATION',
    message: 'This is a mainnet address: payouts are sent on TON testnet',
    field: 'walletAddress',
    was: 'MAINNET_ADDRESS_PAYOUTS_ARE_SENT',
  },
  ADDRESS_NOT_BASECHAIN: {
    kind: 'VALIDATION',
    message: 'Enter a basechain address (workchain 0): USDT is paid there',
    field: 'walletAddress',
    was: 'ENTER_BASECHAIN_ADDRESS_WORKCHAIN_0',
  },
  ADDRESS_IS_THE_NETWORKS: {
    kind: 'VALIDATION',
    message: 'This is one of the network’s own payout addresses: enter your own wallet address',
    field: 'walletAddress',
    was: 'ONE_OF_NETWORK_S_OWN',
  },
  ADDRESS_ON_HOLD: {
    kind: 'CONFLICT',
    message:
      'This withdrawal goes to a new address: it can be approved from {holdUntil} (PAYOUT_NEW_ADDRESS_HOLD_HOURS after the request)',
    was: 'WITHDRAWAL_GOES_TO_NEW_ADDRESS',
  },
  // Saved payout addresses.
  PAYOUT_ADDRESS_LABEL_INVALID: {
    kind: 'VALIDATION',
    message: 'Enter a label of 1 to 60 characters, e.g. “My Tonkeeper”',
    field: 'label',
    was: 'ENTER_LABEL_OF_1_TO',
  },
  PAYOUT_ADDRESS_SAVED_ALREADY: {
    kind: 'CONFLICT',
    message: 'This address is saved already',
    was: 'ADDRESS_SAVED_ALREADY',
  },
  PAYOUT_ADDRESSES_FULL: {
    kind: 'CONFLICT',
    message: 'Keep at most {max} addresses: remove one first',
    was: 'KEEP_AT_MOST_ADDRESSES_REMOVE',
  },
  PAYOUT_ADDRESS_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Payout address not found' },
  // Finance deciding withdrawals.
  WITHDRAWAL_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Withdrawal not found' },
  NO_WITHDRAWAL_CHOSEN: {
    kind: 'VALIDATION',
    message: 'Choose at least one withdrawal',
    field: 'ids',
    was: 'CHOOSE_AT_LEAST_ONE_WITHDRAWAL',
  },
  TOO_MANY_WITHDRAWALS_CHOSEN: {
    kind: 'VALIDATION',
    message: 'Approve at most 1000 withdrawals at once',
    field: 'ids',
    was: 'APPROVE_AT_MOST_1000_WITHDRAWALS',
  },
  WITHDRAWAL_ENDED: { kind: 'CONFLICT', message: 'This withdrawal is already {status}', was: 'WITHDRAWAL_ALREADY' },
  WITHDRAWAL_APPROVED_ALREADY: {
    kind: 'CONFLICT',
    message: 'This withdrawal is already approved',
    was: 'WITHDRAWAL_ALREADY_APPROVED',
  },
  WITHDRAWAL_IN_FLIGHT: {
    kind: 'CONFLICT',
    message: 'This withdrawal is sent: it ends when the chain confirms or refuses its transfer',
    was: 'WITHDRAWAL_SENT_IT_ENDS_WHEN',
  },
  REJECTION_REASON_MISSING: { kind: 'VALIDATION', message: 'Enter the reason', field: 'reason', was: 'ENTER_REASON' },
  OWN_WITHDRAWAL: {
    kind: 'FORBIDDEN',
    message: 'This is your own withdrawal: another finance person approves or rejects it',
    was: 'YOUR_OWN_WITHDRAWAL_ANOTHER_FINANCE',
  },
  SECOND_APPROVAL_BY_SAME_PERSON: {
    kind: 'CONFLICT',
    message: 'You gave the first approval: a second finance person gives the other (withdrawals of this size need two)',
    was: 'YOU_GAVE_FIRST_APPROVAL_SECOND',
  },
} as const satisfies Record<string, Failure>;

export type FailureCode = keyof typeof FAILURES;

/** The `{name}`s of a message, as a union of their names. */
type Names<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Names<Rest> : never;
/** What `fail` takes after the code: nothing, or a value for each `{name}` of its message. */
export type FailureParams<C extends FailureCode> = [Names<(typeof FAILURES)[C]['message']>] extends [never]
  ? []
  : [params: Record<Names<(typeof FAILURES)[C]['message']>, string | number>];

/** The English of a message with its parameters filled in. */
export function render(message: string, params: Record<string, string> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** A failure that carries its code and parameters; its English is rendered from the code. */
export function fail<C extends FailureCode>(code: C, ...[params]: FailureParams<C>): DomainError {
  const failure: Failure = FAILURES[code];
  const values = params
    ? Object.fromEntries(Object.entries(params as Record<string, string | number>).map(([k, v]) => [k, String(v)]))
    : undefined;
  const error = new DomainError(failure.kind, render(failure.message, values), failure.field);
  const coded: Coded = {
    code,
    ...(values ? { params: values } : {}),
    ...(failure.was ? { legacyCode: failure.was } : {}),
  };
  error.coded = coded;
  return error;
}
