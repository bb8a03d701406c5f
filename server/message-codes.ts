import { type Coded, type DomainError, ErrorCode } from './errors.ts';
import { FAILURES } from './failures.ts';

/**
 * Every message the server can answer a person with, by its stable machine code: REST
 * answers `{ error, code, params? }`, GraphQL `extensions.messageCode` and `extensions.params`,
 * and the dashboard shows the message for the code in its reader's language
 * (client/lib/serverMessages.ts). The English text stays the spec's, for API callers.
 *
 * A `{name}` in a message is a parameter: its value in that answer is `params.name`.
 * `npm run lint:codes` (scripts/message-codes.ts) fails when a message in the server's sources has
 * no code here, or a code here no message there; `npm run codes:write` adds the missing ones.
 * A code never changes once it is here: clients key on it. A message the server answers that is
 * not here (zod's own wording, a framework's) has its kind's code: VALIDATION, NOT_FOUND, …
 */
export const MESSAGE_CODES = {
  /** A fresh proof first (403): one code whatever the proof, its wording by the answer's `methods`. */
  STEP_UP_REQUIRED: [
    'Confirm it is you: enter a code from your authenticator app (or a recovery code), then try again.',
    'Confirm it is you: use your passkey (or a code from your authenticator app, or a recovery code), then try again.',
    'Confirm it is you: enter your password, then try again.',
  ],
  /** A failure of ours (500). */
  INTERNAL: 'Something went wrong on our side. Try again later (request {id}).',
  STAFF_ACTIONS_NEED_SECOND_FACTOR:
    'Staff actions need a second factor on your account: add an authenticator app on the Security page (user menu → Security), then try again.',
  THING_NOT_FOUND: '{what} not found',
  SERVICE_BRIEFLY_UNAVAILABLE_TRY_AGAIN: 'The service is briefly unavailable. Try again in a few seconds.',
  NUMBER_IN_REQUEST_OUT_OF: 'A number in the request is out of range',
  TEXT_IN_REQUEST_TOO_LONG: 'A text in the request is too long',
  TEXT_IN_REQUEST_HOLDS_NUL: 'A text in the request holds a NUL character, which cannot be stored',
  VALUE_IN_REQUEST_NOT_VALID: 'A value in the request is not valid',
  ROUTE_NOT_FOUND: 'Not found',
  INVALID_ID: 'Invalid id',
  PAGE_MUST_WHOLE_NUMBER_FROM: 'page must be a whole number from 1',
  LIMIT_MUST_FROM_1_TO: 'limit must be from 1 to {maxLimit}',
  INTERNAL_SERVER_ERROR: 'Internal server error',
  SORTORDER_MUST_ASC_OR_DESC: 'sortOrder must be asc or desc',
  SORTFIELD_MUST_ONE_OF: 'sortField must be one of {values}',
  MUST_AT_MOST_100: '{name} must be at most 100',
  MUST_AT_LEAST_1: '{name} must be at least 1',
  MUST_NUMBER: '{name} must be a number',
  PAGE_MUST_AT_LEAST_1: 'page must be at least 1',
  PAGE_MUST_NUMBER: 'page must be a number',
  SEARCH_MUST_AT_MOST_100: 'search must be at most 100 characters',
  FILTERS_MUST_JSON_OBJECT: 'filters must be a JSON object',
  UNKNOWN_FILTER: 'Unknown filter: {keys}',
  MUST_ONE_OF: '{name} must be one of {values}',
  IDEMPOTENCY_KEY_MUST_1_TO: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  IDEMPOTENCY_KEY_REUSED:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  IDEMPOTENCY_KEY_HEADER_AND_IDEMPOTENCYKEY:
    'The Idempotency-Key header and the idempotencyKey field differ: send one key',
  SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION: 'Send Telegram initData in the Authorization header as `tma <initData>`',
  APP_CANNOT_VERIFY_ITS_PLAYERS:
    'This app cannot verify its players yet: add the bot token or the bot id in the app settings',
  INITDATA_TOO_OLD_REOPEN_APP: 'initData is too old: reopen the app',
  INITDATA_SIGNATURE_INVALID: 'initData signature is invalid',
  ENTER_AMOUNT_OF_AT_MOST: 'Enter an amount of at most {max} USD',
  SEND_AMOUNT_ABOVE_USD_AS:
    'Send an amount above {max} USD as a decimal string: a JSON number that large cannot carry every micro-dollar',
  WOULD_TAKE_BALANCE_PAST_MOST: 'This would take a balance past the most the ledger holds ({max} USD)',
  TELEGRAM_LOOKUPS_ARE_NOT_CONFIGURED:
    'Telegram lookups are not configured on this server (TELEGRAM_BOT_TOKEN is not set). Fill in the fields yourself.',
  TELEGRAM_UNREACHABLE_RIGHT_NOW_TRY: 'Telegram is unreachable right now. Try again in a minute.',
  TELEGRAM_REFUSED_BOT_TOKEN_TELEGRAM:
    'Telegram refused the bot token (TELEGRAM_BOT_TOKEN), so lookups do not work right now. Fill in the fields yourself.',
  TEXT_MUST_NOT_CONTAIN_NUL: 'Text must not contain NUL characters',
  MUST_AT_MOST: '{name} must be at most {max}',
  LIMIT_MUST_AT_MOST_100: 'limit must be at most 100',
  LIMIT_MUST_AT_LEAST_1: 'limit must be at least 1',
  SEND_FILE_AS_MULTIPART_FORM: 'Send the file as multipart/form-data in the field "{field}"',
  SEND_FILE_IN_FIELD: 'Send the file in the field "{field}"',
  SEND_REQUEST_BODY_AS_JSON: 'Send the request body as JSON',
  REQUEST_BODY_NOT_VALID_JSON: 'The request body is not valid JSON',
  ACTORID_MUST_NUMBER: 'actorId must be a number',
  OBJECTTYPE_MUST_ONE_OF: 'objectType must be one of {values}',
  OBJECTID_MUST_AT_MOST_64: 'objectId must be at most 64 characters',
  PASSWORD_MUST_6_TO_15: 'Password must be 6 to 15 characters',
  SECOND_FACTOR_CODE_FORMAT: 'Enter the 6-digit code from your authenticator app, or a recovery code like K7QX-M2PD',
  NAME_MUST_NOT_CONTAIN_WEB: 'The name must not contain a web address or a link',
  ENTER_VALID_E_MAIL: 'Enter a valid e-mail',
  ENTER_REQUIRED_VALUE: 'Enter required value',
  PASSWORD_MUST_NOT_CONTAIN_SPACES: 'Password must not contain spaces',
  AT_MOST_CHARACTERS: 'At most {max} characters',
  NAME_REQUIRED: 'Name is required',
  AT_MOST_120_CHARACTERS: 'At most 120 characters',
  ENTER_TELEGRAM_USERNAME_LIKE_NAME: 'Enter a Telegram username like @name',
  CHOOSE_ADVERTISER_OR_PUBLISHER: 'Choose advertiser or publisher',
  ENTER_8_CHARACTER_CODE_FROM: 'Enter the 8-character code from the e-mail, like K7QX-M2PD',
  ENTER_AUTHENTICATOR_CODE: 'Enter the 6-digit code your authenticator app shows',
  AT_MOST_64_CHARACTERS: 'At most 64 characters',
  SESSION_NOT_FOUND: 'Session not found',
  IF_ACCOUNT_EXISTS_FOR_E:
    'If an account exists for this e-mail, we have sent it a link to reset the password. The link is valid for one hour.',
  THANK_YOU_WE_HAVE_RECEIVED:
    'Thank you! We have received your request and will contact you by e-mail once it is reviewed.',
  MANY_FAILED_SIGN_IN_ATTEMPTS:
    'Many failed sign-in attempts: to sign in from here, enter the code we have e-mailed to this account (valid for 15 minutes) with your password.',
  CODE_WRONG_OR_HAS_EXPIRED:
    'The code is wrong or has expired. Use the latest code we e-mailed, or sign in without a code to get a new one.',
  TOO_MANY_WRONG_CODES_FROM:
    'Too many wrong codes from this address. Wait a minute, then enter the latest code we e-mailed.',
  CURRENT_PASSWORD_WRONG: 'The current password is wrong',
  TOO_MANY_SIGN_IN_ATTEMPTS: 'Too many sign-in attempts from this address. Wait a minute and try again.',
  LINK_WAS_OPENED_ALREADY_OR:
    'This link was opened already or has expired. If someone else is in your account, reset your password now.',
  INCORRECT_E_MAIL_OR_PASSWORD: 'Incorrect e-mail or password',
  SIGN_IN_WITH_TELEGRAM_NOT: 'Sign-in with Telegram is not configured on this server',
  TELEGRAM_ACCOUNT_LINKED_TO_ANOTHER:
    'This Telegram account is linked to another dashboard account: unlink it there first',
  PASSKEYS_ARE_NOT_OFFERED_HERE: 'Passkeys are not offered here',
  YOUR_REGISTRATION_REQUEST_STILL_UNDER:
    'Your registration request is still under review. We will contact you once it is approved.',
  TOO_MANY_RESET_REQUESTS_WAIT: 'Too many reset requests. Wait a minute and try again.',
  LINK_HAS_EXPIRED_OR_WAS: 'The link has expired or was already used. Request a new one.',
  GOOGLE_SIGN_IN_NOT_CONFIGURED: 'Google sign-in is not configured',
  GOOGLE_SIGN_IN_UNAVAILABLE_RIGHT: 'Google sign-in is unavailable right now ({message})',
  GOOGLE_SIGN_IN_FAILED_CODE: 'Google sign-in failed: the code is invalid or expired. Try again.',
  GOOGLE_SIGN_IN_FAILED_IDENTITY: 'Google sign-in failed: the identity token could not be verified.',
  GOOGLE_SIGN_IN_NEEDS_ACCOUNT: 'Google sign-in needs an account with a verified e-mail.',
  PASSKEY_COULD_NOT_CHECKED_TRY: 'This passkey could not be checked. Try again, or use another way to sign in.',
  PASSKEY_NOT_KNOWN_HERE_IT:
    'This passkey is not known here: it may have been removed. Sign in with your password instead.',
  PASSKEY_REQUEST_HAS_EXPIRED_OR: 'The passkey request has expired or was used. Try again.',
  PASSKEYS_WORK_AT_DASHBOARD_S:
    'Passkeys work at the dashboard’s web address (a name such as localhost, not a bare IP address). Open it there and try again.',
  PASSKEY_ALREADY_ADDED_TO_YOUR: 'This passkey is already added to your account.',
  NOT_BASE64URL: 'Not base64url',
  ACCOUNT_HAS_NO_PASSKEY: 'This account has no passkey',
  ENTER_SECOND_FACTOR_CODE: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  CODE_WRONG_OR_WAS_USED:
    'The code is wrong or was used already. Enter the current code from your authenticator app, or a recovery code.',
  TOO_MANY_WRONG_CODES_FOR: 'Too many wrong codes for this account. Wait a minute, then enter the current code.',
  CODE_DOES_NOT_MATCH_ENTER: 'The code does not match: enter the 6-digit code your authenticator app shows now',
  SET_UP_HAS_EXPIRED_OR: 'This set-up has expired or was finished: add the authenticator app again',
  ACCOUNT_HAS_SECOND_FACTOR_CONFIRM:
    'This account has a second factor: confirm with a code from your authenticator app, a recovery code or a passkey, not the password',
  USE_YOUR_PASSKEY_OR_ENTER:
    'Use your passkey, or enter the code from your authenticator app or one of your recovery codes.',
  CONFIRM_WITH_YOUR_PASSWORD: 'Confirm with your password',
  PASSWORD_OR_CODE_WRONG: 'The password or code is wrong',
  TOO_MANY_WRONG_PASSWORDS_FOR: 'Too many wrong passwords for this account. Wait a minute, then try again.',
  SECOND_FACTOR_NOT_FOUND: 'Second factor not found',
  ADD_AUTHENTICATOR_APP_OR_PASSKEY: 'Add an authenticator app or a passkey first: recovery codes come with it',
  UNAUTHORIZED_PLEASE_SIGN_IN_AGAIN: 'Unauthorized, please sign in again',
  TELEGRAM_SIGN_IN_DATA_NOT: 'The Telegram sign-in data is not signed by this site’s bot: sign in again',
  TELEGRAM_SIGN_IN_OLDER_THAN: 'The Telegram sign-in is older than 10 minutes: sign in with Telegram again',
  TELEGRAM_SIGN_IN_WAS_ALREADY: 'This Telegram sign-in was already used: sign in with Telegram again',
  TELEGRAM_SIGN_IN_WAS_NOT:
    'This Telegram sign-in was not started from this browser: press “Sign in with Telegram” here to sign in with Telegram',
  TELEGRAM_ACCOUNT_NOT_LINKED_TO:
    'This Telegram account is not linked to a dashboard account yet. Sign in with your e-mail and password once, then confirm the link: Telegram signs you in from then on.',
  TELEGRAM_LINK_EXPIRED_SIGN_IN: 'The Telegram link expired: sign in with Telegram again',
  HASH_MUST_64_HEX_CHARACTERS: 'hash must be 64 hex characters',
  INITDATA_REQUIRED: 'initData is required',
  PLATFORM_NOT_FOUND: 'Platform not found',
  CHOOSE_TIER: 'Choose a tier',
  DAILY_CAP_MUST_AT_MOST: 'The daily cap must be at most 10000000',
  DAILY_CAP_MUST_WHOLE_NUMBER: 'The daily cap must be a whole number of at least 1',
  MINIMUM_SCORE_MUST_WHOLE_NUMBER: 'The minimum score must be a whole number from 0 to 100',
  CHOOSE_AT_MOST: 'Choose at most {max} {what}',
  CHOOSE_FROM_LIST: 'Choose {what} from the list',
  CAMPAIGN_NAME_MUST_AT_MOST: 'Campaign name must be at most 120 characters',
  CAMPAIGN_NAME_REQUIRED: 'Campaign name is required',
  UNSCOREDALLOWED_MUST_TRUE_OR_FALSE: 'unscoredAllowed must be true or false',
  ISACTIVE_MUST_TRUE_OR_FALSE: 'isActive must be true or false',
  ENTER_REAL_DATE: 'Enter a real date',
  ENTER_DATE_AS_YYYY_MM: 'Enter a date as YYYY-MM-DD',
  START_DATE_MUST_NOT_AFTER: 'The start date must not be after the end date',
  CHOOSE_RANGE_OF_AT_MOST: 'Choose a range of at most 366 days',
  THERE_NO_TIER: 'There is no tier {level}',
  TIER_PRICE_BELOW_FLOOR: 'The price for tier {level} must be at least {floor} USD',
  TIER_PRICE_ABOVE_MAX: 'The price for tier {level} must be at most 1000 USD',
  UNKNOWN_COUNTRY_CODE: 'Unknown country code: {code}',
  UNKNOWN_LANGUAGE_CODE: 'Unknown language code: {code}',
  PROJECT_NOT_FOUND: 'Project not found',
  RESOURCE_NOT_FOUND: 'Resource not found',
  CAMPAIGN_NOT_FOUND: 'Campaign not found',
  VALUE_MUST_GREATER_THAN_ZERO: 'The value must be greater than zero',
  CAMPAIGN_WAS_REJECTED_BY_MODERATION: 'This campaign was rejected by moderation: create a new one',
  NOT_ENOUGH_MONEY_ON_ADVERTISER: 'Not enough money on the advertiser balance',
  CAMPAIGN_BUDGET_HAS_ONLY_USD: 'The campaign budget has only {left} USD left',
  CLICK_NOT_FOUND: 'Click not found',
  REQUIRED: '{name} is required',
  MUST_WHOLE_NUMBER: '{name} must be a whole number',
  EXPIRESAT_MUST_WITHIN_DAYS: 'expiresAt must be within {days} days',
  EXPIRESAT_MUST_IN_FUTURE: 'expiresAt must be in the future',
  EXPIRESAT_MUST_DATE_AND_TIME: 'expiresAt must be a date and time',
  MESSAGE_MUST_AT_MOST_500: 'message must be at most 500 characters',
  DIRECTION_MUST_INCOMING_OR_OUTGOING: 'direction must be incoming or outgoing',
  STATUS_MUST_ONE_OF: 'status must be one of {values}',
  ACTION_MUST_ONE_OF: 'action must be one of {values}',
  ADD_APP_IN_PUBLISHER_AREA:
    'Add an app in the Publisher area first: the exchange needs at least one app and one project',
  ADD_PROJECT_IN_ADVERTISER_AREA:
    'Add a project in the Advertiser area first: the exchange needs at least one app and one project',
  ADD_APP_PUBLISHER_AND_PROJECT:
    'Add an app (Publisher) and a project (Advertiser) first: the exchange needs at least one of each',
  TURN_ON_EXCHANGE_FIRST_EXCHANGE: 'Turn on the exchange first (Exchange → Catalog → Join the exchange)',
  CHOOSE_OWN_APP: 'Choose one of your own apps',
  CHOOSE_OWN_PROJECT: 'Choose one of your own projects',
  PROJECT_HAS_NO_RESOURCES_TO: 'This project has no resources to show: add a resource to it first',
  YOU_CANNOT_MAKE_OFFER_TO: 'You cannot make an offer to your own app: choose another user’s app',
  APP_S_OWNER_NOT_OPEN: 'This app’s owner is not open to exchange offers now',
  CHOOSE_PROJECT_OF_APP_S: 'Choose a project of the app’s owner',
  PARTNER_S_PROJECT_HAS_NO: 'The partner’s project has no resources: choose another project',
  THERE_ALREADY_PENDING_OFFER_BETWEEN:
    'There is already a pending offer between these apps: wait for the answer or withdraw it',
  YOU_MADE_OFFER_ONLY_PARTNER: 'You made this offer: only the partner can confirm or reject it',
  ONLY_USER_WHO_MADE_OFFER: 'Only the user who made the offer can withdraw it',
  OFFER_HAS_EXPIRED_MAKE_NEW: 'This offer has expired: make a new one',
  APP_NOT_FOUND: 'App not found',
  OFFER_NOT_FOUND: 'Offer not found',
  OFFER_NOTHING_TO_CHANGE: 'This offer is {status}: nothing to change',
  ONE_OF_APPS_OR_USERS: 'One of the apps or users has left the exchange since the offer was made',
  DEAL_NOT_FOUND: 'Deal not found',
  SWAP_IT_CANNOT: 'This swap is {status}: it cannot be {what}',
  ADD_IMAGE_ONLY: 'Add an image only',
  IMAGE_TOO_LARGE_AT_MOST: 'The image is too large: at most {max} megapixels',
  IMAGE_TOO_LARGE_TO_PROCESS:
    'The image is too large to process: at most 64 MB once decoded (width × height × channels × bytes per channel), such as 4096 × 4096 with transparency at 8 bits. Save it smaller, or at 8 bits per channel.',
  YOU_ARE_UPLOADING_IMAGES_TOO:
    'You are uploading images too fast: at most {max} a minute. Wait a minute and try again.',
  AT_MOST_UPLOADS_AT_ONCE: 'At most {max} uploads at once: wait for one to finish, then try again.',
  IMAGES_ARE_BEING_PROCESSED_FOR: 'Images are being processed for many people right now. Try again in a few seconds.',
  AMOUNT_MUST_GREATER_THAN_ZERO: 'The amount must be greater than zero',
  TRANSFER_NEEDS_TWO_DIFFERENT_ACCOUNTS: 'A transfer needs two different accounts',
  PENDING_TRANSFER_NOT_FOUND: 'Pending transfer not found',
  POSTED_AMOUNT_MUST_GREATER_THAN: 'The posted amount must be greater than zero and at most the pending amount',
  PENDING_TRANSFER_WAS_ALREADY: 'This pending transfer was already {outcome}',
  TRANSFER_IDEMPOTENCY_KEY_REUSED: 'This idempotency key was already used for a different transfer',
  CLAIMEDBY_MUST_ID_ME_OR: 'claimedBy must be an id, me or none',
  TELL_ADVERTISER_WHY_CAMPAIGN_REJECTED: 'Tell the advertiser why the campaign is rejected',
  AT_MOST_500_CHARACTERS: 'At most 500 characters',
  CAMPAIGN_WAS_ALREADY: 'This campaign was already {outcome}',
  YOU_ALREADY_CLAIMED_CAMPAIGN: 'You already claimed this campaign',
  CAMPAIGN_ALREADY_CLAIMED_BY: 'This campaign is already claimed by {claimer}',
  CAMPAIGN_NOT_CLAIMED: 'This campaign is not claimed',
  CLAIM_CAMPAIGN_BEFORE_DECIDING: 'Claim this campaign before deciding',
  CAMPAIGN_CLAIMED_BY_ONLY_THEY: 'This campaign is claimed by {claimer}: only they can {action} it',
  STATUS_MUST_STRING: 'status must be a string',
  NOTE_MUST_STRING: 'note must be a string',
  REASON_MUST_STRING: 'reason must be a string',
  ACCOUNT_WITH_E_MAIL_ALREADY: 'An account with this e-mail already exists',
  REGISTRATION_REQUEST_NOT_FOUND: 'Registration request not found',
  REQUEST_WAS_ALREADY: 'This request was already {status}',
  REQUEST_WAS_ALREADY_BY: 'This request was already {status} by {name}',
  REPORT_NOT_FOUND: 'Report not found',
  AT_MOST_1000_CHARACTERS: 'At most 1000 characters',
  REJECTED_REPORT_CHANGES_NOTHING_EFFECTS: 'A rejected report changes nothing: effects come only with RESOLVED',
  REPORT_NAMES_NO_CAMPAIGN_THERE: 'This report names no campaign: there is none to pause or ask about',
  REPORT_NAMES_NO_PLAYER_AND: 'This report names no player and campaign: there is no conversion to void',
  REPORT_NAMES_NO_PLAYER_TO: 'This report names no player to block',
  STATUS_MUST_FOR: 'status must be {expected} for {action}',
  STATUS_MUST_RESOLVED_OR_REJECTED: 'status must be RESOLVED or REJECTED',
  REPORT_WAS_ALREADY: 'This report was already {status}',
  YOU_ALREADY_CLAIMED_REPORT: 'You already claimed this report',
  REPORT_ALREADY_CLAIMED_BY: 'This report is already claimed by {claimer}',
  REPORT_NOT_CLAIMED: 'This report is not claimed',
  CLAIM_REPORT_BEFORE_RESOLVING_OR: 'Claim this report before resolving or rejecting it',
  REPORT_CLAIMED_BY_ONLY_THEY: 'This report is claimed by {claimer}: only they can {action} it',
  TOO_MANY_CHANGES: 'Too many changes',
  TYPE_REQUIRED: 'type is required',
  TELEGRAM_MUST_TRUE_OR_FALSE: 'telegram must be true or false',
  EMAIL_MUST_TRUE_OR_FALSE: 'email must be true or false',
  UNKNOWN_NOTIFICATION_TYPE: 'Unknown notification type: {type}',
  SECURITY_NOTICE_IT_ALWAYS_GOES:
    '“{label}” is a security notice: it always goes by e-mail, and to Telegram when linked',
  TELEGRAM_NOT_LINKED_OR_CONFIGURED: 'Telegram is not linked or configured',
  ENTER_CORRECT_VALUE: 'Enter correct value',
  ENTER_VALID_TON_WALLET_ADDRESS: 'Enter a valid TON wallet address (USDT on TON)',
  APPROVE_AT_MOST_1000_WITHDRAWALS: 'Approve at most 1000 withdrawals at once',
  CHOOSE_AT_LEAST_ONE_WITHDRAWAL: 'Choose at least one withdrawal',
  UNKNOWN_PAYMENT_PROVIDER: 'Unknown payment provider',
  PAYMENT_PROVIDER_NOT_ENABLED: 'This payment provider is not enabled',
  YOUR_OWN_WITHDRAWAL_ANOTHER_FINANCE: 'This is your own withdrawal: another finance person approves or rejects it',
  YOU_GAVE_FIRST_APPROVAL_SECOND:
    'You gave the first approval: a second finance person gives the other (withdrawals of this size need two)',
  WITHDRAWALS_OF_ACCOUNT_ARE_STOPPED:
    'Withdrawals of this account are stopped: someone said a sign-in or change was not theirs. Sign in with your second factor or reset your password to resume them.',
  VALUE_MUST_GREATER_THAN_1: 'The value must be greater than 1',
  VALUE_MUST_AT_MOST: 'The value must be at most {max}',
  PAYMENT_PROVIDER_DID_NOT_OPEN: 'The payment provider did not open an invoice. Try again.',
  TOP_UP_STILL_BEING_PREPARED: 'This top-up is still being prepared. Try again in a few seconds.',
  INVALID_WEBHOOK_SIGNATURE: 'Invalid webhook signature',
  WEBHOOK_BODY_NOT_VALID_JSON: 'The webhook body is not valid JSON',
  PAYMENT_NOT_FOUND: 'Payment not found',
  TOP_UP_ALREADY: 'This top-up is already {status}',
  VALUE_MUST_AT_LEAST_50: 'The value must be at least 50',
  WITHDRAW_UP_TO_ON_HOLD:
    'You can withdraw up to {available} $ now: {onHold} $ more is on hold until its conversions are confirmed',
  WITHDRAW_UP_TO_AVAILABLE: 'You can withdraw up to {available} $, your available balance',
  ENTER_REASON: 'Enter the reason',
  WITHDRAWAL_SENT_IT_ENDS_WHEN: 'This withdrawal is sent: it ends when the chain confirms or refuses its transfer',
  WITHDRAWAL_NOT_FOUND: 'Withdrawal not found',
  WITHDRAWAL_ALREADY: 'This withdrawal is already {status}',
  ENTER_LABEL_OF_1_TO: 'Enter a label of 1 to 60 characters, e.g. “My Tonkeeper”',
  ADDRESS_SAVED_ALREADY: 'This address is saved already',
  KEEP_AT_MOST_ADDRESSES_REMOVE: 'Keep at most {max} addresses: remove one first',
  PAYOUT_ADDRESS_NOT_FOUND: 'Payout address not found',
  ONE_OF_NETWORK_S_OWN: 'This is one of the network’s own payout addresses: enter your own wallet address',
  TESTNET_ADDRESS_PAYOUTS_ARE_SENT: 'This is a testnet address: payouts are sent on TON mainnet',
  MAINNET_ADDRESS_PAYOUTS_ARE_SENT: 'This is a mainnet address: payouts are sent on TON testnet',
  ENTER_BASECHAIN_ADDRESS_WORKCHAIN_0: 'Enter a basechain address (workchain 0): USDT is paid there',
  WITHDRAWAL_ALREADY_APPROVED: 'This withdrawal is already approved',
  WITHDRAWAL_GOES_TO_NEW_ADDRESS:
    'This withdrawal goes to a new address: it can be approved from {holdUntil} (PAYOUT_NEW_ADDRESS_HOLD_HOURS after the request)',
  AWARD_NAME_REQUIRED: 'Award name is required',
  AWARD_QUANTITY_REQUIRED: 'Award quantity is required',
  AWARD_QUANTITY_MUST_AT_MOST: 'Award quantity must be at most 1000000',
  AWARD_REQUIRED: 'Award is required',
  UNKNOWN_TASK_TYPE: 'Unknown task type',
  AT_MOST_20_AWARDS: 'At most 20 awards',
  AWARD_NAME_MUST_UNIQUE: 'Award name must be unique',
  APP_NAME_REQUIRED: 'App name is required',
  CHOOSE_CATEGORY: 'Choose a category',
  LINK_MUST_START_HTTPS: 'The link is not valid, it should start with https://',
  WEB_APP_URL_REQUIRED: 'Web app URL is required',
  PLATFORM_HAS_AT_MOST_5: 'A platform has at most 5 services',
  EACH_TASK_TYPE_ONCE: 'Each task type once',
  ENTER_NUMERIC_BOT_ID: 'Enter the numeric bot id',
  BOT_TOKEN_LOOKS_LIKE_123456: 'The bot token looks like 123456:ABC-DEF…',
  TELEGRAM_BOT_LINK_REQUIRED: 'Telegram bot link is required',
  CALLBACK_URL_POINTS_TO_PRIVATE:
    'The callback URL points to a private or local address ({why}); use a public https address',
  TELEGRAM_LINK_CANNOT_CHANGED_AFTER: 'The Telegram link cannot be changed after the app is created',
  AWARD_NOT_FOUND: 'Award not found',
  SERVICE_NOT_FOUND: 'Service not found',
  ONLY_SMART_LINKS_CAN_AWARD: 'Only smart links can award the user in any case',
  LINK_MUST_START_TELEGRAM: 'The link is not valid, it should start with {host}/your_link',
  CHOOSE_RESOURCE_TYPE: 'Choose the resource type',
  RESOURCE_NAME_REQUIRED: 'Resource name is required',
  RESOURCE_URL_REQUIRED: 'Resource url is required',
  PROJECT_NAME_REQUIRED: 'Project name is required',
  CATEGORY_REQUIRED: 'Category is required',
  AT_MOST_50_RESOURCES_AT: 'At most 50 resources at once',
  TASKS_MUST_LIST: 'tasks must be a list',
  TYPE_MUST_CONVERSION: 'type must be "conversion"',
  CLICK_MUST_CLICK_CODE_FROM: 'click must be the click code from the start parameter',
  CLICK_REQUIRED: 'click is required',
  ISNEW_MUST_TRUE_OR_FALSE: 'isNew must be true or false',
  CODE_REQUIRED: 'code is required',
  TYPE_MUST_VERIFICATION_OR_CONVERSION: 'type must be "verification" or "conversion"',
  EVENTS_MAY_HOLD_AT_MOST: 'events may hold at most {max} events; send the rest in another request',
  EVENTS_MUST_HOLD_AT_LEAST: 'events must hold at least one event',
  EVENTS_MUST_LIST_OF_CONVERSION: 'events must be a list of conversion events',
  USE_PUBLIC_T_ME_USERNAME: 'Use the public t.me/username link of the channel or chat to verify it',
  VERIFICATION_CODE_NOT_FOUND: 'Verification code not found',
  CHANNELS_AND_CHATS_ARE_VERIFIED:
    'Channels and chats are verified by making the system bot an administrator there, not by an SDK event',
  EXCLUDE_AT_MOST_APPS: 'Exclude at most {max} apps',
  APP_DOES_NOT_EXIST: 'App #{missing} does not exist',
  PLATFORMIDS_MUST_APP_IDS_WHOLE: 'platformIds must be app ids (whole numbers)',
  SEND_PLATFORMIDS_LIST_OF_APP: 'Send platformIds: a list of app ids',
  WEBHOOK_NOT_FOUND: 'Webhook not found',
  WRONG_X_TELEGRAM_BOT_API: 'Wrong X-Telegram-Bot-Api-Secret-Token',
  DEBUG_MUST_TRUE_OR_FALSE: 'debug must be true or false',
  CAMPAIGNID_REQUIRED: 'campaignId is required',
  REASON_MUST_ONE_OF: 'reason must be one of {values}',
  TEXT_MUST_AT_MOST_1000: 'The text must be at most 1000 characters',
  NO_SUCH_LANGUAGE: 'No such language',
  LINK_NOT_FOUND: 'Link not found',
  TASK_NOT_FOUND: 'Task not found',
  GROUPBY_MUST_ONE_OF: 'groupBy must be one of {values}',
  TASKTYPE_MUST_ONE_OF: 'taskType must be one of {values}',
  LIMIT_MUST_NUMBER: 'limit must be a number',
  SIZE_MUST_AT_MOST_100: 'size must be at most 100',
  SIZE_MUST_AT_LEAST_1: 'size must be at least 1',
  SIZE_MUST_NUMBER: 'size must be a number',
  NO_ACCOUNT_HAS_E_MAIL: 'No account has this e-mail: the person signs up (and is approved) first',
  ROLE_ONE_OF: 'The role is one of: {values}',
  LAST_STAFF_ADMINISTRATOR_GRANT_ROLE: 'This is the last staff administrator: grant the role to somebody else first',
  DEFAULTROLE_MUST_ADVERTISER_OR_PUBLISHER: 'defaultRole must be ADVERTISER or PUBLISHER',
  ISEXCHANGEREADY_MUST_TRUE_OR_FALSE: 'isExchangeReady must be true or false',
  LANGUAGE_MUST_ONE_OF: 'language must be one of {values}',
  SEND_DEFAULTROLE_ISEXCHANGEREADY_OR_LANGUAGE: 'Send defaultRole, isExchangeReady or language',
  PAYMENT_PROVIDER_UNREACHABLE_TRY_AGAIN: 'The payment provider is unreachable. Try again in a minute.',
  PAYMENT_PROVIDER_REFUSED_REQUEST_TRY: 'The payment provider refused the request ({reason}). Try again later.',
  PAYMENT_PROVIDER_RETURNED_NO_PAYMENT: 'The payment provider returned no payment link',
  YOU_DO_NOT_HAVE_ACCESS: 'You do not have access to this',
  RECORD_NOT_FOUND: 'Record not found',
  TOO_LARGE_FILE: 'Too large file',
  REQUEST_TIMEOUT: 'The request took too long to arrive. Try again.',
  REQUEST_TOO_LONG: 'The request’s address or headers are too long',
  REQUEST_UNREADABLE: 'The request could not be read',
  INVALID_API_KEY: 'Invalid API key: generate a new one in the project and use it here',
  TELEGRAM_NOT_CONFIGURED_ON_SERVER:
    'Telegram is not configured on this server: set TELEGRAM_BOT_TOKEN (the system bot’s token from @BotFather) and restart.',
  MISSING_API_KEY: 'Send the project API key in the X-Api-Key header',
  TELEGRAM_RESOURCE_NOT_FOUND: 'Resource not found. Please fill in the fields yourself',
  CAMPAIGN_NOT_RUNNING: 'This campaign is not running now',
  CAMPAIGN_DAILY_CAP_REACHED: 'This campaign reached its daily cap: try again tomorrow',
  CAMPAIGN_OUT_OF_BUDGET: 'This campaign has no budget left for this action',
  TELEGRAM_UNREACHABLE: 'Telegram is unreachable',
  SIGN_IN_STEP_EXPIRED: 'This sign-in has expired or was finished already: sign in again',
  SIGN_IN_TOKEN_REQUIRED: 'signInToken is required',
  ENTER_CODE: 'Enter the code',
  RECOVERY_CHANGE_NOT_LISTED: 'Choose a change from the list',
  EMAIL_UNCHANGED: 'This is already the e-mail of your account',
  EMAIL_TAKEN: 'This e-mail is already used by another account',
  EMAIL_CHANGES_TOO_MANY: 'Too many e-mail changes. Wait a minute and try again.',
  EMAIL_CHANGE_LINK_GONE: 'The link has expired or was already used. Ask for a new one on the Security page.',
  EMAIL_CHANGE_SENT: 'We sent a link to {email}: open it within 24 hours to make it your e-mail',
  RECOVERY_CHANGE_TOO_OLD: 'Choose a change from the last 30 days',
  RECOVERY_CODE_NEEDED: 'Enter a code from your authenticator app, or a recovery code',
  RECOVERY_CODE_WRONG: 'This code is not right, or it belongs to a second factor added after the change you chose',
} as const satisfies Record<string, string | readonly string[]>;

