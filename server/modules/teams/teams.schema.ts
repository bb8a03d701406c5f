import { ACCESS_LEVELS } from '../../../shared/access-levels.ts';
import { checkPage, parseId, parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { InviteInput, invitationToken } from './teams.inputs.ts';
import type { ActivityView } from './activity.ts';
import { PRESENCE_OBJECTS, type PresencePerson } from './presence.ts';
import { ACTIVITY_OBJECT_TYPES } from './teams.entity.ts';
import type { AccountView, InvitationPreview, InvitationView, MemberView } from './teams.service.ts';

const AccessLevelEnum = builder.enumType('AccessLevel', {
  values: ACCESS_LEVELS,
  description:
    'A person’s level in an account: ADMIN everything, people included; STANDARD the work (projects, campaigns, apps, offers) without money out or people; BILLING funds, withdrawals and payout addresses without campaign or app changes; READ_ONLY sees everything, changes nothing.',
});
const InvitationStatusEnum = builder.enumType('InvitationStatus', {
  values: ['OPEN', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const,
});

export const AccountRef = builder.objectRef<AccountView>('Account').implement({
  description:
    'An account the signed-in person is in (their own, or one they were invited to). Send its id as `X-Account-Id` (HTTP) or `accountId` (the socket’s connection_init) to act on it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    kind: t.exposeString('kind', { description: 'ADVERTISER or PUBLISHER: where its owner works most.' }),
    accessLevel: t.expose('accessLevel', { type: AccessLevelEnum }),
    own: t.exposeBoolean('own'),
    advertiserBalance: t.expose('advertiserBalance', { type: 'Money' }),
    publisherBalance: t.expose('publisherBalance', { type: 'Money' }),
    publisherOnHoldBalance: t.expose('publisherOnHoldBalance', { type: 'Money' }),
    todaySpend: t.expose('todaySpend', { type: 'Money', description: 'What its campaigns spent today (UTC).' }),
    todayRevenue: t.expose('todayRevenue', { type: 'Money', description: 'What its apps earned today (UTC).' }),
    todayConversions: t.exposeInt('todayConversions', {
      description: 'Conversions its campaigns bought and its apps delivered today (UTC), voided ones left out.',
    }),
    openCampaigns: t.exposeInt('openCampaigns', { description: 'Its campaigns running now (swaps left out).' }),
  }),
});

const MemberRef = builder.objectRef<MemberView>('AccountMember').implement({
  fields: (t) => ({
    userId: t.exposeID('userId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    accessLevel: t.expose('accessLevel', { type: AccessLevelEnum }),
    owner: t.exposeBoolean('owner', { description: 'The account’s owner: its Admin for good.' }),
    since: t.expose('since', { type: 'DateTime' }),
  }),
});

const InvitationRef = builder.objectRef<InvitationView & { link?: string }>('AccountInvitation').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    accessLevel: t.expose('accessLevel', { type: AccessLevelEnum }),
    invitedBy: t.exposeString('invitedBy', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    status: t.expose('status', { type: InvitationStatusEnum }),
    link: t.exposeString('link', {
      nullable: true,
      description: 'The invitation’s link, answered once, by inviteMember (to send in Telegram).',
    }),
  }),
});

