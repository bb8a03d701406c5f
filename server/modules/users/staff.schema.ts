import { builder } from '../../graphql/builder.ts';
import type { StaffMember, StaffRoleChangeView } from './staff.service.ts';
import { STAFF_ROLES } from './user.entity.ts';

const StaffRoleEnum = builder.enumType('StaffRole', { values: STAFF_ROLES });

const StaffMemberRef = builder.objectRef<StaffMember>('StaffMember').implement({
  description: 'An account with a staff role.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    isModerator: t.exposeBoolean('isModerator'),
    isFinance: t.exposeBoolean('isFinance'),
    isAdmin: t.exposeBoolean('isAdmin'),
  }),
});

const StaffRoleChangeRef = builder.objectRef<StaffRoleChangeView>('StaffRoleChange').implement({
  description: 'A staff role granted or taken, and by whom.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.expose('role', { type: StaffRoleEnum }),
    granted: t.exposeBoolean('granted'),
    by: t.exposeString('by', { description: 'The staff administrator’s e-mail, or “npm run staff”.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('staffMembers', (t) =>
  t.field({
    type: [StaffMemberRef],
    description: 'Everybody with a staff role (staff administrators only).',
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => ctx.services.staff.members(ctx.em),
  }),
);

builder.queryField('staffRoleChanges', (t) =>
  t.field({
    type: [StaffRoleChangeRef],
    description: 'The latest 50 grants and removals of staff roles (staff administrators only).',
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => ctx.services.staff.history(ctx.em),
  }),
);

builder.mutationField('setStaffRole', (t) =>
  t.field({
    type: StaffMemberRef,
    description:
      'Grants or takes a staff role of the account with this e-mail (staff administrators only): in force at once for its requests and open pages, recorded, and mailed to the person.',
    authScopes: { admin: true },
    args: {
      email: t.arg.string({ required: true }),
      role: t.arg({ type: StaffRoleEnum, required: true }),
      granted: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, args, ctx) =>
      (
        await ctx.services.staff.setRole(ctx.em, args, {
          userId: ctx.user!.id,
          user: ctx.user!,
          label: ctx.user!.email,
        })
      ).member,
  }),
);
