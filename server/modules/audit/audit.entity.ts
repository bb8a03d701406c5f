import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * The audit trail: every staff action and money decision, one row each, written in the
 * transaction of the change it records (`recordAudit`). Append-only: the database refuses
 * UPDATE, DELETE and TRUNCATE on it, and each row carries the hash of the row before it
 * (`prev_hash`) and its own (`hash`, over the previous hash and its columns), set by a trigger
 * under the one-row `audit_head`'s lock (migration …_audit_trail). `npm run audit:verify`
 * recomputes the chain.
 */
export const AuditEvent = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  indexes: [
    { properties: ['actorId', 'seq'] },
    { properties: ['objectType', 'objectId', 'seq'] },
    { properties: ['action', 'seq'] },
  ],
  properties: {
    // Numbered by the chain (1, 2, 3 … with no gap), not by a sequence a rollback skips.
    seq: p.bigint('number').primary().autoincrement(false),
    at: p.datetime().defaultRaw('clock_timestamp()'),
    // Who: a person (null for the product itself: the auto-approve rule, a job, a script) and
    // how they were known then (e-mail, or the rule's or script's name).
    actorId: p.integer().nullable(),
    actor: p.string().length(254),
    action: p.string().length(64),
    objectType: p.string().length(32),
    objectId: p.string().length(64),
    before: p.json().nullable(),
    after: p.json().nullable(),
    ip: p.string().length(64).nullable(),
    prevHash: p.blob(),
    hash: p.blob(),
  },
});
export type AuditEvent = InferEntity<typeof AuditEvent>;

/** The chain's head: the last row's number and hash (one row, locked by each insert). */
export const AuditHead = defineEntity({
  name: 'AuditHead',
  tableName: 'audit_head',
  properties: {
    id: p.smallint().primary().autoincrement(false),
    seq: p.bigint('number'),
    hash: p.blob(),
  },
});
export type AuditHead = InferEntity<typeof AuditHead>;
