import { ProjectJson, SdkEventJson, SuggestionJson, TaskJson } from '../../rest/responses.ts';
import { z } from 'zod';
import { idParam, pageQuery } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { CreateProjectInput, SuggestionInput, TaskInput, UpdateProjectInput } from './projects.inputs.ts';
import { unauthenticated } from '../../errors.ts';
import { hashKey } from '../../lib/secrets.ts';
import { MISSING_API_KEY, taskView } from './projects.service.ts';

const ProjectParams = z.object({ id: idParam('id') });
const TaskParams = z.object({ id: idParam('id'), taskId: idParam('taskId') });
export const projectsRoutes = [
  route({
    method: 'GET',
    path: '/v1/projects',
    tag: 'projects',
    summary: 'The signed-in advertiser’s projects with their resource count and the first resource’s logo.',
    access: 'user',
    response: z.object({ data: z.array(ProjectJson), total: z.number() }),
    query: pageQuery(100),
    handler: (ctx, { query }) => ctx.services.projects.list(ctx.em, ctx.user!, query.page, query.limit),
  }),
  route({
    method: 'POST',
    path: '/v1/projects',
    tag: 'projects',
    summary: 'Create a project with its first resources; the answer carries the API key.',
    access: 'user',
    response: ProjectJson,
    body: CreateProjectInput,
    status: 201,
    idempotent: true,
    handler: (ctx, { body }) => ctx.services.projects.create(ctx.em, ctx.user!, body, ctx.idempotencyKey),
  }),
  route({
    method: 'GET',
    path: '/v1/projects/:id',
    tag: 'projects',
    summary: 'A project with its resources, category and API key.',
    access: 'user',
    response: ProjectJson,
    params: ProjectParams,
    handler: (ctx, { params }) => ctx.services.projects.get(ctx.em, ctx.user!, params.id),
  }),
  route({
    method: 'PATCH',
    path: '/v1/projects/:id',
    tag: 'projects',
    summary:
      'Rename or recategorise a project and add new resources (tasks without an id); existing ones stay as they are.',
    access: 'user',
    response: ProjectJson,
    params: ProjectParams,
    body: UpdateProjectInput,
    handler: (ctx, { params, body }) => ctx.services.projects.update(ctx.em, ctx.user!, params.id, body),
  }),
  route({
    method: 'PATCH',
    path: '/v1/projects/:id/secret-key',
    tag: 'projects',
    summary: 'Generate a new API key; the old one stops working at once.',
    access: 'user',
    params: ProjectParams,
    response: z.object({ secretKey: z.string() }),
    handler: (ctx, { params }) => ctx.services.projects.regenerateKey(ctx.em, ctx.user!, params.id),
  }),
  route({
    method: 'GET',
    path: '/v1/projects/:id/tasks',
    tag: 'projects',
    summary: 'Resources of a project, newest first, 10 a page.',
    access: 'user',
    response: z.object({ data: z.array(TaskJson), total: z.number() }),
    params: ProjectParams,
    query: pageQuery(10),
    handler: (ctx, { params, query }) =>
      ctx.services.projects.tasks(ctx.em, ctx.user!, params.id, query.page, query.limit),
  }),
  route({
    method: 'GET',
    path: '/v1/projects/:id/tasks/:taskId',
    tag: 'projects',
    summary: 'One resource (re-read to check a bot’s SDK state).',
    access: 'user',
    response: TaskJson,
    params: TaskParams,
    handler: async (ctx, { params }) =>
      taskView(await ctx.services.projects.task(ctx.em, ctx.user!, params.id, params.taskId)),
  }),
  route({
    method: 'POST',
    path: '/v1/projects/:id/tasks',
    tag: 'projects',
    summary: 'Add a resource to a project.',
    access: 'user',
    response: TaskJson,
    params: ProjectParams,
    body: TaskInput,
    status: 201,
    idempotent: true,
    handler: async (ctx, { params, body }) =>
      taskView(await ctx.services.projects.createTask(ctx.em, ctx.user!, params.id, body, ctx.idempotencyKey)),
  }),
  route({
    method: 'DELETE',
    path: '/v1/projects/:id/tasks/:taskId',
    tag: 'projects',
    summary: 'Delete a resource and all its advertising campaigns. Answers 204.',
    access: 'user',
    params: TaskParams,
    status: 204,
    handler: (ctx, { params }) => ctx.services.projects.deleteTask(ctx.em, ctx.user!, params.id, params.taskId),
  }),
  route({
    method: 'POST',
    path: '/v1/projects/:id/tasks/:taskId/verifications',
    tag: 'projects',
    summary: 'Check a resource: channels and chats are verified when the system bot is an administrator there.',
    access: 'user',
    params: TaskParams,
    response: z.object({ isVerifiedSource: z.boolean() }),
    handler: async (ctx, { params }) => {
      const task = await ctx.services.projects.verifyTask(ctx.em, ctx.user!, params.id, params.taskId);
      return { isVerifiedSource: task.isVerifiedSource };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/suggestions/telegram',
    tag: 'projects',
    summary: 'Resolve a Telegram link to title, logo and task type.',
    access: 'user',
    response: SuggestionJson,
    body: SuggestionInput,
    handler: (ctx, { body }) => ctx.services.projects.suggest(body.url),
  }),
  route({
    method: 'POST',
    path: '/v1/suggestions/resource',
    tag: 'projects',
    summary: 'Resolve a resource link to logo, title and taskType for the resource form.',
    access: 'user',
    response: SuggestionJson.omit({ url: true }),
    body: SuggestionInput,
    handler: async (ctx, { body }) => {
      const s = await ctx.services.projects.suggest(body.url);
      return { logo: s.logo, title: s.title, taskType: s.taskType };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/sdk/events',
    tag: 'sdk',
    summary:
      'Integration events from the advertiser’s bot or server, authenticated with the project API key in `X-Api-Key`. `{ "type": "verification", "code": "<code or wg_vf_code>" }` marks the bot resource as verified; `{ "type": "conversion", "click": "<click code>" }` reports that the player who got that click code (the bot’s start parameter, or `click` in a custom link) did the action: paid once per campaign and player, a repeat answers `DUPLICATE`. `"isNew": false` says the player was already a user of the advertiser: a campaign for new users only (the default) answers `NOT_NEW`, counts it and pays nothing.',
    access: 'public',
    response: SdkEventJson,
    body: z.discriminatedUnion(
      'type',
      [
        z.object({
          type: z.literal('verification'),
          code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(64),
        }),
        z.object({
          type: z.literal('conversion'),
          click: z
            .string({ error: 'click is required' })
            .trim()
            .regex(/^[A-Za-z0-9_-]{1,64}$/, 'click must be the click code from the start parameter'),
          isNew: z.boolean({ error: 'isNew must be true or false' }).optional(),
        }),
      ],
      { error: 'type must be "verification" or "conversion"' },
    ),
    handler: async (ctx, { body, headers }) => {
      const raw = headers?.['x-api-key'];
      const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (body.type === 'verification') return ctx.services.projects.sdkEvent(ctx.em, key, body);
      if (!key) throw unauthenticated(MISSING_API_KEY);
      return ctx.services.conversions.convert(ctx.em, body.click, hashKey(key), body.isNew ?? true);
    },
  }),
];
