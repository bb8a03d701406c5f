import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, gqlWs, login, type WsClient, waitUntilLive } from '../helpers/graphql.ts';

const TELEGRAM_MESSAGE = 'The link is not valid, it should start with https://t.me/your_link';
const NOT_FOUND_SUGGESTION = 'Resource not found. Please fill in the fields yourself';

let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof startTestApp>>;
let adv: string;
let pub: string;
let categoryId: number;
let otherCategoryId: number;
let logo: string;

beforeAll(async () => {
  fake = await startFakeBotApi({
    botUsername: 'wg_system_bot',
    chats: [
      { username: 'wg_news', type: 'channel', title: 'WG News', photo: true },
      { username: 'wg_talk', type: 'supergroup', title: 'WG Talk', photo: true },
      { username: 'plain_channel', type: 'channel', title: 'Plain Channel' },
      { username: 'friendly_helper', type: 'private', firstName: 'Friendly Helper' },
    ],
  });
  app = await startTestApp({ demo: true, env: { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_URL: fake.url } });
  [adv, pub] = await Promise.all([login(app, 'advertiser@demo.local'), login(app, 'publisher@demo.local')]);
  const categories = await app.api('/v1/categories', { token: adv });
  expect(categories.status).toBe(200);
  [categoryId, otherCategoryId] = categories.body.value.data.map((c: { id: number }) => c.id);
  expect(otherCategoryId).toBeDefined();

  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(fake.photoBytes)], { type: 'image/png' }), 'logo.png');
  const upload = await fetch(`${app.url}/api/v1/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adv}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  logo = ((await upload.json()) as { value: { path: string } }).value.path;
  expect(logo).toMatch(/^\/media\/.+\.png$/);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

type TaskBody = Record<string, unknown>;
const customTask = (o: TaskBody = {}): TaskBody => ({
  type: 'CUSTOM',
  title: 'Landing page',
  url: 'https://example.com/landing',
  logo,
  ...o,
});
const botTask = (o: TaskBody = {}): TaskBody => ({
  type: 'BOT',
  title: 'Game bot',
  url: 'https://t.me/wg_game_bot',
  logo,
  isMiniApp: false,
  ...o,
});
const channelTask = (o: TaskBody = {}): TaskBody => ({
  type: 'CHANNEL',
  title: 'WG News',
  url: 'https://t.me/wg_news',
  logo,
  inviteLink: '',
  ...o,
});

async function createProject(tasks: TaskBody[] = [customTask()], o: Record<string, unknown> = {}, token = adv) {
  const res = await app.api('/v1/projects', { body: { title: 'My project', categoryId, tasks, ...o }, token });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value as {
    id: number;
    secretKey: string;
    tasks: Array<Record<string, any> & { id: number; verificationCode: string }>;
    [k: string]: any;
  };
}

const sdkEvent = (key: string | undefined, code: string) =>
  app.api('/v1/sdk/events', {
    body: { type: 'verification', code },
    headers: key === undefined ? {} : { 'x-api-key': key },
  });

async function projectCount() {
  const rows = await app.orm.em.fork().getConnection().execute('select count(*)::int as n from projects');
  return rows[0].n as number;
}

describe('POST /v1/projects', () => {
  test('creates the project with its resources: 201, API key, verification codes, category', async () => {
    const res = await app.api('/v1/projects', {
      token: adv,
      body: {
        title: '  Space Game  ',
        categoryId,
        tasks: [botTask({ isMiniApp: true }), channelTask({ url: '@wg_news' }), customTask()],
      },
    });
    expect(res.status).toBe(201);
    const p = res.body.value;
    expect(p).toMatchObject({
      id: expect.any(Number),
      title: 'Space Game',
      categoryId,
      category: { id: categoryId, title: expect.any(String) },
      tasksCount: 3,
      logo,
      secretKey: expect.stringMatching(/^tgp_[\w-]{32}$/),
    });
    expect(p.tasks).toHaveLength(3);
    const [bot, channel, custom] = p.tasks;
    for (const t of p.tasks) {
      expect(t.verificationCode).toMatch(/^[0-9a-f]{16}$/);
      expect(t.isVerifiedSource).toBe(false);
      expect(t.projectId).toBe(p.id);
      expect(t.logo).toBe(logo);
    }
    expect(new Set(p.tasks.map((t: { verificationCode: string }) => t.verificationCode)).size).toBe(3);
    expect(bot).toMatchObject({ type: 'BOT', taskType: 'BOT', isMiniApp: true, url: 'https://t.me/wg_game_bot' });
    expect(channel).toMatchObject({ type: 'CHANNEL', url: 'https://t.me/wg_news', inviteLink: null, isMiniApp: false });
    expect(custom).toMatchObject({ type: 'CUSTOM', url: 'https://example.com/landing', inviteLink: null });
  });

  test('the API key is not stored in the clear', async () => {
    const p = await createProject();
    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select secret_key_enc, secret_key_hash from projects where id = ?', [p.id]);
    expect(row.secret_key_enc).not.toContain(p.secretKey);
    expect(row.secret_key_hash).not.toContain(p.secretKey);
    expect(JSON.stringify(row)).not.toContain(p.secretKey.slice(4));
  });

  test('a new project with one custom resource (the new-project modal default)', async () => {
    const p = await createProject([customTask({ title: 'Site', url: 'https://example.org/' })]);
    expect(p.tasks).toEqual([
      expect.objectContaining({ type: 'CUSTOM', title: 'Site', url: 'https://example.org/', verificationLink: null }),
    ]);
  });

  test('a project without resources is accepted', async () => {
    const p = await createProject([]);
    expect(p).toMatchObject({ tasksCount: 0, logo: null, tasks: [] });
  });

  test('"@name" becomes a t.me link; isMiniApp only sticks on bots; invite link normalised or null', async () => {
    const p = await createProject([
      botTask({ url: '@wg_other_bot' }),
      channelTask({ isMiniApp: true, inviteLink: '@wg_news_invite' }),
      {
        type: 'CHAT',
        title: 'Talk',
        url: 't.me/wg_talk',
        logo: 'https://cdn.example.com/logo.png',
        inviteLink: 'https://t.me/+AbCdEf123',
      },
      customTask({ inviteLink: null }),
      customTask({ inviteLink: undefined }),
      customTask({ inviteLink: '   ', isMiniApp: null }),
    ]);
    expect(p.tasks.map((t) => [t.type, t.url, t.inviteLink, t.isMiniApp])).toEqual([
      ['BOT', 'https://t.me/wg_other_bot', null, false],
      ['CHANNEL', 'https://t.me/wg_news', 'https://t.me/wg_news_invite', false],
      ['CHAT', 'https://t.me/wg_talk', 'https://t.me/+AbCdEf123', false],
      ['CUSTOM', 'https://example.com/landing', null, false],
      ['CUSTOM', 'https://example.com/landing', null, false],
      ['CUSTOM', 'https://example.com/landing', null, false],
    ]);
    expect(p.tasks[2].logo).toBe('https://cdn.example.com/logo.png');
  });

  test('custom resources accept any https url; other types only Telegram links', async () => {
    const p = await createProject([customTask({ url: 'https://shop.example.com/promo?utm=1' })]);
    expect(p.tasks[0].url).toBe('https://shop.example.com/promo?utm=1');
    for (const type of ['CHANNEL', 'CHAT', 'BOT', 'SMART_LINK']) {
      const res = await app.api('/v1/projects', {
        token: adv,
        body: { title: 'X', categoryId, tasks: [customTask({ type, url: 'https://example.com/wg_news' })] },
      });
      expect(res, type).toMatchObject({ status: 400, body: { error: TELEGRAM_MESSAGE } });
    }
  });

  const invalid: Array<[string, () => Record<string, unknown>, string]> = [
    ['project title missing', () => ({ title: undefined }), 'Project name is required'],
    ['project title blank', () => ({ title: '   ' }), 'Project name is required'],
    ['category missing', () => ({ categoryId: undefined }), 'Category is required'],
    ['category empty', () => ({ categoryId: '' }), 'Category is required'],
    ['category not a number', () => ({ categoryId: 'games' }), 'Category is required'],
    ['category unknown', () => ({ categoryId: 987654 }), 'Category is required'],
    ['resource name missing', () => ({ tasks: [customTask({ title: undefined })] }), 'Resource name is required'],
    ['resource name blank', () => ({ tasks: [customTask({ title: '  ' })] }), 'Resource name is required'],
    ['resource url missing', () => ({ tasks: [channelTask({ url: undefined })] }), 'Resource url is required'],
    ['resource url blank', () => ({ tasks: [channelTask({ url: ' ' })] }), 'Resource url is required'],
    ['channel url not Telegram', () => ({ tasks: [channelTask({ url: 'https://example.com/c' })] }), TELEGRAM_MESSAGE],
    ['channel url bare host', () => ({ tasks: [channelTask({ url: 'https://t.me/' })] }), TELEGRAM_MESSAGE],
    ['bot url with spaces', () => ({ tasks: [botTask({ url: 'my bot' })] }), TELEGRAM_MESSAGE],
    [
      'chat url http other host',
      () => ({ tasks: [channelTask({ type: 'CHAT', url: 'http://x.com' })] }),
      TELEGRAM_MESSAGE,
    ],
    [
      'invite link not Telegram',
      () => ({ tasks: [channelTask({ inviteLink: 'https://example.com/j' })] }),
      TELEGRAM_MESSAGE,
    ],
    ['invite link on custom', () => ({ tasks: [customTask({ inviteLink: 'join here' })] }), TELEGRAM_MESSAGE],
    ['logo missing', () => ({ tasks: [customTask({ logo: undefined })] }), 'Resource logo is required'],
    ['logo blank', () => ({ tasks: [customTask({ logo: '' })] }), 'Resource logo is required'],
    [
      'logo not an image',
      () => ({ tasks: [customTask({ logo: 'javascript:alert(1)' })] }),
      'Upload the logo as an image',
    ],
    ['type missing', () => ({ tasks: [customTask({ type: undefined })] }), 'Choose the resource type'],
    ['second resource invalid', () => ({ tasks: [customTask(), botTask({ title: '' })] }), 'Resource name is required'],
  ];
  // Overrides are built lazily: the uploaded logo exists only once beforeAll ran.
  test.each(invalid)('refused: %s', async (_name, override, message) => {
    const before = await projectCount();
    const body = { title: 'Valid', categoryId, tasks: [customTask()], ...override() };
    const res = await app.api('/v1/projects', { token: adv, body });
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    expect(await projectCount()).toBe(before);
  });

  test('the same messages on POST /v1/projects/:id/tasks and on PATCH', async () => {
    const p = await createProject();
    const cases: Array<[TaskBody, string]> = [
      [customTask({ title: '' }), 'Resource name is required'],
      [channelTask({ url: '' }), 'Resource url is required'],
      [channelTask({ url: 'https://example.com/x' }), TELEGRAM_MESSAGE],
      [channelTask({ inviteLink: 'https://example.com/x' }), TELEGRAM_MESSAGE],
      [customTask({ logo: '' }), 'Resource logo is required'],
    ];
    for (const [task, message] of cases) {
      const add = await app.api(`/v1/projects/${p.id}/tasks`, { token: adv, body: task });
      expect(add).toMatchObject({ status: 400, body: { error: message } });
      const patch = await app.api(`/v1/projects/${p.id}`, {
        method: 'PATCH',
        token: adv,
        body: { title: 'My project', categoryId, tasks: [task] },
      });
      expect(patch).toMatchObject({ status: 400, body: { error: message } });
    }
    const patchTitle = await app.api(`/v1/projects/${p.id}`, {
      method: 'PATCH',
      token: adv,
      body: { title: '', categoryId, tasks: [] },
    });
    expect(patchTitle).toMatchObject({ status: 400, body: { error: 'Project name is required' } });
    const patchCategory = await app.api(`/v1/projects/${p.id}`, {
      method: 'PATCH',
      token: adv,
      body: { title: 'X', tasks: [] },
    });
    expect(patchCategory).toMatchObject({ status: 400, body: { error: 'Category is required' } });
    const after = await app.api(`/v1/projects/${p.id}`, { token: adv });
    expect(after.body.value).toMatchObject({ title: 'My project', tasksCount: 1 });
  });
});

describe('GET /v1/projects and GET /v1/projects/:id', () => {
  test('the list shows each project with the real resource count and the first resource’s logo', async () => {
    const firstLogo = 'https://cdn.example.com/first.png';
    const p = await createProject([customTask({ logo: firstLogo }), botTask(), channelTask()], { title: 'Listed' });
    const empty = await createProject([], { title: 'Empty one' });
    const res = await app.api('/v1/projects', { token: adv });
    expect(res.status).toBe(200);
    const { data, total } = res.body.value;
    expect(total).toBe(data.length);
    const listed = data.find((x: { id: number }) => x.id === p.id);
    expect(listed).toMatchObject({
      title: 'Listed',
      tasksCount: 3,
      logo: firstLogo,
      category: { id: categoryId },
    });
    expect(listed.secretKey).toBeUndefined();
    expect(data.find((x: { id: number }) => x.id === empty.id)).toMatchObject({ tasksCount: 0, logo: null });
    // Deleting a resource changes the count.
    await app.api(`/v1/projects/${p.id}/tasks/${p.tasks[0].id}`, { method: 'DELETE', token: adv });
    const again = await app.api('/v1/projects', { token: adv });
    expect(again.body.value.data.find((x: { id: number }) => x.id === p.id)).toMatchObject({ tasksCount: 2, logo });
  });

  test('a project by id carries its resources, category and API key', async () => {
    const p = await createProject([botTask(), customTask()], { categoryId: otherCategoryId });
    const res = await app.api(`/v1/projects/${p.id}`, { token: adv });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      id: p.id,
      categoryId: otherCategoryId,
      category: { id: otherCategoryId, title: expect.any(String) },
      secretKey: p.secretKey,
      tasksCount: 2,
    });
    expect(res.body.value.tasks.map((t: { id: number }) => t.id)).toEqual(p.tasks.map((t) => t.id));
  });

  test('a bad id is a 400 with a message, a missing project a 404', async () => {
    expect(await app.api('/v1/projects/abc', { token: adv })).toMatchObject({
      status: 400,
      body: { error: 'id must be a number' },
    });
    expect(await app.api('/v1/projects/99999999', { token: adv })).toMatchObject({
      status: 404,
      body: { error: 'Project not found' },
    });
  });
});

describe('PATCH /v1/projects/:id', () => {
  test('renames, recategorises and adds only new resources; resources with an id are not edited', async () => {
    const p = await createProject([channelTask(), botTask()]);
    const [channel, bot] = p.tasks;
    const res = await app.api(`/v1/projects/${p.id}`, {
      method: 'PATCH',
      token: adv,
      body: {
        title: 'Renamed',
        categoryId: otherCategoryId,
        tasks: [
          { ...channel, title: 'Hijacked', url: 'https://t.me/evil', isVerifiedSource: true },
          { id: bot.id, title: '', url: 'not valid at all' }, // existing: ignored, not validated
          customTask({ title: 'Brand new' }),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ title: 'Renamed', categoryId: otherCategoryId, tasksCount: 3 });
    const got = await app.api(`/v1/projects/${p.id}`, { token: adv });
    const tasks = got.body.value.tasks;
    expect(tasks).toHaveLength(3);
    expect(tasks[0]).toEqual(channel);
    expect(tasks[1]).toEqual(bot);
    expect(tasks[2]).toMatchObject({ type: 'CUSTOM', title: 'Brand new', isVerifiedSource: false });
    expect(tasks[2].verificationCode).toMatch(/^[0-9a-f]{16}$/);
  });

  test('without tasks only the project fields change', async () => {
    const p = await createProject([customTask()]);
    const res = await app.api(`/v1/projects/${p.id}`, {
      method: 'PATCH',
      token: adv,
      body: { title: 'Only title', categoryId },
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ title: 'Only title', tasksCount: 1, secretKey: p.secretKey });
  });
});

describe('ownership and authentication', () => {
  test('another user gets 404 on everything about the advertiser’s project, and nothing changes', async () => {
    const p = await createProject([channelTask(), botTask()]);
    const [channel, bot] = p.tasks;
    fake.setAdmin('wg_news', true);
    try {
      const attempts: Array<[string, string, unknown?]> = [
        ['GET', `/v1/projects/${p.id}`],
        ['PATCH', `/v1/projects/${p.id}`, { title: 'Mine now', categoryId, tasks: [customTask()] }],
        ['PATCH', `/v1/projects/${p.id}/secret-key`],
        ['GET', `/v1/projects/${p.id}/tasks`],
        ['POST', `/v1/projects/${p.id}/tasks`, customTask()],
        ['GET', `/v1/projects/${p.id}/tasks/${channel.id}`],
        ['DELETE', `/v1/projects/${p.id}/tasks/${bot.id}`],
        ['POST', `/v1/projects/${p.id}/tasks/${channel.id}/verifications`],
      ];
      for (const [method, path, body] of attempts) {
        const res = await app.api(path, { method, token: pub, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error, `${method} ${path}`).toMatch(/not found/);
      }
    } finally {
      fake.setAdmin('wg_news', false);
    }
    const list = await app.api('/v1/projects', { token: pub });
    expect(list.body.value.data.map((x: { id: number }) => x.id)).not.toContain(p.id);
    const after = await app.api(`/v1/projects/${p.id}`, { token: adv });
    expect(after.body.value).toMatchObject({ title: 'My project', secretKey: p.secretKey, tasksCount: 2 });
    expect(after.body.value.tasks.map((t: { isVerifiedSource: boolean }) => t.isVerifiedSource)).toEqual([
      false,
      false,
    ]);
  });

  test('a resource of one project cannot be reached through another project of the same owner', async () => {
    const a = await createProject([customTask()]);
    const b = await createProject([botTask()]);
    const taskOfB = b.tasks[0].id;
    for (const [method, path] of [
      ['GET', `/v1/projects/${a.id}/tasks/${taskOfB}`],
      ['DELETE', `/v1/projects/${a.id}/tasks/${taskOfB}`],
      ['POST', `/v1/projects/${a.id}/tasks/${taskOfB}/verifications`],
    ]) {
      expect(await app.api(path, { method, token: adv }), `${method} ${path}`).toMatchObject({
        status: 404,
        body: { error: 'Resource not found' },
      });
    }
    expect((await app.api(`/v1/projects/${b.id}/tasks/${taskOfB}`, { token: adv })).status).toBe(200);
  });

  test('every endpoint answers 401 without a session', async () => {
    const p = await createProject([customTask()]);
    const t = p.tasks[0].id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/v1/projects'],
      ['POST', '/v1/projects', { title: 'x', categoryId, tasks: [] }],
      ['GET', `/v1/projects/${p.id}`],
      ['PATCH', `/v1/projects/${p.id}`, { title: 'x', categoryId }],
      ['PATCH', `/v1/projects/${p.id}/secret-key`],
      ['GET', `/v1/projects/${p.id}/tasks`],
      ['POST', `/v1/projects/${p.id}/tasks`, customTask()],
      ['GET', `/v1/projects/${p.id}/tasks/${t}`],
      ['DELETE', `/v1/projects/${p.id}/tasks/${t}`],
      ['POST', `/v1/projects/${p.id}/tasks/${t}/verifications`],
      ['POST', '/v1/suggestions/telegram', { url: '@wg_news' }],
      ['POST', '/v1/suggestions/resource', { url: '@wg_news' }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [undefined, 'not-a-token']) {
        const res = await app.api(path, { method, body, token });
        expect(res.status, `${method} ${path} ${token}`).toBe(401);
        expect(res.body.error).toEqual(expect.any(String));
      }
    }
    expect((await app.api(`/v1/projects/${p.id}`, { token: adv })).body.value.tasksCount).toBe(1);
  });
});

describe('resources: paging, single, add, delete', () => {
  test('resources are paged 10 at a time with the total', async () => {
    const p = await createProject(Array.from({ length: 12 }, (_, i) => customTask({ title: `R${i + 1}` })));
    const first = await app.api(`/v1/projects/${p.id}/tasks`, { token: adv });
    expect(first.status).toBe(200);
    expect(first.body.value.total).toBe(12);
    expect(first.body.value.data).toHaveLength(10);
    const second = await app.api(`/v1/projects/${p.id}/tasks?page=2`, { token: adv });
    expect(second.body.value.total).toBe(12);
    expect(second.body.value.data).toHaveLength(2);
    const ids = [...first.body.value.data, ...second.body.value.data].map((t: { id: number }) => t.id);
    expect(new Set(ids)).toEqual(new Set(p.tasks.map((t) => t.id)));
    const third = await app.api(`/v1/projects/${p.id}/tasks?page=3`, { token: adv });
    expect(third.body.value).toEqual({ data: [], total: 12 });
    const five = await app.api(`/v1/projects/${p.id}/tasks?page=1&limit=5`, { token: adv });
    expect(five.body.value.data).toHaveLength(5);
    expect((await app.api(`/v1/projects/${p.id}/tasks?page=0`, { token: adv })).status).toBe(400);
  });

  test('POST adds a resource (201) that GET returns', async () => {
    const p = await createProject([]);
    const add = await app.api(`/v1/projects/${p.id}/tasks`, {
      token: adv,
      body: botTask({ url: '@wg_added_bot', isMiniApp: true }),
    });
    expect(add.status).toBe(201);
    expect(add.body.value).toMatchObject({
      projectId: p.id,
      type: 'BOT',
      url: 'https://t.me/wg_added_bot',
      isMiniApp: true,
      isVerifiedSource: false,
    });
    const got = await app.api(`/v1/projects/${p.id}/tasks/${add.body.value.id}`, { token: adv });
    expect(got).toEqual({ status: 200, body: { value: add.body.value } });
  });

  test('DELETE answers 204 with no body, then the resource is gone (404)', async () => {
    const p = await createProject([customTask(), botTask()]);
    const [a, b] = p.tasks;
    const res = await fetch(`${app.url}/api/v1/projects/${p.id}/tasks/${a.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adv}` },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await app.api(`/v1/projects/${p.id}/tasks/${a.id}`, { token: adv })).toMatchObject({
      status: 404,
      body: { error: 'Resource not found' },
    });
    expect((await app.api(`/v1/projects/${p.id}/tasks/${a.id}`, { method: 'DELETE', token: adv })).status).toBe(404);
    const got = await app.api(`/v1/projects/${p.id}`, { token: adv });
    expect(got.body.value.tasks.map((t: { id: number }) => t.id)).toEqual([b.id]);
  });
});

describe('API key and SDK verification', () => {
  test('the bot’s verification link: start, or startapp for mini apps; none for other types', async () => {
    const p = await createProject([
      botTask({ url: 'https://t.me/wg_game_bot' }),
      botTask({ url: '@wg_mini_bot', isMiniApp: true }),
      channelTask(),
      customTask(),
    ]);
    const [bot, mini, channel, custom] = p.tasks;
    expect(bot.verificationLink).toBe(`https://t.me/wg_game_bot?start=wg_vf_${bot.verificationCode}`);
    expect(mini.verificationLink).toBe(`https://t.me/wg_mini_bot?startapp=wg_vf_${mini.verificationCode}`);
    expect(channel.verificationLink).toBeNull();
    expect(custom.verificationLink).toBeNull();
  });

  test('the bot’s SDK event with the project key verifies the task (code with or without wg_vf_)', async () => {
    const p = await createProject([botTask(), botTask({ url: '@wg_second_bot' })]);
    const [one, two] = p.tasks;
    const first = await sdkEvent(p.secretKey, one.verificationCode);
    expect(first).toEqual({ status: 200, body: { value: { taskId: one.id, isVerifiedSource: true } } });
    const got = await app.api(`/v1/projects/${p.id}/tasks/${one.id}`, { token: adv });
    expect(got.body.value.isVerifiedSource).toBe(true);
    expect((await app.api(`/v1/projects/${p.id}/tasks/${two.id}`, { token: adv })).body.value.isVerifiedSource).toBe(
      false,
    );

    const second = await sdkEvent(p.secretKey, `wg_vf_${two.verificationCode}`);
    expect(second).toEqual({ status: 200, body: { value: { taskId: two.id, isVerifiedSource: true } } });
    // Sending it again is harmless.
    expect((await sdkEvent(p.secretKey, two.verificationCode)).status).toBe(200);
    // "Check SDK" for a bot re-reads the state.
    const check = await app.api(`/v1/projects/${p.id}/tasks/${two.id}/verifications`, { method: 'POST', token: adv });
    expect(check).toEqual({ status: 200, body: { value: { isVerifiedSource: true } } });
  });

  test('SDK events: missing key 401, wrong key 401, unknown code 404, another project’s code 404, bad body 400', async () => {
    const p = await createProject([botTask()]);
    const other = await createProject([botTask()]);
    const code = p.tasks[0].verificationCode;

    const missing = await sdkEvent(undefined, code);
    expect(missing).toMatchObject({ status: 401, body: { error: 'Send the project API key in the X-Api-Key header' } });
    const wrong = await sdkEvent('tgp_made_up_key', code);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatch(/Invalid API key/);

    expect(await sdkEvent(p.secretKey, 'deadbeefdeadbeef')).toMatchObject({
      status: 404,
      body: { error: 'Verification code not found' },
    });
    expect((await sdkEvent(other.secretKey, code)).status).toBe(404);

    const badType = await app.api('/v1/sdk/events', {
      body: { type: 'install', code },
      headers: { 'x-api-key': p.secretKey },
    });
    expect(badType).toMatchObject({ status: 400, body: { error: 'type must be "verification" or "conversion"' } });
    const noCode = await app.api('/v1/sdk/events', {
      body: { type: 'verification' },
      headers: { 'x-api-key': p.secretKey },
    });
    expect(noCode).toMatchObject({ status: 400, body: { error: 'code is required' } });

    const task = await app.api(`/v1/projects/${p.id}/tasks/${p.tasks[0].id}`, { token: adv });
    expect(task.body.value.isVerifiedSource).toBe(false);
  });

  test('regenerating the key: the old key is refused at once, the new one works', async () => {
    const p = await createProject([botTask(), botTask({ url: '@wg_later_bot' })]);
    const old = p.secretKey;
    const res = await app.api(`/v1/projects/${p.id}/secret-key`, { method: 'PATCH', token: adv });
    expect(res.status).toBe(200);
    const fresh = res.body.value.secretKey;
    expect(fresh).toMatch(/^tgp_[\w-]{32}$/);
    expect(fresh).not.toBe(old);
    expect((await app.api(`/v1/projects/${p.id}`, { token: adv })).body.value.secretKey).toBe(fresh);

    const refused = await sdkEvent(old, p.tasks[0].verificationCode);
    expect(refused).toMatchObject({
      status: 401,
      body: { error: 'Invalid API key: generate a new one in the project and use it here' },
    });
    expect((await app.api(`/v1/projects/${p.id}/tasks/${p.tasks[0].id}`, { token: adv })).body.value).toMatchObject({
      isVerifiedSource: false,
    });
    const accepted = await sdkEvent(fresh, p.tasks[0].verificationCode);
    expect(accepted).toEqual({ status: 200, body: { value: { taskId: p.tasks[0].id, isVerifiedSource: true } } });
  });
});

