import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashKey } from '../../server/lib/secrets.ts';
import { normaliseServices } from '../../server/modules/platforms/platforms.service.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';
import { platformEditBody } from '../helpers/campaigns.ts';

const TELEGRAM_MESSAGE = 'The link is not valid, it should start with https://t.me/your_link';
const HTTPS_MESSAGE = 'The link is not valid, it should start with https://';
const ORDER = ['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK', 'CUSTOM'];

let app: Awaited<ReturnType<typeof startTestApp>>;
let pub: string; // publisher@demo.local (already owns "Clicker Quest")
let stranger: string; // another user, owns nothing
let categoryId: number;
let otherCategoryId: number;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  pub = await login(app, 'publisher@demo.local');
  stranger = await login(app, 'advertiser@demo.local');
  const categories = await app.api('/v1/categories', { token: pub });
  expect(categories.status).toBe(200);
  [categoryId, otherCategoryId] = categories.body.value.data.map((c: { id: number }) => c.id);
  expect(otherCategoryId).toBeDefined();
});
afterAll(async () => {
  await app?.close();
});

type Body = Record<string, any>;
type PlatformJson = {
  id: number;
  secretKey: string;
  tgBotUrl: string;
  rewards: { id: number; title: string; logo: string; platformId: number }[];
  services: {
    id: number | null;
    taskType: string;
    awards: { id: number; platformRewardId: number; platformRewardTitle: string; value: number }[];
    shouldConfirmWithoutPayout: boolean;
    isExcluded: boolean;
    defaultPrice: number;
    reward: string | null;
    rewardIcon: string | null;
    tiers: {
      level: number;
      value: number;
      prices: { value: number; country: { id: string; title: string }; countryId: string }[];
    }[];
  }[];
  [k: string]: any;
};

let botSeq = 0;
const platformBody = (o: Body = {}): Body => ({
  title: 'Space Clicker',
  logo: '/media/space-clicker.png',
  categoryId,
  webappUrl: 'https://space-clicker.example/app',
  tgBotUrl: `https://t.me/space_clicker_${++botSeq}_bot`,
  isDarkTheme: false,
  rewards: [
    { title: 'Coins', logo: '/media/coins.png' },
    { title: 'Gems', logo: 'https://cdn.example.com/gems.png' },
  ],
  services: [
    { taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: 500 }] },
    {
      taskType: 'CHANNEL',
      awards: [
        { platformRewardTitle: 'Coins', value: 300 },
        { platformRewardTitle: 'Gems', value: 1 },
      ],
    },
    { taskType: 'CHAT', awards: [{ platformRewardTitle: 'Gems', value: 2 }] },
  ],
  ...o,
});

