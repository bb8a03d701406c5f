import { z } from 'zod';
import { ACCESS_LEVELS } from '../../../shared/access-levels.ts';
import { says } from '../../failures.ts';
import { email, RegistrationInput } from '../auth/auth.inputs.ts';

export const accessLevel = z.enum(ACCESS_LEVELS, { error: says('CHOOSE_ACCESS_LEVEL') });

export const InviteInput = z.object({ email, accessLevel });
export const LevelInput = z.object({ accessLevel });
/** An invitation's token: the last segment of its link. */
export const invitationToken = z
  .string({ error: says('INVITATION_NOT_FOUND') })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, says('INVITATION_NOT_FOUND'));

/** Registration through an invitation: the address is the invitation's, the kind the account's. */
export const InvitedRegistrationInput = RegistrationInput.pick({ name: true, password: true, telegram: true });
export type InvitedRegistration = z.infer<typeof InvitedRegistrationInput>;