describe('channel and chat verification through the system bot', () => {
  test('false while the bot is not an administrator, true once Telegram says it is', async () => {
    const p = await createProject([channelTask({ url: '@plain_channel' })]);
    const t = p.tasks[0];
    const path = `/v1/projects/${p.id}/tasks/${t.id}/verifications`;
    fake.reset();
    expect(await app.api(path, { method: 'POST', token: adv })).toEqual({
      status: 200,
      body: { value: { isVerifiedSource: false } },
    });
    const asked = fake.callsOf('getChatMember');
    expect(asked).toHaveLength(1);
    expect(asked[0].params).toEqual({ chat_id: '@plain_channel', user_id: fake.bot.id });

    fake.setAdmin('plain_channel', true);
    expect(await app.api(path, { method: 'POST', token: adv })).toEqual({
      status: 200,
      body: { value: { isVerifiedSource: true } },
    });
    expect((await app.api(`/v1/projects/${p.id}/tasks/${t.id}`, { token: adv })).body.value.isVerifiedSource).toBe(
      true,
    );
    // Verified stays verified without asking Telegram again.
    fake.setAdmin('plain_channel', false);
    const before = fake.callsOf('getChatMember').length;
    expect((await app.api(path, { method: 'POST', token: adv })).body.value.isVerifiedSource).toBe(true);
    expect(fake.callsOf('getChatMember')).toHaveLength(before);
    expect(fake.rejected).toEqual([]);
  });

  test('a chat (supergroup) the bot administers is verified; one Telegram does not know is not', async () => {
    const p = await createProject([
      { type: 'CHAT', title: 'Talk', url: 'https://t.me/wg_talk', logo },
      { type: 'CHAT', title: 'Gone', url: 'https://t.me/no_such_chat', logo },
    ]);
    fake.setAdmin('wg_talk', true);
    try {
      const [talk, gone] = p.tasks;
      const ok = await app.api(`/v1/projects/${p.id}/tasks/${talk.id}/verifications`, { method: 'POST', token: adv });
      expect(ok.body.value).toEqual({ isVerifiedSource: true });
      const no = await app.api(`/v1/projects/${p.id}/tasks/${gone.id}/verifications`, { method: 'POST', token: adv });
      expect(no).toEqual({ status: 200, body: { value: { isVerifiedSource: false } } });
    } finally {
      fake.setAdmin('wg_talk', false);
    }
  });

  test('a channel added by its private invite link cannot be checked: 400 with a clear message', async () => {
    const p = await createProject([channelTask({ url: 'https://t.me/+AbCdEf123' })]);
    const res = await app.api(`/v1/projects/${p.id}/tasks/${p.tasks[0].id}/verifications`, {
      method: 'POST',
      token: adv,
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'Use the public t.me/username link of the channel or chat to verify it' },
    });
  });

  test('a channel or chat cannot be verified by an SDK event: only the system bot being admin counts', async () => {
    const p = await createProject([channelTask({ url: '@plain_channel' }), { ...channelTask(), type: 'CHAT' }]);
    for (const t of p.tasks) {
      const res = await sdkEvent(p.secretKey, t.verificationCode);
      expect(res.status, t.type).toBe(400);
      expect(res.body.error).toMatch(/administrator/);
      const got = await app.api(`/v1/projects/${p.id}/tasks/${t.id}`, { token: adv });
      expect(got.body.value.isVerifiedSource).toBe(false);
    }
  });

  test('a bot resource is not verified by the check, only by its SDK event', async () => {
    const p = await createProject([botTask()]);
    fake.reset();
    const res = await app.api(`/v1/projects/${p.id}/tasks/${p.tasks[0].id}/verifications`, {
      method: 'POST',
      token: adv,
    });
    expect(res).toEqual({ status: 200, body: { value: { isVerifiedSource: false } } });
    expect(fake.callsOf('getChatMember')).toEqual([]);
  });
});

