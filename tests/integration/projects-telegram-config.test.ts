import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';

// Two apps here (the brief's exception to one app per file): one without a bot token, one
// whose token the Bot API refuses. Everything else about projects works without Telegram.

let fake: FakeBotApi;
let noToken: Awaited<ReturnType<typeof startTestApp>>;
let badToken: Awaited<ReturnType<typeof startTestApp>>;
let tokenA: string;
let tokenB: string;
let categoryId: number;
const logo = 'https://cdn.example.com/logo.png';

beforeAll(async () => {
  fake = await startFakeBotApi({
    chats: [{ username: 'wg_news', type: 'channel', title: 'WG News', photo: true }],
    admins: ['wg_news'],
  });
  [noToken, badToken] = await Promise.all([
    startTestApp({ demo: true, env: { TELEGRAM_API_URL: fake.url } }),
    startTestApp({
      demo: true,
      env: { TELEGRAM_BOT_TOKEN: '123456:AAthis-token-is-revoked-xyz', TELEGRAM_API_URL: fake.url },
    }),
  ]);
  [tokenA, tokenB] = await Promise.all([
    login(noToken, 'advertiser@demo.local'),
    login(badToken, 'advertiser@demo.local'),
  ]);
  categoryId = (await noToken.api('/v1/categories', { token: tokenA })).body.value.data[0].id;
});
afterAll(async () => {
  await noToken?.close();
  await badToken?.close();
  await fake?.close();
});

async function createProject(app: typeof noToken, token: string) {
  const created = await app.api('/v1/projects', {
    token,
    body: {
      title: 'Offline',
      categoryId,
      tasks: [
        { type: 'CHANNEL', title: 'News', url: '@wg_news', logo },
        { type: 'BOT', title: 'Bot', url: '@wg_game_bot', logo },
      ],
    },
  });
  expect(created.status).toBe(201);
  return created.body.value;
}

describe('without TELEGRAM_BOT_TOKEN', () => {
  const NOT_CONFIGURED = /not configured/;

  test('suggestions answer 404 saying the lookup is not configured (REST and GraphQL)', async () => {
    for (const path of ['/v1/suggestions/telegram', '/v1/suggestions/resource']) {
      for (const url of ['@wg_news', 'https://t.me/somethingbot']) {
        const res = await noToken.api(path, { token: tokenA, body: { url } });
        expect(res.status, `${path} ${url}`).toBe(404);
        expect(res.body.error).toMatch(NOT_CONFIGURED);
      }
    }
    const res = await gql(noToken, 'mutation { suggestResource(url: "@wg_news") { title } }', {}, tokenA);
    expect(res.errors?.[0]).toMatchObject({
      message: expect.stringMatching(NOT_CONFIGURED),
      extensions: { code: 'NOT_FOUND' },
    });
    expect(fake.calls).toEqual([]);
  });

  test('a channel check answers 404 too; projects and bot SDK verification still work', async () => {
    const p = await createProject(noToken, tokenA);
    const [channel, bot] = p.tasks;
    const check = await noToken.api(`/v1/projects/${p.id}/tasks/${channel.id}/verifications`, {
      method: 'POST',
      token: tokenA,
    });
    expect(check.status).toBe(404);
    expect(check.body.error).toMatch(NOT_CONFIGURED);

    const sdk = await noToken.api('/v1/sdk/events', {
      body: { type: 'verification', code: `wg_vf_${bot.verificationCode}` },
      headers: { 'x-api-key': p.secretKey },
    });
    expect(sdk).toEqual({ status: 200, body: { value: { taskId: bot.id, isVerifiedSource: true } } });
    expect(fake.calls).toEqual([]);
  });
});

describe('with a token the Bot API refuses', () => {
  test('the channel check is a 503 with a message, not a 500 or a silent false', async () => {
    const p = await createProject(badToken, tokenB);
    const res = await badToken.api(`/v1/projects/${p.id}/tasks/${p.tasks[0].id}/verifications`, {
      method: 'POST',
      token: tokenB,
    });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/Telegram/);
    expect(fake.rejected.length).toBeGreaterThan(0);
  });

  test('suggestions say Telegram refused the lookup instead of "not found"', async () => {
    const res = await badToken.api('/v1/suggestions/telegram', { token: tokenB, body: { url: '@wg_news' } });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/Telegram/);
  });
});
