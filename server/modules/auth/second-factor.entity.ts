import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn } from '../../db/columns.ts';
import { User } from '../users/user.entity.ts';

export const SECOND_FACTOR_KINDS = ['TOTP', 'PASSKEY'] as const;

/**
 * A second factor of an account: an authenticator app (TOTP, RFC 6238) or a passkey (WebAuthn).
 * An app's secret is sealed with SECRETS_KEY; `lastStep` is the last 30-second step a code was
 * accepted for, so a code works once; unconfirmed until a first code from the app proves it was
 * set up (then named). A passkey keeps its credential id, public key (COSE), signature counter
 * and transports; it is confirmed when created (the browser's ceremony is its proof).
 */
export const SecondFactor = defineEntity({
  name: 'SecondFactor',
  tableName: 'second_factors',
  indexes: [{ properties: ['user'] }],
  properties: {
    id: idColumn(),
    user: p.manyToOne(User).deleteRule('cascade'),
    kind: p.enum([...SECOND_FACTOR_KINDS]),
    name: p.string().length(64),
    secret: p.text().nullable(),
    credentialId: p.string().length(1024).nullable().unique(),
    publicKey: p.blob().nullable(),
    counter: p.bigint('number').default(0),
    transports: p.string().length(200).nullable(),
    lastStep: p.bigint('number').nullable(),
    confirmedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type SecondFactor = InferEntity<typeof SecondFactor>;

/** One of the ten recovery codes of an account with a second factor: a hash, used once. */
export const RecoveryCode = defineEntity({
  name: 'RecoveryCode',
  tableName: 'recovery_codes',
  indexes: [{ properties: ['user'] }],
  properties: {
    id: idColumn(),
    user: p.manyToOne(User).deleteRule('cascade'),
    codeHash: p.string().length(64),
    usedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type RecoveryCode = InferEntity<typeof RecoveryCode>;

export const PASSKEY_CEREMONIES = ['REGISTER', 'SIGN_IN', 'PROVE'] as const;

/**
 * A WebAuthn challenge handed to a browser: used once (deleted when answered), for one ceremony,
 * within five minutes. A sign-in's has no user (the passkey names its account); adding a passkey
 * and proving with one are bound to the signed-in user.
 */
export const PasskeyChallenge = defineEntity({
  name: 'PasskeyChallenge',
  tableName: 'passkey_challenges',
  indexes: [{ properties: ['expiresAt'] }],
  properties: {
    id: idColumn(),
    challenge: p.string().length(128).unique(),
    ceremony: p.enum([...PASSKEY_CEREMONIES]),
    user: p.manyToOne(User).nullable().deleteRule('cascade'),
    expiresAt: p.datetime(),
  },
});
export type PasskeyChallenge = InferEntity<typeof PasskeyChallenge>;
