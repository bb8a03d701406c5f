import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { dataTableQuery, likePattern, oneOrMany, type TableQuery, tablePage, tableRows } from '../../lib/data-table.ts';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditAction, type AuditObjectType } from './record.ts';
import { says } from '../../failures.ts';

/** One row of the trail as the Audit page, REST and the CSV show it. */
export interface AuditEventView {
  seq: number;
  at: string;
  actorId: number | null;
  actor: string;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  hash: string;
}

export const AuditFilters = z.object({
  actorId: z.coerce
    .number({ error: says('ACTORID_MUST_NUMBER') })
    .int()
    .positive()
    .optional(),
  action: oneOrMany(AUDIT_ACTIONS, 'action'),
  objectType: z
    .enum(AUDIT_OBJECT_TYPES, { error: says('OBJECTTYPE_MUST_ONE_OF', { values: AUDIT_OBJECT_TYPES.join(', ') }) })
    .optional(),
  objectId: z.string().trim().min(1).max(64, says('OBJECTID_MUST_AT_MOST_64')).optional(),
});
/** The audit table: newest first (20 a page), filtered by person, action and object; search in who and what. */
export const AuditTableQuery = dataTableQuery(['seq'], AuditFilters, { defaultSize: 20 });
export type AuditTableQuery = TableQuery<z.output<typeof AuditFilters>, 'seq'>;

interface AuditRow {
  seq: string;
  at: Date;
  actor_id: number | null;
  actor: string;
  action: AuditAction;
  object_type: AuditObjectType;
  object_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  hash: Buffer;
}

const SELECT = 'select seq, at, actor_id, actor, action, object_type, object_id, before, after, ip, hash';

const view = (r: AuditRow): AuditEventView => ({
  seq: Number(r.seq),
  at: new Date(r.at).toISOString(),
  actorId: r.actor_id,
  actor: r.actor,
  action: r.action,
  objectType: r.object_type,
  objectId: r.object_id,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  hash: Buffer.from(r.hash).toString('hex'),
});

function auditSql(q: Pick<AuditTableQuery, 'filters' | 'search' | 'sortOrder'>) {
  const where: string[] = [];
  const params: unknown[] = [];
  const f = q.filters;
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (f.actorId) add('actor_id = ?', f.actorId);
  if (f.action?.length) add(`action in (${f.action.map(() => '?').join(', ')})`, ...f.action);
  if (f.objectType) add('object_type = ?', f.objectType);
  if (f.objectId) add('object_id = ?', f.objectId);
  if (q.search) {
    const like = likePattern(q.search);
    add('(actor ilike ? or object_id = ? or action ilike ? or after::text ilike ?)', like, q.search, like, like);
  }
  const from = `from audit_events${where.length ? ` where ${where.join(' and ')}` : ''}`;
  return { from, order: `seq ${q.sortOrder === 'asc' ? 'asc' : 'desc'}`, params };
}

/** What `verify` found: the rows read, the head's hash, and each break with its row and why. */
export interface AuditVerdict {
  rows: number;
  head: string;
  breaks: { seq: number; why: string }[];
  /** The row whose hash is the head asked about (`seen`), or null when no row of the chain has it. */
  seenAt?: number | null;
}

/** The first row's `prev_hash`: 32 zero bytes. */
const GENESIS = Buffer.alloc(32);

/** The audit trail, read: the staff Audit page, its CSV, and the chain's check. */
export class AuditService {
  async table(em: EntityManager, q: AuditTableQuery) {
    const { from, order, params } = auditSql(q);
    const { rows, totalCount } = await tablePage<AuditRow>(
      em,
      q,
      { count: `select count(*) as n ${from}`, rows: `${SELECT} ${from} order by ${order}` },
      params,
    );
    return { data: rows.map(view), totalCount };
  }

  /** Every row the filters select, in the table's order, 500 at a time (the CSV). */
  async *stream(em: EntityManager, q: Pick<AuditTableQuery, 'filters' | 'search' | 'sortOrder'>) {
    const { from, order, params } = auditSql(q);
    for await (const row of tableRows<AuditRow>(em, `${SELECT} ${from} order by ${order}`, params)) yield view(row);
  }

  /** The people who appear in the trail (the Audit page's person filter). */
  async actors(em: EntityManager): Promise<{ id: number; email: string }[]> {
    return em.execute(
      `select u.id, u.email from users u where exists (select 1 from audit_events a where a.actor_id = u.id) order by u.email`,
    );
  }

  /**
   * Recomputes the chain in this process (not with the database's trigger): rows numbered 1…n
   * with no gap, each `prev_hash` the hash of the row before (32 zero bytes for the first), each
   * `hash` = SHA-256(prev_hash ‖ the row's text as `audit_event_text` gives it), and the head
   * where the last row is. A row changed, removed or put in shows as a break.
   */
  async verify(em: EntityManager, batch = 1000, seen?: string): Promise<AuditVerdict> {
    const breaks: AuditVerdict['breaks'] = [];
    let seenAt: number | null = null;
    const seenHash = seen ? Buffer.from(seen.toLowerCase(), 'hex') : null;
    let prev = GENESIS;
    let expected = 1;
    let rows = 0;
    for (let after = 0; ; ) {
      const page = await em.execute<{ seq: string; prev_hash: Buffer; hash: Buffer; text: string }[]>(
        'select seq, prev_hash, hash, audit_event_text(a) as text from audit_events a where seq > ? order by seq limit ?',
        [after, batch],
      );
      for (const r of page) {
        const seq = Number(r.seq);
        if (seq !== expected) breaks.push({ seq, why: `rows ${expected} to ${seq - 1} are missing` });
        if (!Buffer.from(r.prev_hash).equals(prev))
          breaks.push({ seq, why: 'its prev_hash is not the hash of the row before' });
        const hash = createHash('sha256').update(Buffer.from(r.prev_hash)).update(r.text, 'utf8').digest();
        if (!hash.equals(Buffer.from(r.hash)))
          breaks.push({ seq, why: 'its hash does not match its columns (changed)' });
        prev = Buffer.from(r.hash);
        if (seenHash && seenAt === null && hash.equals(seenHash) && prev.equals(hash)) seenAt = seq;
        expected = seq + 1;
        rows++;
      }
      if (page.length < batch) break;
      after = Number(page.at(-1)!.seq);
    }
    const [head] = await em.execute<{ seq: string; hash: Buffer }[]>('select seq, hash from audit_head where id = 1');
    if (head && (Number(head.seq) !== expected - 1 || !Buffer.from(head.hash).equals(prev))) {
      breaks.push({ seq: Number(head.seq), why: 'the chain’s head is not its last row (rows removed at the end?)' });
    }
    return { rows, head: prev.toString('hex'), breaks, ...(seen ? { seenAt } : {}) };
  }
}
