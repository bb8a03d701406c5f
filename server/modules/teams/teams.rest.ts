import { z } from 'zod';
import { ACCESS_LEVELS } from '../../../shared/access-levels.ts';
import { moneyToJson } from '../../lib/money.ts';
import { CsvFile, mapRows } from '../../rest/csv.ts';
import { idParam, pageQuery } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { says } from '../../failures.ts';
import { client } from '../auth/rest-shared.ts';
import { InviteInput, InvitedRegistrationInput, invitationToken, LevelInput } from './teams.inputs.ts';
import type { ActivityView } from './activity.ts';
import { ACTIVITY_OBJECT_TYPES } from './teams.entity.ts';
import type { AccountView, InvitationView, MemberView } from './teams.service.ts';

const level = z.enum(ACCESS_LEVELS);

export const AccountJson = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  accessLevel: level,
  own: z.boolean(),
  advertiserBalance: z.number(),
  publisherBalance: z.number(),
  publisherOnHoldBalance: z.number(),
  /** Today (UTC), voided conversions left out: what its campaigns spent and its apps earned, in USD. */
  todaySpend: z.number(),
  todayRevenue: z.number(),
  /** Conversions its campaigns bought and its apps delivered today. */
  todayConversions: z.number(),
  /** Its campaigns running now (swaps left out). */
  openCampaigns: z.number(),
});
const MemberJson = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  accessLevel: level,
  owner: z.boolean(),
  since: z.string(),
});
const InvitationJson = z.object({
  id: z.number(),
  email: z.string(),
  accessLevel: level,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['OPEN', 'ACCEPTED', 'REVOKED', 'EXPIRED']),
});