describe('link suggestions', () => {
  test('a channel link resolves to CHANNEL with its title and a stored logo that /media serves', async () => {
    fake.reset();
    const res = await app.api('/v1/suggestions/telegram', { token: adv, body: { url: 'https://t.me/wg_news' } });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      title: 'WG News',
      logo: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.png$/),
      taskType: 'CHANNEL',
      url: 'https://t.me/wg_news',
    });
    expect(fake.callsOf('getChat').map((c) => c.params.chat_id)).toEqual(['@wg_news']);
    expect(fake.callsOf('getFile').map((c) => c.params.file_id)).toEqual(['photo_big_wg_news']);
    expect(fake.downloads).toEqual(['profile_photos/wg_news_big.png']);
    const media = await fetch(`${app.url}${res.body.value.logo}`);
    expect(media.status).toBe(200);
    // Stored re-encoded (decoded, no metadata): the photo's pixels, not its bytes.
    const raw = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer();
    expect(await raw(Buffer.from(await media.arrayBuffer()))).toEqual(await raw(fake.photoBytes));
    // The stored logo is accepted as a resource logo.
    const p = await createProject([channelTask({ logo: res.body.value.logo })]);
    expect(p.tasks[0].logo).toBe(res.body.value.logo);
  });

  test('/v1/suggestions/resource answers logo, title and taskType; a supergroup is a CHAT', async () => {
    const res = await app.api('/v1/suggestions/resource', { token: adv, body: { url: '@wg_talk' } });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      title: 'WG Talk',
      logo: expect.stringMatching(/^\/media\/.+\.png$/),
      taskType: 'CHAT',
    });
  });

  test('a channel without a photo has no logo', async () => {
    const res = await app.api('/v1/suggestions/telegram', { token: adv, body: { url: 't.me/plain_channel' } });
    expect(res.body.value).toEqual({
      title: 'Plain Channel',
      logo: null,
      taskType: 'CHANNEL',
      url: 'https://t.me/plain_channel',
    });
  });

  test('bot usernames are BOT even though getChat cannot read them; a private chat is a BOT', async () => {
    const bot = await app.api('/v1/suggestions/telegram', { token: adv, body: { url: '@somethingbot' } });
    expect(bot).toEqual({
      status: 200,
      body: { value: { title: 'somethingbot', logo: null, taskType: 'BOT', url: 'https://t.me/somethingbot' } },
    });
    const resource = await app.api('/v1/suggestions/resource', {
      token: adv,
      body: { url: 'https://t.me/Another_Bot' },
    });
    expect(resource.body.value).toEqual({ title: 'Another_Bot', logo: null, taskType: 'BOT' });
    const priv = await app.api('/v1/suggestions/telegram', { token: adv, body: { url: '@friendly_helper' } });
    expect(priv.body.value).toMatchObject({ title: 'Friendly Helper', taskType: 'BOT' });
    // Telegram keeps the "bot" ending for bots: whatever a Bot API answers for one, it is a bot.
    fake.setChat({ username: 'answered_as_channel_bot', type: 'channel', title: 'Answered Bot' });
    const answered = await app.api('/v1/suggestions/resource', {
      token: adv,
      body: { url: '@answered_as_channel_bot' },
    });
    expect(answered.body.value).toEqual({ title: 'Answered Bot', logo: null, taskType: 'BOT' });
  });

  test('unknown or unreadable links: 404 with the spec’s message; empty url: 400', async () => {
    for (const url of ['@no_such_channel', 'https://t.me/+AbCdEfGh', 'https://example.com/page', 'ab']) {
      for (const path of ['/v1/suggestions/telegram', '/v1/suggestions/resource']) {
        expect(await app.api(path, { token: adv, body: { url } }), `${path} ${url}`).toMatchObject({
          status: 404,
          body: { error: NOT_FOUND_SUGGESTION },
        });
      }
    }
    expect(await app.api('/v1/suggestions/telegram', { token: adv, body: { url: ' ' } })).toMatchObject({
      status: 400,
      body: { error: 'Resource url is required' },
    });
    expect(fake.rejected).toEqual([]);
  });
});