async function createPlatform(o: Body = {}, token = pub): Promise<PlatformJson> {
  const res = await app.api('/v1/platforms', { token, body: platformBody(o) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value;
}

/** The edit screen's body for an existing platform: what the client sends back. */
const editBody = platformEditBody;

const complex = (id: number, body: Body, token = pub) =>
  app.api(`/v1/platforms/${id}/complex`, { method: 'PATCH', token, body });

const db = () => app.orm.em.fork().getConnection();
async function platformCount() {
  const rows = await db().execute('select count(*)::int as n from platforms');
  return rows[0].n as number;
}
const awardsOf = (p: PlatformJson) =>
  Object.fromEntries(p.services.map((s) => [s.taskType, s.awards.map((a) => [a.platformRewardTitle, a.value])]));

describe('POST /v1/platforms', () => {
  test('creates an app with two awards and three services: 201, five services in order, tiers, key', async () => {
    const res = await app.api('/v1/platforms', {
      token: pub,
      body: platformBody({ title: '  Space Clicker  ', tgBotUrl: 'https://t.me/space_clicker_bot' }),
    });
    expect(res.status).toBe(201);
    const p: PlatformJson = res.body.value;
    expect(p).toMatchObject({
      id: expect.any(Number),
      createdAt: expect.any(String),
      title: 'Space Clicker',
      logo: '/media/space-clicker.png',
      status: 'ACTIVE',
      isActive: true,
      categoryId,
      category: { id: categoryId, title: expect.any(String) },
      webappUrl: 'https://space-clicker.example/app',
      tgBotUrl: 'https://t.me/space_clicker_bot',
      isDarkTheme: false,
      secretKey: expect.stringMatching(/^tgs_[\w-]{32}$/),
    });
    expect(p.rewards).toEqual([
      { id: expect.any(Number), title: 'Coins', logo: '/media/coins.png', platformId: p.id },
      { id: expect.any(Number), title: 'Gems', logo: 'https://cdn.example.com/gems.png', platformId: p.id },
    ]);
    const [coins, gems] = p.rewards;

    expect(p.services.map((s) => s.taskType)).toEqual(ORDER);
    const [bot, channel, chat, smart, custom] = p.services;
    for (const s of [bot, channel, chat]) expect(s.id).toEqual(expect.any(Number));
    expect(smart.id).toBeNull();
    expect(custom.id).toBeNull();
    for (const s of p.services) {
      expect(s).toMatchObject({ platformId: p.id, isExcluded: false, shouldConfirmWithoutPayout: false });
    }
    expect(bot.awards).toEqual([
      { id: expect.any(Number), platformRewardId: coins.id, platformRewardTitle: 'Coins', value: 500 },
    ]);
    expect(channel.awards).toEqual([
      { id: expect.any(Number), platformRewardId: coins.id, platformRewardTitle: 'Coins', value: 300 },
      { id: expect.any(Number), platformRewardId: gems.id, platformRewardTitle: 'Gems', value: 1 },
    ]);
    expect(chat.awards).toEqual([
      { id: expect.any(Number), platformRewardId: gems.id, platformRewardTitle: 'Gems', value: 2 },
    ]);
    expect(smart.awards).toEqual([]);
    expect(custom.awards).toEqual([]);
    // The service's headline award is its first one.
    expect([bot.reward, bot.rewardIcon]).toEqual(['Coins', '/media/coins.png']);
    expect([chat.reward, chat.rewardIcon]).toEqual(['Gems', 'https://cdn.example.com/gems.png']);
    expect([smart.reward, smart.rewardIcon]).toEqual([null, null]);

    // Tiers come from the settings, sorted by level, with per-country prices; money as USD numbers.
    for (const s of p.services) {
      expect(s.defaultPrice).toBe(0.05);
      expect(s.tiers.map((t) => [t.level, t.value])).toEqual([
        [1, 0.15],
        [2, 0.1],
        [3, 0.05],
      ]);
      expect(s.tiers[0].prices).toContainEqual({
        value: 0.15,
        country: { id: 'US', title: expect.any(String) },
        countryId: 'US',
      });
      expect(s.tiers[2].prices).toContainEqual({
        value: 0.05,
        country: { id: 'BR', title: expect.any(String) },
        countryId: 'BR',
      });
      for (const t of s.tiers) {
        expect(t.prices.length).toBeGreaterThan(0);
        for (const price of t.prices) expect(price.value).toBe(t.value);
      }
    }
    const settings = await app.api('/v1/settings', { token: pub });
    if (settings.status === 200) {
      const tierList = settings.body.value.tierList as { level: number }[];
      expect(bot.tiers.map((t) => t.level)).toEqual(tierList.map((t) => t.level).sort((a, b) => a - b));
    }

    // Reading it back gives the same thing.
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(read.status).toBe(200);
    expect(read.body.value).toEqual(p);
  });

  test('"@bot", "t.me/bot" and "http://t.me/bot" become https://t.me/bot', async () => {
    for (const [input, expected] of [
      ['@clicker_at_bot', 'https://t.me/clicker_at_bot'],
      ['t.me/clicker_bare_bot', 'https://t.me/clicker_bare_bot'],
      ['http://t.me/clicker_http_bot', 'https://t.me/clicker_http_bot'],
    ]) {
      const p = await createPlatform({ tgBotUrl: input });
      expect(p.tgBotUrl, input).toBe(expected);
    }
  });

  test('an app without awards or services still gets five services', async () => {
    const p = await createPlatform({ rewards: [], services: [] });
    expect(p.rewards).toEqual([]);
    expect(p.services.map((s) => [s.taskType, s.id, s.awards])).toEqual(ORDER.map((t) => [t, null, []]));
  });

  test('service awards may name the award by id-less title in any case, and quantities as strings', async () => {
    const p = await createPlatform({
      services: [{ taskType: 'SMART_LINK', awards: [{ platformRewardTitle: ' coins ', value: '25' }] }],
    });
    const smart = p.services.find((s) => s.taskType === 'SMART_LINK')!;
    expect(smart.id).toEqual(expect.any(Number));
    expect(smart.awards).toEqual([
      { id: expect.any(Number), platformRewardId: p.rewards[0].id, platformRewardTitle: 'Coins', value: 25 },
    ]);
  });

  test('shouldConfirmWithoutPayout only sticks on smart links; isExcluded is kept', async () => {
    const p = await createPlatform({
      services: [
        { taskType: 'BOT', shouldConfirmWithoutPayout: true, isExcluded: true, awards: [] },
        { taskType: 'SMART_LINK', shouldConfirmWithoutPayout: true, awards: [] },
      ],
    });
    const bot = p.services.find((s) => s.taskType === 'BOT')!;
    const smart = p.services.find((s) => s.taskType === 'SMART_LINK')!;
    expect([bot.shouldConfirmWithoutPayout, bot.isExcluded]).toEqual([false, true]);
    expect([smart.shouldConfirmWithoutPayout, smart.isExcluded]).toEqual([true, false]);
  });

  const invalid: Array<[string, () => Body, string]> = [
    ['name missing', () => ({ title: undefined }), 'App name is required'],
    ['name blank', () => ({ title: '   ' }), 'App name is required'],
    ['logo missing', () => ({ logo: undefined }), 'Platform logo is required'],
    ['logo blank', () => ({ logo: '' }), 'Platform logo is required'],
    ['web app URL missing', () => ({ webappUrl: undefined }), 'Web app URL is required'],
    ['web app URL blank', () => ({ webappUrl: '  ' }), 'Web app URL is required'],
    ['web app URL http://', () => ({ webappUrl: 'http://space-clicker.example/app' }), HTTPS_MESSAGE],
    ['web app URL without scheme', () => ({ webappUrl: 'space-clicker.example' }), HTTPS_MESSAGE],
    ['TG bot URL missing', () => ({ tgBotUrl: undefined }), 'Telegram bot link is required'],
    ['TG bot URL blank', () => ({ tgBotUrl: ' ' }), 'Telegram bot link is required'],
    ['TG bot URL not Telegram', () => ({ tgBotUrl: 'https://example.com/my_bot' }), TELEGRAM_MESSAGE],
    ['TG bot URL bare host', () => ({ tgBotUrl: 'https://t.me/' }), TELEGRAM_MESSAGE],
    ['TG bot URL with spaces', () => ({ tgBotUrl: 'my bot' }), TELEGRAM_MESSAGE],
    ['award name missing', () => ({ rewards: [{ logo: '/media/a.png' }] }), 'Award name is required'],
    ['award name blank', () => ({ rewards: [{ title: '  ', logo: '/media/a.png' }] }), 'Award name is required'],
    [
      'award names equal',
      () => ({
        rewards: [
          { title: 'Coins', logo: '/media/a.png' },
          { title: 'Coins', logo: '/media/b.png' },
        ],
        services: [],
      }),
      'Award name must be unique',
    ],
    [
      'award names equal ignoring case and spaces',
      () => ({
        rewards: [
          { title: 'Coins', logo: '/media/a.png' },
          { title: ' cOINS ', logo: '/media/b.png' },
        ],
        services: [],
      }),
      'Award name must be unique',
    ],
    ['award logo missing', () => ({ rewards: [{ title: 'Coins' }], services: [] }), 'Award logo is required'],
    ['award logo blank', () => ({ rewards: [{ title: 'Coins', logo: '' }], services: [] }), 'Award logo is required'],
    [
      'service award without award',
      () => ({ services: [{ taskType: 'BOT', awards: [{ value: 5 }] }] }),
      'Award is required',
    ],
    [
      'service award with an empty award title',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: '', value: 5 }] }] }),
      'Award is required',
    ],
    [
      'service award naming an unknown award',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Diamonds', value: 5 }] }] }),
      'Award is required',
    ],
    [
      'service award naming an award id of another app',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardId: 99999999, value: 5 }] }] }),
      'Award is required',
    ],
    [
      'service award quantity missing',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins' }] }] }),
      'Award quantity is required',
    ],
    [
      'service award quantity 0',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: 0 }] }] }),
      'Award quantity is required',
    ],
    [
      'service award quantity empty',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: '' }] }] }),
      'Award quantity is required',
    ],
    [
      'service award quantity null',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: null }] }] }),
      'Award quantity is required',
    ],
    [
      'service award quantity negative',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: -3 }] }] }),
      'Award quantity is required',
    ],
    [
      'service award quantity fractional',
      () => ({ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: 1.5 }] }] }),
      'Award quantity is required',
    ],
    ['category unknown', () => ({ categoryId: 987654 }), 'Choose a category'],
    ['logo not an uploaded image', () => ({ logo: 'javascript:alert(1)' }), 'Upload the image first'],
    [
      'award logo not an uploaded image',
      () => ({ rewards: [{ title: 'A', logo: 'http://x/a.png' }], services: [] }),
      'Upload the image first',
    ],
    [
      'the same task type twice',
      () => ({
        services: [
          { taskType: 'BOT', awards: [] },
          { taskType: 'BOT', awards: [] },
        ],
      }),
      'Each task type once',
    ],
    [
      'six services',
      () => ({ services: ['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK', 'CUSTOM', 'BOT'].map((taskType) => ({ taskType })) }),
      'A platform has at most 5 services',
    ],
  ];
  // Overrides are built lazily: categoryId exists only once beforeAll ran.
  test.each(invalid)('refused: %s', async (_name, override, message) => {
    const before = await platformCount();
    const res = await app.api('/v1/platforms', { token: pub, body: platformBody(override()) });
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    expect(await platformCount()).toBe(before);
  });

  test('a failure half-way through leaves nothing behind (no platform, awards or services)', async () => {
    const count = async (table: string) =>
      (await db().execute(`select count(*)::int as n from ${table}`))[0].n as number;
    const before = await Promise.all(['platforms', 'platform_rewards', 'platform_services'].map(count));
    const res = await app.api('/v1/platforms', {
      token: pub,
      body: platformBody({
        services: [
          { taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: 5 }] },
          { taskType: 'CHAT', awards: [{ platformRewardTitle: 'Unknown', value: 5 }] },
        ],
      }),
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'Award is required' } });
    expect(await Promise.all(['platforms', 'platform_rewards', 'platform_services'].map(count))).toEqual(before);
  });

  test('the secret key is not stored in plain text', async () => {
    const p = await createPlatform();
    const [row] = await db().execute('select * from platforms where id = ?', [p.id]);
    expect(row).toBeDefined();
    for (const [column, value] of Object.entries(row)) {
      expect(String(value), column).not.toContain(p.secretKey);
    }
    expect(row.secret_key_hash).toBe(hashKey(p.secretKey));
  });
});

