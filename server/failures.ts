import { type Coded, DomainError, type ErrorCode, sqlState } from './errors.ts';
import { formatMoney, MAX_MICROS } from './lib/money.ts';

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
  /** Its wording when the first proof the account can give (`methods[0]`) is this one. */
  byProof?: Partial<Record<'PASSKEY' | 'PASSWORD', string>>;
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
  // Teams: an account's people and what each may do.
  ACCESS_LEVEL_TOO_LOW: {
    kind: 'FORBIDDEN',
    message:
      'Your access level on this account does not allow this: it needs {needed} access. Ask an Admin of the account.',
  },
  MONEY_OUT_NEEDS_OWN_SECOND_FACTOR: {
    kind: 'FORBIDDEN',
    message:
      'Taking money out of an account you are a member of needs a second factor on your own sign-in: add an authenticator app on the Security page (user menu → Security), then try again.',
  },
  ACCOUNT_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Account not found' },
  VERSION_INVALID: {
    kind: 'VALIDATION',
    message: 'If-Match must be the version you read (the ETag), e.g. "3"',
    field: 'expectedVersion',
  },
  STALE_VERSION: {
    kind: 'STALE_VERSION',
    message:
      '{by} saved this {thing} after you opened it (now version {version}): nothing of yours was saved. Apply your changes on top of theirs, or take theirs.',
  },
  PRESENCE_OBJECT_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Nothing of this account has this id' },
  CHOOSE_ACTIVITY_OBJECT: {
    kind: 'VALIDATION',
    message:
      'objectType must be one of campaign, app, service, project, resource, budget, payoutAddress, member, invitation',
    field: 'objectType',
  },
  CHOOSE_ACCESS_LEVEL: {
    kind: 'VALIDATION',
    message: 'Choose an access level: Admin, Standard, Billing or Read-only',
    field: 'accessLevel',
  },
  MEMBER_NOT_FOUND: { kind: 'NOT_FOUND', message: 'This person is not a member of the account' },
  INVITATION_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Invitation not found' },
  OWNER_STAYS_ADMIN: {
    kind: 'CONFLICT',
    message: 'The account’s owner is always its Admin: they cannot be removed or get another access level',
  },
  OWN_LEVEL_UNCHANGEABLE: {
    kind: 'FORBIDDEN',
    message: 'You cannot change your own access level: ask another Admin of the account',
  },
  ALREADY_A_MEMBER: { kind: 'CONFLICT', message: 'This person is already in the account', field: 'email' },
  INVITATION_ALREADY_OPEN: {
    kind: 'CONFLICT',
    message: 'An invitation to this address is already waiting: revoke it to send a new one',
    field: 'email',
  },
  INVITATION_LIMIT_REACHED: {
    kind: 'RATE_LIMITED',
    message: 'An account may send at most {limit} invitations in 24 hours. Try again tomorrow.',
  },
  INVITATION_EXPIRED: {
    kind: 'CONFLICT',
    message: 'This invitation has expired: ask an Admin of the account for a new one',
  },
  INVITATION_USED: { kind: 'CONFLICT', message: 'This invitation has already been used' },
  INVITATION_REVOKED: {
    kind: 'CONFLICT',
    message: 'This invitation was revoked: ask an Admin of the account for a new one',
  },
  INVITATION_FOR_ANOTHER_ADDRESS: {
    kind: 'FORBIDDEN',
    message: 'This invitation was sent to {email}: sign in with that address to accept it',
  },
  INVITATION_ADDRESS_HAS_ACCOUNT: {
    kind: 'CONFLICT',
    message: '{email} already has an account: sign in with it to accept the invitation',
  },
  INVITATION_TO_OWN_ACCOUNT: {
    kind: 'CONFLICT',
    message: 'You cannot invite yourself: you own this account',
    field: 'email',
  },
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
  // The exchange: offers between apps, and their deals.
  EXCHANGE_NEEDS_APP_AND_PROJECT: {
    kind: 'VALIDATION',
    message: 'Add an app (Publisher) and a project (Advertiser) first: the exchange needs at least one of each',
    field: 'isExchangeReady',
    was: 'ADD_APP_PUBLISHER_AND_PROJECT',
  },
  EXCHANGE_NEEDS_APP: {
    kind: 'VALIDATION',
    message: 'Add an app in the Publisher area first: the exchange needs at least one app and one project',
    field: 'isExchangeReady',
    was: 'ADD_APP_IN_PUBLISHER_AREA',
  },
  EXCHANGE_NEEDS_PROJECT: {
    kind: 'VALIDATION',
    message: 'Add a project in the Advertiser area first: the exchange needs at least one app and one project',
    field: 'isExchangeReady',
    was: 'ADD_PROJECT_IN_ADVERTISER_AREA',
  },
  APP_NOT_FOUND: { kind: 'NOT_FOUND', message: 'App not found' },
  EXCHANGE_NOT_JOINED: {
    kind: 'VALIDATION',
    message: 'Turn on the exchange first (Exchange → Catalog → Join the exchange)',
    was: 'TURN_ON_EXCHANGE_FIRST_EXCHANGE',
  },
  OFFER_APP_NOT_YOURS: {
    kind: 'VALIDATION',
    message: 'Choose one of your own apps',
    field: 'platformId',
    was: 'CHOOSE_OWN_APP',
  },
  OFFER_TO_OWN_APP: {
    kind: 'VALIDATION',
    message: 'You cannot make an offer to your own app: choose another user’s app',
    field: 'partnerPlatformId',
    was: 'YOU_CANNOT_MAKE_OFFER_TO',
  },
  PARTNER_LEFT_EXCHANGE: {
    kind: 'VALIDATION',
    message: 'This app’s owner is not open to exchange offers now',
    field: 'partnerPlatformId',
    was: 'APP_S_OWNER_NOT_OPEN',
  },
  OFFER_PENDING_ALREADY: {
    kind: 'CONFLICT',
    message: 'There is already a pending offer between these apps: wait for the answer or withdraw it',
    was: 'THERE_ALREADY_PENDING_OFFER_BETWEEN',
  },
  OFFER_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Offer not found' },
  OFFER_WITHDRAWN_BY_OTHER: {
    kind: 'FORBIDDEN',
    message: 'Only the user who made the offer can withdraw it',
    was: 'ONLY_USER_WHO_MADE_OFFER',
  },
  OWN_OFFER_ANSWERED: {
    kind: 'FORBIDDEN',
    message: 'You made this offer: only the partner can confirm or reject it',
    was: 'YOU_MADE_OFFER_ONLY_PARTNER',
  },
  OFFER_EXPIRED: {
    kind: 'CONFLICT',
    message: 'This offer has expired: make a new one',
    was: 'OFFER_HAS_EXPIRED_MAKE_NEW',
  },
  OFFER_SIDE_LEFT: {
    kind: 'CONFLICT',
    message: 'One of the apps or users has left the exchange since the offer was made',
    was: 'ONE_OF_APPS_OR_USERS',
  },
  DEAL_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Deal not found' },
  OFFER_PROJECT_NOT_YOURS: {
    kind: 'VALIDATION',
    message: 'Choose one of your own projects',
    field: 'projectId',
    was: 'CHOOSE_OWN_PROJECT',
  },
  OFFER_PROJECT_EMPTY: {
    kind: 'VALIDATION',
    message: 'This project has no resources to show: add a resource to it first',
    field: 'projectId',
    was: 'PROJECT_HAS_NO_RESOURCES_TO',
  },
  PARTNER_PROJECT_NOT_THEIRS: {
    kind: 'VALIDATION',
    message: 'Choose a project of the app’s owner',
    field: 'partnerProjectId',
    was: 'CHOOSE_PROJECT_OF_APP_S',
  },
  PARTNER_PROJECT_EMPTY: {
    kind: 'VALIDATION',
    message: 'The partner’s project has no resources: choose another project',
    field: 'partnerProjectId',
    was: 'PARTNER_S_PROJECT_HAS_NO',
  },
  OFFER_ENDED: {
    kind: 'CONFLICT',
    message: 'This offer is {status}: nothing to change',
    was: 'OFFER_NOTHING_TO_CHANGE',
  },
  DEAL_ENDED: { kind: 'CONFLICT', message: 'This swap is {status}: it cannot be {what}', was: 'SWAP_IT_CANNOT' },
  // Moderation: player reports, campaign review, registration requests.
  REPORT_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Report not found' },
  NOTE_TOO_LONG: {
    kind: 'VALIDATION',
    message: 'At most 1000 characters',
    field: 'note',
    was: 'AT_MOST_1000_CHARACTERS',
  },
  REJECTED_REPORT_WITH_EFFECTS: {
    kind: 'VALIDATION',
    message: 'A rejected report changes nothing: effects come only with RESOLVED',
    field: 'effects',
    was: 'REJECTED_REPORT_CHANGES_NOTHING_EFFECTS',
  },
  REPORT_NAMES_NO_CAMPAIGN: {
    kind: 'VALIDATION',
    message: 'This report names no campaign: there is none to pause or ask about',
    field: 'effects',
    was: 'REPORT_NAMES_NO_CAMPAIGN_THERE',
  },
  REPORT_NAMES_NO_CONVERSION: {
    kind: 'VALIDATION',
    message: 'This report names no player and campaign: there is no conversion to void',
    field: 'effects',
    was: 'REPORT_NAMES_NO_PLAYER_AND',
  },
  REPORT_NAMES_NO_PLAYER: {
    kind: 'VALIDATION',
    message: 'This report names no player to block',
    field: 'effects',
    was: 'REPORT_NAMES_NO_PLAYER_TO',
  },
  REPORT_STATUS_INVALID: {
    kind: 'VALIDATION',
    message: 'status must be RESOLVED or REJECTED',
    field: 'status',
    was: 'STATUS_MUST_RESOLVED_OR_REJECTED',
  },
  CAMPAIGN_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Campaign not found' },
  REJECTION_REASON_REQUIRED: {
    kind: 'VALIDATION',
    message: 'Tell the advertiser why the campaign is rejected',
    field: 'reason',
    was: 'TELL_ADVERTISER_WHY_CAMPAIGN_REJECTED',
  },
  REASON_TOO_LONG: {
    kind: 'VALIDATION',
    message: 'At most 500 characters',
    field: 'reason',
    was: 'AT_MOST_500_CHARACTERS',
  },
  REGISTRATION_EMAIL_TAKEN: {
    kind: 'CONFLICT',
    message: 'An account with this e-mail already exists',
    was: 'ACCOUNT_WITH_E_MAIL_ALREADY',
  },
  REGISTRATION_REQUEST_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Registration request not found' },
  REPORT_STATUS_FOR_ACTION: {
    kind: 'VALIDATION',
    message: 'status must be {expected} for {action}',
    field: 'status',
    was: 'STATUS_MUST_FOR',
  },
  CAMPAIGN_DECIDED_ALREADY: {
    kind: 'CONFLICT',
    message: 'This campaign was already {outcome}',
    was: 'CAMPAIGN_WAS_ALREADY',
  },
  CAMPAIGN_CLAIMED_BY_YOU: {
    kind: 'CONFLICT',
    message: 'You already claimed this campaign',
    was: 'YOU_ALREADY_CLAIMED_CAMPAIGN',
  },
  CAMPAIGN_CLAIMED_BY_OTHER: {
    kind: 'CONFLICT',
    message: 'This campaign is already claimed by {claimer}',
    was: 'CAMPAIGN_ALREADY_CLAIMED_BY',
  },
  CAMPAIGN_NOT_CLAIMED: { kind: 'CONFLICT', message: 'This campaign is not claimed' },
  CAMPAIGN_UNCLAIMED_DECISION: {
    kind: 'CONFLICT',
    message: 'Claim this campaign before deciding',
    was: 'CLAIM_CAMPAIGN_BEFORE_DECIDING',
  },
  CAMPAIGN_CLAIMED_BY_OTHER_ACT: {
    kind: 'CONFLICT',
    message: 'This campaign is claimed by {claimer}: only they can {action} it',
    was: 'CAMPAIGN_CLAIMED_BY_ONLY_THEY',
  },
  REGISTRATION_DECIDED: { kind: 'CONFLICT', message: 'This request was already {status}', was: 'REQUEST_WAS_ALREADY' },
  REGISTRATION_DECIDED_BY: {
    kind: 'CONFLICT',
    message: 'This request was already {status} by {name}',
    was: 'REQUEST_WAS_ALREADY_BY',
  },
  REPORT_DECIDED_ALREADY: { kind: 'CONFLICT', message: 'This report was already {status}', was: 'REPORT_WAS_ALREADY' },
  REPORT_CLAIMED_BY_YOU: {
    kind: 'CONFLICT',
    message: 'You already claimed this report',
    was: 'YOU_ALREADY_CLAIMED_REPORT',
  },
  REPORT_CLAIMED_BY_OTHER: {
    kind: 'CONFLICT',
    message: 'This report is already claimed by {claimer}',
    was: 'REPORT_ALREADY_CLAIMED_BY',
  },
  REPORT_NOT_CLAIMED: { kind: 'CONFLICT', message: 'This report is not claimed' },
  REPORT_UNCLAIMED_DECISION: {
    kind: 'CONFLICT',
    message: 'Claim this report before resolving or rejecting it',
    was: 'CLAIM_REPORT_BEFORE_RESOLVING_OR',
  },
  REPORT_CLAIMED_BY_OTHER_ACT: {
    kind: 'CONFLICT',
    message: 'This report is claimed by {claimer}: only they can {action} it',
    was: 'REPORT_CLAIMED_BY_ONLY_THEY',
  },
  // Campaigns, projects and their resources, apps.
  PLATFORM_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Platform not found' },
  PROJECT_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Project not found' },
  RESOURCE_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Resource not found' },
  CAMPAIGN_BUDGET_NOT_POSITIVE: {
    kind: 'VALIDATION',
    message: 'The value must be greater than zero',
    field: 'budget',
    was: 'VALUE_MUST_GREATER_THAN_ZERO',
  },
  BUDGET_MOVE_NOT_POSITIVE: {
    kind: 'VALIDATION',
    message: 'The value must be greater than zero',
    field: 'value',
    was: 'VALUE_MUST_GREATER_THAN_ZERO',
  },
  REJECTED_CAMPAIGN_FUNDED: {
    kind: 'VALIDATION',
    message: 'This campaign was rejected by moderation: create a new one',
    field: 'value',
    was: 'CAMPAIGN_WAS_REJECTED_BY_MODERATION',
  },
  ADVERTISER_BALANCE_TOO_LOW: {
    kind: 'VALIDATION',
    message: 'Not enough money on the advertiser balance',
    field: 'value',
    was: 'NOT_ENOUGH_MONEY_ON_ADVERTISER',
  },
  CLICK_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Click not found' },
  PROJECT_CATEGORY_MISSING: {
    kind: 'VALIDATION',
    message: 'Category is required',
    field: 'categoryId',
    was: 'CATEGORY_REQUIRED',
  },
  RESOURCE_LINK_NOT_PUBLIC: {
    kind: 'VALIDATION',
    message: 'Use the public t.me/username link of the channel or chat to verify it',
    was: 'USE_PUBLIC_T_ME_USERNAME',
  },
  VERIFICATION_CODE_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Verification code not found' },
  APP_CATEGORY_MISSING: {
    kind: 'VALIDATION',
    message: 'Choose a category',
    field: 'categoryId',
    was: 'CHOOSE_CATEGORY',
  },
  APP_LINK_FIXED: {
    kind: 'VALIDATION',
    message: 'The Telegram link cannot be changed after the app is created',
    field: 'tgBotUrl',
    was: 'TELEGRAM_LINK_CANNOT_CHANGED_AFTER',
  },
  AWARD_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Award not found' },
  SERVICE_AWARD_MISSING: { kind: 'VALIDATION', message: 'Award is required', field: 'services', was: 'AWARD_REQUIRED' },
  SERVICE_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Service not found' },
  ALWAYS_AWARD_NEEDS_SMART_LINK: {
    kind: 'VALIDATION',
    message: 'Only smart links can award the user in any case',
    was: 'ONLY_SMART_LINKS_CAN_AWARD',
  },
  AWARD_MISSING: { kind: 'VALIDATION', message: 'Award is required', field: 'awards', was: 'AWARD_REQUIRED' },
  CAMPAIGN_BUDGET_TOO_LOW: {
    kind: 'VALIDATION',
    message: 'The campaign budget has only {left} USD left',
    field: 'value',
    was: 'CAMPAIGN_BUDGET_HAS_ONLY_USD',
  },
  CAMPAIGN_NOT_RUNNING: { kind: 'CONFLICT', message: 'This campaign is not running now' },
  // What a player meets in the showcase (answered in the player's language: showcase.rest.ts).
  PLAYER_TASK_NOT_STARTED: { kind: 'CONFLICT', message: 'Start the task first' },
  PLAYER_WAS_MEMBER: {
    kind: 'CONFLICT',
    message: 'You were already a member before starting: this task is for new subscribers only',
  },
  PLAYER_NOT_NEW: {
    kind: 'CONFLICT',
    message: 'This task is for new users only, and the advertiser says you had used it before',
  },
  PLAYER_TASK_DONE_ALREADY: { kind: 'CONFLICT', message: 'You have already completed this task' },
  PLAYER_BLOCKED: { kind: 'FORBIDDEN', message: 'Tasks are no longer available to you in this app' },
  PLAYER_REQUESTS_TOO_MANY: {
    kind: 'RATE_LIMITED',
    message: 'Too many requests from this player: wait a minute and try again',
  },
  CAMPAIGN_DAILY_CAP_REACHED: { kind: 'CONFLICT', message: 'This campaign reached its daily cap: try again tomorrow' },
  CAMPAIGN_OUT_OF_BUDGET: { kind: 'CONFLICT', message: 'This campaign has no budget left for this action' },
  TIER_UNKNOWN: { kind: 'VALIDATION', message: 'There is no tier {level}', field: 'prices', was: 'THERE_NO_TIER' },
  TIER_PRICE_BELOW_FLOOR: {
    kind: 'VALIDATION',
    message: 'The price for tier {level} must be at least {floor} USD',
    field: 'prices',
  },
  TIER_PRICE_ABOVE_MAX: {
    kind: 'VALIDATION',
    message: 'The price for tier {level} must be at most 1000 USD',
    field: 'prices',
  },
  COUNTRY_UNKNOWN: {
    kind: 'VALIDATION',
    message: 'Unknown country code: {code}',
    field: 'countries',
    was: 'UNKNOWN_COUNTRY_CODE',
  },
  LANGUAGE_UNKNOWN: {
    kind: 'VALIDATION',
    message: 'Unknown language code: {code}',
    field: 'languages',
    was: 'UNKNOWN_LANGUAGE_CODE',
  },
  // The ledger, top-ups and the payment provider, staff roles.
  TRANSFER_NOT_POSITIVE: {
    kind: 'VALIDATION',
    message: 'The amount must be greater than zero',
    was: 'AMOUNT_MUST_GREATER_THAN_ZERO',
  },
  TRANSFER_TO_SAME_ACCOUNT: {
    kind: 'VALIDATION',
    message: 'A transfer needs two different accounts',
    was: 'TRANSFER_NEEDS_TWO_DIFFERENT_ACCOUNTS',
  },
  PENDING_TRANSFER_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Pending transfer not found' },
  POSTED_AMOUNT_OUT_OF_RANGE: {
    kind: 'VALIDATION',
    message: 'The posted amount must be greater than zero and at most the pending amount',
    was: 'POSTED_AMOUNT_MUST_GREATER_THAN',
  },
  TRANSFER_KEY_REUSED: {
    kind: 'CONFLICT',
    message: 'This idempotency key was already used for a different transfer',
    was: 'TRANSFER_IDEMPOTENCY_KEY_REUSED',
  },
  PAYMENT_PROVIDER_UNREACHABLE: {
    kind: 'UNAVAILABLE',
    message: 'The payment provider is unreachable. Try again in a minute.',
    was: 'PAYMENT_PROVIDER_UNREACHABLE_TRY_AGAIN',
  },
  PAYMENT_PROVIDER_NO_LINK: {
    kind: 'UNAVAILABLE',
    message: 'The payment provider returned no payment link',
    was: 'PAYMENT_PROVIDER_RETURNED_NO_PAYMENT',
  },
  PAYMENT_PROVIDER_OFF: {
    kind: 'NOT_FOUND',
    message: 'This payment provider is not enabled',
    was: 'PAYMENT_PROVIDER_NOT_ENABLED',
  },
  TOP_UP_TOO_SMALL: {
    kind: 'VALIDATION',
    message: 'The value must be greater than 1',
    field: 'amount',
    was: 'VALUE_MUST_GREATER_THAN_1',
  },
  TOP_UP_BEING_PREPARED: {
    kind: 'CONFLICT',
    message: 'This top-up is still being prepared. Try again in a few seconds.',
    was: 'TOP_UP_STILL_BEING_PREPARED',
  },
  WEBHOOK_BODY_NOT_JSON: {
    kind: 'VALIDATION',
    message: 'The webhook body is not valid JSON',
    was: 'WEBHOOK_BODY_NOT_VALID_JSON',
  },
  PAYMENT_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Payment not found' },
  PAYMENT_PROVIDER_NO_INVOICE: {
    kind: 'UNAVAILABLE',
    message: 'The payment provider did not open an invoice. Try again.',
    was: 'PAYMENT_PROVIDER_DID_NOT_OPEN',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    kind: 'UNAUTHENTICATED',
    message: 'Invalid webhook signature',
    was: 'INVALID_WEBHOOK_SIGNATURE',
  },
  STAFF_ROLE_UNKNOWN: {
    kind: 'VALIDATION',
    message: 'The role is one of: {values}',
    field: 'role',
    was: 'ROLE_ONE_OF',
  },
  TOP_UP_TOO_LARGE: {
    kind: 'VALIDATION',
    message: 'The value must be at most {max}',
    field: 'amount',
    was: 'VALUE_MUST_AT_MOST',
  },
  TOP_UP_ENDED: { kind: 'CONFLICT', message: 'This top-up is already {status}', was: 'TOP_UP_ALREADY' },
  PENDING_TRANSFER_ENDED: {
    kind: 'CONFLICT',
    message: 'This pending transfer was already {outcome}',
    was: 'PENDING_TRANSFER_WAS_ALREADY',
  },
  STAFF_EMAIL_UNKNOWN: {
    kind: 'NOT_FOUND',
    message: 'No account has this e-mail: the person signs up (and is approved) first',
    was: 'NO_ACCOUNT_HAS_E_MAIL',
  },
  LAST_STAFF_ADMIN: {
    kind: 'CONFLICT',
    message: 'This is the last staff administrator: grant the role to somebody else first',
    was: 'LAST_STAFF_ADMINISTRATOR_GRANT_ROLE',
  },
  // Sign-in, second factors, passkeys, recovery, the e-mail change.
  AUTHENTICATOR_SETUP_CODE_WRONG: {
    kind: 'VALIDATION',
    message: 'The code does not match: enter the 6-digit code your authenticator app shows now',
    field: 'code',
    was: 'CODE_DOES_NOT_MATCH_ENTER',
  },
  PROOF_NEEDS_FACTOR: {
    kind: 'VALIDATION',
    message:
      'This account has a second factor: confirm with a code from your authenticator app, a recovery code or a passkey, not the password',
    field: 'code',
    was: 'ACCOUNT_HAS_SECOND_FACTOR_CONFIRM',
  },
  PROOF_NEEDS_PASSWORD: {
    kind: 'VALIDATION',
    message: 'Confirm with your password',
    field: 'password',
    was: 'CONFIRM_WITH_YOUR_PASSWORD',
  },
  PASSKEY_ADDED_ALREADY: {
    kind: 'CONFLICT',
    message: 'This passkey is already added to your account.',
    was: 'PASSKEY_ALREADY_ADDED_TO_YOUR',
  },
  SECOND_FACTOR_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Second factor not found' },
  AUTHENTICATOR_SETUP_GONE: {
    kind: 'NOT_FOUND',
    message: 'This set-up has expired or was finished: add the authenticator app again',
    was: 'SET_UP_HAS_EXPIRED_OR',
  },
  PROOF_WRONG: { kind: 'FORBIDDEN', message: 'The password or code is wrong', was: 'PASSWORD_OR_CODE_WRONG' },
  RESET_LINK_GONE: {
    kind: 'VALIDATION',
    message: 'The link has expired or was already used. Request a new one.',
    was: 'LINK_HAS_EXPIRED_OR_WAS',
  },
  RECOVERY_CHANGE_TOO_OLD: { kind: 'VALIDATION', message: 'Choose a change from the last 30 days', field: 'since' },
  NOT_ME_LINK_GONE: {
    kind: 'NOT_FOUND',
    message:
      'This link was opened already or has expired. If someone else is in your account, reset your password now.',
    was: 'LINK_WAS_OPENED_ALREADY_OR',
  },
  SIGN_IN_CHALLENGE_GONE: {
    kind: 'UNAUTHENTICATED',
    message: 'This sign-in has expired or was finished already: sign in again',
    was: 'SIGN_IN_STEP_EXPIRED',
  },
  TELEGRAM_SIGN_IN_FORGED: {
    kind: 'UNAUTHENTICATED',
    message: 'The Telegram sign-in data is not signed by this site’s bot: sign in again',
    was: 'TELEGRAM_SIGN_IN_DATA_NOT',
  },
  TELEGRAM_SIGN_IN_STALE: {
    kind: 'UNAUTHENTICATED',
    message: 'The Telegram sign-in is older than 10 minutes: sign in with Telegram again',
    was: 'TELEGRAM_SIGN_IN_OLDER_THAN',
  },
  TELEGRAM_LINK_EXPIRED: {
    kind: 'UNAUTHENTICATED',
    message: 'The Telegram link expired: sign in with Telegram again',
    was: 'TELEGRAM_LINK_EXPIRED_SIGN_IN',
  },
  EMAIL_UNCHANGED: { kind: 'VALIDATION', message: 'This is already the e-mail of your account', field: 'email' },
  EMAIL_TAKEN_BY_OTHER: {
    kind: 'VALIDATION',
    message: 'This e-mail is already used by another account',
    field: 'email',
    was: 'EMAIL_TAKEN',
  },
  EMAIL_CHANGE_LINK_GONE: {
    kind: 'VALIDATION',
    message: 'The link has expired or was already used. Ask for a new one on the Security page.',
  },
  EMAIL_TAKEN_SINCE_ASKED: {
    kind: 'VALIDATION',
    message: 'This e-mail is already used by another account',
    was: 'EMAIL_TAKEN',
  },
  SESSION_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Session not found' },
  GOOGLE_CODE_INVALID: {
    kind: 'UNAUTHENTICATED',
    message: 'Google sign-in failed: the code is invalid or expired. Try again.',
    was: 'GOOGLE_SIGN_IN_FAILED_CODE',
  },
  GOOGLE_TOKEN_UNVERIFIED: {
    kind: 'UNAUTHENTICATED',
    message: 'Google sign-in failed: the identity token could not be verified.',
    was: 'GOOGLE_SIGN_IN_FAILED_IDENTITY',
  },
  GOOGLE_EMAIL_UNVERIFIED: {
    kind: 'UNAUTHENTICATED',
    message: 'Google sign-in needs an account with a verified e-mail.',
    was: 'GOOGLE_SIGN_IN_NEEDS_ACCOUNT',
  },
  PASSKEY_NEEDS_SITE_NAME: {
    kind: 'VALIDATION',
    message:
      'Passkeys work at the dashboard’s web address (a name such as localhost, not a bare IP address). Open it there and try again.',
    was: 'PASSKEYS_WORK_AT_DASHBOARD_S',
  },
  PASSKEY_ANSWER_UNREADABLE: {
    kind: 'VALIDATION',
    message: 'This passkey could not be checked. Try again, or use another way to sign in.',
    was: 'PASSKEY_COULD_NOT_CHECKED_TRY',
  },
  PASSKEY_CHECK_FAILED: {
    kind: 'FORBIDDEN',
    message: 'This passkey could not be checked. Try again, or use another way to sign in.',
    was: 'PASSKEY_COULD_NOT_CHECKED_TRY',
  },
  ACCOUNT_HAS_NO_PASSKEY: { kind: 'CONFLICT', message: 'This account has no passkey' },
  PASSKEY_UNKNOWN: {
    kind: 'FORBIDDEN',
    message: 'This passkey is not known here: it may have been removed. Sign in with your password instead.',
    was: 'PASSKEY_NOT_KNOWN_HERE_IT',
  },
  PASSKEY_REQUEST_EXPIRED: {
    kind: 'FORBIDDEN',
    message: 'The passkey request has expired or was used. Try again.',
    was: 'PASSKEY_REQUEST_HAS_EXPIRED_OR',
  },
  SIGN_IN_WRONG: {
    kind: 'UNAUTHENTICATED',
    message: 'Incorrect e-mail or password',
    was: 'INCORRECT_E_MAIL_OR_PASSWORD',
  },
  TELEGRAM_SIGN_IN_FOREIGN: {
    kind: 'UNAUTHENTICATED',
    message:
      'This Telegram sign-in was not started from this browser: press “Sign in with Telegram” here to sign in with Telegram',
    was: 'TELEGRAM_SIGN_IN_WAS_NOT',
  },
  TELEGRAM_SIGN_IN_REPLAYED: {
    kind: 'UNAUTHENTICATED',
    message: 'This Telegram sign-in was already used: sign in with Telegram again',
    was: 'TELEGRAM_SIGN_IN_WAS_ALREADY',
  },
  CURRENT_PASSWORD_WRONG: { kind: 'VALIDATION', message: 'The current password is wrong', field: 'currentPassword' },
  TELEGRAM_SIGN_IN_OFF: {
    kind: 'NOT_FOUND',
    message: 'Sign-in with Telegram is not configured on this server',
    was: 'SIGN_IN_WITH_TELEGRAM_NOT',
  },
  PASSKEYS_OFF: { kind: 'NOT_FOUND', message: 'Passkeys are not offered here', was: 'PASSKEYS_ARE_NOT_OFFERED_HERE' },
  GOOGLE_SIGN_IN_OFF: {
    kind: 'NOT_FOUND',
    message: 'Google sign-in is not configured',
    was: 'GOOGLE_SIGN_IN_NOT_CONFIGURED',
  },
  RECOVERY_CODE_NEEDED: {
    kind: 'FORBIDDEN',
    message: 'Enter a code from your authenticator app, or a recovery code',
    field: 'code',
  },
  RECOVERY_CODE_WRONG: {
    kind: 'FORBIDDEN',
    message: 'This code is not right, or it belongs to a second factor added after the change you chose',
    field: 'code',
  },
  SIGN_IN_CODE_NEEDED: {
    kind: 'FORBIDDEN',
    message:
      'Many failed sign-in attempts: to sign in from here, enter the code we have e-mailed to this account (valid for 15 minutes) with your password.',
    field: 'code',
    was: 'MANY_FAILED_SIGN_IN_ATTEMPTS',
  },
  SIGN_IN_CODE_TRIES: {
    kind: 'FORBIDDEN',
    message: 'Too many wrong codes from this address. Wait a minute, then enter the latest code we e-mailed.',
    field: 'code',
    was: 'TOO_MANY_WRONG_CODES_FROM',
  },
  SIGN_IN_CODE_WRONG: {
    kind: 'FORBIDDEN',
    message:
      'The code is wrong or has expired. Use the latest code we e-mailed, or sign in without a code to get a new one.',
    field: 'code',
    was: 'CODE_WRONG_OR_HAS_EXPIRED',
  },
  SIGN_IN_TOO_MANY: {
    kind: 'RATE_LIMITED',
    message: 'Too many sign-in attempts from this address. Wait a minute and try again.',
    was: 'TOO_MANY_SIGN_IN_ATTEMPTS',
  },
  TELEGRAM_LINKED_ELSEWHERE: {
    kind: 'CONFLICT',
    message: 'This Telegram account is linked to another dashboard account: unlink it there first',
    was: 'TELEGRAM_ACCOUNT_LINKED_TO_ANOTHER',
  },
  SECOND_FACTOR_ASKED: {
    kind: 'FORBIDDEN',
    message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    field: 'secondFactorCode',
    was: 'ENTER_SECOND_FACTOR_CODE',
  },
  SECOND_FACTOR_ASKED_PASSKEY: {
    kind: 'FORBIDDEN',
    message: 'Use your passkey, or enter the code from your authenticator app or one of your recovery codes.',
    field: 'secondFactorCode',
    was: 'USE_YOUR_PASSKEY_OR_ENTER',
  },
  SECOND_FACTOR_WRONG: {
    kind: 'FORBIDDEN',
    message:
      'The code is wrong or was used already. Enter the current code from your authenticator app, or a recovery code.',
    field: 'secondFactorCode',
    was: 'CODE_WRONG_OR_WAS_USED',
  },
  RESET_REQUESTS_TOO_MANY: {
    kind: 'RATE_LIMITED',
    message: 'Too many reset requests. Wait a minute and try again.',
    was: 'TOO_MANY_RESET_REQUESTS_WAIT',
  },
  EMAIL_CHANGES_TOO_MANY: { kind: 'RATE_LIMITED', message: 'Too many e-mail changes. Wait a minute and try again.' },
  GOOGLE_SIGN_INS_TOO_MANY: {
    kind: 'RATE_LIMITED',
    message: 'Too many sign-in attempts. Wait a minute and try again.',
  },
  REGISTRATIONS_TOO_MANY: {
    kind: 'RATE_LIMITED',
    message: 'Too many registration requests. Wait a minute and try again.',
  },
  NEW_PASSWORDS_TOO_MANY: { kind: 'RATE_LIMITED', message: 'Too many attempts. Wait a minute and try again.' },
  SECOND_FACTOR_TRIES_TOO_MANY: {
    kind: 'RATE_LIMITED',
    message: 'Too many wrong codes for this account. Wait a minute, then enter the current code.',
    was: 'TOO_MANY_WRONG_CODES_FOR',
  },
  PASSWORD_TRIES_TOO_MANY: {
    kind: 'RATE_LIMITED',
    message: 'Too many wrong passwords for this account. Wait a minute, then try again.',
    was: 'TOO_MANY_WRONG_PASSWORDS_FOR',
  },
  RECOVERY_CODES_NEED_FACTOR: {
    kind: 'CONFLICT',
    message: 'Add an authenticator app or a passkey first: recovery codes come with it',
    was: 'ADD_AUTHENTICATOR_APP_OR_PASSKEY',
  },
  REGISTRATION_UNDER_REVIEW: {
    kind: 'FORBIDDEN',
    message: 'Your registration request is still under review. We will contact you once it is approved.',
    was: 'YOUR_REGISTRATION_REQUEST_STILL_UNDER',
  },
  REGISTRATION_DECLINED: {
    kind: 'FORBIDDEN',
    message: 'Your registration request was declined. Contact support if you think this is a mistake.',
  },
  REGISTRATION_DECLINED_WITH_REASON: {
    kind: 'FORBIDDEN',
    message:
      'Your registration request was declined. The moderator wrote: “{reason}”. Contact support if you think this is a mistake.',
  },
  GOOGLE_UNAVAILABLE: {
    kind: 'UNAVAILABLE',
    message: 'Google sign-in is unavailable right now ({message})',
    was: 'GOOGLE_SIGN_IN_UNAVAILABLE_RIGHT',
  },
  // Telegram, asked by the server (server/lib/telegram.ts, the notifications' bot).
  TELEGRAM_LOOKUPS_OFF: {
    kind: 'NOT_FOUND',
    message:
      'Telegram lookups are not configured on this server (TELEGRAM_BOT_TOKEN is not set). Fill in the fields yourself.',
    was: 'TELEGRAM_LOOKUPS_ARE_NOT_CONFIGURED',
  },
  TELEGRAM_UNREACHABLE_NOW: {
    kind: 'UNAVAILABLE',
    message: 'Telegram is unreachable right now. Try again in a minute.',
    was: 'TELEGRAM_UNREACHABLE_RIGHT_NOW_TRY',
  },
  TELEGRAM_TOKEN_REFUSED: {
    kind: 'UNAVAILABLE',
    message:
      'Telegram refused the bot token (TELEGRAM_BOT_TOKEN), so lookups do not work right now. Fill in the fields yourself.',
    was: 'TELEGRAM_REFUSED_BOT_TOKEN_TELEGRAM',
  },
  TELEGRAM_BOT_OFF: {
    kind: 'NOT_FOUND',
    message:
      'Telegram is not configured on this server: set TELEGRAM_BOT_TOKEN (the system bot’s token from @BotFather) and restart.',
    was: 'TELEGRAM_NOT_CONFIGURED_ON_SERVER',
  },
  TELEGRAM_RESOURCE_UNKNOWN: {
    kind: 'NOT_FOUND',
    message: 'Resource not found. Please fill in the fields yourself',
    was: 'TELEGRAM_RESOURCE_NOT_FOUND',
  },
  PAYMENT_PROVIDER_REFUSED: {
    kind: 'UNAVAILABLE',
    message: 'The payment provider refused the request ({reason}). Try again later.',
    was: 'PAYMENT_PROVIDER_REFUSED_REQUEST_TRY',
  },
  // What a request itself is refused for, before any area reads it (server/app/http.ts, server/rest).
  ROUTE_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Not found' },
  REQUEST_TIMEOUT: { kind: 'VALIDATION', message: 'The request took too long to arrive. Try again.' },
  REQUEST_TOO_LONG: { kind: 'VALIDATION', message: 'The request’s address or headers are too long' },
  REQUEST_UNREADABLE: { kind: 'VALIDATION', message: 'The request could not be read' },
  DATABASE_UNREACHABLE: {
    kind: 'UNAVAILABLE',
    message: 'The service is briefly unavailable. Try again in a few seconds.',
    was: 'SERVICE_BRIEFLY_UNAVAILABLE_TRY_AGAIN',
  },
  // Values PostgreSQL refused that validation did not catch first (errors.ts `dataException`).
  NUMBER_OUT_OF_RANGE: {
    kind: 'VALIDATION',
    message: 'A number in the request is out of range',
    was: 'NUMBER_IN_REQUEST_OUT_OF',
  },
  TEXT_TOO_LONG: { kind: 'VALIDATION', message: 'A text in the request is too long', was: 'TEXT_IN_REQUEST_TOO_LONG' },
  TEXT_HOLDS_NUL: {
    kind: 'VALIDATION',
    message: 'A text in the request holds a NUL character, which cannot be stored',
    was: 'TEXT_IN_REQUEST_HOLDS_NUL',
  },
  VALUE_NOT_VALID: {
    kind: 'VALIDATION',
    message: 'A value in the request is not valid',
    was: 'VALUE_IN_REQUEST_NOT_VALID',
  },
  // Amounts past what the ledger holds (server/lib/money.ts).
  AMOUNT_OVER_LEDGER: {
    kind: 'VALIDATION',
    message: 'Enter an amount of at most {max} USD',
    was: 'ENTER_AMOUNT_OF_AT_MOST',
  },
  AMOUNT_NUMBER_INEXACT: {
    kind: 'VALIDATION',
    message:
      'Send an amount above {max} USD as a decimal string: a JSON number that large cannot carry every micro-dollar',
    was: 'SEND_AMOUNT_ABOVE_USD_AS',
  },
  BALANCE_OVER_LEDGER: {
    kind: 'VALIDATION',
    message: 'This would take a balance past the most the ledger holds ({max} USD)',
    was: 'WOULD_TAKE_BALANCE_PAST_MOST',
  },
  /** A fresh proof first (403): one code whatever the proof, its wording by the answer's `methods`. */
  STEP_UP_REQUIRED: {
    kind: 'STEP_UP_REQUIRED',
    message: 'Confirm it is you: enter a code from your authenticator app (or a recovery code), then try again.',
    byProof: {
      PASSKEY:
        'Confirm it is you: use your passkey (or a code from your authenticator app, or a recovery code), then try again.',
      PASSWORD: 'Confirm it is you: enter your password, then try again.',
    },
  },
  PASSWORD_LENGTH: {
    kind: 'VALIDATION',
    message: 'Password must be 6 to 128 characters',
    was: 'PASSWORD_MUST_6_TO_15',
  },
  SECOND_FACTOR_CODE_FORMAT: {
    kind: 'VALIDATION',
    message: 'Enter the 6-digit code from your authenticator app, or a recovery code like K7QX-M2PD',
  },
  NAME_HOLDS_LINK: {
    kind: 'VALIDATION',
    message: 'The name must not contain a web address or a link',
    was: 'NAME_MUST_NOT_CONTAIN_WEB',
  },
  RECOVERY_CHANGE_NOT_LISTED: { kind: 'VALIDATION', message: 'Choose a change from the list' },
  ENTER_CORRECT_VALUE: { kind: 'VALIDATION', message: 'Enter correct value' },
  LINK_MUST_START_TELEGRAM: {
    kind: 'VALIDATION',
    message: 'The link is not valid, it should start with {host}/your_link',
  },
  SDK_EVENT_TYPE_UNKNOWN: {
    kind: 'VALIDATION',
    message: 'type must be "verification" or "conversion"',
    was: 'TYPE_MUST_VERIFICATION_OR_CONVERSION',
  },
  UNKNOWN_FILTER: { kind: 'VALIDATION', message: 'Unknown filter: {keys}' },
  NO_SUCH_LANGUAGE: { kind: 'NOT_FOUND', message: 'No such language' },
  LINK_NOT_VALID: { kind: 'VALIDATION', message: 'The link is not valid' },
  // The requests' own checks (their input schemas) and the kernel's refusals, by where they are said.
  // app
  TEXT_MUST_NOT_CONTAIN_NUL: { kind: 'VALIDATION', message: 'Text must not contain NUL characters' },
  // graphql
  INVALID_ID: { kind: 'VALIDATION', message: 'Invalid id' },
  PAGE_MUST_WHOLE_NUMBER_FROM: { kind: 'VALIDATION', message: 'page must be a whole number from 1' },
  LIMIT_MUST_FROM_1_TO: { kind: 'VALIDATION', message: 'limit must be from 1 to {maxLimit}' },
  // lib
  SORTORDER_MUST_ASC_OR_DESC: { kind: 'VALIDATION', message: 'sortOrder must be asc or desc' },
  SORTFIELD_MUST_ONE_OF: { kind: 'VALIDATION', message: 'sortField must be one of {values}' },
  MUST_AT_MOST_100: { kind: 'VALIDATION', message: '{name} must be at most 100' },
  MUST_AT_LEAST_1: { kind: 'VALIDATION', message: '{name} must be at least 1' },
  MUST_NUMBER: { kind: 'VALIDATION', message: '{name} must be a number' },
  PAGE_MUST_AT_LEAST_1: { kind: 'VALIDATION', message: 'page must be at least 1' },
  PAGE_MUST_NUMBER: { kind: 'VALIDATION', message: 'page must be a number' },
  SEARCH_MUST_AT_MOST_100: { kind: 'VALIDATION', message: 'search must be at most 100 characters' },
  FILTERS_MUST_JSON_OBJECT: { kind: 'VALIDATION', message: 'filters must be a JSON object' },
  MUST_ONE_OF: { kind: 'VALIDATION', message: '{name} must be one of {values}' },
  IDEMPOTENCY_KEY_MUST_1_TO: {
    kind: 'VALIDATION',
    message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
    field: 'Idempotency-Key',
  },
  IDEMPOTENCY_KEY_HEADER_AND_IDEMPOTENCYKEY: {
    kind: 'VALIDATION',
    message: 'The Idempotency-Key header and the idempotencyKey field differ: send one key',
    field: 'Idempotency-Key',
  },
  IDEMPOTENCY_KEY_REUSED: {
    kind: 'CONFLICT',
    message: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  },
  SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION: {
    kind: 'UNAUTHENTICATED',
    message: 'Send Telegram initData in the Authorization header as `tma <initData>`',
  },
  INITDATA_SIGNATURE_INVALID: { kind: 'UNAUTHENTICATED', message: 'initData signature is invalid' },
  APP_CANNOT_VERIFY_ITS_PLAYERS: {
    kind: 'UNAUTHENTICATED',
    message: 'This app cannot verify its players yet: add the bot token or the bot id in the app settings',
  },
  INITDATA_TOO_OLD_REOPEN_APP: { kind: 'UNAUTHENTICATED', message: 'initData is too old: reopen the app' },
  // rest
  MUST_AT_MOST: { kind: 'VALIDATION', message: '{name} must be at most {max}' },
  LIMIT_MUST_AT_MOST_100: { kind: 'VALIDATION', message: 'limit must be at most 100' },
  LIMIT_MUST_AT_LEAST_1: { kind: 'VALIDATION', message: 'limit must be at least 1' },
  SEND_FILE_AS_MULTIPART_FORM: {
    kind: 'VALIDATION',
    message: 'Send the file as multipart/form-data in the field "{field}"',
  },
  SEND_FILE_IN_FIELD: { kind: 'VALIDATION', message: 'Send the file in the field "{field}"' },
  SEND_REQUEST_BODY_AS_JSON: { kind: 'VALIDATION', message: 'Send the request body as JSON' },
  REQUEST_BODY_NOT_VALID_JSON: { kind: 'VALIDATION', message: 'The request body is not valid JSON' },
  // audit
  ACTORID_MUST_NUMBER: { kind: 'VALIDATION', message: 'actorId must be a number' },
  OBJECTTYPE_MUST_ONE_OF: { kind: 'VALIDATION', message: 'objectType must be one of {values}' },
  OBJECTID_MUST_AT_MOST_64: { kind: 'VALIDATION', message: 'objectId must be at most 64 characters' },
  // auth
  ENTER_VALID_E_MAIL: { kind: 'VALIDATION', message: 'Enter a valid e-mail' },
  ENTER_REQUIRED_VALUE: { kind: 'VALIDATION', message: 'Enter required value' },
  AT_MOST_CHARACTERS: { kind: 'VALIDATION', message: 'At most {max} characters' },
  AT_MOST_120_CHARACTERS: { kind: 'VALIDATION', message: 'At most 120 characters' },
  NAME_REQUIRED: { kind: 'VALIDATION', message: 'Name is required' },
  ENTER_TELEGRAM_USERNAME_LIKE_NAME: { kind: 'VALIDATION', message: 'Enter a Telegram username like @name' },
  CHOOSE_ADVERTISER_OR_PUBLISHER: { kind: 'VALIDATION', message: 'Choose advertiser or publisher' },
  ENTER_8_CHARACTER_CODE_FROM: {
    kind: 'VALIDATION',
    message: 'Enter the 8-character code from the e-mail, like K7QX-M2PD',
  },
  ENTER_AUTHENTICATOR_CODE: { kind: 'VALIDATION', message: 'Enter the 6-digit code your authenticator app shows' },
  AT_MOST_64_CHARACTERS: { kind: 'VALIDATION', message: 'At most 64 characters' },
  NOT_BASE64URL: { kind: 'VALIDATION', message: 'Not base64url' },
  SIGN_IN_TOKEN_REQUIRED: { kind: 'VALIDATION', message: 'signInToken is required' },
  ENTER_CODE: { kind: 'VALIDATION', message: 'Enter the code' },
  HASH_MUST_64_HEX_CHARACTERS: { kind: 'VALIDATION', message: 'hash must be 64 hex characters' },
  INITDATA_REQUIRED: { kind: 'VALIDATION', message: 'initData is required' },
  // campaigns
  CHOOSE_TIER: { kind: 'VALIDATION', message: 'Choose a tier' },
  DAILY_CAP_MUST_AT_MOST: { kind: 'VALIDATION', message: 'The daily cap must be at most 10000000' },
  DAILY_CAP_MUST_WHOLE_NUMBER: { kind: 'VALIDATION', message: 'The daily cap must be a whole number of at least 1' },
  MINIMUM_SCORE_MUST_WHOLE_NUMBER: {
    kind: 'VALIDATION',
    message: 'The minimum score must be a whole number from 0 to 100',
  },
  CHOOSE_AT_MOST: { kind: 'VALIDATION', message: 'Choose at most {max} {what}' },
  CHOOSE_FROM_LIST: { kind: 'VALIDATION', message: 'Choose {what} from the list' },
  CAMPAIGN_NAME_MUST_AT_MOST: { kind: 'VALIDATION', message: 'Campaign name must be at most 120 characters' },
  CAMPAIGN_NAME_REQUIRED: { kind: 'VALIDATION', message: 'Campaign name is required' },
  UNSCOREDALLOWED_MUST_TRUE_OR_FALSE: { kind: 'VALIDATION', message: 'unscoredAllowed must be true or false' },
  ISACTIVE_MUST_TRUE_OR_FALSE: { kind: 'VALIDATION', message: 'isActive must be true or false' },
  ENTER_REAL_DATE: { kind: 'VALIDATION', message: 'Enter a real date' },
  ENTER_DATE_AS_YYYY_MM: { kind: 'VALIDATION', message: 'Enter a date as YYYY-MM-DD' },
  CHOOSE_RANGE_OF_AT_MOST: { kind: 'VALIDATION', message: 'Choose a range of at most 366 days' },
  START_DATE_MUST_NOT_AFTER: { kind: 'VALIDATION', message: 'The start date must not be after the end date' },
  INVALID_API_KEY: {
    kind: 'UNAUTHENTICATED',
    message: 'Invalid API key: generate a new one in the project and use it here',
  },
  // exchange
  REQUIRED: { kind: 'VALIDATION', message: '{name} is required' },
  MUST_WHOLE_NUMBER: { kind: 'VALIDATION', message: '{name} must be a whole number' },
  EXPIRESAT_MUST_WITHIN_DAYS: { kind: 'VALIDATION', message: 'expiresAt must be within {days} days' },
  EXPIRESAT_MUST_IN_FUTURE: { kind: 'VALIDATION', message: 'expiresAt must be in the future' },
  EXPIRESAT_MUST_DATE_AND_TIME: { kind: 'VALIDATION', message: 'expiresAt must be a date and time' },
  MESSAGE_MUST_AT_MOST_500: { kind: 'VALIDATION', message: 'message must be at most 500 characters' },
  DIRECTION_MUST_INCOMING_OR_OUTGOING: { kind: 'VALIDATION', message: 'direction must be incoming or outgoing' },
  STATUS_MUST_ONE_OF: { kind: 'VALIDATION', message: 'status must be one of {values}' },
  ACTION_MUST_ONE_OF: { kind: 'VALIDATION', message: 'action must be one of {values}' },
  // images
  ADD_IMAGE_ONLY: { kind: 'VALIDATION', message: 'Add an image only' },
  IMAGE_TOO_LARGE_TO_PROCESS: {
    kind: 'VALIDATION',
    message:
      'The image is too large to process: at most 64 MB once decoded (width × height × channels × bytes per channel), such as 4096 × 4096 with transparency at 8 bits. Save it smaller, or at 8 bits per channel.',
  },
  IMAGE_TOO_LARGE_AT_MOST: { kind: 'VALIDATION', message: 'The image is too large: at most {max} megapixels' },
  UPLOADING_IMAGES_TOO_FAST: {
    kind: 'RATE_LIMITED',
    message: 'You are uploading images too fast: at most {max} a minute. Wait a minute and try again.',
    was: 'YOU_ARE_UPLOADING_IMAGES_TOO',
  },
  TOO_LARGE_FILE: { kind: 'TOO_LARGE', message: 'Too large file' },
  AT_MOST_UPLOADS_AT_ONCE: {
    kind: 'RATE_LIMITED',
    message: 'At most {max} uploads at once: wait for one to finish, then try again.',
  },
  IMAGES_ARE_BEING_PROCESSED_FOR: {
    kind: 'RATE_LIMITED',
    message: 'Images are being processed for many people right now. Try again in a few seconds.',
  },
  // moderation
  CLAIMEDBY_MUST_ID_ME_OR: { kind: 'VALIDATION', message: 'claimedBy must be an id, me or none' },
  STATUS_MUST_STRING: { kind: 'VALIDATION', message: 'status must be a string' },
  NOTE_MUST_STRING: { kind: 'VALIDATION', message: 'note must be a string' },
  REASON_MUST_STRING: { kind: 'VALIDATION', message: 'reason must be a string' },
  // notifications
  TOO_MANY_CHANGES: { kind: 'VALIDATION', message: 'Too many changes' },
  TYPE_REQUIRED: { kind: 'VALIDATION', message: 'type is required' },
  TELEGRAM_MUST_TRUE_OR_FALSE: { kind: 'VALIDATION', message: 'telegram must be true or false' },
  EMAIL_MUST_TRUE_OR_FALSE: { kind: 'VALIDATION', message: 'email must be true or false' },
  UNKNOWN_NOTIFICATION_TYPE: { kind: 'VALIDATION', message: 'Unknown notification type: {type}', field: 'type' },
  SECURITY_NOTICE_IT_ALWAYS_GOES: {
    kind: 'VALIDATION',
    message: '“{label}” is a security notice: it always goes by e-mail, and to Telegram when linked',
    field: 'type',
  },
  // payments
  UNKNOWN_PAYMENT_PROVIDER: { kind: 'VALIDATION', message: 'Unknown payment provider' },
  // platforms
  AWARD_NAME_REQUIRED: { kind: 'VALIDATION', message: 'Award name is required' },
  AWARD_QUANTITY_REQUIRED: { kind: 'VALIDATION', message: 'Award quantity is required' },
  AWARD_QUANTITY_MUST_AT_MOST: { kind: 'VALIDATION', message: 'Award quantity must be at most 1000000' },
  UNKNOWN_TASK_TYPE: { kind: 'VALIDATION', message: 'Unknown task type' },
  AT_MOST_20_AWARDS: { kind: 'VALIDATION', message: 'At most 20 awards' },
  AWARD_NAME_MUST_UNIQUE: { kind: 'VALIDATION', message: 'Award name must be unique' },
  APP_NAME_REQUIRED: { kind: 'VALIDATION', message: 'App name is required' },
  LINK_MUST_START_HTTPS: { kind: 'VALIDATION', message: 'The link is not valid, it should start with https://' },
  WEB_APP_URL_REQUIRED: { kind: 'VALIDATION', message: 'Web app URL is required' },
  PLATFORM_HAS_AT_MOST_5: { kind: 'VALIDATION', message: 'A platform has at most 5 services' },
  EACH_TASK_TYPE_ONCE: { kind: 'VALIDATION', message: 'Each task type once' },
  ENTER_NUMERIC_BOT_ID: { kind: 'VALIDATION', message: 'Enter the numeric bot id' },
  BOT_TOKEN_LOOKS_LIKE_123456: { kind: 'VALIDATION', message: 'The bot token looks like 123456:ABC-DEF…' },
  TELEGRAM_BOT_LINK_REQUIRED: { kind: 'VALIDATION', message: 'Telegram bot link is required' },
  CALLBACK_URL_POINTS_TO_PRIVATE: {
    kind: 'VALIDATION',
    message: 'The callback URL points to a private or local address ({why}); use a public https address',
    field: 'rewardCallbackUrl',
  },
  // projects
  CHOOSE_RESOURCE_TYPE: { kind: 'VALIDATION', message: 'Choose the resource type' },
  RESOURCE_NAME_REQUIRED: { kind: 'VALIDATION', message: 'Resource name is required' },
  RESOURCE_URL_REQUIRED: { kind: 'VALIDATION', message: 'Resource url is required' },
  PROJECT_NAME_REQUIRED: { kind: 'VALIDATION', message: 'Project name is required' },
  AT_MOST_50_RESOURCES_AT: { kind: 'VALIDATION', message: 'At most 50 resources at once' },
  TASKS_MUST_LIST: { kind: 'VALIDATION', message: 'tasks must be a list' },
  TYPE_MUST_CONVERSION: { kind: 'VALIDATION', message: 'type must be "conversion"' },
  CLICK_MUST_CLICK_CODE_FROM: { kind: 'VALIDATION', message: 'click must be the click code from the start parameter' },
  CLICK_REQUIRED: { kind: 'VALIDATION', message: 'click is required' },
  ISNEW_MUST_TRUE_OR_FALSE: { kind: 'VALIDATION', message: 'isNew must be true or false' },
  CODE_REQUIRED: { kind: 'VALIDATION', message: 'code is required' },
  EVENTS_MAY_HOLD_AT_MOST: {
    kind: 'VALIDATION',
    message: 'events may hold at most {max} events; send the rest in another request',
  },
  EVENTS_MUST_HOLD_AT_LEAST: { kind: 'VALIDATION', message: 'events must hold at least one event' },
  EVENTS_MUST_LIST_OF_CONVERSION: { kind: 'VALIDATION', message: 'events must be a list of conversion events' },
  MISSING_API_KEY: { kind: 'UNAUTHENTICATED', message: 'Send the project API key in the X-Api-Key header' },
  CHANNELS_AND_CHATS_ARE_VERIFIED: {
    kind: 'VALIDATION',
    message: 'Channels and chats are verified by making the system bot an administrator there, not by an SDK event',
  },
  // quality
  EXCLUDE_AT_MOST_APPS: { kind: 'VALIDATION', message: 'Exclude at most {max} apps', field: 'platformIds' },
  APP_DOES_NOT_EXIST: { kind: 'VALIDATION', message: 'App #{missing} does not exist', field: 'platformIds' },
  PLATFORMIDS_MUST_APP_IDS_WHOLE: { kind: 'VALIDATION', message: 'platformIds must be app ids (whole numbers)' },
  SEND_PLATFORMIDS_LIST_OF_APP: { kind: 'VALIDATION', message: 'Send platformIds: a list of app ids' },
  // showcase
  LINK_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Link not found' },
  TASK_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Task not found' },
  WEBHOOK_NOT_FOUND: { kind: 'NOT_FOUND', message: 'Webhook not found' },
  WRONG_X_TELEGRAM_BOT_API: { kind: 'UNAUTHENTICATED', message: 'Wrong X-Telegram-Bot-Api-Secret-Token' },
  DEBUG_MUST_TRUE_OR_FALSE: { kind: 'VALIDATION', message: 'debug must be true or false' },
  CAMPAIGNID_REQUIRED: { kind: 'VALIDATION', message: 'campaignId is required' },
  REASON_MUST_ONE_OF: { kind: 'VALIDATION', message: 'reason must be one of {values}' },
  TEXT_MUST_AT_MOST_1000: { kind: 'VALIDATION', message: 'The text must be at most 1000 characters' },
  // statistics
  GROUPBY_MUST_ONE_OF: { kind: 'VALIDATION', message: 'groupBy must be one of {values}' },
  TASKTYPE_MUST_ONE_OF: { kind: 'VALIDATION', message: 'taskType must be one of {values}' },
  LIMIT_MUST_NUMBER: { kind: 'VALIDATION', message: 'limit must be a number' },
  SIZE_MUST_AT_MOST_100: { kind: 'VALIDATION', message: 'size must be at most 100' },
  SIZE_MUST_AT_LEAST_1: { kind: 'VALIDATION', message: 'size must be at least 1' },
  SIZE_MUST_NUMBER: { kind: 'VALIDATION', message: 'size must be a number' },
  // users
  SEND_DEFAULTROLE_ISEXCHANGEREADY_OR_LANGUAGE: {
    kind: 'VALIDATION',
    message: 'Send defaultRole, isExchangeReady or language',
  },
  DEFAULTROLE_MUST_ADVERTISER_OR_PUBLISHER: {
    kind: 'VALIDATION',
    message: 'defaultRole must be ADVERTISER or PUBLISHER',
  },
  ISEXCHANGEREADY_MUST_TRUE_OR_FALSE: { kind: 'VALIDATION', message: 'isExchangeReady must be true or false' },
  LANGUAGE_MUST_ONE_OF: { kind: 'VALIDATION', message: 'language must be one of {values}' },
} as const satisfies Record<string, Failure>;

