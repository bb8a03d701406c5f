import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn } from '../../db/columns.ts';
import { User } from '../users/user.entity.ts';

export const SIGN_IN_METHODS = ['PASSWORD', 'GOOGLE', 'TELEGRAM', 'PASSKEY'] as const;

/**
 * A signed-in session: every access token names one (`sid`), and a request or live socket is
 * served only while its session stands (not ended, not expired). Sign-out ends one, "sign out
 * everywhere" and a password reset end them all, and the profile lists them (auth.service.ts,
 * "Sessions").
 */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  indexes: [{ properties: ['userId', 'endedAt'] }, { properties: ['expiresAt'] }],
  properties: {
    // The id travels in the signed token; random, so one session's id tells nothing of another's.
    id: p.uuid().primary(),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade'),
    method: p.enum([...SIGN_IN_METHODS]),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    lastSeenAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    expiresAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    // The last fresh proof on this session (its sign-in, then each step-up): lib/step-up.ts.
    provedAt: p
      .datetime()
      .nullable()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    ip: p.string().length(64),
    lastIp: p.string().length(64),
    userAgent: p.string().length(512).nullable(),
  },
});
export type Session = InferEntity<typeof Session>;

/**
 * A one-time code mailed to the owner of an account that is under attack, so they can sign in
 * from an address the account has not used before: the attacker may have an address, not the
 * mailbox. One live code per account whoever asked (`ip`: the attempt that had it mailed, for
 * the mail's text); spent by its use or by SIGN_IN_CODE_TRIES wrong tries.
 */
export const SignInCode = defineEntity({
  name: 'SignInCode',
  tableName: 'sign_in_codes',
  indexes: [{ properties: ['userId', 'ip'] }, { properties: ['expiresAt'] }],
  properties: {
    id: idColumn(),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade'),
    ip: p.string().length(64),
    // SHA-256 of the code, hex: a leaked table does not give live codes.
    codeHash: p.string().length(64),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    expiresAt: p.datetime(),
    attempts: p.integer().default(0),
    usedAt: p.datetime().nullable(),
  },
});
export type SignInCode = InferEntity<typeof SignInCode>;
