import type { EntityManager } from '@mikro-orm/postgresql';
import { requestIp } from '../../lib/request-scope.ts';

/**
 * What the audit trail records. Money: a withdrawal requested, approved (`approval_given` for
 * the first of two, `approved` for the one that approves it), approved by the auto-approve rule
 * (with the rule's figures), rejected (with the reason); the payout limits lifted for a day. Staff: a role granted or taken; a
 * campaign or player report claimed, released or decided; a registration decided; a setting
 * changed. Identity (`account.*`, the account's own acts, by whoever held its session): a Telegram
 * link or unlink, a second factor added or removed, recovery codes renewed, the password changed
 * or reset, "This was not me" (with what it undid), a payout address saved or removed.
 */
export const AUDIT_ACTIONS = [
  'withdrawal.requested',
  'withdrawal.approval_given',
  'withdrawal.approved',
  'withdrawal.auto_approved',
  'withdrawal.rejected',
  'withdrawal.settled_from_chain',
  'payouts.limit_reached',
  'payouts.limits_lifted',
  'role.granted',
  'role.revoked',
  'campaign.claimed',
  'campaign.released',
  'campaign.approved',
  'campaign.rejected',
  'report.claimed',
  'report.released',
  'report.resolved',
  'report.rejected',
  'registration.approved',
  'registration.declined',
  'setting.changed',
  'account.telegram_linked',
  'account.telegram_unlinked',
  'account.factor_added',
  'account.factor_removed',
  'account.recovery_codes_renewed',
  'account.password_changed',
  'account.password_reset',
  'account.not_me',
  'account.payout_address_saved',
  'account.payout_address_removed',
  'account.email_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OBJECT_TYPES = ['withdrawal', 'user', 'campaign', 'report', 'registration', 'setting'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/**
 * Who did it: a person (their id; their e-mail is looked up when no label is given), or the
 * product itself (no id: the rule's or script's name as the label).
 */
export interface AuditActor {
  id: number | null;
  label?: string;
}

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  object: { type: AuditObjectType; id: number | string };
  before?: unknown;
  after?: unknown;
}

/** The auto-approve rule, as the trail names it. */
export const RULE_ACTOR: AuditActor = { id: null, label: 'auto-approve rule' };

/** The payout round, as the trail names it (a limit it stopped at). */
export const ROUND_ACTOR: AuditActor = { id: null, label: 'payout round' };

/** The account itself (its e-mail is looked up), for its own acts on who it is. */
export const accountActor = (userId: number): AuditActor => ({ id: userId });

/** A person as the trail names them. */
export const personActor = (user: { id: number; email: string }): AuditActor => ({ id: user.id, label: user.email });

/**
 * Records one action in the audit trail, in `tx`: the transaction of the change it records, so
 * both are kept or neither. The request's address comes from its scope (none in a job). The
 * row's number, time and hashes are the database's (a trigger chains it to the row before).
 */
export function recordAudit(tx: EntityManager, entry: AuditEntry): Promise<void> {
  return recordAudits(tx, [entry]);
}

/**
 * Several actions in one statement (a batch approval's, in their order): the trigger chains
 * each row after the one before, as single inserts do.
 */
export async function recordAudits(tx: EntityManager, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  const ip = requestIp();
  await tx.execute(
    `insert into audit_events (actor_id, actor, action, object_type, object_id, before, after, ip)
     values ${entries.map(() => `(?, coalesce(?, (select email from users where id = ?), 'system'), ?, ?, ?, ?::jsonb, ?::jsonb, ?)`).join(', ')}`,
    entries.flatMap((entry) => [
      entry.actor.id,
      entry.actor.label?.slice(0, 254) ?? null,
      entry.actor.id,
      entry.action,
      entry.object.type,
      String(entry.object.id),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      ip,
    ]),
  );
}