export type FailureCode = keyof typeof FAILURES;
/** The codes of the refusals a rate limit answers (no parameters: the limit's keys are not told). */
export type RateLimitCode = {
  [C in FailureCode]: (typeof FAILURES)[C]['kind'] extends 'RATE_LIMITED'
    ? FailureParams<C> extends []
      ? C
      : never
    : never;
}[FailureCode];

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

/** What else a failure may tell: when to try again, what to do next, which proofs the account can give. */
export interface FailureExtras {
  retryAfterSeconds?: number;
  /** The request field it is about, where the check knows it better than the table (an input's path). */
  field?: string;
  next?: 'EMAIL_CODE' | 'SECOND_FACTOR';
  methods?: readonly string[];
  /** For STEP_UP_REQUIRED: the act that asked for the proof (`withdrawal.request`), as `params.act`: the dialog says what it is for. */
  act?: string;
  /** For STALE_VERSION: the thing as it is now, in the answer's JSON. */
  current?: unknown;
}

/** A failure that carries its code and parameters; its English is rendered from the code. */
export function fail<C extends FailureCode>(code: C, ...params: FailureParams<C>): DomainError {
  return failWith(code, {}, ...params);
}

/** `fail`, telling also when to try again or what to do next (REST's Retry-After and `next`). */
export function failWith<C extends FailureCode>(
  code: C,
  extras: FailureExtras,
  ...[params]: FailureParams<C>
): DomainError {
  return failure(code, extras, params && asText(params));
}