describe('GraphQL', () => {
  const CREATE = `mutation($input: ProjectInput!) {
    createProject(input: $input) { id title secretKey tasksCount tasks { id type url inviteLink verificationCode } }
  }`;

  test('createProject refuses bad input with the REST message and BAD_USER_INPUT', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tasks: [{ ...channelTask(), url: 'https://example.com/chan' }] }, TELEGRAM_MESSAGE],
      [{ tasks: [{ ...customTask(), title: '' }] }, 'Resource name is required'],
      [{ tasks: [{ ...customTask(), logo: '' }] }, 'Resource logo is required'],
      [{ title: ' ' }, 'Project name is required'],
      [{ categoryId: '999999' }, 'Category is required'],
    ];
    for (const [override, message] of cases) {
      const input = { title: 'GQL', categoryId: String(categoryId), tasks: [customTask()], ...override };
      const rest = await app.api('/v1/projects', { token: adv, body: input });
      expect(rest).toMatchObject({ status: 400, body: { error: message } });
      const res = await gql(app, CREATE, { input }, adv);
      expect(res.data?.createProject ?? null).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  test('createProject, project, projects and projectTasks work and are owner-only', async () => {
    const created = await gql(
      app,
      CREATE,
      {
        input: { title: 'Via GraphQL', categoryId: String(categoryId), tasks: [{ ...channelTask(), url: '@wg_news' }] },
      },
      adv,
    );
    expect(created.errors).toBeUndefined();
    const p = created.data.createProject;
    expect(p).toMatchObject({ title: 'Via GraphQL', tasksCount: 1, secretKey: expect.stringMatching(/^tgp_/) });
    expect(p.tasks[0]).toMatchObject({ type: 'CHANNEL', url: 'https://t.me/wg_news', inviteLink: null });

    const read = await gql(
      app,
      `query($id: ID!) { project(id: $id) { id secretKey category { id } }
        projectTasks(projectId: $id) { total data { id } }
        projects { total data { id tasksCount } } }`,
      { id: p.id },
      adv,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.project).toEqual({ id: p.id, secretKey: p.secretKey, category: { id: String(categoryId) } });
    expect(read.data.projectTasks).toEqual({ total: 1, data: [{ id: p.tasks[0].id }] });
    expect(read.data.projects.data).toContainEqual({ id: p.id, tasksCount: 1 });

    const stranger = await gql(app, 'query($id: ID!) { project(id: $id) { id secretKey } }', { id: p.id }, pub);
    expect(stranger.errors?.[0]).toMatchObject({ message: 'Project not found', extensions: { code: 'NOT_FOUND' } });
    const regen = await gql(app, 'mutation($id: ID!) { regenerateProjectKey(id: $id) }', { id: p.id }, pub);
    expect(regen.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const strangerMutations: Array<[string, Record<string, unknown>]> = [
      [
        'mutation($id: ID!, $input: ProjectInput!) { updateProject(id: $id, input: $input) { id } }',
        { id: p.id, input: { title: 'Mine', categoryId: String(categoryId), tasks: [] } },
      ],
      [
        'mutation($p: ID!, $input: TaskInput!) { createTask(projectId: $p, input: $input) { id } }',
        { p: p.id, input: customTask() },
      ],
      ['mutation($p: ID!, $t: ID!) { deleteTask(projectId: $p, taskId: $t) }', { p: p.id, t: p.tasks[0].id }],
      ['mutation($p: ID!, $t: ID!) { verifyTask(projectId: $p, taskId: $t) { id } }', { p: p.id, t: p.tasks[0].id }],
      ['query($p: ID!) { projectTasks(projectId: $p) { total } }', { p: p.id }],
    ];
    for (const [query, variables] of strangerMutations) {
      const res = await gql(app, query, variables, pub);
      expect(res.errors?.[0].extensions?.code, query).toBe('NOT_FOUND');
    }
    const anon = await gql(app, 'query { projects { total } }');
    expect(anon.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GraphQL updateProject and createTask', () => {
  const UPDATE = `mutation($id: ID!, $input: ProjectInput!) {
    updateProject(id: $id, input: $input) { title tasksCount tasks { id title url } }
  }`;

  test('existing resources sent back with their id are left alone; new ones are added', async () => {
    const p = await createProject([channelTask()]);
    const existing = p.tasks[0];
    const res = await gql(
      app,
      UPDATE,
      {
        id: p.id,
        input: {
          title: 'GQL renamed',
          categoryId: String(categoryId),
          tasks: [
            { id: String(existing.id), type: 'CHANNEL', title: 'Edited?', url: existing.url, logo },
            { ...customTask({ title: 'Added' }) },
          ],
        },
      },
      adv,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.updateProject).toEqual({
      title: 'GQL renamed',
      tasksCount: 2,
      tasks: [
        { id: String(existing.id), title: 'WG News', url: existing.url },
        { id: expect.any(String), title: 'Added', url: 'https://example.com/landing' },
      ],
    });
  });

  test('createTask refuses bad input with the REST messages', async () => {
    const p = await createProject([]);
    const res = await gql(
      app,
      'mutation($p: ID!, $input: TaskInput!) { createTask(projectId: $p, input: $input) { id } }',
      { p: p.id, input: { ...botTask(), url: 'https://example.com/bot' } },
      adv,
    );
    expect(res.errors?.[0]).toMatchObject({ message: TELEGRAM_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
    const ok = await gql(
      app,
      'mutation($p: ID!, $input: TaskInput!) { createTask(projectId: $p, input: $input) { url isMiniApp verificationLink } }',
      { p: p.id, input: { ...botTask({ url: '@wg_gql_bot', isMiniApp: null }), inviteLink: null } },
      adv,
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data.createTask).toMatchObject({ url: 'https://t.me/wg_gql_bot', isMiniApp: false });
  });
});

describe('live: taskUpdated(projectId)', () => {
  const SUB = `subscription($projectId: ID!) {
    taskUpdated(projectId: $projectId) { action projectId taskId task { id isVerifiedSource verificationCode } }
  }`;
  const clients: WsClient[] = [];
  afterAll(async () => {
    for (const c of clients) await c.close();
  });

  test('the owner hears CREATED when a resource is added and VERIFIED when the SDK event arrives', async () => {
    const p = await createProject([]);
    const owner = gqlWs(app, adv);
    clients.push(owner);
    await owner.connected;
    const sub = owner.subscribe(SUB, { projectId: p.id });
    // Adding resources until one is heard proves the subscription is live (and CREATED works).
    let lastAdded = 0;
    await waitUntilLive(
      sub,
      async () => {
        const add = await app.api(`/v1/projects/${p.id}/tasks`, { token: adv, body: botTask() });
        expect(add.status).toBe(201);
        lastAdded = add.body.value.id;
      },
      (e) => e.data?.taskUpdated?.action === 'CREATED',
    );
    const add = await app.api(`/v1/projects/${p.id}/tasks`, { token: adv, body: botTask({ url: '@wg_live_bot' }) });
    const created = await sub.nextEvent((e) => e.data?.taskUpdated?.taskId === String(add.body.value.id));
    expect(created.data.taskUpdated).toEqual({
      action: 'CREATED',
      projectId: String(p.id),
      taskId: String(add.body.value.id),
      task: {
        id: String(add.body.value.id),
        isVerifiedSource: false,
        verificationCode: add.body.value.verificationCode,
      },
    });
    expect(lastAdded).toBeGreaterThan(0);

    const sent = await sdkEvent(p.secretKey, `wg_vf_${add.body.value.verificationCode}`);
    expect(sent.status).toBe(200);
    const verified = await sub.nextEvent((e) => e.data?.taskUpdated?.action === 'VERIFIED');
    expect(verified.data.taskUpdated).toMatchObject({
      action: 'VERIFIED',
      taskId: String(add.body.value.id),
      task: { isVerifiedSource: true },
    });

    await app.api(`/v1/projects/${p.id}/tasks/${add.body.value.id}`, { method: 'DELETE', token: adv });
    const deleted = await sub.nextEvent((e) => e.data?.taskUpdated?.action === 'DELETED');
    expect(deleted.data.taskUpdated).toMatchObject({ taskId: String(add.body.value.id), task: null });
    sub.dispose();
  });

  test('another user cannot listen to the project: NOT_FOUND', async () => {
    const p = await createProject([]);
    const stranger = gqlWs(app, pub);
    clients.push(stranger);
    await stranger.connected;
    const sub = stranger.subscribe(SUB, { projectId: p.id });
    const errors = await sub.error();
    expect(errors).toEqual([
      expect.objectContaining({
        message: 'Project not found',
        extensions: expect.objectContaining({ code: 'NOT_FOUND' }),
      }),
    ]);
  });

  test('an anonymous socket cannot listen either', async () => {
    const p = await createProject([]);
    const anon = gqlWs(app);
    clients.push(anon);
    await anon.connected;
    const errors = await anon.subscribe(SUB, { projectId: p.id }).error();
    expect(JSON.stringify(errors)).toMatch(/UNAUTHENTICATED|not authorized|sign in/i);
  });
});