const InvitationPreviewRef = builder.objectRef<InvitationPreview>('InvitationPreview').implement({
  fields: (t) => ({
    accountName: t.exposeString('accountName'),
    invitedBy: t.exposeString('invitedBy', { nullable: true }),
    email: t.exposeString('email'),
    accessLevel: t.expose('accessLevel', { type: AccessLevelEnum }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    status: t.expose('status', { type: InvitationStatusEnum }),
    hasAccount: t.exposeBoolean('hasAccount', {
      description: 'The address has an account: sign in and accept. Without one: register through the link.',
    }),
  }),
});

const ActivityObjectEnum = builder.enumType('ActivityObjectType', { values: ACTIVITY_OBJECT_TYPES });

const ActivityChangeRef = builder
  .objectRef<{ field: string; before: unknown; after: unknown }>('ActivityChange')
  .implement({
    description: 'One field of a change: its value before and after, as JSON text (null: none).',
    fields: (t) => ({
      field: t.exposeString('field'),
      before: t.string({ nullable: true, resolve: (c) => (c.before === undefined ? null : JSON.stringify(c.before)) }),
      after: t.string({ nullable: true, resolve: (c) => (c.after === undefined ? null : JSON.stringify(c.after)) }),
    }),
  });

const ActivityRef = builder.objectRef<ActivityView>('Activity').implement({
  description: 'One change in an account’s history: who, when, from where, what, and the fields it changed.',
  fields: (t) => ({
    id: t.exposeID('id'),
    at: t.expose('at', { type: 'DateTime' }),
    userId: t.id({ nullable: true, resolve: (a) => a.user?.id ?? null }),
    userName: t.string({ nullable: true, resolve: (a) => a.user?.name ?? null }),
    ip: t.exposeString('ip', { nullable: true }),
    action: t.exposeString('action', { description: 'created, changed, deleted; funded or returned (a budget).' }),
    objectType: t.expose('objectType', { type: ActivityObjectEnum }),
    objectId: t.exposeInt('objectId', { nullable: true }),
    changes: t.field({
      type: [ActivityChangeRef],
      resolve: (a) =>
        [...new Set([...Object.keys(a.before ?? {}), ...Object.keys(a.after ?? {})])].map((field) => ({
          field,
          before: a.before?.[field],
          after: a.after?.[field],
        })),
    }),
  }),
});

const ActivityPageRef = builder.objectRef<{ data: ActivityView[]; total: number }>('ActivityPage').implement({
  fields: (t) => ({
    data: t.field({ type: [ActivityRef], resolve: (p) => p.data }),
    total: t.exposeInt('total'),
  }),
});

builder.queryFields((t) => ({
  activity: t.field({
    type: ActivityPageRef,
    authScopes: { authenticated: true },
    description: 'The account’s change history, newest first (any member may read it).',
    args: {
      accountId: t.arg.id({ required: true }),
      page: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false }),
      userId: t.arg.id({ required: false }),
      objectType: t.arg({ type: ActivityObjectEnum, required: false }),
      objectId: t.arg.id({
        required: false,
        description:
          'One thing’s history; with objectType campaign, project or app, its parts’ too (budget moves, resources, services).',
      }),
    },
    resolve: (_r, args, ctx) => {
      const page = args.page ?? 1;
      const limit = args.limit ?? 20;
      checkPage(page, limit);
      return ctx.services.teams.activity(
        ctx.em,
        ctx.user!,
        parseId(args.accountId),
        {
          userId: args.userId ? parseId(args.userId) : undefined,
          objectType: args.objectType ?? undefined,
          objectId: args.objectId ? parseId(args.objectId) : undefined,
        },
        page,
        limit,
      );
    },
  }),
  accounts: t.field({
    type: [AccountRef],
    authScopes: { authenticated: true },
    description: 'The accounts the signed-in person is in, their own first.',
    resolve: (_r, _a, ctx) => ctx.services.teams.accounts(ctx.em, ctx.user!),
  }),
  members: t.field({
    type: [MemberRef],
    authScopes: { authenticated: true },
    args: { accountId: t.arg.id({ required: true }) },
    resolve: (_r, { accountId }, ctx) => ctx.services.teams.members(ctx.em, ctx.user!, parseId(accountId)),
  }),
  invitations: t.field({
    type: [InvitationRef],
    authScopes: { authenticated: true },
    args: { accountId: t.arg.id({ required: true }) },
    resolve: (_r, { accountId }, ctx) => ctx.services.teams.invitations(ctx.em, ctx.user!, parseId(accountId)),
  }),
  invitation: t.field({
    type: InvitationPreviewRef,
    description: 'What an invitation’s link is for (anyone holding it).',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, { token }, ctx) => ctx.services.teams.preview(ctx.em, parseInput(invitationToken, token)),
  }),
}));

