// Only new actions are paid: a player already in a channel or chat, or a returning
// user the advertiser names, never converts; the refusals are counted on the campaign, live.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { FAILURES } from '../../server/failures.ts';
import { type FakeBotApi, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { startTestApp } from '../helpers/app.ts';
import {
  budgetAccount,
  campaignsPath,
  createCampaign,
  createPlatform,
  createProject,
  em,
  expectLedgerClean,
  getCampaign,
  newPlayer,
  type PlatformJson,
  sdkConversion,
  showcase,
  start,
  tasks,
  tma,
  topUp,
  unique,
} from '../helpers/campaigns.ts';
import { topics } from '../../server/lib/pubsub.ts';
import { gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const WEBHOOK_SECRET = 'webhook-secret-for-tests-1234';
let fake: FakeBotApi;
let app: TestApp;
let adv: string;
let pub: string;
let platform: PlatformJson;

beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'nu_system_bot' });
  app = await startTestApp({
    demo: true,
    env: {
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_URL: fake.url,
      TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  [adv, pub] = await Promise.all([login(app, 'advertiser@demo.local'), login(app, 'publisher@demo.local')]);
  const advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
  await topUp(app, advId, '200');
  platform = await createPlatform(app, pub);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
afterEach(() => expectLedgerClean(app));

async function channelCampaign(body: Record<string, unknown> = {}) {
  const username = unique('nu_chan');
  fake.setChat({ username, type: 'channel', title: 'New Users' });
  const project = await createProject(app, adv, [tasks.channel({ url: `https://t.me/${username}` })]);
  const campaign = await createCampaign(app, adv, project.tasks[0], { budget: 1, ...body });
  return { username, project, campaign };
}

const conversionsOf = async (campaignId: number) =>
  Number(
    (
      await em(app).execute<{ n: string }[]>('select count(*) as n from conversions where campaign_id = ?', [
        campaignId,
      ])
    )[0].n,
  );
const listedIds = async (player: { user: ReturnType<typeof newPlayer> }) =>
  ((await showcase(app, platform, player)).body.value.tasks as { campaignId: number }[]).map((t) => t.campaignId);

const webhook = (update: unknown, secret = WEBHOOK_SECRET) =>
  app.api('/v1/telegram/webhook', {
    body: update,
    headers: { 'x-telegram-bot-api-secret-token': secret },
  });
let updateId = 1;
function memberUpdate(
  username: string,
  userId: number,
  from: string,
  to: string,
  date = Math.floor(Date.now() / 1000),
) {
  return {
    update_id: updateId++,
    chat_member: {
      chat: { id: -1000 - updateId, username, type: 'channel' },
      from: { id: userId, is_bot: false, first_name: 'P' },
      date,
      old_chat_member: { status: from, user: { id: userId, is_bot: false, first_name: 'P' } },
      new_chat_member: { status: to, user: { id: userId, is_bot: false, first_name: 'P' } },
    },
  };
}

describe('channels and chats: members at start are never paid', () => {
  test('a player who joins between start and check is paid; one who was in before start never is', async () => {
    const { username, project, campaign } = await channelCampaign();
    const fresh = { user: newPlayer() };
    const old = { user: newPlayer() };
    fake.setMember(username, old.user.id, 'member');
    expect(await listedIds(old)).toContain(campaign.id);

    // The new subscriber: not in at start, in at check.
    await start(app, platform, fresh, campaign.id);
    fake.setMember(username, fresh.user.id, 'member');
    expect((await showcase(app, platform, fresh, `/tasks/${campaign.id}/check`)).body.value.status).toBe('COMPLETED');

    // The old member: refused at start with a clear message, counted, gone from the list.
    const refused = await showcase(app, platform, old, `/tasks/${campaign.id}/start`);
    expect(refused).toMatchObject({ status: 409, body: { error: FAILURES.PLAYER_WAS_MEMBER.message } });
    expect(await listedIds(old)).not.toContain(campaign.id);
    // Whatever comes next, in whatever order: check, leave and start again, rejoin and check.
    expect((await showcase(app, platform, old, `/tasks/${campaign.id}/check`)).body).toMatchObject({
      error: FAILURES.PLAYER_WAS_MEMBER.message,
    });
    fake.setMember(username, old.user.id, 'left');
    expect((await showcase(app, platform, old, `/tasks/${campaign.id}/start`)).status).toBe(409);
    fake.setMember(username, old.user.id, 'member');
    expect((await showcase(app, platform, old, `/tasks/${campaign.id}/check`)).status).toBe(409);
    expect((await webhook(memberUpdate(username, old.user.id, 'left', 'member'))).body.value).toEqual({
      converted: 0,
      voided: 0,
    });

    expect(await conversionsOf(campaign.id)).toBe(1);
    expect(await getCampaign(app, adv, { id: campaign.id, projectId: project.id })).toMatchObject({
      conversions: 1,
      notNew: 1,
      spend: 0.05, // no country: the cheapest tier
    });
  });

  test('a second start after joining does not turn a new subscriber into an old one', async () => {
    const { username, campaign } = await channelCampaign();
    const player = { user: newPlayer() };
    await start(app, platform, player, campaign.id);
    fake.setMember(username, player.user.id, 'member');
    // Opening the task again after joining answers the link again: the first start decided.
    expect((await showcase(app, platform, player, `/tasks/${campaign.id}/start`)).status).toBe(200);
    expect((await showcase(app, platform, player, `/tasks/${campaign.id}/check`)).body.value.status).toBe('COMPLETED');
  });

  test('concurrent first starts of a member count one refusal', async () => {
    const { username, project, campaign } = await channelCampaign();
    const player = { user: newPlayer() };
    fake.setMember(username, player.user.id, 'administrator');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => showcase(app, platform, player, `/tasks/${campaign.id}/start`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(409));
    expect(await getCampaign(app, adv, { id: campaign.id, projectId: project.id })).toMatchObject({ notNew: 1 });
  });

  test('a campaign open to everyone (newUsersOnly off) pays existing members', async () => {
    const { username, campaign } = await channelCampaign({ newUsersOnly: false });
    expect(campaign).toMatchObject({ newUsersOnly: false });
    const player = { user: newPlayer() };
    fake.setMember(username, player.user.id, 'member');
    await start(app, platform, player, campaign.id);
    expect((await showcase(app, platform, player, `/tasks/${campaign.id}/check`)).body.value.status).toBe('COMPLETED');
  });
});

describe('the system bot’s chat_member webhook', () => {
  test('a join after the click converts at once; a leave on hold voids and refunds the campaign', async () => {
    const { username, project, campaign } = await channelCampaign();
    const player = { user: newPlayer() };
    await start(app, platform, player, campaign.id);
    const before = await budgetAccount(app, campaign.id);

    const joined = await webhook(memberUpdate(username.toUpperCase(), player.user.id, 'left', 'member'));
    expect(joined).toEqual({ status: 200, body: { value: { converted: 1, voided: 0 } } });
    expect(await conversionsOf(campaign.id)).toBe(1);
    // A replay of the same update pays nothing more.
    expect((await webhook(memberUpdate(username, player.user.id, 'left', 'member'))).body.value.converted).toBe(0);

    const left = await webhook(memberUpdate(username, player.user.id, 'member', 'left'));
    expect(left.body.value).toEqual({ converted: 0, voided: 1 });
    const [v] = await em(app).execute<{ status: string }[]>('select status from conversions where campaign_id = ?', [
      campaign.id,
    ]);
    expect(v.status).toBe('VOIDED');
    expect(await budgetAccount(app, campaign.id)).toEqual(before);
    expect(await getCampaign(app, adv, { id: campaign.id, projectId: project.id })).toMatchObject({
      conversions: 0,
      spend: 0,
    });
  });

  test('a join dated before the click is not a conversion', async () => {
    const { username, campaign } = await channelCampaign();
    const player = { user: newPlayer() };
    await start(app, platform, player, campaign.id);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const res = await webhook(memberUpdate(username, player.user.id, 'left', 'member', hourAgo));
    expect(res.body.value).toEqual({ converted: 0, voided: 0 });
    expect(await conversionsOf(campaign.id)).toBe(0);
  });

  test('a wrong or missing secret token is refused; other updates are accepted and ignored', async () => {
    expect((await webhook({ update_id: 1 }, 'wrong-secret-token-000000')).status).toBe(401);
    const none = await app.api('/v1/telegram/webhook', { body: { update_id: 1 } });
    expect(none.status).toBe(401);
    expect((await webhook({ update_id: 2, message: { text: 'hi' } })).body.value).toEqual({
      converted: 0,
      voided: 0,
    });
  });
});

describe('bots and custom tasks: the S2S event’s isNew', () => {
  test('isNew false answers NOT_NEW, counts it live and pays nothing; a campaign open to all pays', async () => {
    const project = await createProject(app, adv, [tasks.bot(), tasks.bot()]);
    const strict = await createCampaign(app, adv, project.tasks[0], { budget: 1 });
    const open = await createCampaign(app, adv, project.tasks[1], { budget: 1, newUsersOnly: false });
    const ws = gqlWs(app, adv);
    await ws.connected;
    const sub = ws.subscribe(`subscription($p: ID) { campaignStatsChanged(projectId: $p) { id notNew conversions } }`, {
      p: String(project.id),
    });
    const probe = { id: 0, projectId: project.id, status: 'ACTIVE' as const, isActive: true, budget: '0' };
    await waitUntilLive(
      sub,
      () =>
        app.pubsub.publish(topics.campaignStats(project.id), {
          ...probe,
          conversions: 0,
          spend: '0',
          todayConversions: 0,
          todaySpend: '0',
          notNew: 0,
        }),
      (e) => e.data?.campaignStatsChanged?.id === '0',
    );
    const player = { user: newPlayer() };
    const a = await start(app, platform, player, strict.id);
    const b = await start(app, platform, player, open.id);

    const refused = await app.api('/v1/sdk/events', {
      body: { type: 'conversion', click: a.code, isNew: false },
      headers: { 'x-api-key': project.secretKey },
    });
    expect(refused).toEqual({ status: 200, body: { value: { conversionId: null, status: 'NOT_NEW' } } });
    const event = await sub.nextEvent((e) => e.data?.campaignStatsChanged?.id === String(strict.id));
    expect(event).toMatchObject({
      data: { campaignStatsChanged: { id: String(strict.id), notNew: 1, conversions: 0 } },
    });
    // The same click can never convert afterwards, even reported as new.
    expect((await sdkConversion(app, project.secretKey, a.code)).body.value.status).toBe('NOT_NEW');
    expect((await showcase(app, platform, player, `/tasks/${strict.id}/check`)).body).toMatchObject({
      error: FAILURES.PLAYER_NOT_NEW.message,
    });

    const paid = await app.api('/v1/sdk/events', {
      body: { type: 'conversion', click: b.code, isNew: false },
      headers: { 'x-api-key': project.secretKey },
    });
    expect(paid.body.value.status).toBe('COMPLETED');
    expect(await conversionsOf(strict.id)).toBe(0);
    expect(await conversionsOf(open.id)).toBe(1);
    expect(await getCampaign(app, adv, { id: strict.id, projectId: project.id })).toMatchObject({ notNew: 1 });
    await ws.close();

    const bad = await app.api('/v1/sdk/events', {
      body: { type: 'conversion', click: b.code, isNew: 'no' },
      headers: { 'x-api-key': project.secretKey },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'isNew must be true or false' } });
  });

  test('newUsersOnly can be switched off and on with PATCH', async () => {
    const project = await createProject(app, adv, [tasks.bot()]);
    const c = await createCampaign(app, adv, project.tasks[0], { budget: 1 });
    expect(c).toMatchObject({ newUsersOnly: true, notNew: 0 });
    const res = await app.api(campaignsPath(project.id, c.id), {
      method: 'PATCH',
      token: adv,
      body: { newUsersOnly: false },
    });
    expect(res.body.value).toMatchObject({ newUsersOnly: false });
  });
});

describe('the player’s language and the integrators’ tools', () => {
  test('player-facing answers follow the initData language_code; English otherwise', async () => {
    const { username, campaign } = await channelCampaign();
    const ru = { user: newPlayer({ language_code: 'ru' }) };
    const de = { user: newPlayer({ language_code: 'de' }) };
    fake.setMember(username, ru.user.id, 'member');
    expect(await showcase(app, platform, ru, `/tasks/${campaign.id}/start`)).toMatchObject({
      status: 409,
      body: { error: 'Вы уже были участником до начала задания: оно только для новых подписчиков' },
    });
    expect((await showcase(app, platform, de, `/tasks/${campaign.id}/check`)).body).toMatchObject({
      error: FAILURES.PLAYER_TASK_NOT_STARTED.message,
    });
    await start(app, platform, de, campaign.id);
    const fa = { user: newPlayer({ language_code: 'fa' }) };
    await start(app, platform, fa, campaign.id);
    expect((await showcase(app, platform, fa, `/tasks/${campaign.id}/check`)).body.value).toEqual({
      status: 'PENDING',
      awards: [],
      message: 'اول عضو کانال شوید، سپس دوباره بررسی کنید',
    });
    const missing = await showcase(app, platform, ru, '/tasks/99999999/start');
    expect(missing).toMatchObject({ status: 404, body: { error: 'Задание не найдено' } });
  });

  test('debug mode answers one test task and writes nothing', async () => {
    const player = { user: newPlayer() };
    const before = await em(app).execute<{ n: string }[]>('select count(*) as n from clicks');
    const res = await app.api(`/v1/showcase/platforms/${platform.id}?debug=true`, {
      headers: { authorization: tma(platform.tgBotId!, player.user) },
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      debug: true,
      platform: { id: platform.id },
      tasks: [{ campaignId: 'debug', taskType: 'BOT', status: 'AVAILABLE', awards: [{ title: 'Coins', value: 500 }] }],
    });
    // Outside Telegram (no initData: the integrator's page in a browser), debug mode answers
    // the same for a test player; without debug, no initData is refused as before.
    for (const authorization of [undefined, 'tma ']) {
      const browser = await app.api(`/v1/showcase/platforms/${platform.id}?debug=true`, {
        headers: authorization ? { authorization } : {},
      });
      expect(browser.status).toBe(200);
      expect(browser.body.value).toMatchObject({
        debug: true,
        player: { id: 0, firstName: 'Test player' },
        tasks: [{ campaignId: 'debug', status: 'AVAILABLE' }],
      });
    }
    expect((await app.api(`/v1/showcase/platforms/${platform.id}`)).status).toBe(401);
    expect((await app.api('/v1/showcase/platforms/99999999?debug=true')).status).toBe(404);
    expect(await em(app).execute<{ n: string }[]>('select count(*) as n from clicks')).toEqual(before);
    const bad = await app.api(`/v1/showcase/platforms/${platform.id}?debug=yes`);
    expect(bad).toMatchObject({ status: 400, body: { error: 'debug must be true or false' } });
  });

  test('serves the language catalogs and the type definitions to any origin', async () => {
    const ru = await fetch(`${app.url}/showcase/i18n/ru.json`);
    expect(ru.status).toBe(200);
    expect(ru.headers.get('access-control-allow-origin')).toBe('*');
    expect((await ru.json()).start).toBe('Начать');
    expect((await fetch(`${app.url}/showcase/i18n/xx.json`)).status).toBe(404);
    const types = await fetch(`${app.url}/showcase.d.ts`);
    expect(types.status).toBe(200);
    const text = await types.text();
    expect(text).toContain("'taskgram-showcase': TaskgramShowcaseElement");
    expect(text).toContain('debug?: boolean');
  });
});
