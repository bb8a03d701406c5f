import { randomBytes, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { expect } from 'vitest';
import { DEV_TEST_PRIVATE_KEY, playerInitData, type TelegramUser } from '../../server/lib/init-data.ts';
import { parseMoney } from '../../server/lib/money.ts';
import { balancesOf } from '../../server/modules/ledger/balances.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import type { TestApp } from './app.ts';
import { DEMO_BOT_ID } from '../../server/demo/seed.ts';
import { login } from './graphql.ts';

/**
 * Building blocks of the campaign, showcase and conversion tests: an advertiser's project and
 * campaign, a publisher's app, and players who present Telegram initData signed the way
 * Telegram signs it for third parties (Ed25519 with the repository's test key, which the app
 * trusts outside production).
 */

export const USD = 1_000_000n;
export const LOGO = 'https://cdn.example.com/logo.png';

export const em = (app: TestApp) => app.orm.em.fork() as EntityManager;

export type Body = Record<string, unknown>;

export interface TaskJson {
  id: number;
  projectId: number;
  type: string;
  title: string;
  url: string;
  [k: string]: unknown;
}

export interface ProjectJson {
  id: number;
  secretKey: string;
  tasks: TaskJson[];
  [k: string]: unknown;
}

export interface CampaignJson {
  id: number;
  projectId: number;
  taskId: number | null;
  task: { id: number | null; type: string; title: string; logo: string; url: string };
  name: string;
  status: string;
  isActive: boolean;
  prices: { tierLevel: number; value: number }[];
  dailyCap: number | null;
  countries: string[];
  languages: string[];
  isPremiumOnly: boolean;
  budget: number;
  conversions: number;
  spend: number;
  todayConversions: number;
  todaySpend: number;
  version: number;
  [k: string]: unknown;
}

export interface PlatformJson {
  id: number;
  secretKey: string;
  tgBotId: string | null;
  services: { id: number | null; taskType: string; [k: string]: unknown }[];
  [k: string]: unknown;
}

const seq = randomInt(1000, 9999);
let counter = 0;
/** A name unique in this run, safe in Telegram usernames. */
export const unique = (prefix: string) => `${prefix}_${seq}_${++counter}`;

export const tasks = {
  bot: (o: Body = {}): Body => ({
    type: 'BOT',
    title: 'Game bot',
    url: `https://t.me/${unique('game')}_bot`,
    logo: LOGO,
    isMiniApp: false,
    ...o,
  }),
  channel: (o: Body = {}): Body => ({
    type: 'CHANNEL',
    title: 'News channel',
    url: `https://t.me/${unique('news')}`,
    logo: LOGO,
    ...o,
  }),
  chat: (o: Body = {}): Body => ({
    type: 'CHAT',
    title: 'Players chat',
    url: `https://t.me/${unique('talk')}`,
    logo: LOGO,
    ...o,
  }),
  custom: (o: Body = {}): Body => ({
    type: 'CUSTOM',
    title: 'Landing page',
    url: `https://landing.example.com/${unique('page')}?ref=tg`,
    logo: LOGO,
    ...o,
  }),
  smartLink: (o: Body = {}): Body => ({
    type: 'SMART_LINK',
    title: 'Smart link',
    url: `https://t.me/${unique('smart')}`,
    logo: LOGO,
    ...o,
  }),
};

export async function categoryId(app: TestApp, token: string): Promise<number> {
  const res = await app.api('/v1/categories', { token });
  expect(res.status).toBe(200);
  return res.body.value.data[0].id;
}

/** POST /v1/projects with the given resources. */
export async function createProject(app: TestApp, token: string, taskBodies: Body[]): Promise<ProjectJson> {
  const res = await app.api('/v1/projects', {
    token,
    body: { title: unique('Project'), categoryId: await categoryId(app, token), tasks: taskBodies },
  });
  if (res.status !== 201) throw new Error(`project: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value;
}

export const campaignsPath = (projectId: number, campaignId?: number) =>
  `/v1/projects/${projectId}/campaigns${campaignId ? `/${campaignId}` : ''}`;

/** POST /v1/projects/:id/tasks/:taskId/campaigns; fails the test on anything but 201. */
export async function createCampaign(app: TestApp, token: string, task: TaskJson, body: Body = {}) {
  const res = await app.api(`/v1/projects/${task.projectId}/tasks/${task.id}/campaigns`, {
    token,
    body: { name: unique('Campaign'), ...body },
  });
  if (res.status !== 201) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value as CampaignJson;
}

export async function getCampaign(app: TestApp, token: string, c: { id: number; projectId: number }) {
  const res = await app.api(campaignsPath(c.projectId, c.id), { token });
  expect(res.status).toBe(200);
  return res.body.value as CampaignJson;
}

/** Money onto a user's advertiser balance, as a settled top-up would put it (a ledger adjustment). */
export async function topUp(app: TestApp, userId: number, usd: string) {
  const ledger = app.services.ledger;
  await ledger.run(em(app), (tx, emit) =>
    ledger.transfer(tx, emit, {
      key: `test:top-up:${userId}:${randomBytes(8).toString('hex')}`,
      code: 'ADJUSTMENT',
      debit: { kind: 'DEPOSITS' },
      credit: { kind: 'ADVERTISER', userId },
      amount: parseMoney(usd),
    }),
  );
}

/** A user's balances in micro-USD, straight from the ledger. */
export const balances = (app: TestApp, userId: number) => balancesOf(em(app), userId);

/** The publisher's app: every service awards something; smart links pay without confirmation. */
export function platformBody(categoryId: number, o: Body = {}): Body {
  return {
    title: unique('App'),
    logo: LOGO,
    categoryId,
    webappUrl: 'https://clicker.example.com/app',
    tgBotUrl: `https://t.me/${unique('clicker')}_bot/play`,
    tgBotId: randomInt(1_000_000, 2_000_000_000),
    isDarkTheme: true,
    rewards: [
      { title: 'Coins', logo: LOGO },
      { title: 'Gems', logo: LOGO },
    ],
    services: [
      { taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: 500 }] },
      { taskType: 'CHANNEL', awards: [{ platformRewardTitle: 'Coins', value: 300 }] },
      { taskType: 'CHAT', awards: [{ platformRewardTitle: 'Gems', value: 2 }] },
      {
        taskType: 'SMART_LINK',
        awards: [{ platformRewardTitle: 'Coins', value: 100 }],
        shouldConfirmWithoutPayout: true,
      },
      { taskType: 'CUSTOM', awards: [{ platformRewardTitle: 'Gems', value: 1 }] },
    ],
    ...o,
  };
}

