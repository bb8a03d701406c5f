import { PasskeyResponseInput } from './passkeys.ts';
import { z } from 'zod';
import { containsLink } from '../../lib/text.ts';
import { DEFAULT_ROLES } from '../users/user.entity.ts';

// The spec's patterns; messages are what the user sees.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const PASSWORD_MESSAGE = 'Password must be 6 to 15 characters';
export const SECOND_FACTOR_CODE_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or a recovery code like K7QX-M2PD';
/** A name is shown to others (partners, the bot's messages): it may not carry a web address. */
export const NAME_LINK_MESSAGE = 'The name must not contain a web address or a link';

export const email = z
  .string({ error: 'Enter required value' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter required value')
  .max(254, 'Enter a valid e-mail')
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail');

export const password = z
  .string({ error: 'Enter required value' })
  .min(6, PASSWORD_MESSAGE)
  .max(15, PASSWORD_MESSAGE)
  .regex(/^\S+$/, 'Password must not contain spaces');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const RegistrationInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    // A longer name is refused for its length alone (the link check does not read it).
    .max(120, { message: 'At most 120 characters', abort: true })
    .refine((v) => !containsLink(v), NAME_LINK_MESSAGE),
  email,
  password,
  telegram: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.replace(/^@/, '').replace(/^https?:\/\/t\.me\//i, '') : null))
    .refine((v) => v === null || /^[A-Za-z0-9_]{4,32}$/.test(v), 'Enter a Telegram username like @name'),
  role: z.enum(DEFAULT_ROLES, { error: 'Choose advertiser or publisher' }),
  company: optionalText(200),
  comment: optionalText(2000),
});
export type RegistrationInput = z.infer<typeof RegistrationInput>;

export const LoginInput = z.object({
  email,
  password: z.string({ error: 'Enter required value' }).min(1, 'Enter required value').max(200),
  /** The one-time code mailed when the account or the address is under attack. */
  code: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4}$/, 'Enter the 8-character code from the e-mail, like K7QX-M2PD')
      .optional(),
  ),
  /** An account with a second factor: the authenticator app's 6-digit code, or a recovery code. */
  secondFactorCode: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(\d{3}\s?\d{3}|[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4})$/, SECOND_FACTOR_CODE_MESSAGE)
      .optional(),
  ),
});

const factorCode = z
  .string({ error: 'Enter required value' })
  .trim()
  .regex(/^(\d{3}\s?\d{3}|[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4})$/, SECOND_FACTOR_CODE_MESSAGE);
export const ConfirmTotpInput = z.object({
  code: z
    .string({ error: 'Enter required value' })
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, 'Enter the 6-digit code your authenticator app shows'),
  name: z.string().trim().min(1, 'Enter required value').max(64, 'At most 64 characters').default('Authenticator app'),
});
/** What removing a second factor or renewing recovery codes asks for: the password, or a code. */
export const FactorProofInput = z.object({
  password: z.string().max(200).optional(),
  code: factorCode.optional(),
  /** A passkey's answer to `POST /users/self/passkeys/proof-options`. */
  passkey: PasskeyResponseInput.optional(),
});
export const PasskeySignInInput = z.object({ response: PasskeyResponseInput });
export const AddPasskeyInput = z.object({
  response: PasskeyResponseInput,
  name: z.string().trim().min(1, 'Enter required value').max(64, 'At most 64 characters').default('Passkey'),
});
export const RenameFactorInput = z.object({
  name: z
    .string({ error: 'Enter required value' })
    .trim()
    .min(1, 'Enter required value')
    .max(64, 'At most 64 characters'),
});

/** A Telegram sign-in's link token, which its signed-in owner confirms. */
export const TelegramLinkInput = z.object({ linkToken: z.string().min(1, 'Enter required value').max(1000) });

export type LoginInput = z.infer<typeof LoginInput>;

export const ResetRequestInput = z.object({ email });
export const ResetPasswordInput = z.object({
  id: z.uuid('The link is not valid'),
  password,
  /** A second factor's code or a recovery code, for an account that has one. */
  code: z.string().max(40).optional(),
  /** The first change that was not the owner's: what was added since is undone. */
  since: z.iso.datetime({ offset: true, error: 'Choose a change from the list' }).optional(),
});
export const ChangePasswordInput = z.object({
  currentPassword: z.string({ error: 'Enter required value' }).min(1, 'Enter required value').max(200),
  password,
});
export const GoogleInput = z.object({ code: z.string().min(1, 'Enter required value').max(2048) });
