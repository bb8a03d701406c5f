import { builder } from '../../graphql/builder.ts';
import { topics } from '../../lib/pubsub.ts';
import { type RegistrationRequestView, registrationView } from '../auth/registration-request.entity.ts';
import { REGISTRATION_STATUSES } from '../auth/registration-request.entity.ts';
import { DefaultRoleEnum } from '../users/users.schema.ts';
import { checkPage, parseId } from '../../graphql/args.ts';

const StatusEnum = builder.enumType('RegistrationStatus', { values: REGISTRATION_STATUSES });
const SourceEnum = builder.enumType('RegistrationSource', { values: ['FORM', 'GOOGLE'] as const });

const RegistrationRequestRef = builder.objectRef<RegistrationRequestView>('RegistrationRequest').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    telegram: t.exposeString('telegram', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
    comment: t.exposeString('comment', { nullable: true }),
    role: t.expose('role', { type: DefaultRoleEnum }),
    source: t.expose('source', { type: SourceEnum }),
    status: t.expose('status', { type: StatusEnum }),
    decidedAt: t.expose('decidedAt', { type: 'DateTime', nullable: true }),
    declineReason: t.exposeString('declineReason', { nullable: true }),
  }),
});

const PageRef = builder
  .objectRef<{ data: RegistrationRequestView[]; total: number }>('RegistrationRequestPage')
  .implement({
    fields: (t) => ({
      data: t.expose('data', { type: [RegistrationRequestRef] }),
      total: t.exposeInt('total'),
    }),
  });

builder.queryField('registrationRequests', (t) =>
  t.field({
    type: PageRef,
    authScopes: { moderator: true },
    args: {
      status: t.arg({ type: StatusEnum, required: false }),
      page: t.arg.int({ required: true, defaultValue: 1 }),
      limit: t.arg.int({ required: true, defaultValue: 20 }),
    },
    resolve: async (_root, args, ctx) => {
      checkPage(args.page, args.limit);
      const { data, total } = await ctx.services.registrations.list(ctx.em, {
        status: args.status,
        page: args.page,
        limit: args.limit,
      });
      return { data: data.map(registrationView), total };
    },
  }),
);

builder.mutationField('approveRegistrationRequest', (t) =>
  t.field({
    type: RegistrationRequestRef,
    authScopes: { moderator: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) =>
      registrationView(await ctx.services.registrations.approve(ctx.em, ctx.user!, parseId(id))),
  }),
);

builder.mutationField('declineRegistrationRequest', (t) =>
  t.field({
    type: RegistrationRequestRef,
    authScopes: { moderator: true },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: false }) },
    resolve: async (_root, { id, reason }, ctx) =>
      registrationView(await ctx.services.registrations.decline(ctx.em, ctx.user!, parseId(id), reason ?? null)),
  }),
);

builder.subscriptionField('registrationRequestChanged', (t) =>
  t.field({
    type: RegistrationRequestRef,
    authScopes: { moderator: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe<RegistrationRequestView>(topics.registrationRequests()),
    resolve: (payload) => payload,
  }),
);