export const accountJson = (a: AccountView): z.infer<typeof AccountJson> => ({
  id: a.id,
  name: a.name,
  kind: a.kind,
  accessLevel: a.accessLevel,
  own: a.own,
  advertiserBalance: moneyToJson(a.advertiserBalance),
  publisherBalance: moneyToJson(a.publisherBalance),
  publisherOnHoldBalance: moneyToJson(a.publisherOnHoldBalance),
  todaySpend: moneyToJson(a.todaySpend),
  todayRevenue: moneyToJson(a.todayRevenue),
  todayConversions: a.todayConversions,
  openCampaigns: a.openCampaigns,
});
const memberJson = (m: MemberView) => ({ ...m, since: m.since.toISOString() });
const invitationJson = (i: InvitationView) => ({
  ...i,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

const accountParams = z.object({ id: idParam('id') });
const memberParams = z.object({ id: idParam('id'), userId: idParam('userId') });
const invitationParams = z.object({ id: idParam('id'), invitationId: idParam('invitationId') });

const day = z
  .string({ error: says('ENTER_DATE_AS_YYYY_MM') })
  .regex(/^(19|20)\d{2}-\d{2}-\d{2}$/, says('ENTER_DATE_AS_YYYY_MM'))
  // A day that exists (not 2026-02-30), in the years the product can have history of.
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, says('ENTER_REAL_DATE'))
  .transform((v) => new Date(`${v}T00:00:00Z`));
const ActivityFilters = z.object({
  userId: idParam('userId').optional(),
  objectType: z.enum(ACTIVITY_OBJECT_TYPES, { error: says('CHOOSE_ACTIVITY_OBJECT') }).optional(),
  objectId: idParam('objectId').optional(),
  /** The first day shown (UTC), YYYY-MM-DD. */
  from: day.optional(),
  /** The last day shown (UTC), YYYY-MM-DD: up to its end. */
  to: day.transform((d) => new Date(d.getTime() + 86_400_000)).optional(),
});
const ActivityQuery = pageQuery(20).extend(ActivityFilters.shape);
const ActivityJson = z.object({
  id: z.number(),
  at: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  objectType: z.enum(ACTIVITY_OBJECT_TYPES),
  objectId: z.number().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
const activityJson = (a: ActivityView) => ({ ...a, at: a.at.toISOString() });

export const teamsRoutes = [
  route({
    method: 'GET',
    path: '/v1/accounts/:id/activity',
    tag: 'teams',
    summary:
      'The account’s change history, newest first: who (`user`), when (`at`), from where (`ip`), what (`action`: created, changed, deleted, funded, returned; `objectType`, `objectId`) and the fields `before` and `after`. Filters: `userId`, `objectType` (campaign, app, service, project, resource, budget, payoutAddress, member, invitation), `objectId` (with `objectType` campaign, project or app: the thing and its parts — a campaign’s budget moves, a project’s resources, an app’s services), `from`, `to`. Any member may read it.',
    access: 'user',
    params: accountParams,
    query: ActivityQuery,
    response: z.object({ data: z.array(ActivityJson), total: z.number() }),
    handler: async (ctx, { params, query }) => {
      const { page, limit, ...filter } = query;
      const result = await ctx.services.teams.activity(ctx.em, ctx.user!, params.id, filter, page, limit);
      return { data: result.data.map(activityJson), total: result.total };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/accounts/:id/activity.csv',
    tag: 'teams',
    summary: 'The account’s change history with the same filters, as CSV, streamed.',
    access: 'user',
    params: accountParams,
    query: ActivityFilters,
    handler: async (ctx, { params, query }) =>
      new CsvFile(
        `activity-${params.id}-${new Date().toISOString().slice(0, 10)}.csv`,
        ['at', 'user_id', 'user', 'ip', 'action', 'object_type', 'object_id', 'before', 'after'],
        mapRows(ctx.services.teams.activityStream(ctx.em, ctx.user!, params.id, query), (a) => [
          a.at.toISOString(),
          a.user?.id ?? null,
          a.user?.name ?? null,
          a.ip,
          a.action,
          a.objectType,
          a.objectId,
          a.before ? JSON.stringify(a.before) : null,
          a.after ? JSON.stringify(a.after) : null,
        ]),
      ),
  }),
  route({
    method: 'GET',
    path: '/v1/accounts',
    tag: 'teams',
    summary:
      'The accounts the signed-in person is in: their own (`own: true`) and those they were invited to, with their access level (`ADMIN | STANDARD | BILLING | READ_ONLY`) and balances. Any other route acts on one of them when sent `X-Account-Id: <id>`.',
    access: 'user',
    response: z.array(AccountJson),
    handler: async (ctx) => (await ctx.services.teams.accounts(ctx.em, ctx.user!)).map(accountJson),
  }),
  route({
    method: 'GET',
    path: '/v1/accounts/:id/members',
    tag: 'teams',
    summary: 'The account’s people: its owner (an Admin for good), then its members with their access levels.',
    access: 'user',
    params: accountParams,
    response: z.array(MemberJson),
    handler: async (ctx, { params }) =>
      (await ctx.services.teams.members(ctx.em, ctx.user!, params.id)).map(memberJson),
  }),
  route({
    method: 'PATCH',
    path: '/v1/accounts/:id/members/:userId',
    tag: 'teams',
    summary:
      'Give a member another access level (Admins only; not one’s own, not the owner’s). In force at once, open sockets included.',
    access: 'user',
    params: memberParams,
    body: LevelInput,
    response: MemberJson,
    handler: async (ctx, { params, body }) =>
      memberJson(await ctx.services.teams.setLevel(ctx.em, ctx.user!, params.id, params.userId, body.accessLevel)),
  }),
  route({
    method: 'DELETE',
    path: '/v1/accounts/:id/members/:userId',
    tag: 'teams',
    summary:
      'Remove a member (Admins), or leave the account (`userId`: one’s own). The owner stays. Their next request answers 404 and their open sockets close within a second.',
    access: 'user',
    params: memberParams,
    status: 204,
    handler: async (ctx, { params }) => {
      await ctx.services.teams.remove(ctx.em, ctx.user!, params.id, params.userId);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/accounts/:id/invitations',
    tag: 'teams',
    summary:
      'Invite a person by e-mail with an access level (Admins). The mail carries a single-use link for 7 days, bound to the address, whose last path segment is the token; `link` is the same, to send in Telegram. At most 50 invitations an account in 24 hours.',
    access: 'user',
    params: accountParams,
    body: InviteInput,
    status: 201,
    response: InvitationJson.extend({ link: z.string() }),
    handler: async (ctx, { params, body }) => {
      const { invitation, link } = await ctx.services.teams.invite(ctx.em, ctx.user!, params.id, body);
      return { ...invitationJson(invitation), link };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/accounts/:id/invitations',
    tag: 'teams',
    summary: 'The account’s invitations, newest first, with their status (OPEN, ACCEPTED, REVOKED, EXPIRED).',
    access: 'user',
    params: accountParams,
    response: z.array(InvitationJson),
    handler: async (ctx, { params }) =>
      (await ctx.services.teams.invitations(ctx.em, ctx.user!, params.id)).map(invitationJson),
  }),
  route({
    method: 'DELETE',
    path: '/v1/accounts/:id/invitations/:invitationId',
    tag: 'teams',
    summary: 'Revoke an invitation not accepted yet (Admins): its link no longer works.',
    access: 'user',
    params: invitationParams,
    response: InvitationJson,
    handler: async (ctx, { params }) =>
      invitationJson(await ctx.services.teams.revoke(ctx.em, ctx.user!, params.id, params.invitationId)),
  }),
  route({
    method: 'GET',
    path: '/v1/invitations/:token',
    tag: 'teams',
    summary:
      'What an invitation’s link is for: the account, who invited, the address it is bound to, the level, its status, and whether the address has an account (sign in and accept) or not (register through the link).',
    access: 'public',
    params: z.object({ token: invitationToken }),
    response: z.object({
      accountName: z.string(),
      invitedBy: z.string().nullable(),
      email: z.string(),
      accessLevel: level,
      expiresAt: z.string(),
      status: z.enum(['OPEN', 'ACCEPTED', 'REVOKED', 'EXPIRED']),
      hasAccount: z.boolean(),
    }),
    handler: async (ctx, { params }) => {
      const p = await ctx.services.teams.preview(ctx.em, params.token);
      return { ...p, expiresAt: p.expiresAt.toISOString() };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/invitations/:token/acceptance',
    tag: 'teams',
    summary:
      'Accept an invitation, signed in with the address it was sent to: the person joins the account with its level. Answers the account.',
    access: 'user',
    params: z.object({ token: invitationToken }),
    status: 201,
    response: AccountJson,
    handler: async (ctx, { params }) => accountJson(await ctx.services.teams.accept(ctx.em, ctx.user!, params.token)),
  }),
  route({
    method: 'POST',
    path: '/v1/invitations/:token/registration',
    tag: 'teams',
    summary:
      'Register through an invitation, for an address without an account: the Admin vouched, so there is no registration queue. The account is made with the invited address and the inviting account’s kind, joins with the invitation’s level, and is signed in (the answer carries its token and the account joined). An address that has an account answers 409 `INVITATION_ADDRESS_HAS_ACCOUNT`: sign in and accept.',
    access: 'public',
    params: z.object({ token: invitationToken }),
    body: InvitedRegistrationInput,
    status: 201,
    response: z.object({ accessToken: z.string(), account: AccountJson }),
    handler: async (ctx, { params, body }) => {
      const { teams, auth } = ctx.services;
      const person = await teams.registerInvited(ctx.em, params.token, body);
      const { accessToken } = await auth.sessions.start(ctx.em, person, client(ctx), 'PASSWORD');
      const account = (await teams.accounts(ctx.em, person)).find((a) => !a.own)!;
      return { accessToken, account: accountJson(account) };
    },
  }),
];
