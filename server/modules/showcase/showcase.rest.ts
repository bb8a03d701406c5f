import type { Update } from 'grammy/types';
import { ChatMemberResultJson, ShowcaseCheckJson, ShowcaseListJson, ShowcaseStartJson } from './showcase.responses.ts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Precompressed, pickEncoding, precompress } from '../../lib/precompressed.ts';
import type { Context } from '../../graphql/context.ts';
import { initDataLanguage, languageOf } from '../../../shared/languages.ts';
import { CATALOGS, type MessageKey } from '../../../showcase/i18n/index.ts';
import { SAID_AS } from './player-actions.ts';
import { DomainError } from '../../errors.ts';
import { idParam } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { PLAYER_REPORT_REASONS } from '../campaigns/campaign.entity.ts';
import { showcaseScript, showcaseTypes } from './script.ts';
import type { ShowcaseService } from './showcase.service.ts';
import { type FailureCode, fail, failureBody, says } from '../../failures.ts';

type Headers = Record<string, string | string[] | undefined> | undefined;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The player's country from the header a trusted proxy sets (COUNTRY_HEADER), else unknown. */
export function playerCountry(config: Config, headers: Headers): string | null {
  if (!config.countryHeader) return null;
  const value = first(headers?.[config.countryHeader])?.trim().toUpperCase();
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

/** The player behind a showcase request: initData from `Authorization: tma …`, country from the trusted header. */
function identify(ctx: Context, platformId: number, headers: Headers) {
  return ctx.services.showcase.identify(
    () => ctx.em,
    platformId,
    first(headers?.authorization),
    playerCountry(ctx.config, headers),
  );
}

/** Whether the request carries any initData (`Authorization: tma <something>`). */
function hasInitData(headers: Headers): boolean {
  return /^tma\s+\S/i.test(first(headers?.authorization)?.trim() ?? '');
}

const member = z.object({
  status: z.string(),
  is_member: z.boolean().optional(),
  user: z.object({ id: z.number().int() }),
});
const TelegramUpdate = z.object({
  update_id: z.number().int(),
  chat_member: z
    .object({
      chat: z.object({ id: z.number().int(), username: z.string().optional() }),
      date: z.number().int(),
      old_chat_member: member,
      new_chat_member: member,
    })
    .optional(),
  // The bot's own updates (commands, the user blocking it) go to grammY as they came.
  message: z.looseObject({}).optional(),
  my_chat_member: z.looseObject({}).optional(),
});

/** Compares the webhook's secret token without leaking its length or prefix through timing. */
function sameSecret(given: string | undefined, expected: string): boolean {
  const a = createHash('sha256')
    .update(given ?? '')
    .digest();
  const b = createHash('sha256').update(expected).digest();
  return given !== undefined && timingSafeEqual(a, b);
}

/** The failures a player reads, by the showcase catalogs' key of their wording. */
export const PLAYER_FAILURES: Partial<Record<FailureCode, MessageKey>> = {
  PLAYER_TASK_NOT_STARTED: 'startFirst',
  PLAYER_WAS_MEMBER: 'alreadyMember',
  PLAYER_NOT_NEW: 'notNew',
  PLAYER_TASK_DONE_ALREADY: 'alreadyCompleted',
  PLAYER_BLOCKED: 'blocked',
  PLAYER_REQUESTS_TOO_MANY: 'tooManyRequests',
  TASK_NOT_FOUND: 'taskNotFound',
  CAMPAIGN_NOT_RUNNING: 'campaignStopped',
  CAMPAIGN_DAILY_CAP_REACHED: 'dailyCap',
  CAMPAIGN_OUT_OF_BUDGET: 'noBudget',
  INITDATA_TOO_OLD_REOPEN_APP: 'staleInitData',
};

/**
 * Runs a showcase handler and answers what a player reads in the player's language (from the
 * initData's language_code, read only to choose a language): refusals and check messages.
 */
function inPlayerLanguage<T>(headers: Headers, work: () => T | Promise<T>): T | Promise<T> {
  // Read only when there is something to say (not for a list: every mini app's first request).
  const language = () => languageOf(initDataLanguage(first(headers?.authorization)?.replace(/^tma\s+/i, '')));
  const said = (result: T): T => {
    const key = (result as { [SAID_AS]?: MessageKey } | null)?.[SAID_AS];
    const message = key && CATALOGS[language()]?.[key];
    return typeof message === 'string' ? { ...result, message } : result;
  };
  const refused = (err: unknown): never => {
    if (err instanceof DomainError && err.coded) {
      const key = PLAYER_FAILURES[err.coded.code as FailureCode];
      const message = key && CATALOGS[language()]?.[key];
      if (typeof message === 'string')
        throw Object.assign(new DomainError(err.code, message, err.field), { coded: err.coded });
    }
    throw err;
  };
  // A list answered from memory stays synchronous: no promise on the way (showcase.service.ts `list`).
  try {
    const result = work();
    return result instanceof Promise ? result.then(said, refused) : said(result);
  } catch (err) {
    return refused(err);
  }
}

/** Debug mode's list: outside Telegram (no initData), the test task for a test player. */
async function debugList(ctx: Context, platformId: number, headers: Headers) {
  const player = hasInitData(headers)
    ? await identify(ctx, platformId, headers)
    : await ctx.services.showcase.testPlayer(ctx.em, platformId, ctx.ip, playerCountry(ctx.config, headers));
  return ctx.services.showcase.debugTasks(ctx.em, player);
}

const platformParams = z.object({ platformId: idParam('platformId') });
const taskParams = z.object({ platformId: idParam('platformId'), campaignId: idParam('campaignId') });
const AUTH = 'Identity: `Authorization: tma <Telegram initData>`, validated with the app’s bot token or bot id.';

export const showcaseRoutes = [
  route({
    method: 'POST',
    path: '/v1/telegram/webhook',
    tag: 'showcase',
    summary:
      'The system bot’s webhook (set at start with `setWebhook` when PUBLIC_URL is set: `allowed_updates` message, my_chat_member, chat_member; `secret_token` = TELEGRAM_WEBHOOK_SECRET). A join after the player’s click converts the channel or chat task at once; a leave while on hold voids it; messages (`/start <token>`, `/settings`, `/stop`) and the user blocking the bot go to the system bot. Off (404) unless TELEGRAM_WEBHOOK_SECRET is set.',
    access: 'public',
    response: ChatMemberResultJson,
    body: TelegramUpdate,
    handler: async (ctx, { body, headers }) => {
      const secret = ctx.config.telegram.webhookSecret;
      if (!secret) throw fail('WEBHOOK_NOT_FOUND');
      if (!sameSecret(first(headers?.['x-telegram-bot-api-secret-token']), secret)) {
        throw fail('WRONG_X_TELEGRAM_BOT_API');
      }
      if (body.message || body.my_chat_member) {
        await ctx.services.notifications.handleUpdate(body as unknown as Update);
      }
      if (!body.chat_member) return { converted: 0, voided: 0 };
      return ctx.services.showcase.actions.chatMemberUpdate(ctx.em, body.chat_member);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/showcase/platforms/:platformId',
    tag: 'showcase',
    summary: `The tasks this player can do in the app, with the app’s award per task type. \`?debug=true\`: one test task (campaignId \`debug\`) that the script completes without any call, so nothing is recorded or paid; it also answers without initData (a browser outside Telegram), for a test player with id 0. ${AUTH}`,
    access: 'public',
    response: ShowcaseListJson,
    params: platformParams,
    query: z.object({ debug: z.enum(['true', 'false'], { error: says('DEBUG_MUST_TRUE_OR_FALSE') }).optional() }),
    handler: (ctx, { params, headers, query }) =>
      inPlayerLanguage<object>(headers, () => {
        if (query.debug === 'true') return debugList(ctx, params.platformId, headers);
        // Forked only if something is not in memory: a returning player's list reads nothing,
        // and is answered without waiting on anything.
        return ctx.services.showcase.list(
          () => ctx.em,
          params.platformId,
          first(headers?.authorization),
          playerCountry(ctx.config, headers),
        );
      }),
  }),
  route({
    method: 'POST',
    path: '/v1/showcase/platforms/:platformId/tasks/:campaignId/start',
    tag: 'showcase',
    summary: `Start a task: records the click and answers the link to open (bots get the click code as their start parameter). ${AUTH}`,
    access: 'public',
    response: ShowcaseStartJson,
    params: taskParams,
    handler: (ctx, { params, headers }) =>
      inPlayerLanguage(headers, async () => {
        const player = await identify(ctx, params.platformId, headers);
        return ctx.services.showcase.start(ctx.em, player, params.campaignId);
      }),
  }),
  route({
    method: 'POST',
    path: '/v1/showcase/platforms/:platformId/tasks/:campaignId/check',
    tag: 'showcase',
    summary: `Is the task done? Channels and chats are checked with Telegram now; bots and custom tasks once the advertiser reported the action. ${AUTH}`,
    access: 'public',
    response: ShowcaseCheckJson,
    params: taskParams,
    handler: (ctx, { params, headers }) =>
      inPlayerLanguage(headers, async () => {
        const player = await identify(ctx, params.platformId, headers);
        return ctx.services.showcase.actions.check(ctx.em, player, params.campaignId);
      }),
  }),
  route({
    method: 'POST',
    path: '/v1/showcase/platforms/:platformId/reports',
    tag: 'showcase',
    summary: `A player reports a task (not rewarded, broken, inappropriate, other). ${AUTH}`,
    access: 'public',
    response: z.object({ id: z.number() }),
    params: platformParams,
    status: 201,
    body: z.object({
      campaignId: z
        .number({ error: says('CAMPAIGNID_REQUIRED') })
        .int()
        .positive(),
      reason: z.enum(PLAYER_REPORT_REASONS, {
        error: says('REASON_MUST_ONE_OF', { values: PLAYER_REPORT_REASONS.join(', ') }),
      }),
      text: z.string().trim().max(1000, says('TEXT_MUST_AT_MOST_1000')).optional(),
    }),
    handler: (ctx, { params, body, headers }) =>
      inPlayerLanguage(headers, async () => {
        const player = await identify(ctx, params.platformId, headers);
        return ctx.services.showcase.actions.report(ctx.em, player, body);
      }),
  }),
];

/** The public API's CORS: mini apps call it from their own origins. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, X-Country',
  'access-control-max-age': '600',
  // Loaded by other apps' pages: not held to the same-origin resource policy.
  'cross-origin-resource-policy': 'cross-origin',
};

/**
 * The parts of the showcase that are not JSON routes: the script, the smart-link redirect,
 * and CORS for the public API (mini apps call it from their own origin).
 */
export function registerShowcaseHttp(
  http: FastifyInstance,
  deps: { em: () => EntityManager; showcase: ShowcaseService },
) {
  // Every answer of this area (its API, script, types and languages) is for other origins' pages.
  // (A hook with `done`, not async: no promise on every mini app's first request.)
  http.addHook('onRequest', (_req, reply, done) => {
    reply.headers(CORS_HEADERS);
    done();
  });
  // The browser's preflight before a player's POST with Authorization.
  http.options('/api/v1/showcase/*', async (_req, reply) => reply.code(204).send());
  // The player's language for the script, loaded on demand (English is built in).
  http.get<{ Params: { lang: string } }>('/showcase/i18n/:lang', async (req, reply) => {
    const lang = req.params.lang.replace(/\.json$/, '');
    const messages = Object.hasOwn(CATALOGS, lang) ? CATALOGS[lang] : undefined;
    if (!messages) return reply.code(404).send(failureBody('NO_SUCH_LANGUAGE'));
    reply.header('Cache-Control', 'public, max-age=3600');
    return reply.type('application/json; charset=utf-8').send(messages);
  });
  // Types of Showcase.init, <taskgram-showcase> and its events, for integrators.
  http.get('/showcase.d.ts', async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300, must-revalidate');
    return reply.type('text/plain; charset=utf-8').send(await showcaseTypes());
  });
  // Compressed once per build of the script (brotli and gzip), not on every request.
  let compressed: { etag: string; body: Precompressed } | undefined;
  http.get('/showcase.js', async (req, reply) => {
    const script = await showcaseScript();
    reply.header('Cache-Control', 'public, max-age=300, must-revalidate');
    reply.header('ETag', script.etag);
    if (req.headers['if-none-match'] === script.etag) return reply.code(304).send();
    if (compressed?.etag !== script.etag) compressed = { etag: script.etag, body: precompress(script.body) };
    const chosen = pickEncoding(req.headers['accept-encoding'], compressed.body);
    return reply.headers(chosen.headers).type('application/javascript; charset=utf-8').send(chosen.body);
  });
  http.get<{ Params: { code: string } }>('/api/v1/showcase/visit/:code', async (req, reply) => {
    const code = req.params.code;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return reply.code(404).send({ error: 'Link not found' });
    const target = await deps.showcase.actions.visit(deps.em(), code);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(target, 302);
  });
}
