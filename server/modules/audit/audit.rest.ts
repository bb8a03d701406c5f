import { z } from 'zod';
import { withTotal } from '../../lib/data-table.ts';
import { CsvFile, mapRows } from '../../rest/csv.ts';
import { route } from '../../rest/route.ts';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from './record.ts';
import { AuditTableQuery } from './audit.service.ts';

const AuditEventJson = z.object({
  seq: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  objectType: z.enum(AUDIT_OBJECT_TYPES),
  objectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  hash: z.string(),
});

const HELP =
  'A data table, newest first: `page`, `size` (default 20), `sortField` (seq), `sortOrder`, `filters` (JSON: `actorId`, `action` (one or a list), `objectType`, `objectId`), `search` (who, what, the object’s id).';

/** The audit trail, read by finance staff and staff administrators. */
export const auditRoutes = [
  route({
    method: 'GET',
    path: '/v1/audit',
    tag: 'audit',
    summary: `Finance staff and staff administrators: the audit trail of staff actions and money decisions (append-only, hash-chained). ${HELP} Answers \`{ data, total, totalCount }\`.`,
    access: 'audit',
    query: AuditTableQuery,
    response: z.object({ data: z.array(AuditEventJson), total: z.number(), totalCount: z.number() }),
    handler: async (ctx, { query }) => withTotal(await ctx.services.audit.table(ctx.em, query)),
  }),
  route({
    method: 'GET',
    path: '/v1/audit.csv',
    tag: 'audit',
    summary: 'Finance staff and staff administrators: the audit rows the filters and search select, as CSV, streamed.',
    access: 'audit',
    query: AuditTableQuery,
    handler: async (ctx, { query }) =>
      new CsvFile(
        `audit-${new Date().toISOString().slice(0, 10)}.csv`,
        ['seq', 'at', 'actor_id', 'actor', 'action', 'object_type', 'object_id', 'before', 'after', 'ip', 'hash'],
        mapRows(ctx.services.audit.stream(ctx.em, query), (e) => [
          e.seq,
          e.at,
          e.actorId,
          e.actor,
          e.action,
          e.objectType,
          e.objectId,
          e.before === null ? null : JSON.stringify(e.before),
          e.after === null ? null : JSON.stringify(e.after),
          e.ip,
          e.hash,
        ]),
      ),
  }),
];
