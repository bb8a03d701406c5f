import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn } from '../../db/columns.ts';
import { User } from '../users/user.entity.ts';

export const SECOND_FACTOR_KINDS = ['TOTP'] as const;

/**
 * A second factor of an account: an authenticator app (TOTP, RFC 6238). Its secret is sealed
 * with SECRETS_KEY; `lastStep` is the last 30-second step a code was accepted for, so a code
 * works once. Unconfirmed until a first code from the app proves it was set up (then named).
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
    secret: p.text(),
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
