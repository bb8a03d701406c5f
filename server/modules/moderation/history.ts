import type { EntityManager } from '@mikro-orm/postgresql';
import { AUDIT_ACTIONS, type AuditAction, recordAudit } from '../audit/record.ts';
import type { ModerationSubject } from './moderation.entity.ts';

/** One change of a report or a campaign review: who (null: the system), when, from, to. */
export interface HistoryEntry {
  id: number;
  at: Date;
  actor: { id: number; name: string } | null;
  action: string;
  from: string | null;
  to: string;
  note: string | null;
  effects: Record<string, unknown> | null;
}

export async function recordEvent(
  tx: EntityManager,
  e: {
    subject: ModerationSubject;
    subjectId: number;
    actorId: number | null;
    action: string;
    from: string | null;
    to: string;
    note: string | null;
    effects: Record<string, unknown> | null;
  },
) {
  await tx.execute(
    `insert into moderation_events (subject, subject_id, actor_id, action, from_status, to_status, note, effects)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
    [e.subject, e.subjectId, e.actorId, e.action, e.from, e.to, e.note, e.effects ? JSON.stringify(e.effects) : null],
  );
  // A moderator's action is in the audit trail too (a rule's flag is not a staff action).
  const action = `${e.subject === 'CAMPAIGN' ? 'campaign' : 'report'}.${e.action}` as AuditAction;
  if (e.actorId !== null && (AUDIT_ACTIONS as readonly string[]).includes(action)) {
    await recordAudit(tx, {
      actor: { id: e.actorId },
      action,
      object: { type: e.subject === 'CAMPAIGN' ? 'campaign' : 'report', id: e.subjectId },
      before: { status: e.from },
      after: { status: e.to, ...(e.note ? { note: e.note } : {}), ...(e.effects ? { effects: e.effects } : {}) },
    });
  }
}

export async function history(
  em: EntityManager,
  subject: ModerationSubject,
  subjectId: number,
): Promise<HistoryEntry[]> {
  const rows = await em.execute<
    {
      id: number;
      at: Date;
      actor_id: number | null;
      actor_name: string | null;
      action: string;
      from_status: string | null;
      to_status: string;
      note: string | null;
      effects: Record<string, unknown> | null;
    }[]
  >(
    `select e.id, e.at, e.actor_id, u.name as actor_name, e.action, e.from_status, e.to_status, e.note, e.effects
       from moderation_events e left join users u on u.id = e.actor_id
      where e.subject = ? and e.subject_id = ? order by e.id`,
    [subject, subjectId],
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at),
    actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? '' },
    action: r.action,
    from: r.from_status,
    to: r.to_status,
    note: r.note,
    effects: r.effects,
  }));
}
