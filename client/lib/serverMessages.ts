import { t } from '@lingui/core/macro';
import { setServerMessages } from './api';
import { catalogLoaded } from './i18n';

type Params = Record<string, string>;

/**
 * The server's messages in the reader's language, by their machine code (REST's `code` and
 * `params`, GraphQL's `extensions.messageCode` and `extensions.params`; the codes are
 * server/failures.ts). Each is read when shown. The messages a dashboard user can meet are
 * here; a code not here (an API caller's mistake: a wrong parameter, a header) shows the
 * server's English.
 */
const MESSAGES: Record<string, (params: Params) => string> = {
  STEP_UP_REQUIRED: ({ methods = '' }) =>
    methods.includes('PASSKEY')
      ? t`Confirm it is you: use your passkey (or a code from your authenticator app, or a recovery code), then try again.`
      : methods.includes('TOTP')
        ? t`Confirm it is you: enter a code from your authenticator app (or a recovery code), then try again.`
        : t`Confirm it is you: enter your password, then try again.`,
  INTERNAL: ({ id }) => t`Something went wrong on our side. Try again later (request ${id}).`,
  NETWORK: () => t`Network error, try again late`,
  STAFF_ROLE_REQUIRED: () => t`You do not have access to this`,
  TOO_LARGE_FILE: () => t`Too large file`,
  WITHDRAWAL_ENDED: ({ status }) =>
    status === 'done' ? t`This withdrawal is already done` : t`This withdrawal is already failed`,
  CAMPAIGN_DECIDED_ALREADY: ({ outcome }) =>
    outcome === 'rejected' ? t`This campaign was already rejected` : t`This campaign was already approved`,
  REPORT_DECIDED_ALREADY: ({ status }) =>
    status === 'rejected' ? t`This report was already rejected` : t`This report was already resolved`,
  ENTER_REQUIRED_VALUE: () => t`Enter required value`,
  ENTER_AUTHENTICATOR_CODE: () => t`Enter the 6-digit code your authenticator app shows`,
  DAILY_CAP_MUST_WHOLE_NUMBER: () => t`The daily cap must be a whole number of at least 1`,
  MINIMUM_SCORE_MUST_WHOLE_NUMBER: () => t`The minimum score must be a whole number from 0 to 100`,
  CAMPAIGN_NAME_MUST_AT_MOST: () => t`Campaign name must be at most 120 characters`,
  CAMPAIGN_NAME_REQUIRED: () => t`Campaign name is required`,
  START_DATE_MUST_NOT_AFTER: () => t`The start date must not be after the end date`,
  PROJECT_NOT_FOUND: () => t`Project not found`,
  CAMPAIGN_BUDGET_NOT_POSITIVE: () => t`The value must be greater than zero`,
  ADVERTISER_BALANCE_TOO_LOW: () => t`Not enough money on the advertiser balance`,
  CAMPAIGN_BUDGET_TOO_LOW: ({ left }) => t`The campaign budget has only ${left} USD left`,
  ADD_IMAGE_ONLY: () => t`Add an image only`,
  REJECTION_REASON_REQUIRED: () => t`Tell the advertiser why the campaign is rejected`,
  ENTER_CORRECT_VALUE: () => t`Enter correct value`,
  ADDRESS_NOT_TON: () => t`Enter a valid TON wallet address (USDT on TON)`,
  TOP_UP_TOO_SMALL: () => t`The value must be greater than 1`,
  WITHDRAWAL_BELOW_MINIMUM: () => t`The value must be at least 50`,
  WITHDRAWAL_OVER_AVAILABLE: ({ available }) => t`You can withdraw up to ${available} $, your available balance`,
  REJECTION_REASON_MISSING: () => t`Enter the reason`,
  PAYOUT_ADDRESS_LABEL_INVALID: () => t`Enter a label of 1 to 60 characters, e.g. “My Tonkeeper”`,
  AWARD_NAME_REQUIRED: () => t`Award name is required`,
  AWARD_QUANTITY_REQUIRED: () => t`Award quantity is required`,
  SERVICE_AWARD_MISSING: () => t`Award is required`,
  AWARD_NAME_MUST_UNIQUE: () => t`Award name must be unique`,
  APP_NAME_REQUIRED: () => t`App name is required`,
  APP_CATEGORY_MISSING: () => t`Choose a category`,
  LINK_MUST_START_HTTPS: () => t`The link is not valid, it should start with https://`,
  WEB_APP_URL_REQUIRED: () => t`Web app URL is required`,
  ENTER_NUMERIC_BOT_ID: () => t`Enter the numeric bot id`,
  BOT_TOKEN_LOOKS_LIKE_123456: () => t`The bot token looks like 123456:ABC-DEF…`,
  TELEGRAM_BOT_LINK_REQUIRED: () => t`Telegram bot link is required`,
  RESOURCE_NAME_REQUIRED: () => t`Resource name is required`,
  RESOURCE_URL_REQUIRED: () => t`Resource url is required`,
  PROJECT_NAME_REQUIRED: () => t`Project name is required`,
  PROJECT_CATEGORY_MISSING: () => t`Category is required`,
  STAFF_SECOND_FACTOR_REQUIRED: () =>
    t`Staff actions need a second factor on your account: add an authenticator app on the Security page (user menu → Security), then try again.`,
  DATABASE_UNREACHABLE: () => t`The service is briefly unavailable. Try again in a few seconds.`,
  NUMBER_OUT_OF_RANGE: () => t`A number in the request is out of range`,
  TEXT_TOO_LONG: () => t`A text in the request is too long`,
  VALUE_NOT_VALID: () => t`A value in the request is not valid`,
  APP_CANNOT_VERIFY_ITS_PLAYERS: () =>
    t`This app cannot verify its players yet: add the bot token or the bot id in the app settings`,
  AMOUNT_OVER_LEDGER: ({ max }) => t`Enter an amount of at most ${max} USD`,
  BALANCE_OVER_LEDGER: ({ max }) => t`This would take a balance past the most the ledger holds (${max} USD)`,
  TELEGRAM_LOOKUPS_OFF: () =>
    t`Telegram lookups are not configured on this server (TELEGRAM_BOT_TOKEN is not set). Fill in the fields yourself.`,
  TELEGRAM_UNREACHABLE_NOW: () => t`Telegram is unreachable right now. Try again in a minute.`,
  TELEGRAM_RESOURCE_UNKNOWN: () => t`Resource not found. Please fill in the fields yourself`,
  TELEGRAM_TOKEN_REFUSED: () =>
    t`Telegram refused the bot token (TELEGRAM_BOT_TOKEN), so lookups do not work right now. Fill in the fields yourself.`,
  SESSION_NOT_FOUND: () => t`Session not found`,
  SIGN_IN_CODE_NEEDED: () =>
    t`Many failed sign-in attempts: to sign in from here, enter the code we have e-mailed to this account (valid for 15 minutes) with your password.`,
  SIGN_IN_CODE_WRONG: () =>
    t`The code is wrong or has expired. Use the latest code we e-mailed, or sign in without a code to get a new one.`,
  SIGN_IN_CODE_TRIES: () =>
    t`Too many wrong codes from this address. Wait a minute, then enter the latest code we e-mailed.`,
  CURRENT_PASSWORD_WRONG: () => t`The current password is wrong`,
  SIGN_IN_TOO_MANY: () => t`Too many sign-in attempts from this address. Wait a minute and try again.`,
  NOT_ME_LINK_GONE: () =>
    t`This link was opened already or has expired. If someone else is in your account, reset your password now.`,
  SIGN_IN_WRONG: () => t`Incorrect e-mail or password`,
  TELEGRAM_SIGN_IN_OFF: () => t`Sign-in with Telegram is not configured on this server`,
  TELEGRAM_LINKED_ELSEWHERE: () =>
    t`This Telegram account is linked to another dashboard account: unlink it there first`,
  PASSKEYS_OFF: () => t`Passkeys are not offered here`,
  REGISTRATION_UNDER_REVIEW: () =>
    t`Your registration request is still under review. We will contact you once it is approved.`,
  RESET_REQUESTS_TOO_MANY: () => t`Too many reset requests. Wait a minute and try again.`,
  RESET_LINK_GONE: () => t`The link has expired or was already used. Request a new one.`,
  EMAIL_UNCHANGED: () => t`This is already the e-mail of your account`,
  EMAIL_TAKEN_BY_OTHER: () => t`This e-mail is already used by another account`,
  EMAIL_CHANGES_TOO_MANY: () => t`Too many e-mail changes. Wait a minute and try again.`,
  GOOGLE_SIGN_IN_OFF: () => t`Google sign-in is not configured`,
  GOOGLE_CODE_INVALID: () => t`Google sign-in failed: the code is invalid or expired. Try again.`,
  GOOGLE_TOKEN_UNVERIFIED: () => t`Google sign-in failed: the identity token could not be verified.`,
  GOOGLE_EMAIL_UNVERIFIED: () => t`Google sign-in needs an account with a verified e-mail.`,
  PASSKEY_ANSWER_UNREADABLE: () => t`This passkey could not be checked. Try again, or use another way to sign in.`,
  PASSKEY_UNKNOWN: () =>
    t`This passkey is not known here: it may have been removed. Sign in with your password instead.`,
  PASSKEY_REQUEST_EXPIRED: () => t`The passkey request has expired or was used. Try again.`,
  PASSKEY_NEEDS_SITE_NAME: () =>
    t`Passkeys work at the dashboard’s web address (a name such as localhost, not a bare IP address). Open it there and try again.`,
  PASSKEY_ADDED_ALREADY: () => t`This passkey is already added to your account.`,
  ACCOUNT_HAS_NO_PASSKEY: () => t`This account has no passkey`,
  SECOND_FACTOR_ASKED: () => t`Enter the 6-digit code from your authenticator app, or one of your recovery codes.`,
  SIGN_IN_CHALLENGE_GONE: () => t`This sign-in has expired or was finished already: sign in again`,
  SECOND_FACTOR_WRONG: () =>
    t`The code is wrong or was used already. Enter the current code from your authenticator app, or a recovery code.`,
  SECOND_FACTOR_TRIES_TOO_MANY: () =>
    t`Too many wrong codes for this account. Wait a minute, then enter the current code.`,
  AUTHENTICATOR_SETUP_CODE_WRONG: () =>
    t`The code does not match: enter the 6-digit code your authenticator app shows now`,
  AUTHENTICATOR_SETUP_GONE: () => t`This set-up has expired or was finished: add the authenticator app again`,
  PROOF_NEEDS_FACTOR: () =>
    t`This account has a second factor: confirm with a code from your authenticator app, a recovery code or a passkey, not the password`,
  SECOND_FACTOR_ASKED_PASSKEY: () =>
    t`Use your passkey, or enter the code from your authenticator app or one of your recovery codes.`,
  PROOF_NEEDS_PASSWORD: () => t`Confirm with your password`,
  PROOF_WRONG: () => t`The password or code is wrong`,
  PASSWORD_TRIES_TOO_MANY: () => t`Too many wrong passwords for this account. Wait a minute, then try again.`,
  SECOND_FACTOR_NOT_FOUND: () => t`Second factor not found`,
  RECOVERY_CODES_NEED_FACTOR: () => t`Add an authenticator app or a passkey first: recovery codes come with it`,
  SIGN_IN_REQUIRED: () => t`Unauthorized, please sign in again`,
  TELEGRAM_SIGN_IN_FORGED: () => t`The Telegram sign-in data is not signed by this site’s bot: sign in again`,
  TELEGRAM_SIGN_IN_STALE: () => t`The Telegram sign-in is older than 10 minutes: sign in with Telegram again`,
  TELEGRAM_SIGN_IN_REPLAYED: () => t`This Telegram sign-in was already used: sign in with Telegram again`,
  TELEGRAM_SIGN_IN_FOREIGN: () =>
    t`This Telegram sign-in was not started from this browser: press “Sign in with Telegram” here to sign in with Telegram`,
  TELEGRAM_LINK_EXPIRED: () => t`The Telegram link expired: sign in with Telegram again`,
  TIER_PRICE_BELOW_FLOOR: ({ level, floor }) => t`The price for tier ${level} must be at least ${floor} USD`,
  TIER_PRICE_ABOVE_MAX: ({ level }) => t`The price for tier ${level} must be at most 1000 USD`,
  RESOURCE_NOT_FOUND: () => t`Resource not found`,
  CAMPAIGN_NOT_FOUND: () => t`Campaign not found`,
  REJECTED_CAMPAIGN_FUNDED: () => t`This campaign was rejected by moderation: create a new one`,
  EXCHANGE_NEEDS_APP: () =>
    t`Add an app in the Publisher area first: the exchange needs at least one app and one project`,
  EXCHANGE_NEEDS_PROJECT: () =>
    t`Add a project in the Advertiser area first: the exchange needs at least one app and one project`,
  EXCHANGE_NEEDS_APP_AND_PROJECT: () =>
    t`Add an app (Publisher) and a project (Advertiser) first: the exchange needs at least one of each`,
  EXCHANGE_NOT_JOINED: () => t`Turn on the exchange first (Exchange → Catalog → Join the exchange)`,
  OFFER_APP_NOT_YOURS: () => t`Choose one of your own apps`,
  OFFER_PROJECT_NOT_YOURS: () => t`Choose one of your own projects`,
  OFFER_PROJECT_EMPTY: () => t`This project has no resources to show: add a resource to it first`,
  OFFER_TO_OWN_APP: () => t`You cannot make an offer to your own app: choose another user’s app`,
  PARTNER_LEFT_EXCHANGE: () => t`This app’s owner is not open to exchange offers now`,
  PARTNER_PROJECT_NOT_THEIRS: () => t`Choose a project of the app’s owner`,
  PARTNER_PROJECT_EMPTY: () => t`The partner’s project has no resources: choose another project`,
  OFFER_PENDING_ALREADY: () =>
    t`There is already a pending offer between these apps: wait for the answer or withdraw it`,
  OWN_OFFER_ANSWERED: () => t`You made this offer: only the partner can confirm or reject it`,
  OFFER_WITHDRAWN_BY_OTHER: () => t`Only the user who made the offer can withdraw it`,
  OFFER_EXPIRED: () => t`This offer has expired: make a new one`,
  APP_NOT_FOUND: () => t`App not found`,
  OFFER_NOT_FOUND: () => t`Offer not found`,
  OFFER_SIDE_LEFT: () => t`One of the apps or users has left the exchange since the offer was made`,
  DEAL_NOT_FOUND: () => t`Deal not found`,
  IMAGE_TOO_LARGE_AT_MOST: ({ max }) => t`The image is too large: at most ${max} megapixels`,
  IMAGE_TOO_LARGE_TO_PROCESS: () =>
    t`The image is too large to process: at most 64 MB once decoded (width × height × channels × bytes per channel), such as 4096 × 4096 with transparency at 8 bits. Save it smaller, or at 8 bits per channel.`,
  UPLOADING_IMAGES_TOO_FAST: ({ max }) =>
    t`You are uploading images too fast: at most ${max} a minute. Wait a minute and try again.`,
  AT_MOST_UPLOADS_AT_ONCE: ({ max }) => t`At most ${max} uploads at once: wait for one to finish, then try again.`,
  IMAGES_ARE_BEING_PROCESSED_FOR: () =>
    t`Images are being processed for many people right now. Try again in a few seconds.`,
  CAMPAIGN_CLAIMED_BY_YOU: () => t`You already claimed this campaign`,
  CAMPAIGN_CLAIMED_BY_OTHER: ({ claimer }) => t`This campaign is already claimed by ${claimer}`,
  CAMPAIGN_NOT_CLAIMED: () => t`This campaign is not claimed`,
  CAMPAIGN_UNCLAIMED_DECISION: () => t`Claim this campaign before deciding`,
  REGISTRATION_EMAIL_TAKEN: () => t`An account with this e-mail already exists`,
  REGISTRATION_REQUEST_NOT_FOUND: () => t`Registration request not found`,
  REPORT_NOT_FOUND: () => t`Report not found`,
  REPORT_NAMES_NO_CAMPAIGN: () => t`This report names no campaign: there is none to pause or ask about`,
  REPORT_NAMES_NO_CONVERSION: () => t`This report names no player and campaign: there is no conversion to void`,
  REPORT_NAMES_NO_PLAYER: () => t`This report names no player to block`,
  REPORT_CLAIMED_BY_YOU: () => t`You already claimed this report`,
  REPORT_CLAIMED_BY_OTHER: ({ claimer }) => t`This report is already claimed by ${claimer}`,
  REPORT_NOT_CLAIMED: () => t`This report is not claimed`,
  REPORT_UNCLAIMED_DECISION: () => t`Claim this report before resolving or rejecting it`,
  TOO_MANY_WITHDRAWALS_CHOSEN: () => t`Approve at most 1000 withdrawals at once`,
  NO_WITHDRAWAL_CHOSEN: () => t`Choose at least one withdrawal`,
  PAYMENT_PROVIDER_OFF: () => t`This payment provider is not enabled`,
  OWN_WITHDRAWAL: () => t`This is your own withdrawal: another finance person approves or rejects it`,
  SECOND_APPROVAL_BY_SAME_PERSON: () =>
    t`You gave the first approval: a second finance person gives the other (withdrawals of this size need two)`,
  WITHDRAWALS_STOPPED: () =>
    t`Withdrawals of this account are stopped: someone said a sign-in or change was not theirs. Sign in with your second factor or reset your password to resume them.`,
  PAYMENT_PROVIDER_NO_INVOICE: () => t`The payment provider did not open an invoice. Try again.`,
  TOP_UP_BEING_PREPARED: () => t`This top-up is still being prepared. Try again in a few seconds.`,
  PAYMENT_NOT_FOUND: () => t`Payment not found`,
  WITHDRAWAL_IN_FLIGHT: () => t`This withdrawal is sent: it ends when the chain confirms or refuses its transfer`,
  WITHDRAWAL_NOT_FOUND: () => t`Withdrawal not found`,
  PAYOUT_ADDRESS_SAVED_ALREADY: () => t`This address is saved already`,
  PAYOUT_ADDRESSES_FULL: ({ max }) => t`Keep at most ${max} addresses: remove one first`,
  PAYOUT_ADDRESS_NOT_FOUND: () => t`Payout address not found`,
  ADDRESS_IS_THE_NETWORKS: () => t`This is one of the network’s own payout addresses: enter your own wallet address`,
  ADDRESS_ON_TESTNET: () => t`This is a testnet address: payouts are sent on TON mainnet`,
  ADDRESS_ON_MAINNET: () => t`This is a mainnet address: payouts are sent on TON testnet`,
  ADDRESS_NOT_BASECHAIN: () => t`Enter a basechain address (workchain 0): USDT is paid there`,
  WITHDRAWAL_APPROVED_ALREADY: () => t`This withdrawal is already approved`,
  CALLBACK_URL_POINTS_TO_PRIVATE: ({ why }) =>
    t`The callback URL points to a private or local address (${why}); use a public https address`,
  APP_LINK_FIXED: () => t`The Telegram link cannot be changed after the app is created`,
  ALWAYS_AWARD_NEEDS_SMART_LINK: () => t`Only smart links can award the user in any case`,
  RESOURCE_LINK_NOT_PUBLIC: () => t`Use the public t.me/username link of the channel or chat to verify it`,
  EXCLUDE_AT_MOST_APPS: ({ max }) => t`Exclude at most ${max} apps`,
  STAFF_EMAIL_UNKNOWN: () => t`No account has this e-mail: the person signs up (and is approved) first`,
  LAST_STAFF_ADMIN: () => t`This is the last staff administrator: grant the role to somebody else first`,
  PAYMENT_PROVIDER_UNREACHABLE: () => t`The payment provider is unreachable. Try again in a minute.`,
  PAYMENT_PROVIDER_REFUSED: ({ reason }) => t`The payment provider refused the request (${reason}). Try again later.`,
  PAYMENT_PROVIDER_NO_LINK: () => t`The payment provider returned no payment link`,
  WITHDRAWAL_OVER_AVAILABLE_WITH_HOLD: ({ available, onHold }) =>
    t`You can withdraw up to ${available} $ now: ${onHold} $ more is on hold until its conversions are confirmed`,
  // Teams.
  ACCESS_LEVEL_TOO_LOW: ({ needed }) => {
    const level =
      { ADMIN: t`Admin`, STANDARD: t`Standard`, BILLING: t`Billing`, READ_ONLY: t`Read-only` }[needed] ?? needed;
    return t`Your access level on this account does not allow this: it needs ${level} access. Ask an Admin of the account.`;
  },
  MONEY_OUT_NEEDS_OWN_SECOND_FACTOR: () =>
    t`Taking money out of an account you are a member of needs a second factor on your own sign-in: add an authenticator app on the Security page (user menu → Security), then try again.`,
  ACCOUNT_NOT_FOUND: () => t`Account not found`,
  MEMBER_NOT_FOUND: () => t`This person is not a member of the account`,
  INVITATION_NOT_FOUND: () => t`Invitation not found`,
  OWNER_STAYS_ADMIN: () =>
    t`The account’s owner is always its Admin: they cannot be removed or get another access level`,
  OWN_LEVEL_UNCHANGEABLE: () => t`You cannot change your own access level: ask another Admin of the account`,
  ALREADY_A_MEMBER: () => t`This person is already in the account`,
  INVITATION_ALREADY_OPEN: () => t`An invitation to this address is already waiting: revoke it to send a new one`,
  INVITATION_LIMIT_REACHED: ({ limit }) =>
    t`An account may send at most ${limit} invitations in 24 hours. Try again tomorrow.`,
  INVITATION_EXPIRED: () => t`This invitation has expired: ask an Admin of the account for a new one`,
  INVITATION_USED: () => t`This invitation has already been used`,
  INVITATION_REVOKED: () => t`This invitation was revoked: ask an Admin of the account for a new one`,
  INVITATION_FOR_ANOTHER_ADDRESS: ({ email }) =>
    t`This invitation was sent to ${email}: sign in with that address to accept it`,
  INVITATION_ADDRESS_HAS_ACCOUNT: ({ email }) =>
    t`${email} already has an account: sign in with it to accept the invitation`,
  INVITATION_TO_OWN_ACCOUNT: () => t`You cannot invite yourself: you own this account`,
  STALE_VERSION: ({ by, version }) =>
    t`${by} saved this after you opened it (now version ${version}): nothing of yours was saved. Apply your changes on top of theirs, or take theirs.`,
  VERSION_INVALID: () => t`If-Match must be the version you read (the ETag), e.g. "3"`,
  CHOOSE_ACTIVITY_OBJECT: () =>
    t`objectType must be one of campaign, app, service, project, resource, budget, payoutAddress, member, invitation`,
  CHOOSE_ACCESS_LEVEL: () => t`Choose an access level: Admin, Standard, Billing or Read-only`,
};
// Failures of their own that say the same words as another.
MESSAGES.NOT_YOUR_ACCOUNTS = MESSAGES.STAFF_ROLE_REQUIRED;
MESSAGES.BUDGET_MOVE_NOT_POSITIVE = MESSAGES.CAMPAIGN_BUDGET_NOT_POSITIVE;
MESSAGES.AWARD_MISSING = MESSAGES.SERVICE_AWARD_MISSING;
MESSAGES.EMAIL_TAKEN_SINCE_ASKED = MESSAGES.EMAIL_TAKEN_BY_OTHER;
MESSAGES.PASSKEY_CHECK_FAILED = MESSAGES.PASSKEY_ANSWER_UNREADABLE;

/**
 * The message of `code` in the reader's language, else `english` (the server's own words): for a
 * code this table does not know, and on the public pages, which load no catalog.
 */
export function serverMessage(code: string | undefined, params: Params | undefined, english: string): string {
  const message = code ? MESSAGES[code] : undefined;
  if (!message || !catalogLoaded()) return english;
  return message(params ?? {});
}

// ApiError and errorMessage (client/lib/api.ts) say messages through this from now on.
setServerMessages(serverMessage);