builder.mutationFields((t) => ({
  inviteMember: t.field({
    type: InvitationRef,
    authScopes: { authenticated: true },
    args: {
      accountId: t.arg.id({ required: true }),
      email: t.arg.string({ required: true }),
      accessLevel: t.arg({ type: AccessLevelEnum, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const input = parseInput(InviteInput, { email: args.email, accessLevel: args.accessLevel });
      const { invitation, link } = await ctx.services.teams.invite(ctx.em, ctx.user!, parseId(args.accountId), input);
      return { ...invitation, link };
    },
  }),
  revokeInvitation: t.field({
    type: InvitationRef,
    authScopes: { authenticated: true },
    args: { accountId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.teams.revoke(ctx.em, ctx.user!, parseId(args.accountId), parseId(args.id)),
  }),
  acceptInvitation: t.field({
    type: AccountRef,
    authScopes: { authenticated: true },
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, { token }, ctx) => ctx.services.teams.accept(ctx.em, ctx.user!, parseInput(invitationToken, token)),
  }),
  setMemberLevel: t.field({
    type: MemberRef,
    authScopes: { authenticated: true },
    args: {
      accountId: t.arg.id({ required: true }),
      userId: t.arg.id({ required: true }),
      accessLevel: t.arg({ type: AccessLevelEnum, required: true }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.teams.setLevel(ctx.em, ctx.user!, parseId(args.accountId), parseId(args.userId), args.accessLevel),
  }),
  removeMember: t.field({
    type: 'Boolean',
    authScopes: { authenticated: true },
    description: 'Remove a member (Admins), or leave (`userId`: one’s own).',
    args: { accountId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.teams.remove(ctx.em, ctx.user!, parseId(args.accountId), parseId(args.userId));
      return true;
    },
  }),
}));

const PresenceObjectEnum = builder.enumType('PresenceObject', { values: PRESENCE_OBJECTS });
const PresencePersonRef = builder.objectRef<PresencePerson>('PresencePerson').implement({
  description: 'A person of the account with the page open; editing while their form holds unsaved changes.',
  fields: (t) => ({
    userId: t.exposeID('userId'),
    name: t.exposeString('name'),
    editing: t.exposeBoolean('editing'),
  }),
});

builder.subscriptionField('activityAdded', (t) =>
  t.int({
    authScopes: { authenticated: true },
    description:
      'The account’s id, each time its change history grows (any member; across instances): read `activity` anew.',
    args: { accountId: t.arg.id({ required: true }) },
    subscribe: (_r, args, ctx) => ctx.services.teams.followActivity(ctx.em, ctx.user!, parseId(args.accountId)),
    resolve: (accountId) => accountId,
  }),
);

builder.subscriptionField('accountsChanged', (t) =>
  t.int({
    authScopes: { authenticated: true },
    description:
      'One of the accounts the person is in (when subscribing), each time its balance or its campaigns’ or apps’ totals change, at most once a second an account: read `accounts` anew. An account the person is removed from is heard no more.',
    subscribe: (_r, _args, ctx) => ctx.services.teams.followAccounts(ctx.em, ctx.user!),
    resolve: (accountId) => accountId,
  }),
);

builder.subscriptionField('presence', (t) =>
  t.field({
    type: [PresencePersonRef],
    authScopes: { authenticated: true },
    description:
      'Who from the account acted on has this project, campaign or app open now (the subscriber included): subscribing says you have it open (`editing`: with unsaved changes; subscribe again when that changes). Comes and goes within 2 s, across instances; nobody outside the account sees it.',
    args: {
      objectType: t.arg({ type: PresenceObjectEnum, required: true }),
      objectId: t.arg.id({ required: true }),
      editing: t.arg.boolean({ required: false }),
    },
    subscribe: (_r, args, ctx) =>
      ctx.services.teams.presence.watch(
        ctx.em,
        ctx.account!.id,
        ctx.user!,
        args.objectType,
        parseId(args.objectId),
        args.editing ?? false,
      ),
    resolve: (people) => people,
  }),
);