/** A parameter's value as the answer's `params` carry it: text. */
const asText = (params: object): Record<string, string> =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));

/**
 * The failure of `code` (a code of the table: typed by `fail` and `failWith`, checked by who reads
 * one back), its English rendered from the table; `kind` stands in for the table's where the
 * caller knows better (an input check is a bad request whatever its code).
 */
function failure(code: string, extras: FailureExtras, given?: Record<string, string>, kind?: ErrorCode): DomainError {
  const entry: Failure = FAILURES[code as FailureCode];
  const values = extras.act ? { ...given, act: extras.act } : given;
  const wording = (extras.methods?.[0] && entry.byProof?.[extras.methods[0] as 'PASSKEY']) || entry.message;
  const error = new DomainError(
    kind ?? entry.kind,
    render(wording, values),
    extras.field ?? entry.field,
    extras.retryAfterSeconds,
    extras.next,
    extras.methods,
    extras.current,
  );
  const coded: Coded = {
    code,
    ...(values ? { params: values } : {}),
    ...(entry.was ? { legacyCode: entry.was } : {}),
  };
  error.coded = coded;
  return error;
}

/**
 * A zod check's message as its failure: `z.string().min(1, says('ENTER_REQUIRED_VALUE'))`. The
 * issue carries the code (and its parameters) as its message, not English; `firstIssue` answers it
 * as `fail` would, at the issue's path.
 */
