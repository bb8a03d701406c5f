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
    /** From "This was not me": the event it answers; the factor that proves the owner must be older. */
    since: p.datetime().nullable(),
  },
});
export type PasswordReset = InferEntity<typeof PasswordReset>;

/**
 * A change of the account's e-mail, waiting for the link sent to the new address (the id is the
 * link's secret). The old address is kept: it was told, and "This was not me" restores it.
 */
export const EmailChange = defineEntity({
  name: 'EmailChange',
  tableName: 'email_changes',
  properties: {
    id: p.uuid().primary(),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade').index(),
    oldEmail: p.string().length(254),
    newEmail: p.string().length(254),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
  },
});
export type EmailChange = InferEntity<typeof EmailChange>;
