import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainError } from '../../errors.ts';
import { failWith } from '../../failures.ts';
import { ACTIVITY_OBJECT_TYPES, type ActivityObjectType } from './teams.entity.ts';

/** One change of an account's history, as the Activity page and the API show it. */
export interface ActivityView {
  id: number;
  at: Date;
  user: { id: number; name: string } | null;
  ip: string | null;
  action: string;
  objectType: ActivityObjectType;
  objectId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface ActivityFilter {
  userId?: number;
  objectType?: ActivityObjectType;
  objectId?: number;
  from?: Date;
  to?: Date;
}

export const isActivityObjectType = (v: unknown): v is ActivityObjectType =>
  (ACTIVITY_OBJECT_TYPES as readonly unknown[]).includes(v);

type Row = {
  id: string;
  at: Date;
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  action: string;
  object_type: ActivityObjectType;
  object_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  total: string;
};

/** The JSON columns' names as the API writes fields (snake_case → camelCase). */
const camel = (o: Record<string, unknown> | null) =>
  o &&
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]),
  );

/** A page of an account's history, newest first, with the filters applied; and the total. */
export async function readActivity(
  em: EntityManager,
  accountId: number,
  filter: ActivityFilter,
  page: { offset: number; limit: number },
): Promise<{ data: ActivityView[]; total: number }> {
  const where = ['a.account_id = ?'];
  const params: unknown[] = [accountId];
  if (filter.userId) where.push('a.user_id = ?'), params.push(filter.userId);
  if (filter.objectType) where.push('a.object_type = ?'), params.push(filter.objectType);
  if (filter.objectId) where.push('a.object_id = ?'), params.push(filter.objectId);
  if (filter.from) where.push('a.at >= ?'), params.push(filter.from);
  if (filter.to) where.push('a.at < ?'), params.push(filter.to);
  const rows = await em.execute<Row[]>(
    `select a.id, a.at, a.user_id, u.name as user_name, a.ip, a.action, a.object_type, a.object_id, a.before, a.after,
            count(*) over () as total
       from account_activity a left join users u on u.id = a.user_id
      where ${where.join(' and ')}
      order by a.id desc offset ? limit ?`,
    [...params, page.offset, page.limit],
  );
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    data: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at),
      user: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
      ip: r.ip,
      action: r.action,
      objectType: r.object_type,
      objectId: r.object_id,
      before: camel(r.before),
      after: camel(r.after),
    })),
  };
}

/** Who last changed a thing of the account (for "Sam saved this after you opened it"); "Someone" when unknown. */
export async function lastChangedBy(
  em: EntityManager,
  accountId: number,
  objectType: ActivityObjectType,
  objectId: number,
): Promise<string> {
  const [row] = await em.execute<{ name: string | null }[]>(
    `select u.name from account_activity a left join users u on u.id = a.user_id
      where a.account_id = ? and a.object_type = ? and a.object_id = ? order by a.id desc limit 1`,
    [accountId, objectType, objectId],
  );
  return row?.name ?? 'Someone';
}

/**
 * STALE_VERSION (REST 412): someone saved the thing after the change's version; `current` is the
 * thing as it is now, in the answer's JSON, and the message names who saved it.
 */
export async function staleVersion(
  em: EntityManager,
  accountId: number,
  objectType: 'campaign' | 'app' | 'project',
  objectId: number,
  version: number,
  current: unknown,
): Promise<DomainError> {
  const by = await lastChangedBy(em, accountId, objectType, objectId);
  return failWith('STALE_VERSION', { current }, { by, thing: objectType, version });
}
