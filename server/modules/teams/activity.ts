import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainError } from '../../errors.ts';
import { failWith } from '../../failures.ts';
import { formatMoney } from '../../lib/money.ts';
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

/**
 * One thing's history on its page takes its parts' with it: a campaign's budget moves, a
 * project's resources, an app's services (each clause takes the thing's id twice).
 */
const WITH_PARTS: Partial<Record<ActivityObjectType, string>> = {
  campaign: `((a.object_type = 'campaign' and a.object_id = ?) or (a.object_type = 'budget' and a.object_id = ?))`,
  project: `((a.object_type = 'project' and a.object_id = ?) or (a.object_type = 'resource'
    and coalesce(a.after->>'project_id', a.before->>'project_id') = (?)::text))`,
  app: `((a.object_type = 'app' and a.object_id = ?) or (a.object_type = 'service'
    and a.object_id in (select s.id from platform_services s where s.platform_id = ?)))`,
};

/** The fields that hold money, kept in micro-USD: the history shows them in dollars ("1.50"). */
const MONEY_FIELDS: Partial<Record<ActivityObjectType, readonly string[]>> = {
  budget: ['amount'],
  campaign: ['prices'],
};

const dollars = (v: unknown): unknown =>
  typeof v === 'string' && /^-?\d{1,20}$/.test(v)
    ? formatMoney(BigInt(v))
    : v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, dollars(x)]))
      : v;

function inDollars(type: ActivityObjectType, fields: Record<string, unknown> | null) {
  const money = MONEY_FIELDS[type];
  if (!fields || !money) return fields;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, money.includes(k) ? dollars(v) : v]));
}

/** A page of an account's history, newest first, with the filters applied; and the total. */
export async function readActivity(
  em: EntityManager,
  accountId: number,
  filter: ActivityFilter,
  page: { offset: number; limit: number },
): Promise<{ data: ActivityView[]; total: number }> {
  const where = ['a.account_id = ?'];
  const params: unknown[] = [accountId];
  const and = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (filter.userId) and('a.user_id = ?', filter.userId);
  const parts = filter.objectType && filter.objectId ? WITH_PARTS[filter.objectType] : undefined;
  if (parts) and(parts, filter.objectId, filter.objectId);
  else {
    if (filter.objectType) and('a.object_type = ?', filter.objectType);
    if (filter.objectId) and('a.object_id = ?', filter.objectId);
  }
  if (filter.from) and('a.at >= ?', filter.from);
  if (filter.to) and('a.at < ?', filter.to);
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
      before: inDollars(r.object_type, camel(r.before)),
      after: inDollars(r.object_type, camel(r.after)),
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