describe('GET /v1/platforms', () => {
  test('pages of 11 by default with the total, newest first; a fresh user starts empty', async () => {
    const user = await createApprovedUser(app, { role: 'PUBLISHER' });
    const empty = await app.api('/v1/platforms', { token: user.token });
    expect(empty).toEqual({ status: 200, body: { value: { data: [], total: 0 } } });

    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      ids.push((await createPlatform({ title: `App ${i}`, rewards: [], services: [] }, user.token)).id);
    }
    const first = await app.api('/v1/platforms', { token: user.token });
    expect(first.status).toBe(200);
    expect(first.body.value.total).toBe(12);
    expect(first.body.value.data).toHaveLength(11);
    const second = await app.api('/v1/platforms?page=2', { token: user.token });
    expect(second.body.value.total).toBe(12);
    expect(second.body.value.data).toHaveLength(1);
    const seen = [...first.body.value.data, ...second.body.value.data].map((p: { id: number }) => p.id);
    expect(seen).toEqual([...ids].reverse());
    expect(first.body.value.data[0]).toMatchObject({
      id: ids[11],
      title: 'App 12',
      logo: '/media/space-clicker.png',
      status: 'ACTIVE',
      isActive: true,
    });
    // Cards carry no secret key.
    for (const p of first.body.value.data) expect(p.secretKey).toBeUndefined();

    const small = await app.api('/v1/platforms?page=3&limit=5', { token: user.token });
    expect(small.body.value).toMatchObject({ total: 12, data: [{ id: ids[1] }, { id: ids[0] }] });
    expect((await app.api('/v1/platforms?page=9', { token: user.token })).body.value).toEqual({ data: [], total: 12 });
    expect((await app.api('/v1/platforms?page=0', { token: user.token })).status).toBe(400);
    expect((await app.api('/v1/platforms?limit=1000', { token: user.token })).status).toBe(400);

    // Only the caller's apps: another user's list does not include these.
    const others = await app.api('/v1/platforms?limit=100', { token: pub });
    expect(others.body.value.data.map((p: { id: number }) => p.id)).not.toContain(ids[0]);
    expect(others.body.value.data.map((p: { title: string }) => p.title)).toContain('Clicker Quest');
  });
});

describe('GET /v1/platforms/:id', () => {
  test('includes the secret key, awards and services', async () => {
    const p = await createPlatform();
    const res = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(res.status).toBe(200);
    expect(res.body.value.secretKey).toBe(p.secretKey);
    expect(res.body.value.rewards).toHaveLength(2);
    expect(res.body.value.services.map((s: { taskType: string }) => s.taskType)).toEqual(ORDER);
  });

  test('a platform loaded with fewer than five services gets the missing ones (id null) in showcase order', async () => {
    const p = await createPlatform({
      services: [
        { taskType: 'CUSTOM', awards: [] },
        { taskType: 'CHAT', awards: [] },
      ],
    });
    expect(p.services.map((s) => [s.taskType, s.id === null])).toEqual([
      ['BOT', true],
      ['CHANNEL', true],
      ['CHAT', false],
      ['SMART_LINK', true],
      ['CUSTOM', false],
    ]);
    // Rows removed behind the app's back (an older installation with only some services).
    await db().execute('delete from platform_services where platform_id = ? and task_type = ?', [p.id, 'CUSTOM']);
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(read.body.value.services.map((s: { taskType: string; id: number | null }) => [s.taskType, s.id])).toEqual([
      ['BOT', null],
      ['CHANNEL', null],
      ['CHAT', p.services[2].id],
      ['SMART_LINK', null],
      ['CUSTOM', null],
    ]);
  });

  test('a bad id is 400, an unknown one 404', async () => {
    expect((await app.api('/v1/platforms/abc', { token: pub })).status).toBe(400);
    const res = await app.api('/v1/platforms/99999999', { token: pub });
    expect(res).toMatchObject({ status: 404, body: { error: 'Platform not found' } });
  });
});

