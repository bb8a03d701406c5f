import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.ts';

export const PasswordReset = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    // The id is the secret in the link, so it is random, not a sequence.
    id: p.uuid().primary(),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type PasswordReset = InferEntity<typeof PasswordReset>;
