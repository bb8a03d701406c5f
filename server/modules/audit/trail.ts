import type { EntityManager } from '@mikro-orm/postgresql';
import { pgIds } from '../../db/columns.ts';

/** A person's decision on a withdrawal, as the finance queue shows it. */
export interface TrailDecision {
  userId: number | null;
  name: string;
  at: string;
}

/** What the audit trail says of one withdrawal beyond its approvals: where it was asked from, who rejected it, whether the rule approved it. */
export interface WithdrawalTrail {
  /** The address the payee's request came from (none for the demo seed). */
  requestedFrom: string | null;
  rejectedBy: TrailDecision | null;
  approvedByRule: boolean;
}

/** The trails of `ids`, in one query (the finance queue's page). */
export async function withdrawalTrails(em: EntityManager, ids: number[]): Promise<Map<number, WithdrawalTrail>> {
  const byId = new Map<number, WithdrawalTrail>(
    ids.map((id) => [id, { requestedFrom: null, rejectedBy: null, approvedByRule: false }]),
  );
  if (!ids.length) return byId;
  const rows = await em.execute<
    { object_id: string; action: string; actor_id: number | null; name: string; at: Date; ip: string | null }[]
  >(
    `select a.object_id, a.action, a.actor_id, coalesce(u.name, a.actor) as name, a.at, a.ip
       from audit_events a left join users u on u.id = a.actor_id
      where a.object_type = 'withdrawal' and a.object_id = any(?::text[])
        and a.action in ('withdrawal.requested', 'withdrawal.rejected', 'withdrawal.auto_approved')
      order by a.seq`,
    [pgIds(ids)],
  );
  for (const r of rows) {
    const trail = byId.get(Number(r.object_id));
    if (!trail) continue;
    if (r.action === 'withdrawal.requested') trail.requestedFrom = r.ip;
    if (r.action === 'withdrawal.auto_approved') trail.approvedByRule = true;
    if (r.action === 'withdrawal.rejected')
      trail.rejectedBy = { userId: r.actor_id, name: r.name, at: new Date(r.at).toISOString() };
  }
  return byId;
}