describe('normaliseServices', () => {
  test('five services in order, missing ones with id null, tiers sorted by level, lowest price as default', () => {
    const tiers = [
      { level: 3, value: 50_000n, prices: [] },
      { level: 1, value: 150_000n, prices: [] },
      { level: 2, value: 100_000n, prices: [] },
    ];
    const services = [
      { id: 7, platformId: 1, taskType: 'CUSTOM', isExcluded: true, shouldConfirmWithoutPayout: false },
      { id: 5, platformId: 1, taskType: 'CHANNEL', isExcluded: false, shouldConfirmWithoutPayout: false },
    ] as any[];
    const rewards = [{ id: 11, platformId: 1, title: 'Coins', logo: '/media/c.png' }] as any[];
    const awards = [{ id: 21, serviceId: 5, platformRewardId: 11, value: 3 }] as any[];
    const out = normaliseServices(1, services, awards, rewards, tiers);
    expect(out.map((s) => [s.taskType, s.id])).toEqual([
      ['BOT', null],
      ['CHANNEL', 5],
      ['CHAT', null],
      ['SMART_LINK', null],
      ['CUSTOM', 7],
    ]);
    for (const s of out) {
      expect(s.tiers.map((t) => t.level)).toEqual([1, 2, 3]);
      expect(s.defaultPrice).toBe(50_000n);
    }
    expect(out[1].awards).toEqual([{ id: 21, platformRewardId: 11, platformRewardTitle: 'Coins', value: 3 }]);
    expect(out[4].isExcluded).toBe(true);
    expect(tiers.map((t) => t.level)).toEqual([3, 1, 2]); // the settings' list is not mutated
    expect(normaliseServices(1, [], [], [], []).every((s) => s.defaultPrice === 0n && s.tiers.length === 0)).toBe(true);
  });
});

