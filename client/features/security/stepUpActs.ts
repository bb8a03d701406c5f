import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What each act that asks for a fresh proof is, as the step-up dialog names it (the server's
 * STEP_UP_REQUIRED answer carries the act as `params.act`; server/lib/access.ts ACTS).
 */
export const STEP_UP_ACTS: Record<string, MessageDescriptor> = {
  'session.endOthers': msg`end another session`,
  'password.change': msg`change your password`,
  'email.change': msg`change your e-mail address`,
  'telegram.link': msg`link a Telegram account`,
  'telegram.unlink': msg`unlink your Telegram account`,
  'secondFactor.add': msg`add an authenticator app or a passkey`,
  'secondFactor.rename': msg`rename a second factor`,
  'project.newSecretKey': msg`make a new project key`,
  'app.newSecretKey': msg`make a new app key`,
  'withdrawal.toNewAddress': msg`withdraw to an address you were not paid at before`,
  'payoutAddress.save': msg`save a payout address`,
  'payoutAddress.remove': msg`remove a payout address`,
  'member.setLevel': msg`change a member’s access level`,
  'invitation.create': msg`invite a person to the account`,
  'withdrawal.approve': msg`approve a withdrawal`,
  'withdrawal.reject': msg`reject a withdrawal`,
  'payoutLimits.lift': msg`lift the payout limits`,
  'staffRole.set': msg`grant or take a staff role`,
};
