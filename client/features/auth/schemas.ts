import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/passwords';
import { t } from '@lingui/core/macro';
import '../../lib/zod-config';
import { z } from 'zod';

// Messages shown under the inputs, in the reader's language (read when shown); tests assert the English verbatim.
export const messages = {
  get emailRequired() {
    return t`Enter your e-mail`;
  },
  get emailInvalid() {
    return t`Enter a valid e-mail`;
  },
  get passwordLength() {
    return t`Password must be 6 to 128 characters`;
  },
  get passwordsDiffer() {
    return t`Passwords do not match`;
  },
  get nameRequired() {
    return t`Enter your name`;
  },
  /** The server's NAME_LINK_MESSAGE: a name is shown to others and may not carry a link. */
  get nameLink() {
    return t`The name must not contain a web address or a link`;
  },
  get telegramInvalid() {
    return t`Enter a Telegram username like @name or a t.me link`;
  },
  get roleRequired() {
    return t`Choose what you want to do`;
  },
  get currentPasswordRequired() {
    return t`Enter your current password`;
  },
  get codeInvalid() {
    return t`Enter the 8-character code from the e-mail, like K7QX-M2PD`;
  },
  get secondFactorInvalid() {
    return t`Enter the 6-digit code from your authenticator app, or a recovery code like K7QX-M2PD`;
  },
};

const email = z
  .string()
  .trim()
  .min(1, { error: () => messages.emailRequired })
  .pipe(z.email({ error: () => messages.emailInvalid }));
const password = z
  .string()
  .min(PASSWORD_MIN, { error: () => messages.passwordLength })
  .max(PASSWORD_MAX, { error: () => messages.passwordLength });

export const loginSchema = z.object({
  email,
  password: z
    .string()
    .min(1, { error: () => messages.passwordLength })
    .pipe(password),
  /** Asked for only when the server says so (many failed attempts): the code it mailed. */
  code: z
    .string()
    .trim()
    .regex(/^$|^[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4}$/, { error: () => messages.codeInvalid })
    .optional(),
  /** An account with a second factor, once the server asks: the app's code or a recovery code. */
  secondFactorCode: z
    .string()
    .trim()
    .regex(/^$|^\d{3}\s?\d{3}$|^[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4}$/, { error: () => messages.secondFactorInvalid })
    .optional(),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registrationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => messages.nameRequired })
    .max(100)
    // What the server refuses too (server/lib/text.ts containsLink): an address or a domain.
    .refine((v) => !/:\/\/(?<=[a-z][a-z0-9+.-]*:\/\/)\S|www\.\S|[\p{L}\p{N}-]\.[a-z]{2,24}(?![\p{L}\p{N}])/iu.test(v), {
      error: () => messages.nameLink,
    }),
  email,
  password,
  telegram: z
    .string()
    .trim()
    .regex(/^$|^@?[A-Za-z0-9_]{4,32}$|^(https?:\/\/)?t\.me\/[A-Za-z0-9_]{4,32}\/?$/, {
      error: () => messages.telegramInvalid,
    }),
  role: z.enum(['ADVERTISER', 'PUBLISHER'], { error: () => messages.roleRequired }),
  company: z.string().trim().max(200),
  comment: z.string().trim().max(1000),
});
export type RegistrationValues = z.infer<typeof registrationSchema>;

export const resetRequestSchema = z.object({ email });
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

/** The repetition must match the new password. */
const passwordsMatch = (v: { password: string; confirm: string }) => v.password === v.confirm;
const passwordsDiffer = () => ({ error: () => messages.passwordsDiffer, path: ['confirm'] });

export const newPasswordSchema = z.object({ password, confirm: z.string() }).refine(passwordsMatch, passwordsDiffer());

/** Registration through a team invitation: the address is the invitation's, so a name and a password. */
export const invitedRegistrationSchema = z
  .object({ name: registrationSchema.shape.name, password, confirm: z.string() })
  .refine(passwordsMatch, passwordsDiffer());
export type InvitedRegistrationValues = z.infer<typeof invitedRegistrationSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

/** A signed-in user's new password, with the current one. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: () => messages.currentPasswordRequired }),
    password,
    confirm: z.string(),
  })
  .refine(passwordsMatch, passwordsDiffer());
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