describe('PATCH /v1/platforms/:id/complex', () => {
  test('saves the app fields; the same body twice changes nothing', async () => {
    const p = await createPlatform();
    const res = await complex(
      p.id,
      editBody(p, {
        title: 'Renamed app',
        logo: 'https://cdn.example.com/new.png',
        categoryId: otherCategoryId,
        webappUrl: 'https://new.example/app',
        isDarkTheme: true,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      id: p.id,
      title: 'Renamed app',
      logo: 'https://cdn.example.com/new.png',
      categoryId: otherCategoryId,
      category: { id: otherCategoryId },
      webappUrl: 'https://new.example/app',
      isDarkTheme: true,
      tgBotUrl: p.tgBotUrl,
      secretKey: p.secretKey,
    });
    const again = await complex(p.id, editBody(res.body.value));
    expect(again.status).toBe(200);
    expect(again.body.value.rewards).toEqual(res.body.value.rewards);
    expect(awardsOf(again.body.value)).toEqual(awardsOf(p));
    // The edit screen sends all five services back, so the two missing ones are saved now; the
    // ones that existed keep their ids, and a further save keeps every id.
    const ids = res.body.value.services.map((s: { id: number | null }) => s.id);
    expect(ids.slice(0, 3)).toEqual(p.services.slice(0, 3).map((s) => s.id));
    expect(ids.slice(3)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(again.body.value.services.map((s: { id: number | null }) => s.id)).toEqual(ids);
  });

  test('renaming an award: every service shows the new title', async () => {
    const p = await createPlatform();
    const [coins, gems] = p.rewards;
    const res = await complex(
      p.id,
      editBody(p, {
        rewards: [
          { id: coins.id, title: 'Gold', logo: '/media/gold.png' },
          { id: gems.id, title: 'Gems', logo: gems.logo },
        ],
      }),
    );
    expect(res.status).toBe(200);
    const saved: PlatformJson = res.body.value;
    expect(saved.rewards).toEqual([
      { id: coins.id, title: 'Gold', logo: '/media/gold.png', platformId: p.id },
      { id: gems.id, title: 'Gems', logo: gems.logo, platformId: p.id },
    ]);
    expect(awardsOf(saved)).toEqual({
      BOT: [['Gold', 500]],
      CHANNEL: [
        ['Gold', 300],
        ['Gems', 1],
      ],
      CHAT: [['Gems', 2]],
      SMART_LINK: [],
      CUSTOM: [],
    });
    expect(saved.services[0]).toMatchObject({ reward: 'Gold', rewardIcon: '/media/gold.png' });
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(awardsOf(read.body.value)).toEqual(awardsOf(saved));
  });

  test('renaming only the award list (services not sent) still updates every service', async () => {
    const p = await createPlatform();
    const [coins, gems] = p.rewards;
    const res = await complex(
      p.id,
      editBody(p, {
        rewards: [
          { id: coins.id, title: 'Gold', logo: coins.logo },
          { id: gems.id, title: 'Gems', logo: gems.logo },
        ],
        services: [],
      }),
    );
    expect(res.status).toBe(200);
    expect(awardsOf(res.body.value)).toMatchObject({ BOT: [['Gold', 500]], CHAT: [['Gems', 2]] });
  });

  test('two awards may swap names in one save', async () => {
    const p = await createPlatform();
    const [coins, gems] = p.rewards;
    const res = await complex(
      p.id,
      editBody(p, {
        rewards: [
          { id: coins.id, title: 'Gems', logo: coins.logo },
          { id: gems.id, title: 'Coins', logo: gems.logo },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.value.rewards.map((r: { id: number; title: string }) => [r.id, r.title])).toEqual([
      [coins.id, 'Gems'],
      [gems.id, 'Coins'],
    ]);
    expect(awardsOf(res.body.value)).toMatchObject({ BOT: [['Gems', 500]], CHAT: [['Coins', 2]] });
  });

  test('deleting an award removes it from every service', async () => {
    const p = await createPlatform();
    const [coins, gems] = p.rewards;
    const body = editBody(p, { rewards: [{ id: gems.id, title: gems.title, logo: gems.logo }] });
    // The client already dropped the award from its services; the server must cope either way.
    const res = await complex(p.id, { ...body, services: [] });
    expect(res.status).toBe(200);
    const saved: PlatformJson = res.body.value;
    expect(saved.rewards.map((r) => r.id)).toEqual([gems.id]);
    expect(awardsOf(saved)).toEqual({
      BOT: [],
      CHANNEL: [['Gems', 1]],
      CHAT: [['Gems', 2]],
      SMART_LINK: [],
      CUSTOM: [],
    });
    expect(saved.services[0]).toMatchObject({ reward: null, rewardIcon: null });
    const rows = await db().execute(
      'select count(*)::int as n from platform_service_awards where platform_reward_id = ?',
      [coins.id],
    );
    expect(rows[0].n).toBe(0);
    const rewardRows = await db().execute('select count(*)::int as n from platform_rewards where id = ?', [coins.id]);
    expect(rewardRows[0].n).toBe(0);
  });

  test('a service award naming a deleted award by id is refused with "Award is required"', async () => {
    const p = await createPlatform();
    const [coins, gems] = p.rewards;
    const res = await complex(
      p.id,
      editBody(p, {
        rewards: [{ id: gems.id, title: gems.title, logo: gems.logo }],
        services: [{ taskType: 'BOT', awards: [{ platformRewardId: coins.id, value: 5 }] }],
      }),
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'Award is required' } });
    // Nothing changed.
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(read.body.value.rewards).toEqual(p.rewards);
    expect(awardsOf(read.body.value)).toEqual(awardsOf(p));
  });

  test('a new award is created and referenced by title in the same request', async () => {
    const p = await createPlatform();
    const [coins, gems] = p.rewards;
    const res = await complex(
      p.id,
      editBody(p, {
        rewards: [
          { id: coins.id, title: coins.title, logo: coins.logo },
          { id: gems.id, title: gems.title, logo: gems.logo },
          { title: 'Lives', logo: '/media/lives.png' },
        ],
        services: [
          { id: p.services[0].id, taskType: 'BOT', awards: [{ platformRewardId: coins.id, value: 10 }] },
          {
            id: null,
            taskType: 'SMART_LINK',
            shouldConfirmWithoutPayout: true,
            awards: [{ platformRewardTitle: 'Lives', value: 3 }],
          },
          { id: null, taskType: 'CUSTOM', isExcluded: true, awards: [{ platformRewardTitle: 'lives', value: 1 }] },
        ],
      }),
    );
    expect(res.status).toBe(200);
    const saved: PlatformJson = res.body.value;
    expect(saved.rewards).toHaveLength(3);
    const lives = saved.rewards[2];
    expect(lives).toEqual({ id: expect.any(Number), title: 'Lives', logo: '/media/lives.png', platformId: p.id });
    expect(saved.services.map((s) => s.id === null)).toEqual([false, false, false, false, false]);
    const smart = saved.services[3];
    const custom = saved.services[4];
    expect(smart).toMatchObject({ shouldConfirmWithoutPayout: true, isExcluded: false, reward: 'Lives' });
    expect(smart.awards).toEqual([
      { id: expect.any(Number), platformRewardId: lives.id, platformRewardTitle: 'Lives', value: 3 },
    ]);
    expect(custom).toMatchObject({ isExcluded: true, shouldConfirmWithoutPayout: false });
    expect(custom.awards[0].platformRewardId).toBe(lives.id);
    // Services not in the body keep their awards; BOT's are replaced.
    expect(awardsOf(saved)).toEqual({
      BOT: [['Coins', 10]],
      CHANNEL: [
        ['Coins', 300],
        ['Gems', 1],
      ],
      CHAT: [['Gems', 2]],
      SMART_LINK: [['Lives', 3]],
      CUSTOM: [['Lives', 1]],
    });
    expect(saved.services[0].id).toBe(p.services[0].id);
  });

  test('a new award may take the name an existing award is renamed away from', async () => {
    const p = await createPlatform();
    const [coins, gems] = p.rewards;
    const res = await complex(
      p.id,
      editBody(p, {
        rewards: [
          { title: 'Coins', logo: '/media/new-coins.png' },
          { id: coins.id, title: 'Old coins', logo: coins.logo },
          { id: gems.id, title: gems.title, logo: gems.logo },
        ],
        services: [{ taskType: 'CHAT', awards: [{ platformRewardTitle: 'Coins', value: 9 }] }],
      }),
    );
    expect(res.status).toBe(200);
    const saved: PlatformJson = res.body.value;
    const fresh = saved.rewards.find((r) => r.title === 'Coins')!;
    expect(fresh.id).not.toBe(coins.id);
    expect(awardsOf(saved)).toMatchObject({ BOT: [['Old coins', 500]], CHAT: [['Coins', 9]] });
    expect(saved.services[2].awards[0].platformRewardId).toBe(fresh.id);
  });

  test('an award id of another app is 404', async () => {
    const p = await createPlatform();
    const other = await createPlatform();
    const res = await complex(
      p.id,
      editBody(p, { rewards: [{ id: other.rewards[0].id, title: 'Stolen', logo: '/media/x.png' }], services: [] }),
    );
    expect(res).toMatchObject({ status: 404, body: { error: 'Award not found' } });
    const read = await app.api(`/v1/platforms/${other.id}`, { token: pub });
    expect(read.body.value.rewards[0].title).toBe('Coins');
  });

  test('the Telegram link cannot change; the same value (in any spelling) or none is accepted', async () => {
    const p = await createPlatform({ tgBotUrl: 'https://t.me/fixed_link_bot' });
    const changed = await complex(p.id, editBody(p, { tgBotUrl: 'https://t.me/other_link_bot' }));
    expect(changed).toMatchObject({
      status: 400,
      body: { error: 'The Telegram link cannot be changed after the app is created' },
    });
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(read.body.value.tgBotUrl).toBe('https://t.me/fixed_link_bot');
    for (const same of ['https://t.me/fixed_link_bot', '@fixed_link_bot', undefined]) {
      const res = await complex(p.id, editBody(p, { tgBotUrl: same, title: `Saved ${same}` }));
      expect(res.status, String(same)).toBe(200);
      expect(res.body.value.tgBotUrl).toBe('https://t.me/fixed_link_bot');
      expect(res.body.value.title).toBe(`Saved ${same}`);
    }
    const bad = await complex(p.id, editBody(p, { tgBotUrl: 'https://example.com/x' }));
    expect(bad).toMatchObject({ status: 400, body: { error: TELEGRAM_MESSAGE } });
  });

  test('the create messages apply on save too', async () => {
    const p = await createPlatform();
    const cases: Array<[Body, string]> = [
      [{ title: '' }, 'App name is required'],
      [{ logo: '' }, 'Platform logo is required'],
      [{ webappUrl: '' }, 'Web app URL is required'],
      [{ webappUrl: 'http://x.example' }, HTTPS_MESSAGE],
      [{ rewards: [{ title: '', logo: '/media/a.png' }], services: [] }, 'Award name is required'],
      [{ rewards: [{ title: 'A', logo: '' }], services: [] }, 'Award logo is required'],
      [
        {
          rewards: [
            { id: p.rewards[0].id, title: 'Same', logo: '/media/a.png' },
            { id: p.rewards[1].id, title: 'same', logo: '/media/a.png' },
          ],
          services: [],
        },
        'Award name must be unique',
      ],
      [{ services: [{ taskType: 'BOT', awards: [{ value: 1 }] }] }, 'Award is required'],
      [
        { services: [{ taskType: 'BOT', awards: [{ platformRewardId: p.rewards[0].id, value: 0 }] }] },
        'Award quantity is required',
      ],
      [
        { services: [{ taskType: 'BOT', awards: [{ platformRewardId: p.rewards[0].id }] }] },
        'Award quantity is required',
      ],
    ];
    for (const [override, message] of cases) {
      const res = await complex(p.id, editBody(p, override));
      expect(res, JSON.stringify(override)).toMatchObject({ status: 400, body: { error: message } });
    }
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(read.body.value).toEqual(p);
  });
});

describe('PATCH /v1/platforms/:id/services/:serviceId', () => {
  test('isExcluded, awards, and "award the user in any case" on smart links only', async () => {
    const p = await createPlatform({
      services: [
        { taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: 5 }] },
        { taskType: 'SMART_LINK', awards: [] },
      ],
    });
    const bot = p.services.find((s) => s.taskType === 'BOT')!;
    const smart = p.services.find((s) => s.taskType === 'SMART_LINK')!;
    const patch = (serviceId: number | null, body: Body) =>
      app.api(`/v1/platforms/${p.id}/services/${serviceId}`, { method: 'PATCH', token: pub, body });

    const excluded = await patch(bot.id, { isExcluded: true });
    expect(excluded.status).toBe(200);
    expect(excluded.body.value).toMatchObject({
      id: bot.id,
      taskType: 'BOT',
      isExcluded: true,
      shouldConfirmWithoutPayout: false,
      awards: [{ platformRewardTitle: 'Coins', value: 5 }],
      defaultPrice: 0.05,
    });
    expect(excluded.body.value.tiers.map((t: { level: number }) => t.level)).toEqual([1, 2, 3]);

    const refused = await patch(bot.id, { shouldConfirmWithoutPayout: true });
    expect(refused).toMatchObject({ status: 400, body: { error: 'Only smart links can award the user in any case' } });
    expect((await patch(bot.id, { shouldConfirmWithoutPayout: false })).status).toBe(200);

    const any = await patch(smart.id, { shouldConfirmWithoutPayout: true });
    expect(any.status).toBe(200);
    expect(any.body.value).toMatchObject({ id: smart.id, shouldConfirmWithoutPayout: true, isExcluded: false });

    const awards = await patch(smart.id, {
      awards: [
        { platformRewardId: p.rewards[1].id, value: 4 },
        { platformRewardTitle: 'coins', value: 7 },
      ],
    });
    expect(awards.status).toBe(200);
    expect(awards.body.value.awards).toEqual([
      { id: expect.any(Number), platformRewardId: p.rewards[1].id, platformRewardTitle: 'Gems', value: 4 },
      { id: expect.any(Number), platformRewardId: p.rewards[0].id, platformRewardTitle: 'Coins', value: 7 },
    ]);
    expect(awards.body.value.shouldConfirmWithoutPayout).toBe(true); // untouched fields stay

    expect(await patch(smart.id, { awards: [{ value: 1 }] })).toMatchObject({
      status: 400,
      body: { error: 'Award is required' },
    });
    expect(await patch(smart.id, { awards: [{ platformRewardTitle: 'Nope', value: 1 }] })).toMatchObject({
      status: 400,
      body: { error: 'Award is required' },
    });
    expect(await patch(smart.id, { awards: [{ platformRewardId: p.rewards[0].id, value: 0 }] })).toMatchObject({
      status: 400,
      body: { error: 'Award quantity is required' },
    });

    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    const services = read.body.value.services;
    expect(services[0]).toMatchObject({ taskType: 'BOT', isExcluded: true, shouldConfirmWithoutPayout: false });
    expect(services[3]).toMatchObject({ taskType: 'SMART_LINK', shouldConfirmWithoutPayout: true });
    expect(services[3].awards.map((a: { value: number }) => a.value)).toEqual([4, 7]);
  });

  test('a service of another app of the same owner, or an unknown one, is 404', async () => {
    const p = await createPlatform();
    const other = await createPlatform();
    const res = await app.api(`/v1/platforms/${p.id}/services/${other.services[0].id}`, {
      method: 'PATCH',
      token: pub,
      body: { isExcluded: true },
    });
    expect(res).toMatchObject({ status: 404, body: { error: 'Service not found' } });
    const unknown = await app.api(`/v1/platforms/${p.id}/services/99999999`, {
      method: 'PATCH',
      token: pub,
      body: { isExcluded: true },
    });
    expect(unknown.status).toBe(404);
    const read = await app.api(`/v1/platforms/${other.id}`, { token: pub });
    expect(read.body.value.services[0].isExcluded).toBe(false);
  });
});

describe('PATCH /v1/platforms/:id/secret-key', () => {
  test('generates a new key; the old one is gone', async () => {
    const p = await createPlatform();
    const res = await app.api(`/v1/platforms/${p.id}/secret-key`, { method: 'PATCH', token: pub });
    expect(res.status).toBe(200);
    const key = res.body.value.secretKey;
    expect(key).toMatch(/^tgs_[\w-]{32}$/);
    expect(key).not.toBe(p.secretKey);
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(read.body.value.secretKey).toBe(key);
    const [row] = await db().execute('select * from platforms where id = ?', [p.id]);
    expect(row.secret_key_hash).toBe(hashKey(key));
    for (const [column, value] of Object.entries(row)) {
      expect(String(value), column).not.toContain(key);
      expect(String(value), column).not.toContain(p.secretKey);
    }
  });
});

describe('GET /v1/platforms/:id/campaigns', () => {
  test('before any conversion every row is at zero', async () => {
    const p = await createPlatform();
    const res = await app.api(`/v1/platforms/${p.id}/campaigns`, { token: pub });
    expect(res.status).toBe(200);
    for (const row of res.body.value.data) expect(row).toMatchObject({ completedQuantity: 0, isActive: true });
  });
});

describe('GET /v1/platform-services', () => {
  test('filters by platformId and taskType; without filters all of the caller’s apps', async () => {
    const user = await createApprovedUser(app, { role: 'PUBLISHER' });
    const a = await createPlatform({}, user.token);
    const b = await createPlatform({ services: [{ taskType: 'SMART_LINK', awards: [] }] }, user.token);

    const all = await app.api('/v1/platform-services', { token: user.token });
    expect(all.status).toBe(200);
    expect(all.body.value.data).toHaveLength(10);
    expect(new Set(all.body.value.data.map((s: { platformId: number }) => s.platformId))).toEqual(
      new Set([a.id, b.id]),
    );

    const ofA = await app.api(`/v1/platform-services?platformId=${a.id}`, { token: user.token });
    expect(ofA.status).toBe(200);
    expect(ofA.body.value.data).toEqual(a.services);

    const bots = await app.api('/v1/platform-services?taskType=BOT', { token: user.token });
    expect(
      bots.body.value.data.map((s: { platformId: number; id: number | null }) => [s.platformId, s.id]).sort(),
    ).toEqual(
      [
        [a.id, a.services[0].id],
        [b.id, null],
      ].sort(),
    );

    const both = await app.api(`/v1/platform-services?platformId=${b.id}&taskType=SMART_LINK`, { token: user.token });
    expect(both.body.value.data).toHaveLength(1);
    expect(both.body.value.data[0]).toMatchObject({ platformId: b.id, taskType: 'SMART_LINK', id: b.services[3].id });
    expect(b.services[3].id).toEqual(expect.any(Number));

    expect((await app.api('/v1/platform-services?taskType=NOPE', { token: user.token })).status).toBe(400);

    const fresh = await createApprovedUser(app, { role: 'PUBLISHER' });
    expect(await app.api('/v1/platform-services', { token: fresh.token })).toEqual({
      status: 200,
      body: { value: { data: [] } },
    });
  });
});

describe('access', () => {
  test('another user gets 404 on every route and changes nothing', async () => {
    const p = await createPlatform();
    const serviceId = p.services[0].id;
    const routes: Array<[string, string, Body | undefined]> = [
      ['GET', `/v1/platforms/${p.id}`, undefined],
      ['PATCH', `/v1/platforms/${p.id}/complex`, editBody(p, { title: 'Hijacked' })],
      ['PATCH', `/v1/platforms/${p.id}/services/${serviceId}`, { isExcluded: true }],
      ['PATCH', `/v1/platforms/${p.id}/secret-key`, undefined],
      ['GET', `/v1/platforms/${p.id}/campaigns`, undefined],
      ['GET', `/v1/platform-services?platformId=${p.id}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const res = await app.api(path, { method, token: stranger, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error, `${method} ${path}`).toBe('Platform not found');
    }
    const list = await app.api('/v1/platforms', { token: stranger });
    expect(list.body.value.data.map((x: { id: number }) => x.id)).not.toContain(p.id);
    const services = await app.api('/v1/platform-services', { token: stranger });
    expect(services.body.value.data.map((x: { platformId: number }) => x.platformId)).not.toContain(p.id);
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(read.body.value).toEqual(p);
  });

  test('without a token every route is 401', async () => {
    const p = await createPlatform();
    const routes: Array<[string, string, Body | undefined]> = [
      ['GET', '/v1/platforms', undefined],
      ['POST', '/v1/platforms', platformBody()],
      ['GET', `/v1/platforms/${p.id}`, undefined],
      ['PATCH', `/v1/platforms/${p.id}/complex`, editBody(p)],
      ['PATCH', `/v1/platforms/${p.id}/services/${p.services[0].id}`, { isExcluded: true }],
      ['PATCH', `/v1/platforms/${p.id}/secret-key`, undefined],
      ['GET', `/v1/platforms/${p.id}/campaigns`, undefined],
      ['GET', '/v1/platform-services', undefined],
    ];
    for (const [method, path, body] of routes) {
      const res = await app.api(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
      const bad = await app.api(path, { method, body, token: 'not-a-token' });
      expect(bad.status, `${method} ${path} bad token`).toBe(401);
    }
  });
});

describe('GraphQL', () => {
  const FIELDS = `id title tgBotUrl secretKey
    rewards { id title logo platformId }
    services { id taskType isExcluded shouldConfirmWithoutPayout defaultPrice reward rewardIcon
      awards { id platformRewardId platformRewardTitle value }
      tiers { level value prices { value countryId country { id title } } } }`;
  const CREATE = `mutation($input: PlatformInput!) { createPlatform(input: $input) { ${FIELDS} } }`;
  const input = (o: Body = {}) => {
    const b = platformBody(o);
    return { ...b, categoryId: String(b.categoryId) };
  };

  test('createPlatform, platform, platforms, platformServices, updatePlatform, updatePlatformService, regeneratePlatformKey', async () => {
    const created = await gql(app, CREATE, { input: input({ tgBotUrl: '@gql_clicker_bot' }) }, pub);
    expect(created.errors).toBeUndefined();
    const p = created.data.createPlatform;
    expect(p).toMatchObject({
      title: 'Space Clicker',
      tgBotUrl: 'https://t.me/gql_clicker_bot',
      secretKey: expect.any(String),
    });
    expect(p.services.map((s: { taskType: string }) => s.taskType)).toEqual(ORDER);
    expect(p.services.map((s: { id: string | null }) => s.id === null)).toEqual([false, false, false, true, true]);
    expect(p.services[0].tiers.map((t: { level: number }) => t.level)).toEqual([1, 2, 3]);
    expect(p.services[0].awards).toEqual([
      { id: expect.any(String), platformRewardId: p.rewards[0].id, platformRewardTitle: 'Coins', value: 500 },
    ]);

    const read = await gql(app, `query($id: ID!) { platform(id: $id) { ${FIELDS} } }`, { id: p.id }, pub);
    expect(read.errors).toBeUndefined();
    expect(read.data.platform).toEqual(p);

    const list = await gql(app, 'query { platforms { total data { id title } } }', {}, pub);
    expect(list.errors).toBeUndefined();
    expect(list.data.platforms.data.length).toBeLessThanOrEqual(11);
    expect(list.data.platforms.total).toBeGreaterThan(1);
    expect(list.data.platforms.data[0]).toEqual({ id: p.id, title: 'Space Clicker' });

    const services = await gql(
      app,
      'query($id: ID!) { platformServices(platformId: $id, taskType: CHAT) { id taskType platformId } }',
      { id: p.id },
      pub,
    );
    expect(services.errors).toBeUndefined();
    expect(services.data.platformServices).toEqual([{ id: p.services[2].id, taskType: 'CHAT', platformId: p.id }]);

    const updated = await gql(
      app,
      `mutation($id: ID!, $input: PlatformInput!) { updatePlatform(id: $id, input: $input) { ${FIELDS} } }`,
      {
        id: p.id,
        input: {
          ...input({ tgBotUrl: p.tgBotUrl }),
          rewards: [
            { id: p.rewards[0].id, title: 'Gold', logo: '/media/gold.png' },
            { id: p.rewards[1].id, title: 'Gems', logo: '/media/gems.png' },
          ],
          services: [],
        },
      },
      pub,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updatePlatform.services[0].awards[0].platformRewardTitle).toBe('Gold');

    const changedLink = await gql(
      app,
      `mutation($id: ID!, $input: PlatformInput!) { updatePlatform(id: $id, input: $input) { id } }`,
      { id: p.id, input: input({ tgBotUrl: 'https://t.me/another_bot' }) },
      pub,
    );
    expect(changedLink.errors?.[0]).toMatchObject({
      message: 'The Telegram link cannot be changed after the app is created',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    // The edit screen may send the read-only link back as null (the field is nullable).
    const nullLink = await gql(
      app,
      `mutation($id: ID!, $input: PlatformInput!) { updatePlatform(id: $id, input: $input) { id tgBotUrl title } }`,
      { id: p.id, input: { ...input({ title: 'Null link' }), tgBotUrl: null, rewards: [], services: [] } },
      pub,
    );
    expect(nullLink.errors).toBeUndefined();
    expect(nullLink.data.updatePlatform).toEqual({ id: p.id, tgBotUrl: p.tgBotUrl, title: 'Null link' });
    const restNull = await complex(Number(p.id), {
      ...platformBody({ title: 'Null link REST' }),
      tgBotUrl: null,
      rewards: [],
      services: [],
    });
    expect(restNull.status).toBe(200);
    expect(restNull.body.value.tgBotUrl).toBe(p.tgBotUrl);

    const PATCH = `mutation($pid: ID!, $sid: ID!, $input: PlatformServicePatchInput!) {
      updatePlatformService(platformId: $pid, serviceId: $sid, input: $input) { id isExcluded shouldConfirmWithoutPayout } }`;
    const excluded = await gql(app, PATCH, { pid: p.id, sid: p.services[1].id, input: { isExcluded: true } }, pub);
    expect(excluded.errors).toBeUndefined();
    expect(excluded.data.updatePlatformService).toEqual({
      id: p.services[1].id,
      isExcluded: true,
      shouldConfirmWithoutPayout: false,
    });
    const refused = await gql(
      app,
      PATCH,
      { pid: p.id, sid: p.services[0].id, input: { shouldConfirmWithoutPayout: true } },
      pub,
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Only smart links can award the user in any case',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    const regen = await gql(app, 'mutation($id: ID!) { regeneratePlatformKey(id: $id) }', { id: p.id }, pub);
    expect(regen.errors).toBeUndefined();
    expect(regen.data.regeneratePlatformKey).toMatch(/^tgs_/);
    expect(regen.data.regeneratePlatformKey).not.toBe(p.secretKey);
  });

  test('createPlatform validation gives the REST messages with code BAD_USER_INPUT', async () => {
    const cases: Array<[Body, string]> = [
      [{ webappUrl: 'http://space-clicker.example' }, HTTPS_MESSAGE],
      [{ webappUrl: '' }, 'Web app URL is required'],
      [{ tgBotUrl: 'https://example.com/bot' }, TELEGRAM_MESSAGE],
      [{ tgBotUrl: null }, 'Telegram bot link is required'],
      [{ title: ' ' }, 'App name is required'],
      [{ logo: '' }, 'Platform logo is required'],
      [{ rewards: [{ title: '', logo: '/media/a.png' }], services: [] }, 'Award name is required'],
      [
        {
          rewards: [
            { title: 'Coins', logo: '/media/a.png' },
            { title: 'coins', logo: '/media/b.png' },
          ],
          services: [],
        },
        'Award name must be unique',
      ],
      [{ rewards: [{ title: 'Coins', logo: '' }], services: [] }, 'Award logo is required'],
      [{ services: [{ taskType: 'BOT', awards: [{ value: 1 }] }] }, 'Award is required'],
      [{ services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins' }] }] }, 'Award quantity is required'],
      [
        { services: [{ taskType: 'BOT', awards: [{ platformRewardTitle: 'Coins', value: 0 }] }] },
        'Award quantity is required',
      ],
    ];
    const before = await platformCount();
    for (const [override, message] of cases) {
      const rest = await app.api('/v1/platforms', { token: pub, body: platformBody(override) });
      expect(rest, JSON.stringify(override)).toMatchObject({ status: 400, body: { error: message } });
      const res = await gql(app, CREATE, { input: input(override) }, pub);
      expect(res.errors?.[0], JSON.stringify(override)).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(res.data?.createPlatform ?? null).toBeNull();
    }
    expect(await platformCount()).toBe(before);
  });

  test('another user gets NOT_FOUND on every operation; anonymous UNAUTHENTICATED', async () => {
    const p = await createPlatform();
    const ops: Array<[string, Record<string, unknown>]> = [
      ['query($id: ID!) { platform(id: $id) { id } }', { id: p.id }],
      ['query($id: ID!) { platformServices(platformId: $id) { id } }', { id: p.id }],
      [
        'mutation($id: ID!, $input: PlatformInput!) { updatePlatform(id: $id, input: $input) { id } }',
        { id: p.id, input: { ...editBody(p, { title: 'Hijacked' }), categoryId: String(p.categoryId), services: [] } },
      ],
      [
        'mutation($pid: ID!, $sid: ID!) { updatePlatformService(platformId: $pid, serviceId: $sid, input: { isExcluded: true }) { id } }',
        { pid: p.id, sid: p.services[0].id },
      ],
      ['mutation($id: ID!) { regeneratePlatformKey(id: $id) }', { id: p.id }],
    ];
    for (const [query, vars] of ops) {
      const res = await gql(app, query, vars, stranger);
      expect(res.errors?.[0], query).toMatchObject({
        message: 'Platform not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    const anonOps: Array<[string, Record<string, unknown>]> = [
      ...ops,
      ['query { platforms { total } }', {}],
      ['query { platformServices { id } }', {}],
      ['mutation($input: PlatformInput!) { createPlatform(input: $input) { id } }', { input: input() }],
    ];
    for (const [query, vars] of anonOps) {
      const res = await gql(app, query, vars);
      expect(res.errors?.[0].extensions?.code, query).toBe('UNAUTHENTICATED');
    }
    const read = await app.api(`/v1/platforms/${p.id}`, { token: pub });
    expect(read.body.value).toEqual(p);
  });
});

describe('partial saves', () => {
  test('leaving out the awards keeps them, with every service that uses them', async () => {
    const p = await createPlatform();
    const { rewards: _left, ...body } = editBody(p, { title: 'Renamed only' });
    const res = await complex(p.id, body);
    expect(res.status).toBe(200);
    expect(res.body.value.title).toBe('Renamed only');
    expect(res.body.value.rewards.map((r: { title: string }) => r.title)).toEqual(['Coins', 'Gems']);
    expect(awardsOf(res.body.value)).toEqual(awardsOf(p));
  });
});
