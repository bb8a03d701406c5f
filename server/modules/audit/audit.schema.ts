import { parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { defined, SortOrderEnum } from '../../graphql/table.ts';
import { withTotal } from '../../lib/data-table.ts';
import { type AuditEventView, AuditTableQuery } from './audit.service.ts';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from './record.ts';

const ActionEnum = builder.enumType('AuditAction', {
  description: 'What was done (`withdrawal.approved` is WITHDRAWAL_APPROVED).',
  values: Object.fromEntries(AUDIT_ACTIONS.map((a) => [graphqlName(a), { value: a }])),
});
const ObjectTypeEnum = builder.enumType('AuditObjectType', {
  values: Object.fromEntries(AUDIT_OBJECT_TYPES.map((o) => [o.toUpperCase(), { value: o }])),
});
const AuditSortEnum = builder.enumType('AuditSortField', { values: ['seq'] as const });

/** `withdrawal.approval_given` → `WITHDRAWAL_APPROVAL_GIVEN`. */
function graphqlName(action: string): string {
  return action.replace('.', '_').toUpperCase();
}

const AuditEventRef = builder.objectRef<AuditEventView>('AuditEvent').implement({
  description: 'One row of the audit trail: who did what to which object, before and after, from where, when.',
  fields: (t) => ({
    seq: t.exposeInt('seq', { description: 'Its number in the chain (1, 2, 3 …).' }),
    at: t.expose('at', { type: 'DateTime' }),
    actorId: t.exposeID('actorId', { nullable: true, description: 'The person; null for the product itself.' }),
    actor: t.exposeString('actor', { description: 'Their e-mail then, or the rule’s or script’s name.' }),
    action: t.expose('action', { type: ActionEnum }),
    objectType: t.expose('objectType', { type: ObjectTypeEnum }),
    objectId: t.exposeString('objectId'),
    before: t.string({ nullable: true, description: 'As JSON.', resolve: (e) => json(e.before) }),
    after: t.string({ nullable: true, description: 'As JSON.', resolve: (e) => json(e.after) }),
    ip: t.exposeString('ip', { nullable: true, description: 'The address the request came from.' }),
    hash: t.exposeString('hash', { description: 'SHA-256 over the row before’s hash and this row (hex).' }),
  }),
});

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

const AuditPageRef = builder.objectRef<{ data: AuditEventView[]; totalCount: number }>('AuditPage').implement({
  fields: (t) => ({
    data: t.expose('data', { type: [AuditEventRef] }),
    totalCount: t.exposeInt('totalCount'),
  }),
});

const AuditFiltersInput = builder.inputType('AuditFilters', {
  fields: (t) => ({
    actorId: t.id({ required: false }),
    action: t.field({ type: [ActionEnum], required: false }),
    objectType: t.field({ type: ObjectTypeEnum, required: false }),
    objectId: t.string({ required: false }),
  }),
});

const AuditActorRef = builder.objectRef<{ id: number; email: string }>('AuditActor').implement({
  fields: (t) => ({ id: t.exposeID('id'), email: t.exposeString('email') }),
});

builder.queryFields((t) => ({
  auditEvents: t.field({
    type: AuditPageRef,
    authScopes: { finance: true, admin: true },
    description:
      'Finance staff and staff administrators: the audit trail as a data table, newest first (20 a page), filtered by person, action and object.',
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      size: t.arg.int({ required: false }),
      sortField: t.arg({ type: AuditSortEnum, required: false }),
      sortOrder: t.arg({ type: SortOrderEnum, required: false }),
      filters: t.arg({ type: AuditFiltersInput, required: false }),
      search: t.arg.string({ required: false, description: 'Who, what, or the object’s id.' }),
    },
    resolve: async (_r, args, ctx) => {
      const query = parseInput(AuditTableQuery, { ...defined(args), filters: defined(args.filters) });
      return withTotal(await ctx.services.audit.table(ctx.em, query));
    },
  }),
  auditActors: t.field({
    type: [AuditActorRef],
    authScopes: { finance: true, admin: true },
    description: 'The people who appear in the audit trail (its person filter).',
    resolve: (_r, _a, ctx) => ctx.services.audit.actors(ctx.em),
  }),
}));
