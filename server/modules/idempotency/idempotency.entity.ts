import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.ts';

/**
 * The first result of a create sent with an `Idempotency-Key`: per user and key, which
 * operation it was, a hash of its request (a key reused for another request is refused) and
 * the id of what it created (a retry answers with that object). Rows older than a day are
 * ignored and purged.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  indexes: [{ properties: ['createdAt'] }],
  properties: {
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').primary().deleteRule('cascade'),
    key: p.string().length(255).primary(),
    operation: p.string().length(40),
    requestHash: p.string().length(64),
    resultId: p.integer().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type IdempotencyKey = InferEntity<typeof IdempotencyKey>;
