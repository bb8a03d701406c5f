import { ProjectJson, SdkEventJson, SuggestionJson, TaskJson } from './projects.responses.ts';
import { etagOf, versionOfIfMatch } from '../../db/versions.ts';
import { z } from 'zod';
import { idParam, pageQuery } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { CreateProjectInput, SuggestionInput, TaskInput, UpdateProjectInput } from './projects.inputs.ts';
import { DomainError, httpStatus } from '../../errors.ts';
import { answerCode } from '../../message-codes.ts';
import type { Context } from '../../graphql/context.ts';
import { hashKey } from '../../lib/secrets.ts';
import { taskView } from './projects.service.ts';
import { fail, firstIssue, says } from '../../failures.ts';

const ProjectParams = z.object({ id: idParam('id') });

/** Events a batch of postbacks may hold (large advertisers send theirs in batches). */
export const MAX_SDK_BATCH = 1000;

const ConversionEvent = z.object({
  type: z.literal('conversion', { error: says('TYPE_MUST_CONVERSION') }),
  click: z
    .string({ error: says('CLICK_REQUIRED') })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, says('CLICK_MUST_CLICK_CODE_FROM')),
  isNew: z.boolean({ error: says('ISNEW_MUST_TRUE_OR_FALSE') }).optional(),
});

const SdkEvent = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('verification'),
      code: z
        .string({ error: says('CODE_REQUIRED') })
        .trim()
        .min(1, says('CODE_REQUIRED'))
        .max(64),
    }),
    ConversionEvent,
  ],
  { error: says('SDK_EVENT_TYPE_UNKNOWN') },
);

/** `schema`'s JSON Schema, for the document of a value that is checked elsewhere. */
function documentedAs(schema: z.ZodType) {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' });
  return json;
}

/** Up to MAX_SDK_BATCH conversion events; each is checked on its own, so a bad one fails alone. */
const SdkEventBatch = z.object({
  events: z
    // Any item is taken (and answered on its own); the document shows what an item should be.
    .array(z.unknown().meta(documentedAs(ConversionEvent)), { error: says('EVENTS_MUST_LIST_OF_CONVERSION') })
    .min(1, says('EVENTS_MUST_HOLD_AT_LEAST'))
    .max(MAX_SDK_BATCH, says('EVENTS_MAY_HOLD_AT_MOST', { max: MAX_SDK_BATCH })),
});

