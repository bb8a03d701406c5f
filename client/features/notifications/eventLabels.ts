import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationType } from '../../gql/graphql';

/** What the Notifications page calls each event, in the dashboard's language (the server's English is the fallback). */
export const EVENT_LABELS: Record<NotificationType, MessageDescriptor> = {
  telegramLinked: msg`Telegram linked to the account`,
  secondFactorAdded: msg`Second factor added`,
  secondFactorRemoved: msg`Second factor removed`,
  telegramUnlinked: msg`Telegram unlinked from the account`,
  signInNew: msg`Sign-in from a new device or address`,
  passwordChanged: msg`Password changed`,
  emailChanged: msg`E-mail changed`,
  withdrawalRequested: msg`Withdrawal requested`,
  teamMemberJoined: msg`Someone joined an account you administer`,
  teamMemberLeft: msg`Someone left an account you administer`,
  teamLevelChanged: msg`An access level changed in an account you administer`,
  campaignApproved: msg`Campaign approved`,
  campaignRejected: msg`Campaign rejected`,
  budgetLow: msg`Budget below 10 %`,
  budgetExhausted: msg`Budget exhausted`,
  dailyCapReached: msg`Daily cap reached`,
  topUpConfirmed: msg`Top-up confirmed`,
  withdrawalApproved: msg`Withdrawal approved`,
  withdrawalSent: msg`Withdrawal sent`,
  withdrawalConfirmed: msg`Withdrawal confirmed`,
  withdrawalFailed: msg`Withdrawal failed`,
  appPaused: msg`App paused by the quality floor`,
  appResumed: msg`App’s pause lifted`,
  firstConversion: msg`An app’s first conversion`,
  offerReceived: msg`New exchange offer`,
  offerAccepted: msg`Offer accepted`,
  offerDeclined: msg`Offer declined`,
  swapFinished: msg`Swap finished`,
  queueWaiting: msg`Moderation queue waiting`,
  payoutLimitReached: msg`Payout limit reached`,
};