export function says<C extends FailureCode>(code: C, ...[params]: FailureParams<C>): string {
  return params ? `${code}?${new URLSearchParams(asText(params))}` : code;
}

/** What REST answers for a failure outside a route (the framework's own refusals): the envelope. */
export function failureBody<C extends FailureCode>(code: C, ...params: FailureParams<C>) {
  const error = fail(code, ...params);
  return { error: error.message, ...error.coded };
}

/** A failure again from its code and parameters (as another process answered it). */
export function failCoded(coded: Coded): DomainError {
  return failure(coded.code, {}, coded.params);
}

const SAID = /^([A-Z][A-Z0-9_]*)(?:\?(.*))?$/s;

/**
 * A zod failure as a domain error: its first issue (the spec's messages are per field). An issue
 * of ours (`says`) is answered with its code; zod's own wording (a check without a message of ours)
 * has the VALIDATION code.
 */
export function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }): DomainError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const said = issue ? SAID.exec(issue.message) : null;
  if (said && said[1] in FAILURES) {
    const params = said[2] ? Object.fromEntries(new URLSearchParams(said[2])) : undefined;
    // An input check is a bad request whatever its code (a malformed session id is not a missing one).
    return failure(said[1], { field }, params, 'VALIDATION');
  }
  return new DomainError('VALIDATION', issue?.message ?? 'Invalid request', field);
}

/** What a client is told while PostgreSQL cannot be reached (503 with Retry-After). */
export const databaseUnavailable = () => fail('DATABASE_UNREACHABLE');

/**
 * PostgreSQL's class 22 (data exception: a value out of range, too long, not valid for its
 * type) is the request's values, not our failure: a 400 that says what to fix. Every input is
 * validated before it reaches the database (the fuzz tests fail on these messages); this is
 * the net under that, so a gap answers 400 rather than 500. A sum past the ledger's bigint (a
 * balance of 9.2 trillion USD) says the limit.
 */
export function dataException(err: unknown): DomainError | null {
  const state = sqlState(err);
  if (!state?.startsWith('22')) return null;
  const message = String((err as Error)?.message ?? '');
  if (state === '22003') {
    return /bigint out of range/i.test(message)
      ? fail('BALANCE_OVER_LEDGER', { max: formatMoney(MAX_MICROS) })
      : fail('NUMBER_OUT_OF_RANGE');
  }
  if (state === '22001') return fail('TEXT_TOO_LONG');
  if (state === '22021' || state === '22P05' || /0x00|\\u0000/.test(message)) return fail('TEXT_HOLDS_NUL');
  return fail('VALUE_NOT_VALID');
}
