import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/passwords.ts';
import { PasskeyResponseInput } from './passkeys.ts';
import { z } from 'zod';
import { containsLink } from '../../lib/text.ts';
import { DEFAULT_ROLES } from '../users/user.entity.ts';
import { says } from '../../failures.ts';

// The spec's patterns; messages are what the user sees.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** A name is shown to others (partners, the bot's messages): it may not carry a web address. */

export const email = z
  .string({ error: says('ENTER_REQUIRED_VALUE') })
  .trim()
  .toLowerCase()
  .min(1, says('ENTER_REQUIRED_VALUE'))
  .max(254, says('ENTER_VALID_E_MAIL'))
  .regex(EMAIL_PATTERN, says('ENTER_VALID_E_MAIL'));

/**
 * 6 (the spec's floor) to 128 characters, any of them, spaces included: a password manager's
 * 64 characters and a passphrase's words both go in whole (NIST SP 800-63B, 5.1.1.2). Argon2
 * hashes any length; the ceiling only keeps a request from making it hash a megabyte.
 */
export const password = z
  .string({ error: says('ENTER_REQUIRED_VALUE') })
  .min(PASSWORD_MIN, says('PASSWORD_LENGTH'))
  .max(PASSWORD_MAX, says('PASSWORD_LENGTH'));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, says('AT_MOST_CHARACTERS', { max }))
    .nullish()
    .transform((v) => (v ? v : null));

export const RegistrationInput = z.object({
  name: z
    .string({ error: says('NAME_REQUIRED') })
    .trim()
    .min(1, says('NAME_REQUIRED'))
    // A longer name is refused for its length alone (the link check does not read it).
    .max(120, { message: says('AT_MOST_120_CHARACTERS'), abort: true })
    .refine((v) => !containsLink(v), says('NAME_HOLDS_LINK')),
  email,
  password,
  telegram: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.replace(/^@/, '').replace(/^https?:\/\/t\.me\//i, '') : null))
    .refine((v) => v === null || /^[A-Za-z0-9_]{4,32}$/.test(v), says('ENTER_TELEGRAM_USERNAME_LIKE_NAME')),
  role: z.enum(DEFAULT_ROLES, { error: says('CHOOSE_ADVERTISER_OR_PUBLISHER') }),
  company: optionalText(200),
  comment: optionalText(2000),
});
export type RegistrationInput = z.infer<typeof RegistrationInput>;

export const LoginInput = z.object({
  email,
  password: z
    .string({ error: says('ENTER_REQUIRED_VALUE') })
    .min(1, says('ENTER_REQUIRED_VALUE'))
    .max(200),
  /** The one-time code mailed when the account or the address is under attack. */
  code: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4}$/, says('ENTER_8_CHARACTER_CODE_FROM'))
      .optional(),
  ),
  /** An account with a second factor: the authenticator app's 6-digit code, or a recovery code. */
  secondFactorCode: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(\d{3}\s?\d{3}|[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4})$/, says('SECOND_FACTOR_CODE_FORMAT'))
      .optional(),
  ),
});

const factorCode = z
  .string({ error: says('ENTER_REQUIRED_VALUE') })
  .trim()
  .regex(/^(\d{3}\s?\d{3}|[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4})$/, says('SECOND_FACTOR_CODE_FORMAT'));
/** A second factor's name as its owner calls it (`fallback` when none is given). */
const factorName = (fallback: string) =>
  z.string().trim().min(1, says('ENTER_REQUIRED_VALUE')).max(64, says('AT_MOST_64_CHARACTERS')).default(fallback);

export const ConfirmTotpInput = z.object({
  code: z
    .string({ error: says('ENTER_REQUIRED_VALUE') })
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, says('ENTER_AUTHENTICATOR_CODE')),
  name: factorName('Authenticator app'),
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
  name: factorName('Passkey'),
});
export const RenameFactorInput = z.object({
  name: z
    .string({ error: says('ENTER_REQUIRED_VALUE') })
    .trim()
    .min(1, says('ENTER_REQUIRED_VALUE'))
    .max(64, says('AT_MOST_64_CHARACTERS')),
});

/** A Telegram sign-in's link token, which its signed-in owner confirms. */
export const TelegramLinkInput = z.object({ linkToken: z.string().min(1, says('ENTER_REQUIRED_VALUE')).max(1000) });

export type LoginInput = z.infer<typeof LoginInput>;

export const ResetRequestInput = z.object({ email });
export const ResetPasswordInput = z.object({
  id: z.uuid(says('LINK_NOT_VALID')),
  password,
  /** A second factor's code or a recovery code, for an account that has one. */
  code: z.string().max(40).optional(),
  /** The first change that was not the owner's: what was added since is undone. */
  since: z.iso.datetime({ offset: true, error: says('RECOVERY_CHANGE_NOT_LISTED') }).optional(),
});
export const ChangePasswordInput = z.object({
  currentPassword: z
    .string({ error: says('ENTER_REQUIRED_VALUE') })
    .min(1, says('ENTER_REQUIRED_VALUE'))
    .max(200),
  password,
});
export const GoogleInput = z.object({ code: z.string().min(1, says('ENTER_REQUIRED_VALUE')).max(2048) });