/** An app as GET /v1/platforms/{id} answers it, as far as its edit screen's save needs. */
export interface EditablePlatform {
  [k: string]: any;
  rewards: { id: number; title: string; logo: string }[];
  services: {
    id: number | null;
    taskType: string;
    isExcluded: boolean;
    shouldConfirmWithoutPayout: boolean;
    tiers: unknown;
    awards: { id: number; platformRewardId: number; value: number }[];
  }[];
}

/** The body of PATCH /v1/platforms/{id}/complex that saves `p` as it is, with `o` over it. */
export function platformEditBody(p: EditablePlatform, o: Body = {}): Body {
  return {
    title: p.title,
    logo: p.logo,
    categoryId: p.categoryId,
    webappUrl: p.webappUrl,
    tgBotUrl: p.tgBotUrl,
    isDarkTheme: p.isDarkTheme,
    rewards: p.rewards.map((r) => ({ id: r.id, title: r.title, logo: r.logo })),
    services: p.services.map((s) => ({
      id: s.id,
      taskType: s.taskType,
      isExcluded: s.isExcluded,
      shouldConfirmWithoutPayout: s.shouldConfirmWithoutPayout,
      tiers: s.tiers,
      awards: s.awards.map((a) => ({ id: a.id, platformRewardId: a.platformRewardId, value: a.value })),
    })),
    ...o,
  };
}