export type MessageCode = keyof typeof MESSAGE_CODES;

/** Every code an answer can carry: a failure's own, a message's, else its kind's (`ErrorCode`). */
export const ALL_CODES: readonly string[] = [
  ...new Set([...Object.keys(FAILURES), ...Object.keys(MESSAGE_CODES), ...Object.values(ErrorCode)]),
];

/** The codes answers carried before their failure had its own (`legacyCode`), by the new code. */
export const LEGACY_CODES: Record<string, string> = Object.fromEntries(
  Object.entries(FAILURES).flatMap(([code, f]) => ('was' in f ? [[code, f.was]] : [])),
);

/**
 * What an answer says of a failure: the code it was thrown with (server/failures.ts), else — for
 * an area whose failures have not moved there yet — the code of its message.
 */
export function answerCode(error: DomainError): Coded {
  return error.coded ?? messageCode(error.message, error.code);
}

interface Pattern {
  code: string;
  regex: RegExp;
  names: string[];
}

const exact = new Map<string, string>();
const patterns: Pattern[] = [];
/** Every message of the registry with its code (a code may have several wordings). */
export const REGISTERED: [code: string, message: string][] = Object.entries(MESSAGE_CODES).flatMap(([code, m]) =>
  (typeof m === 'string' ? [m] : m).map((message): [string, string] => [code, message]),
);
for (const [code, message] of REGISTERED) {
  if (!message.includes('{')) {
    exact.set(message, code);
    continue;
  }
  const names: string[] = [];
  const source = message
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const name = /^\{([^{}]+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([\\s\\S]*?)';
    })
    .join('');
  patterns.push({ code, regex: new RegExp(`^${source}$`), names });
}
// The most specific first: "This withdrawal is already approved" before "This withdrawal is already {status}".
patterns.sort((a, b) => a.names.length - b.names.length || b.regex.source.length - a.regex.source.length);

/**
 * The code of `message` and its parameters; a message the registry does not know has `kind`'s
 * code (the domain error's: VALIDATION, NOT_FOUND, …).
 */
export function messageCode(message: string, kind: string): { code: string; params?: Record<string, string> } {
  const known = exact.get(message);
  if (known) return { code: known };
  for (const { code, regex, names } of patterns) {
    const match = regex.exec(message);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = match[i + 1] ?? '';
    });
    return { code, params };
  }
  return { code: kind };
}