/** One answer per event, in order: its outcome, or the error it alone would have answered. */
async function sdkEventBatch(ctx: Context, events: unknown[], keyHash: string) {
  const checked = events.map((e) => ConversionEvent.safeParse(e));
  const valid = checked.flatMap((c) => (c.success ? [{ clickCode: c.data.click, isNew: c.data.isNew ?? true }] : []));
  const outcomes = await ctx.services.conversions.convertMany(ctx.em, valid, keyHash);
  let next = 0;
  const results = checked.map((c) => {
    const outcome = c.success ? outcomes[next++] : firstIssue(c.error);
    if (!(outcome instanceof DomainError)) return outcome;
    return {
      status: 'ERROR' as const,
      httpStatus: httpStatus(outcome.code),
      error: outcome.message,
      ...answerCode(outcome),
    };
  });
  return { results };
}
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
    handler: (ctx, { query }) => ctx.services.projects.list(ctx.em, ctx.account!, query.page, query.limit),
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
    handler: (ctx, { body }) => ctx.services.projects.create(ctx.em, ctx.account!, body, ctx.idempotencyKey),
  }),
  route({
    method: 'GET',
    path: '/v1/projects/:id',
    tag: 'projects',
    summary:
      'A project with its resources, category and API key. Its `ETag` is its version: send it back as `If-Match` with a change.',
    access: 'user',
    response: ProjectJson,
    params: ProjectParams,
    handler: async (ctx, { params, setHeader }) => {
      const project = await ctx.services.projects.get(ctx.em, ctx.account!, params.id);
      setHeader?.('etag', etagOf(project.version));
      return project;
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/projects/:id',
    tag: 'projects',
    summary:
      'Rename or recategorise a project and add new resources (tasks without an id); existing ones stay as they are. With `If-Match: "<version>"` (the ETag read) it applies only if nobody changed the project since: else 412 `STALE_VERSION` with `current`, the project as it is, and who saved it.',
    access: 'user',
    response: ProjectJson,
    params: ProjectParams,
    body: UpdateProjectInput,
    handler: async (ctx, { params, body, headers, setHeader }) => {
      const version = versionOfIfMatch(headers?.['if-match']);
      const project = await ctx.services.projects.update(ctx.em, ctx.account!, params.id, body, version);
      setHeader?.('etag', etagOf(project.version));
      return project;
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/projects/:id/secret-key',
    tag: 'projects',
    summary: 'Generate a new API key; the old one stops working at once.',
    access: 'user',
    params: ProjectParams,
    response: z.object({ secretKey: z.string() }),
    handler: (ctx, { params }) => {
      return ctx.services.projects.regenerateKey(ctx.em, ctx.account!, params.id);
    },
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
      ctx.services.projects.tasks(ctx.em, ctx.account!, params.id, query.page, query.limit),
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
      taskView(await ctx.services.projects.task(ctx.em, ctx.account!, params.id, params.taskId)),
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
      taskView(await ctx.services.projects.createTask(ctx.em, ctx.account!, params.id, body, ctx.idempotencyKey)),
  }),
  route({
    method: 'DELETE',
    path: '/v1/projects/:id/tasks/:taskId',
    tag: 'projects',
    summary: 'Delete a resource and all its advertising campaigns. Answers 204.',
    access: 'user',
    params: TaskParams,
    status: 204,
    handler: (ctx, { params }) => ctx.services.projects.deleteTask(ctx.em, ctx.account!, params.id, params.taskId),
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
      const task = await ctx.services.projects.verifyTask(ctx.em, ctx.account!, params.id, params.taskId);
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
    handler: (ctx, { body }) => ctx.services.projects.suggest(ctx.account, body.url),
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
      const s = await ctx.services.projects.suggest(ctx.account, body.url);
      return { logo: s.logo, title: s.title, taskType: s.taskType };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/sdk/events',
    tag: 'sdk',
    summary:
      'Integration events from the advertiser’s bot or server, authenticated with the project API key in `X-Api-Key`. `{ "type": "verification", "code": "<code or wg_vf_code>" }` marks the bot resource as verified; `{ "type": "conversion", "click": "<click code>" }` reports that the player who got that click code (the bot’s start parameter, or `click` in a custom link) did the action: paid once per campaign and player, a repeat answers `DUPLICATE`. `"isNew": false` says the player was already a user of the advertiser: a campaign for new users only (the default) answers `NOT_NEW`, counts it and pays nothing. `{ "events": [ … ] }` sends up to 1,000 conversion events in one request (postbacks in batches) and answers `{ "results": [ … ] }`, one per event in order: `{ "conversionId", "status" }` as for a single event, or `{ "status": "ERROR", "httpStatus", "error" }` with what that event alone would have answered; a malformed event fails only itself, and a retried batch answers `DUPLICATE` for what was already recorded.',
    access: 'public',
    response: SdkEventJson,
    body: z.union([SdkEvent, SdkEventBatch]),
    handler: async (ctx, { body, headers }) => {
      const raw = headers?.['x-api-key'];
      const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if ('type' in body && body.type === 'verification') return ctx.services.projects.sdkEvent(ctx.em, key, body);
      if (!key) throw fail('MISSING_API_KEY');
      if (!('type' in body)) return sdkEventBatch(ctx, body.events, hashKey(key));
      return ctx.services.conversions.convert(ctx.em, body.click, hashKey(key), body.isNew ?? true);
    },
  }),
];