export async function createPlatform(app: TestApp, token: string, o: Body = {}): Promise<PlatformJson> {
  const res = await app.api('/v1/platforms', { token, body: platformBody(await categoryId(app, token), o) });
  if (res.status !== 201) throw new Error(`platform: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value;
}

/** A Telegram user with an id no other test (or test file sharing Redis) uses. */
export function newPlayer(o: Partial<TelegramUser> = {}): TelegramUser {
  return { id: randomInt(10_000_000, 2 ** 40), first_name: 'Pia', language_code: 'en', ...o };
}

/** `Authorization: tma <initData>` for the player of the app whose bot id is `botId`. */
export const tma = (botId: number | string, user: TelegramUser, authDate?: number) =>
  `tma ${playerInitData(user, { botId: Number(botId), privateKeyHex: DEV_TEST_PRIVATE_KEY, authDate })}`;

export interface PlayerSession {
  user: TelegramUser;
  country?: string;
}

/** A showcase API call as the player of `platform` (optionally from a country). */
export function showcase(
  app: TestApp,
  platform: { id: number; tgBotId: string | number | null },
  player: PlayerSession,
  path = '',
  o: { method?: string; body?: unknown } = {},
) {
  return app.api(`/v1/showcase/platforms/${platform.id}${path}`, {
    method: o.method ?? (o.body === undefined && !path ? 'GET' : 'POST'),
    body: o.body,
    headers: {
      authorization: tma(platform.tgBotId!, player.user),
      ...(player.country ? { 'x-country': player.country } : {}),
    },
  });
}

/** Starts a task for the player; returns the answer with the click code taken from the link. */
export async function start(
  app: TestApp,
  platform: { id: number; tgBotId: string | number | null },
  player: PlayerSession,
  campaignId: number,
) {
  const res = await showcase(app, platform, player, `/tasks/${campaignId}/start`);
  if (res.status !== 200) throw new Error(`start: ${res.status} ${JSON.stringify(res.body)}`);
  const value = res.body.value as { clickId: number; link: string; taskType: string; status: string };
  return { ...value, code: await clickCode(app, value.clickId) };
}

export async function clickCode(app: TestApp, clickId: number): Promise<string> {
  const [row] = await em(app).execute<{ code: string }[]>('select code from clicks where id = ?', [clickId]);
  return row.code;
}

/** The advertiser's SDK reports a conversion: `POST /v1/sdk/events` with the project key. */
export const sdkConversion = (app: TestApp, key: string | undefined, click: string) =>
  app.api('/v1/sdk/events', {
    body: { type: 'conversion', click },
    headers: key === undefined ? {} : { 'x-api-key': key },
  });

/** `checkLedger` (what `npm run ledger:check` runs) finds nothing wrong. */
export async function expectLedgerClean(app: TestApp) {
  for (const c of await checkLedger(em(app))) expect(c, c.detail).toMatchObject({ ok: true });
}

/** The campaign's budget account in micro-USD: available, and what is on hold in its conversions. */
export async function budgetAccount(app: TestApp, campaignId: number) {
  const [row] = await em(app).execute<{ available: string; pending: string }[]>(
    `select (credits_posted - debits_posted - debits_pending)::text as available, debits_pending::text as pending
       from ledger_accounts where kind = 'CAMPAIGN_BUDGET' and campaign_id = ?`,
    [campaignId],
  );
  return { available: BigInt(row.available), pending: BigInt(row.pending) };
}

/**
 * A moderator's approval of an advertiser's first campaign (which waits in MODERATION until a
 * moderator approves it): claim, then approve, through the REST routes. Answers the status.
 */
export async function approveCampaign(app: TestApp, campaignId: number, moderatorEmail = 'moderator@demo.local') {
  const token = await login(app, moderatorEmail);
  for (const action of ['claim', 'approve']) {
    const res = await app.api(`/v1/moderation/campaigns/${campaignId}/${action}`, { method: 'PATCH', token, body: {} });
    if (res.status !== 200)
      throw new Error(`${action} campaign ${campaignId}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return (await app.api(`/v1/moderation/campaigns/${campaignId}`, { token })).body.value.status as string;
}

/** The demo app whose bot is DEMO_BOT_ID ("Clicker Quest"), as `showcase` and `start` take it. */
export async function demoPlatform(app: TestApp): Promise<{ id: number; tgBotId: string }> {
  const [row] = await em(app).execute<{ id: number; tg_bot_id: string }[]>(
    'select id, tg_bot_id from platforms where tg_bot_id = ?',
    [DEMO_BOT_ID],
  );
  return { id: row.id, tgBotId: row.tg_bot_id };
}

/** Moves a campaign's clicks and conversions `days` into the past, as if they had happened then. */
export async function ageCampaign(app: TestApp, campaignId: number, days: number) {
  await em(app).execute(`update clicks set created_at = created_at - ? * interval '1 day' where campaign_id = ?`, [
    days,
    campaignId,
  ]);
  await em(app).execute(
    `update conversions set created_at = created_at - ? * interval '1 day', started_at = started_at - ? * interval '1 day'
      where campaign_id = ?`,
    [days, days, campaignId],
  );
}
