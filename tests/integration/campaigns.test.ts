import { FAILURES } from '../../server/failures.ts';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { formatMoney, parseMoney } from '../../server/lib/money.ts';
import { startTestApp } from '../helpers/app.ts';
import {
  balances,
  budgetAccount,
  type CampaignJson,
  campaignsPath,
  createCampaign,
  createPlatform,
  createProject,
  em,
  expectLedgerClean,
  getCampaign,
  LOGO,
  newPlayer,
  sdkConversion,
  start,
  tasks,
} from '../helpers/campaigns.ts';
import { gql, login } from '../helpers/graphql.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let adv: string; // advertiser@demo.local: 200 USD left after the demo campaigns
let advId: number;
let pub: string; // publisher@demo.local: owns no project, so a stranger to every campaign here

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  [adv, pub] = await Promise.all([login(app, 'advertiser@demo.local'), login(app, 'publisher@demo.local')]);
  advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
});
afterAll(() => app?.close());
afterEach(() => expectLedgerClean(app));

const advertiserBalance = async () => (await balances(app, advId)).advertiserBalance;
const campaignCount = async () =>
  Number((await em(app).execute<{ n: string }[]>('select count(*) as n from campaigns'))[0].n);
const createPath = (projectId: number, taskId: number) => `/v1/projects/${projectId}/tasks/${taskId}/campaigns`;
const payments = (c: { id: number; projectId: number }) => `${campaignsPath(c.projectId, c.id)}/payments`;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('POST /v1/projects/:projectId/tasks/:taskId/campaigns', () => {
  test('a campaign without budget: 201, every tier at its settings price, STOPPED until it has money', async () => {
    const project = await createProject(app, adv, [tasks.channel()]);
    const [channel] = project.tasks;
    const before = await advertiserBalance();
    const res = await app.api(createPath(project.id, channel.id), { token: adv, body: { name: '  Launch  ' } });
    expect(res.status).toBe(201);
    expect(res.body.value).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      projectId: project.id,
      taskId: channel.id,
      task: { id: channel.id, type: 'CHANNEL', title: channel.title, logo: LOGO, url: channel.url },
      name: 'Launch',
      status: 'STOPPED',
      rejectReason: null,
      isActive: true,
      prices: [
        { tierLevel: 1, value: 0.15 },
        { tierLevel: 2, value: 0.1 },
        { tierLevel: 3, value: 0.05 },
      ],
      dailyCap: null,
      countries: [],
      languages: [],
      isPremiumOnly: false,
      newUsersOnly: true,
      minQuality: null,
      unscoredAllowed: true,
      budget: 0,
      conversions: 0,
      spend: 0,
      todayConversions: 0,
      todaySpend: 0,
      notNew: 0,
      version: 1,
    });
    expect(await advertiserBalance()).toBe(before);
  });

  test('with targeting and a budget: ACTIVE, the budget moved from the advertiser balance exactly', async () => {
    const project = await createProject(app, adv, [tasks.bot()]);
    const before = await advertiserBalance();
    const c = await createCampaign(app, adv, project.tasks[0], {
      name: 'Tier one',
      prices: [{ tierLevel: 1, value: 0.2 }],
      dailyCap: 50,
      countries: ['us', 'DE', 'de'],
      languages: ['RU', 'en'],
      isPremiumOnly: true,
      budget: '12.345678',
    });
    expect(c).toMatchObject({
      status: 'ACTIVE',
      isActive: true,
      prices: [
        { tierLevel: 1, value: 0.2 },
        { tierLevel: 2, value: 0.1 },
        { tierLevel: 3, value: 0.05 },
      ],
      dailyCap: 50,
      countries: ['DE', 'US'],
      languages: ['en', 'ru'],
      isPremiumOnly: true,
      budget: 12.345678,
    });
    expect(await advertiserBalance()).toBe(before - 12_345_678n);
    expect(await budgetAccount(app, c.id)).toEqual({ available: 12_345_678n, pending: 0n });
  });

  test('validation messages; nothing is created and no money moves', async () => {
    const project = await createProject(app, adv, [tasks.custom()]);
    const [task] = project.tasks;
    const before = { balance: await advertiserBalance(), count: await campaignCount() };
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Campaign name is required'],
      [{ name: '   ' }, 'Campaign name is required'],
      [{ name: 'x'.repeat(121) }, 'Campaign name must be at most 120 characters'],
      [{ prices: [{ tierLevel: 1, value: 0.1 }] }, 'The price for tier 1 must be at least 0.15 USD'],
      [{ prices: [{ tierLevel: 2, value: '0.099999' }] }, 'The price for tier 2 must be at least 0.10 USD'],
      [{ prices: [{ tierLevel: 3, value: 0.04 }] }, 'The price for tier 3 must be at least 0.05 USD'],
      [{ prices: [{ tierLevel: 9, value: 1 }] }, 'There is no tier 9'],
      [{ countries: ['XX'] }, 'Unknown country code: XX'],
      [{ countries: ['DE', 'zz'] }, 'Unknown country code: ZZ'],
      [{ languages: ['xx'] }, 'Unknown language code: xx'],
      [{ dailyCap: 0 }, 'The daily cap must be a whole number of at least 1'],
      [{ dailyCap: 2.5 }, 'The daily cap must be a whole number of at least 1'],
      [{ dailyCap: -3 }, 'The daily cap must be a whole number of at least 1'],
      [{ dailyCap: 'ten' }, 'The daily cap must be a whole number of at least 1'],
      [{ budget: 0 }, 'The value must be greater than zero'],
      [{ budget: 'abc' }, 'Enter correct value'],
      [{ budget: 1_000_000 }, 'Not enough money on the advertiser balance'],
    ];
    for (const [body, message] of cases) {
      const res = await app.api(createPath(project.id, task.id), {
        token: adv,
        body: { ...('name' in body || Object.keys(body).length === 0 ? {} : { name: 'Valid' }), ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ error: message });
    }
    expect(await campaignCount()).toBe(before.count);
    expect(await advertiserBalance()).toBe(before.balance);

    // A cap given as null is "no cap".
    expect((await createCampaign(app, adv, task, { dailyCap: null })).dailyCap).toBeNull();
  });

  test('unknown resource, another user’s project, no session', async () => {
    const project = await createProject(app, adv, [tasks.custom()]);
    const other = await createProject(app, adv, [tasks.custom()]);
    const missing = await app.api(createPath(project.id, other.tasks[0].id), { token: adv, body: { name: 'x' } });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Resource not found' } });
    const stranger = await app.api(createPath(project.id, project.tasks[0].id), { token: pub, body: { name: 'x' } });
    expect(stranger).toMatchObject({ status: 404, body: { error: 'Project not found' } });
    const anonymous = await app.api(createPath(project.id, project.tasks[0].id), { body: { name: 'x' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('lists and single campaigns', () => {
  test('per project and overall, newest first, paged with the total; another user’s project is a 404', async () => {
    const project = await createProject(app, adv, [tasks.channel(), tasks.bot()]);
    const [a, b, c] = [
      await createCampaign(app, adv, project.tasks[0], { name: 'A' }),
      await createCampaign(app, adv, project.tasks[1], { name: 'B', budget: 1 }),
      await createCampaign(app, adv, project.tasks[0], { name: 'C' }),
    ];
    const list = await app.api(campaignsPath(project.id), { token: adv });
    expect(list.status).toBe(200);
    expect(list.body.value.total).toBe(3);
    expect(list.body.value.data.map((x: CampaignJson) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(list.body.value.data[1]).toEqual(b);

    const page2 = await app.api(`${campaignsPath(project.id)}?page=2&limit=2`, { token: adv });
    expect(page2.body.value).toEqual({ total: 3, totalCount: 3, data: [a] });

    const overall = await app.api(`/v1/campaigns?projectId=${project.id}`, { token: adv });
    expect(overall.body.value).toEqual(list.body.value);
    const all = await app.api('/v1/campaigns?limit=100', { token: adv });
    expect(all.body.value.total).toBeGreaterThanOrEqual(3 + 4); // the demo campaigns too
    expect(all.body.value.data.slice(0, 3).map((x: CampaignJson) => x.id)).toEqual([c.id, b.id, a.id]);
    const active = await app.api(`/v1/campaigns?projectId=${project.id}&status=ACTIVE`, { token: adv });
    expect(active.body.value).toEqual({ total: 1, totalCount: 1, data: [b] });
    const stopped = await app.api(`/v1/campaigns?projectId=${project.id}&status=STOPPED`, { token: adv });
    expect(stopped.body.value.total).toBe(2);

    expect(await app.api('/v1/campaigns?status=PAUSED', { token: adv })).toMatchObject({
      status: 400,
      body: { error: 'status must be one of ACTIVE, STOPPED, MODERATION, REJECTED' },
    });
    expect((await app.api(`${campaignsPath(project.id)}?limit=101`, { token: adv })).body).toMatchObject({
      error: 'limit must be at most 100',
    });

    // Another user sees none of it.
    expect(await app.api(campaignsPath(project.id), { token: pub })).toMatchObject({
      status: 404,
      body: { error: 'Project not found' },
    });
    expect((await app.api(`/v1/campaigns?projectId=${project.id}`, { token: pub })).status).toBe(404);
    expect((await app.api('/v1/campaigns', { token: pub })).body.value).toEqual({ total: 0, totalCount: 0, data: [] });
    expect((await app.api('/v1/campaigns')).status).toBe(401);
  });

  test('GET one: through its own project only, owner only', async () => {
    const project = await createProject(app, adv, [tasks.chat()]);
    const other = await createProject(app, adv, []);
    const c = await createCampaign(app, adv, project.tasks[0], { budget: 0.5 });
    expect(await getCampaign(app, adv, c)).toEqual(c);
    for (const [path, token] of [
      [campaignsPath(other.id, c.id), adv],
      [campaignsPath(project.id, c.id), pub],
      [campaignsPath(project.id, 999_999), adv],
    ] as const) {
      expect(await app.api(path, { token }), path).toMatchObject({
        status: 404,
        body: { error: 'Campaign not found' },
      });
    }
    expect(await app.api(`${campaignsPath(project.id)}/0`, { token: adv })).toMatchObject({
      status: 400,
      body: { error: 'campaignId must be a number' },
    });
  });

  test('PATCH is partial: isActive switches ACTIVE ↔ STOPPED and leaves the rest alone', async () => {
    const project = await createProject(app, adv, [tasks.bot()]);
    const c = await createCampaign(app, adv, project.tasks[0], { name: 'Switch', dailyCap: 10, budget: 1 });
    expect(c.status).toBe('ACTIVE');
    const patch = (body: unknown, token = adv) =>
      app.api(campaignsPath(project.id, c.id), { method: 'PATCH', token, body });

    const off = await patch({ isActive: false });
    expect(off.status).toBe(200);
    // Every saved change bumps the version (teams: no lost edits).
    expect(off.body.value).toEqual({ ...c, isActive: false, status: 'STOPPED', version: c.version + 1 });
    const on = await patch({ isActive: true });
    expect(on.body.value).toEqual({ ...c, version: c.version + 2 });

    const renamed = await patch({ name: ' Renamed ', dailyCap: null, countries: ['fr'], languages: ['de'] });
    expect(renamed.body.value).toEqual({
      ...c,
      version: c.version + 3,
      name: 'Renamed',
      dailyCap: null,
      countries: ['FR'],
      languages: ['de'],
    });
    const priced = await patch({ prices: [{ tierLevel: 2, value: 0.12 }] });
    expect(priced.body.value.prices).toEqual([
      { tierLevel: 1, value: 0.15 },
      { tierLevel: 2, value: 0.12 },
      { tierLevel: 3, value: 0.05 },
    ]);
    // Only tier 2 was sent: the other tiers kept their prices (tier 1 was not reset).
    const tier1 = await patch({ prices: [{ tierLevel: 1, value: 0.3 }] });
    expect(tier1.body.value.prices.map((p: { value: number }) => p.value)).toEqual([0.3, 0.12, 0.05]);

    for (const [body, message] of [
      [{ isActive: 'yes' }, 'isActive must be true or false'],
      [{ name: '' }, 'Campaign name is required'],
      [{ prices: [{ tierLevel: 3, value: 0.01 }] }, 'The price for tier 3 must be at least 0.05 USD'],
      [{ dailyCap: 0 }, 'The daily cap must be a whole number of at least 1'],
      [{ countries: ['QQ'] }, 'Unknown country code: QQ'],
      [{ languages: ['klingon'] }, 'Unknown language code: klingon'],
    ] as const) {
      expect(await patch(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error: message } });
    }
    expect(await patch({ isActive: false }, pub)).toMatchObject({ status: 404, body: { error: 'Campaign not found' } });
    expect((await getCampaign(app, adv, c)).status).toBe('ACTIVE');
  });

  test('the status follows the budget: STOPPED when it cannot pay the cheapest action (Premium extra included)', async () => {
    const project = await createProject(app, adv, [tasks.bot()]);
    const c = await createCampaign(app, adv, project.tasks[0], { budget: 0.05 });
    expect(c.status).toBe('ACTIVE');
    const patch = (body: unknown) => app.api(campaignsPath(project.id, c.id), { method: 'PATCH', token: adv, body });
    // Premium only costs 20% more: 0.06 for the cheapest tier, more than the 0.05 left.
    expect((await patch({ isPremiumOnly: true })).body.value).toMatchObject({ isPremiumOnly: true, status: 'STOPPED' });
    expect((await patch({ isPremiumOnly: false })).body.value.status).toBe('ACTIVE');
    // Switched on without any budget: still STOPPED.
    const empty = await createCampaign(app, adv, project.tasks[0]);
    const on = await app.api(campaignsPath(project.id, empty.id), {
      method: 'PATCH',
      token: adv,
      body: { isActive: true },
    });
    expect(on.body.value).toMatchObject({ isActive: true, status: 'STOPPED' });
  });
});

describe('budget: POST payments funds, PUT payments returns', () => {
  test('fund and return move exactly the value between the advertiser balance and the budget', async () => {
    const project = await createProject(app, adv, [tasks.channel()]);
    const c = await createCampaign(app, adv, project.tasks[0]);
    expect(c.status).toBe('STOPPED');
    const before = await advertiserBalance();

    const funded = await app.api(payments(c), { token: adv, body: { value: 2.5 } });
    expect(funded.status).toBe(200);
    expect(funded.body.value).toEqual({ ...c, budget: 2.5, status: 'ACTIVE' });
    expect(await advertiserBalance()).toBe(before - 2_500_000n);

    const tooMuch = await app.api(payments(c), { token: adv, body: { value: 1_000_000 } });
    expect(tooMuch).toMatchObject({ status: 400, body: { error: 'Not enough money on the advertiser balance' } });
    const all = await app.api(payments(c), {
      token: adv,
      body: { value: formatMoney((await advertiserBalance()) + 1n) },
    });
    expect(all.body).toMatchObject({ error: 'Not enough money on the advertiser balance' });
    expect(await advertiserBalance()).toBe(before - 2_500_000n);
    expect((await getCampaign(app, adv, c)).budget).toBe(2.5);

    for (const [body, message] of [
      [{ value: 0 }, 'The value must be greater than zero'],
      [{ value: '-1' }, 'The value must be greater than zero'],
      [{}, 'Enter required value'],
      [{ value: '1.0000001' }, 'Enter correct value'],
    ] as const) {
      expect(await app.api(payments(c), { token: adv, body }), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: message },
      });
      expect((await app.api(payments(c), { method: 'PUT', token: adv, body })).body).toMatchObject({ error: message });
    }

    const returned = await app.api(payments(c), { method: 'PUT', token: adv, body: { value: '1' } });
    expect(returned.status).toBe(200);
    expect(returned.body.value.budget).toBe(1.5);
    expect(await advertiserBalance()).toBe(before - 1_500_000n);

    const overReturn = await app.api(payments(c), { method: 'PUT', token: adv, body: { value: 2 } });
    expect(overReturn).toMatchObject({ status: 400, body: { error: 'The campaign budget has only 1.50 USD left' } });
    expect(await advertiserBalance()).toBe(before - 1_500_000n);

    const rest = await app.api(payments(c), { method: 'PUT', token: adv, body: { value: 1.5 } });
    expect(rest.body.value).toMatchObject({ budget: 0, status: 'STOPPED', isActive: true });
    expect(await advertiserBalance()).toBe(before);
    const empty = await app.api(payments(c), { method: 'PUT', token: adv, body: { value: 0.01 } });
    expect(empty.body).toMatchObject({ error: 'The campaign budget has only 0.00 USD left' });

    // Someone else's campaign: 404 both ways, nothing moves.
    expect(await app.api(payments(c), { token: pub, body: { value: 1 } })).toMatchObject({
      status: 404,
      body: { error: 'Campaign not found' },
    });
    expect((await app.api(payments(c), { method: 'PUT', token: pub, body: { value: 1 } })).status).toBe(404);
    expect(await advertiserBalance()).toBe(before);
  });

  test('an Idempotency-Key retry moves the money once, sequentially or concurrently', async () => {
    const project = await createProject(app, adv, [tasks.channel()]);
    const c = await createCampaign(app, adv, project.tasks[0]);
    const before = await advertiserBalance();
    const fund = (key: string, value = 1) =>
      app.api(payments(c), { token: adv, body: { value }, headers: { 'idempotency-key': key } });

    const first = await fund('retry-key-0001');
    const again = await fund('retry-key-0001');
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    const burst = await Promise.all(Array.from({ length: 8 }, () => fund('retry-key-0002', 2)));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(await advertiserBalance()).toBe(before - 3_000_000n);
    expect((await getCampaign(app, adv, c)).budget).toBe(3);

    // The same key for a different amount is refused; the key in the body works too.
    expect(await fund('retry-key-0001', 5)).toMatchObject({
      status: 409,
      body: { error: FAILURES.IDEMPOTENCY_KEY_REUSED.message },
    });
    const viaBody = () =>
      app.api(payments(c), { method: 'PUT', token: adv, body: { value: 0.5, idempotencyKey: 'return-key-0001' } });
    await viaBody();
    await viaBody();
    expect(await advertiserBalance()).toBe(before - 2_500_000n);
    // Without a key every request is a new move.
    await app.api(payments(c), { token: adv, body: { value: 0.25 } });
    await app.api(payments(c), { token: adv, body: { value: 0.25 } });
    expect(await advertiserBalance()).toBe(before - 3_000_000n);
    const transfers = await em(app).execute<{ n: string }[]>(
      `select count(*) as n from ledger_transfers where reference = ? and code in ('FUND_CAMPAIGN', 'RETURN_BUDGET')`,
      [`campaign:${c.id}`],
    );
    expect(Number(transfers[0].n)).toBe(5);
  });
});

describe('reports per day', () => {
  test('range validation messages', async () => {
    const report = (q: string) => app.api(`/v1/campaigns/reports?${q}`, { token: adv });
    for (const [q, message] of [
      ['to=2025-01-01', 'Enter a date as YYYY-MM-DD'],
      ['from=2025-01-01', 'Enter a date as YYYY-MM-DD'],
      ['from=2025-1-1&to=2025-01-05', 'Enter a date as YYYY-MM-DD'],
      ['from=yesterday&to=2025-01-05', 'Enter a date as YYYY-MM-DD'],
      ['from=2025-02-30&to=2025-03-05', 'Enter a real date'],
      ['from=2025-01-01&to=2025-13-01', 'Enter a real date'],
      ['from=0000-01-01&to=0000-01-02', 'Enter a real date'],
      ['from=2025-01-10&to=2025-01-09', 'The start date must not be after the end date'],
      ['from=2024-01-01&to=2025-01-02', 'Choose a range of at most 366 days'],
      ['from=2025-01-01&to=2025-01-02&campaignId=abc', 'campaignId must be a number'],
    ]) {
      expect(await report(q), q).toMatchObject({ status: 400, body: { error: message } });
    }
    // 366 days (a leap year) is the most.
    const year = await report('from=2024-01-01&to=2024-12-31');
    expect(year.status).toBe(200);
    expect(year.body.value.data).toHaveLength(366);
    expect((await app.api('/v1/campaigns/reports?from=2025-01-01&to=2025-01-02')).status).toBe(401);
  });

  test('every day of the range with zeros for empty days; conversions and spend on their UTC day', async () => {
    const project = await createProject(app, adv, [tasks.bot(), tasks.bot()]);
    const c = await createCampaign(app, adv, project.tasks[0], { budget: 1 });
    const other = await createCampaign(app, adv, project.tasks[1], { budget: 1 });
    const platform = await createPlatform(app, pub);
    // Three players without a country pay the cheapest tier (0.05 USD); one from Germany 0.15.
    const players = [
      { user: newPlayer() },
      { user: newPlayer() },
      { user: newPlayer() },
      { user: newPlayer(), country: 'DE' },
    ];
    const ids: number[] = [];
    for (const p of players) {
      const click = await start(app, platform, p, c.id);
      const res = await sdkConversion(app, project.secretKey, click.code);
      expect(res.body.value.status).toBe('COMPLETED');
      ids.push(res.body.value.conversionId);
    }
    // One conversion happened two days ago, one five days ago (moved in time).
    await em(app).execute(`update conversions set created_at = now() - interval '2 days' where id = ?`, [ids[0]]);
    await em(app).execute(`update conversions set created_at = now() - interval '5 days' where id = ?`, [ids[3]]);

    const q = `from=${daysAgo(3)}&to=${todayUtc()}`;
    const byCampaign = await app.api(`/v1/campaigns/reports?${q}&campaignId=${c.id}`, { token: adv });
    expect(byCampaign.status).toBe(200);
    const days = (rows: { day: string; conversions: number; spend: number }[]) =>
      rows.map(({ day, conversions, spend }) => ({ day, conversions, spend }));
    expect(days(byCampaign.body.value.data)).toEqual([
      { day: daysAgo(3), conversions: 0, spend: 0 },
      { day: daysAgo(2), conversions: 1, spend: 0.05 },
      { day: daysAgo(1), conversions: 0, spend: 0 },
      { day: todayUtc(), conversions: 2, spend: 0.1 },
    ]);
    const wider = await app.api(`/v1/campaigns/reports?from=${daysAgo(6)}&to=${daysAgo(4)}&projectId=${project.id}`, {
      token: adv,
    });
    expect(days(wider.body.value.data)).toEqual([
      { day: daysAgo(6), conversions: 0, spend: 0 },
      { day: daysAgo(5), conversions: 1, spend: 0.15 },
      { day: daysAgo(4), conversions: 0, spend: 0 },
    ]);
    const otherCampaign = await app.api(`/v1/campaigns/reports?${q}&campaignId=${other.id}`, { token: adv });
    expect(otherCampaign.body.value.data.every((d: { conversions: number }) => d.conversions === 0)).toBe(true);
    // Another user's report has none of the advertiser's conversions.
    const stranger = await app.api(`/v1/campaigns/reports?${q}&campaignId=${c.id}`, { token: pub });
    expect(stranger.body.value.data.map((d: { conversions: number }) => d.conversions)).toEqual([0, 0, 0, 0]);

    const gqlReport = await gql(
      app,
      'query($from: String!, $to: String!, $c: ID) { campaignReport(from: $from, to: $to, campaignId: $c) { day conversions spend } }',
      { from: daysAgo(2), to: todayUtc(), c: String(c.id) },
      adv,
    );
    expect(gqlReport.errors).toBeUndefined();
    expect(gqlReport.data.campaignReport).toEqual([
      { day: daysAgo(2), conversions: 1, spend: '0.05' },
      { day: daysAgo(1), conversions: 0, spend: '0.00' },
      { day: todayUtc(), conversions: 2, spend: '0.10' },
    ]);
    const bad = await gql(app, '{ campaignReport(from: "2025-02-01", to: "2025-01-01") { day } }', {}, adv);
    expect(bad.errors?.[0]).toMatchObject({
      message: 'The start date must not be after the end date',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('deleting a resource', () => {
  test('204; its campaigns leave every list and their unspent budget returns to the advertiser', async () => {
    const project = await createProject(app, adv, [tasks.channel(), tasks.bot()]);
    const [channel, bot] = project.tasks;
    const a = await createCampaign(app, adv, channel, { budget: 3 });
    const b = await createCampaign(app, adv, channel, { budget: 2.25 });
    const kept = await createCampaign(app, adv, bot, { budget: 1 });
    const before = await advertiserBalance();

    const res = await fetch(`${app.url}/api/v1/projects/${project.id}/tasks/${channel.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adv}` },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');

    expect(await advertiserBalance()).toBe(before + 5_250_000n);
    expect(await budgetAccount(app, a.id)).toEqual({ available: 0n, pending: 0n });
    expect(await budgetAccount(app, b.id)).toEqual({ available: 0n, pending: 0n });
    const list = await app.api(campaignsPath(project.id), { token: adv });
    expect(list.body.value).toEqual({ total: 1, totalCount: 1, data: [kept] });
    const all = await app.api('/v1/campaigns?limit=100', { token: adv });
    expect(all.body.value.data.map((x: CampaignJson) => x.id)).not.toContain(a.id);
    for (const c of [a, b]) {
      expect((await app.api(campaignsPath(project.id, c.id), { token: adv })).status).toBe(404);
      expect((await app.api(payments(c), { token: adv, body: { value: 1 } })).status).toBe(404);
      const patch = await app.api(campaignsPath(project.id, c.id), {
        method: 'PATCH',
        token: adv,
        body: { isActive: true },
      });
      expect(patch.status).toBe(404);
    }
    // The rows stay for the publishers' statistics, detached from the resource and stopped.
    const rows = await em(app).execute<{ task_id: number | null; status: string; deleted: boolean }[]>(
      'select task_id, status, deleted_at is not null as deleted from campaigns where id in (?, ?)',
      [a.id, b.id],
    );
    expect(rows).toEqual([
      { task_id: null, status: 'STOPPED', deleted: true },
      { task_id: null, status: 'STOPPED', deleted: true },
    ]);
    expect(await advertiserBalance()).toBe(before + 5_250_000n);
  });

  test('GraphQL deleteTask does the same', async () => {
    const project = await createProject(app, adv, [tasks.chat()]);
    const c = await createCampaign(app, adv, project.tasks[0], { budget: 0.75 });
    const before = await advertiserBalance();
    const res = await gql(
      app,
      'mutation($p: ID!, $t: ID!) { deleteTask(projectId: $p, taskId: $t) }',
      { p: String(project.id), t: String(project.tasks[0].id) },
      adv,
    );
    expect(res.data).toEqual({ deleteTask: true });
    expect(await advertiserBalance()).toBe(before + 750_000n);
    const gone = await gql(app, 'query($id: ID!) { campaign(id: $id) { id } }', { id: String(c.id) }, adv);
    expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('GraphQL', () => {
  const FIELDS = `id projectId taskId task { id type title url } name status isActive prices { tierLevel value }
    dailyCap countries languages isPremiumOnly budget conversions spend todayConversions todaySpend`;

  test('createCampaign, campaign, campaigns, updateCampaign with Money as decimal strings', async () => {
    const project = await createProject(app, adv, [tasks.bot()]);
    const [task] = project.tasks;
    const before = await advertiserBalance();
    const created = await gql(
      app,
      `mutation($p: ID!, $t: ID!, $input: CreateCampaignInput!) { createCampaign(projectId: $p, taskId: $t, input: $input) { ${FIELDS} } }`,
      {
        p: String(project.id),
        t: String(task.id),
        input: { name: 'GQL', prices: [{ tierLevel: 2, value: '0.125' }], dailyCap: 3, budget: '3', countries: ['fr'] },
      },
      adv,
    );
    expect(created.errors).toBeUndefined();
    const c = created.data.createCampaign;
    expect(c).toEqual({
      id: expect.any(String),
      projectId: String(project.id),
      taskId: String(task.id),
      task: { id: String(task.id), type: 'BOT', title: task.title, url: task.url },
      name: 'GQL',
      status: 'ACTIVE',
      isActive: true,
      prices: [
        { tierLevel: 1, value: '0.15' },
        { tierLevel: 2, value: '0.125' },
        { tierLevel: 3, value: '0.05' },
      ],
      dailyCap: 3,
      countries: ['FR'],
      languages: [],
      isPremiumOnly: false,
      budget: '3.00',
      conversions: 0,
      spend: '0.00',
      todayConversions: 0,
      todaySpend: '0.00',
    });
    expect(await advertiserBalance()).toBe(before - 3_000_000n);

    const one = await gql(app, `query($id: ID!) { campaign(id: $id) { ${FIELDS} } }`, { id: c.id }, adv);
    expect(one.data.campaign).toEqual(c);
    const page = await gql(
      app,
      `query($p: ID) { campaigns(projectId: $p, page: 1, limit: 5) { total data { id } } }`,
      { p: String(project.id) },
      adv,
    );
    expect(page.data.campaigns).toEqual({ total: 1, data: [{ id: c.id }] });
    const byStatus = await gql(
      app,
      `query($p: ID) { campaigns(projectId: $p, status: STOPPED) { total } }`,
      { p: String(project.id) },
      adv,
    );
    expect(byStatus.data.campaigns.total).toBe(0);

    const update = (input: Record<string, unknown>) =>
      gql(
        app,
        `mutation($id: ID!, $input: UpdateCampaignInput!) { updateCampaign(id: $id, input: $input) { ${FIELDS} } }`,
        { id: c.id, input },
        adv,
      );
    expect((await update({ isActive: false })).data.updateCampaign).toEqual({
      ...c,
      isActive: false,
      status: 'STOPPED',
    });
    expect((await update({ isActive: true, dailyCap: null })).data.updateCampaign).toEqual({ ...c, dailyCap: null });
    // A field sent as null (other than dailyCap) is left as it is.
    expect((await update({ name: null, isActive: null })).data.updateCampaign).toEqual({ ...c, dailyCap: null });

    const invalid = await gql(
      app,
      'mutation($p: ID!, $t: ID!, $input: CreateCampaignInput!) { createCampaign(projectId: $p, taskId: $t, input: $input) { id } }',
      { p: String(project.id), t: String(task.id), input: { name: 'x', prices: [{ tierLevel: 1, value: '0.1' }] } },
      adv,
    );
    expect(invalid.errors?.[0]).toMatchObject({
      message: 'The price for tier 1 must be at least 0.15 USD',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const noName = await gql(
      app,
      'mutation($p: ID!, $t: ID!) { createCampaign(projectId: $p, taskId: $t, input: { name: " " }) { id } }',
      { p: String(project.id), t: String(task.id) },
      adv,
    );
    expect(noName.errors?.[0]?.message).toBe('Campaign name is required');

    // Another user: NOT_FOUND for reading, changing and creating.
    const foreign = await gql(app, 'query($id: ID!) { campaign(id: $id) { id } }', { id: c.id }, pub);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const foreignUpdate = await gql(
      app,
      'mutation($id: ID!) { updateCampaign(id: $id, input: { isActive: false }) { id } }',
      { id: c.id },
      pub,
    );
    expect(foreignUpdate.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const foreignList = await gql(
      app,
      'query($p: ID) { campaigns(projectId: $p) { total } }',
      { p: String(project.id) },
      pub,
    );
    expect(foreignList.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const anonymous = await gql(app, '{ campaigns { total } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  test('fundCampaign and returnCampaignBudget: exact moves, idempotency key, the REST messages', async () => {
    const project = await createProject(app, adv, [tasks.channel()]);
    const c = await createCampaign(app, adv, project.tasks[0]);
    const before = await advertiserBalance();
    const fund = (value: string, key?: string) =>
      gql(
        app,
        'mutation($id: ID!, $v: Money!, $k: String) { fundCampaign(id: $id, value: $v, idempotencyKey: $k) { budget status } }',
        { id: String(c.id), v: value, k: key },
        adv,
      );
    const giveBack = (value: string, key?: string) =>
      gql(
        app,
        'mutation($id: ID!, $v: Money!, $k: String) { returnCampaignBudget(id: $id, value: $v, idempotencyKey: $k) { budget status } }',
        { id: String(c.id), v: value, k: key },
        adv,
      );
    const key = randomUUID();
    expect((await fund('1.5', key)).data.fundCampaign).toEqual({ budget: '1.50', status: 'ACTIVE' });
    expect((await fund('1.5', key)).data.fundCampaign).toEqual({ budget: '1.50', status: 'ACTIVE' });
    expect(await advertiserBalance()).toBe(before - 1_500_000n);

    const over = await fund('100000');
    expect(over.errors?.[0]).toMatchObject({
      message: 'Not enough money on the advertiser balance',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await giveBack('2')).errors?.[0]?.message).toBe('The campaign budget has only 1.50 USD left');
    expect((await fund('0')).errors?.[0]?.message).toBe('The value must be greater than zero');
    expect((await giveBack('0.5', 'give-back-1')).data.returnCampaignBudget).toEqual({
      budget: '1.00',
      status: 'ACTIVE',
    });
    expect((await giveBack('0.5', 'give-back-1')).data.returnCampaignBudget.budget).toBe('1.00');
    expect(await advertiserBalance()).toBe(before - 1_000_000n);
    const foreign = await gql(
      app,
      'mutation($id: ID!) { fundCampaign(id: $id, value: "1") { budget } }',
      { id: String(c.id) },
      pub,
    );
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await advertiserBalance()).toBe(before - 1_000_000n);
  });

  test('Task.campaigns lists a resource’s campaigns (empty for "No Campaign")', async () => {
    const project = await createProject(app, adv, [tasks.channel(), tasks.custom()]);
    const [channel, custom] = project.tasks;
    const first = await createCampaign(app, adv, channel, { name: 'First' });
    const second = await createCampaign(app, adv, channel, { name: 'Second', budget: 0.2 });
    const res = await gql(
      app,
      'query($p: ID!) { projectTasks(projectId: $p) { data { id campaigns { id name status budget task { id } } } } }',
      { p: String(project.id) },
      adv,
    );
    expect(res.errors).toBeUndefined();
    const byTask = Object.fromEntries(
      res.data.projectTasks.data.map((t: { id: string; campaigns: unknown[] }) => [t.id, t.campaigns]),
    );
    expect(byTask[String(custom.id)]).toEqual([]);
    expect(byTask[String(channel.id)]).toEqual([
      { id: String(second.id), name: 'Second', status: 'ACTIVE', budget: '0.20', task: { id: String(channel.id) } },
      { id: String(first.id), name: 'First', status: 'STOPPED', budget: '0.00', task: { id: String(channel.id) } },
    ]);
    const single = await gql(
      app,
      'query($id: ID!) { project(id: $id) { tasks { id campaigns { id } } } }',
      { id: String(project.id) },
      adv,
    );
    expect(single.data.project.tasks.find((t: { id: string }) => t.id === String(channel.id)).campaigns).toHaveLength(
      2,
    );
  });
});

test('money is exact: sums of odd amounts leave no rounding behind', async () => {
  const project = await createProject(app, adv, [tasks.bot()]);
  const c = await createCampaign(app, adv, project.tasks[0], { budget: '0.333333' });
  const before = await advertiserBalance();
  for (const v of ['0.1', '0.2', '0.000001']) {
    expect((await app.api(payments(c), { token: adv, body: { value: v } })).status).toBe(200);
  }
  expect((await getCampaign(app, adv, c)).budget).toBe(0.633334);
  expect(await advertiserBalance()).toBe(before - parseMoney('0.300001'));
});
