import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatMoney, parseMoney } from '../../server/lib/money.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import {
  approveCampaign,
  type CampaignJson,
  createCampaign,
  createPlatform,
  createProject,
  newPlayer,
  type ProjectJson,
  sdkConversion,
  start,
  tasks,
  topUp,
} from '../helpers/campaigns.ts';
import { gql, login } from '../helpers/graphql.ts';

/**
 * The generic data table on the lists that page: both transaction histories, the
 * finance queue and the campaign lists — page, size (or limit), sortField, sortOrder, filters,
 * search → { data, totalCount } (and `total`), allow-listed sorts and filters, streamed CSV.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;
let adv: { token: string; userId: number; email: string };
let finance: string;
let publisher: string;
const topUps: { id: number; value: number }[] = [];

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();

const csvLines = async (res: Response) =>
  (await res.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

const csv = (path: string, token: string) =>
  fetch(`${app.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  // The demo's approved withdrawal is paid by the first payout round (jobs are off in tests).
  await app.services.payouts.round();
  adv = await createApprovedUser(app, { role: 'ADVERTISER' });
  [finance, publisher] = await Promise.all(['moderator@demo.local', 'publisher@demo.local'].map((e) => login(app, e)));
  // Four top-ups through the public API: one paid, one failed, two waiting.
  for (const value of [40, 12.5, 300, 7]) {
    const res = await app.api('/v1/users/payments/advertiser', { token: adv.token, body: { amount: value } });
    expect(res.status).toBe(200);
    const { url, transaction } = res.body.value;
    topUps.push({ id: transaction.id, value });
    const action = value === 12.5 ? 'pay' : value === 7 ? 'fail' : null;
    if (action) {
      const done = await fetch(
        url.replace(`/pay/sandbox/${transaction.id}?`, `/pay/sandbox/${transaction.id}/${action}?`),
        {
          method: 'POST',
          redirect: 'manual',
        },
      );
      expect(done.status).toBe(303);
    }
  }
});
afterAll(() => app?.close());

describe('transaction history', () => {
  const history = (params: Record<string, unknown> = {}, token = adv.token) =>
    app.api(`/v1/users/transactions/advertiser?${q(params)}`, { token });

  test('newest first, 20 a page by default, { data, total, totalCount }', async () => {
    const res = await history();
    expect(res.status).toBe(200);
    expect(res.body.value.total).toBe(4);
    expect(res.body.value.totalCount).toBe(4);
    expect(res.body.value.data.map((t: { id: number }) => t.id)).toEqual(topUps.map((t) => t.id).reverse());
    // `limit` of the spec's call and `size` of the data table page alike.
    for (const key of ['size', 'limit']) {
      const page2 = await history({ page: 2, [key]: 3 });
      expect(page2.body.value).toMatchObject({ total: 4, totalCount: 4 });
      expect(page2.body.value.data.map((t: { id: number }) => t.id)).toEqual([topUps[0].id]);
    }
  });

  test('sorts by amount and status both ways', async () => {
    const amounts = async (sortOrder: string) =>
      (await history({ sortField: 'amount', sortOrder })).body.value.data.map((t: { value: number }) => t.value);
    expect(await amounts('asc')).toEqual([7, 12.5, 40, 300]);
    expect(await amounts('desc')).toEqual([300, 40, 12.5, 7]);
    const statuses = (await history({ sortField: 'status', sortOrder: 'asc' })).body.value.data.map(
      (t: { status: string }) => t.status,
    );
    expect(statuses).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'DONE', 'FAILED']);
  });

  test('filters by status (JSON filters, one or a list, or ?status=) and searches by id', async () => {
    const ids = async (params: Record<string, unknown>) =>
      (await history(params)).body.value.data.map((t: { id: number }) => t.id);
    expect(await ids({ filters: { status: 'DONE' } })).toEqual([topUps[1].id]);
    expect(await ids({ status: 'FAILED' })).toEqual([topUps[3].id]);
    expect(await ids({ filters: { status: ['DONE', 'FAILED'] }, sortField: 'id', sortOrder: 'asc' })).toEqual([
      topUps[1].id,
      topUps[3].id,
    ]);
    expect(await ids({ search: String(topUps[2].id) })).toEqual([topUps[2].id]);
    expect((await history({ search: 'no-such-wallet' })).body.value).toEqual({ data: [], total: 0, totalCount: 0 });
  });

  test('unknown sort fields and filters, bad JSON and sizes are 400s with the reason', async () => {
    for (const [params, message] of [
      [{ sortField: 'wallet_address; drop table payments' }, 'sortField must be one of createdAt, amount, status, id'],
      [{ sortOrder: 'up' }, 'sortOrder must be asc or desc'],
      [{ filters: { userId: 1 } }, 'Unknown filter: userId'],
      [{ filters: { status: 'LOST' } }, 'status must be one of IN_PROGRESS, DONE, FAILED'],
      [{ status: 'LOST' }, 'status must be one of IN_PROGRESS, DONE, FAILED'],
      [{ filters: '{not json' }, 'filters must be a JSON object'],
      [{ filters: '[1]' }, 'filters must be a JSON object'],
      [{ size: 101 }, 'size must be at most 100'],
      [{ limit: 0 }, 'limit must be at least 1'],
      [{ page: 0 }, 'page must be at least 1'],
    ] as const) {
      const res = await history(params as Record<string, unknown>);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.error, JSON.stringify(params)).toContain(message);
    }
    expect((await app.api('/v1/users/transactions/advertiser')).status).toBe(401);
  });

  test('GraphQL answers the same page with the same arguments', async () => {
    const res = await gql(
      app,
      `query($f: TransactionFilters) {
        transactions(kind: TOP_UP, size: 2, sortField: amount, sortOrder: desc, filters: $f) { total totalCount data { id status amount } }
      }`,
      { f: { status: ['IN_PROGRESS', 'DONE'] } },
      adv.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.transactions).toEqual({
      total: 3,
      totalCount: 3,
      data: [
        { id: String(topUps[2].id), status: 'IN_PROGRESS', amount: '300.00' },
        { id: String(topUps[0].id), status: 'IN_PROGRESS', amount: '40.00' },
      ],
    });
    const bad = await gql(app, '{ transactions(kind: TOP_UP, size: 500) { totalCount } }', {}, adv.token);
    expect(bad.errors?.[0].message).toBe('size must be at most 100');
  });

  test('CSV: what the filters and sort select, in order, only the caller’s', async () => {
    const res = await csv(
      `/v1/users/transactions/advertiser.csv?${q({ sortField: 'amount', sortOrder: 'asc' })}`,
      adv.token,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = await csvLines(res);
    expect(lines[0]).toBe('id,created_at,amount_usd,status,wallet_address,tx_hash,failure_reason');
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['7.00', '12.50', '40.00', '300.00']);
    const failed = await csvLines(
      await csv(`/v1/users/transactions/advertiser.csv?${q({ filters: { status: 'FAILED' } })}`, adv.token),
    );
    expect(failed.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([topUps[3].id]);
    const others = await csvLines(await csv('/v1/users/transactions/advertiser.csv', publisher));
    for (const t of topUps) expect(others.some((l) => l.startsWith(`${t.id},`))).toBe(false);
    expect((await csv(`/v1/users/transactions/advertiser.csv?${q({ sortField: 'nope' })}`, adv.token)).status).toBe(
      400,
    );
  });
});

describe('finance queue', () => {
  const queue = (params: Record<string, unknown> = {}, token = finance) =>
    app.api(`/v1/finance/withdrawals?${q(params)}`, { token });

  test('every user’s withdrawals for finance staff, filtered, searched by e-mail; 403 for others', async () => {
    const all = await queue({ size: 100 });
    expect(all.status).toBe(200);
    expect(all.body.value.totalCount).toBeGreaterThan(0);
    expect(all.body.value.data.length).toBe(all.body.value.totalCount);
    const pubId = (await app.api('/v1/users/self', { token: publisher })).body.value.id;
    const mine = (await app.api('/v1/users/transactions/publisher?size=100', { token: publisher })).body.value;
    const byEmail = await queue({ search: 'publisher@demo.local', size: 100 });
    expect(byEmail.body.value.data.every((t: { userId: number }) => t.userId === pubId)).toBe(true);
    expect(byEmail.body.value.data.map((t: { id: number }) => t.id)).toEqual(
      mine.data.map((t: { id: number }) => t.id),
    );
    const done = await queue({ filters: { status: 'DONE' }, size: 100 });
    expect(done.body.value.data.length).toBeGreaterThan(0);
    expect(done.body.value.data.every((t: { status: string }) => t.status === 'DONE')).toBe(true);
    // Top-ups are not withdrawals.
    expect(all.body.value.data.some((t: { id: number }) => topUps.some((u) => u.id === t.id))).toBe(false);

    expect((await queue({}, publisher)).status).toBe(403);
    expect((await csv('/v1/finance/withdrawals.csv', publisher)).status).toBe(403);
    expect((await queue({ sortField: 'userId' })).status).toBe(400);
  });

  test('CSV with the user of each withdrawal, as the queue’s filters select', async () => {
    const inQueue = (await queue({ filters: { status: 'DONE' }, sortField: 'amount', sortOrder: 'desc', size: 100 }))
      .body.value.data;
    const lines = await csvLines(
      await csv(
        `/v1/finance/withdrawals.csv?${q({ filters: { status: 'DONE' }, sortField: 'amount', sortOrder: 'desc' })}`,
        finance,
      ),
    );
    expect(lines[0]).toBe('id,created_at,user_id,amount_usd,status,wallet_address,tx_hash,failure_reason');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(inQueue.map((t: { id: number }) => t.id));
    expect(lines.slice(1).map((l) => Number(l.split(',')[2]))).toEqual(
      inQueue.map((t: { userId: number }) => t.userId),
    );
  });

  test('GraphQL withdrawalQueue takes status (as before) and the table’s arguments', async () => {
    const res = await gql(
      app,
      '{ withdrawalQueue(status: DONE, size: 1, sortField: createdAt, sortOrder: asc) { totalCount data { status } } }',
      {},
      finance,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.withdrawalQueue.data).toEqual([{ status: 'DONE' }]);
    expect(res.data.withdrawalQueue.totalCount).toBeGreaterThanOrEqual(1);
  });
});

describe('campaign lists', () => {
  let project: ProjectJson;
  let campaigns: CampaignJson[];
  const list = (params: Record<string, unknown> = {}) => app.api(`/v1/campaigns?${q(params)}`, { token: adv.token });
  const names = async (params: Record<string, unknown>) =>
    (await list(params)).body.value.data.map((c: CampaignJson) => c.name);

  beforeAll(async () => {
    await topUp(app, adv.userId, '100');
    project = await createProject(app, adv.token, [tasks.bot(), tasks.custom(), tasks.channel()]);
    campaigns = [
      await createCampaign(app, adv.token, project.tasks[0], { name: 'Bravo bot', budget: 3 }),
      await createCampaign(app, adv.token, project.tasks[1], { name: 'alpha custom', budget: 10 }),
      await createCampaign(app, adv.token, project.tasks[2], { name: 'Charlie channel' }),
    ];
  });

  test('sort by name, budget and conversions; the order follows what the conversions say', async () => {
    // A new advertiser's campaigns wait for review; approved, they run (or stop without budget).
    for (const c of campaigns) expect(await approveCampaign(app, c.id)).toMatch(/ACTIVE|STOPPED/);
    const pubUser = await createApprovedUser(app, { role: 'PUBLISHER' });
    const platform = await createPlatform(app, pubUser.token);
    for (let i = 0; i < 2; i++) {
      const click = await start(app, platform, { user: newPlayer() }, campaigns[1].id);
      expect((await sdkConversion(app, project.secretKey, click.code)).body.value.status).toBe('COMPLETED');
    }

    expect(await names({ sortField: 'name', sortOrder: 'asc' })).toEqual([
      'alpha custom',
      'Bravo bot',
      'Charlie channel',
    ]);
    expect(await names({ sortField: 'name', sortOrder: 'desc' })).toEqual([
      'Charlie channel',
      'Bravo bot',
      'alpha custom',
    ]);
    expect(await names({ sortField: 'budget', sortOrder: 'desc' })).toEqual([
      'alpha custom',
      'Bravo bot',
      'Charlie channel',
    ]);
    expect((await names({ sortField: 'conversions', sortOrder: 'desc' }))[0]).toBe('alpha custom');
    // Without a sort: newest first.
    expect(await names({})).toEqual(['Charlie channel', 'alpha custom', 'Bravo bot']);
  });

  test('filters by task type, status and project (JSON or ?projectId=), searches names and resources', async () => {
    expect(await names({ filters: { taskType: 'BOT' } })).toEqual(['Bravo bot']);
    expect(await names({ filters: { taskType: ['BOT', 'CHANNEL'] } })).toEqual(['Charlie channel', 'Bravo bot']);
    expect(await names({ filters: { status: 'STOPPED' } })).toEqual(['Charlie channel']);
    expect(await names({ projectId: project.id, search: 'ALPHA' })).toEqual(['alpha custom']);
    expect(await names({ filters: { projectId: project.id }, search: project.tasks[2].title })).toEqual([
      'Charlie channel',
    ]);
    const perProject = await app.api(`/v1/projects/${project.id}/campaigns?${q({ sortField: 'name', size: 2 })}`, {
      token: adv.token,
    });
    expect(perProject.body.value).toMatchObject({ total: 3, totalCount: 3 });
    expect(perProject.body.value.data.map((c: CampaignJson) => c.name)).toEqual(['alpha custom', 'Bravo bot']);
    for (const [params, message] of [
      [{ sortField: 'owner_id' }, 'sortField must be one of'],
      [{ filters: { taskType: 'POST' } }, 'taskType must be one of'],
      [{ filters: { ownerId: 1 } }, 'Unknown filter: ownerId'],
    ] as const) {
      const res = await list(params as Record<string, unknown>);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    // Another user's project is not found, with filters as with the path.
    expect(
      (await app.api(`/v1/campaigns?${q({ filters: { projectId: project.id } })}`, { token: publisher })).status,
    ).toBe(404);
  });

  test('GraphQL campaigns: the same table arguments', async () => {
    const res = await gql(
      app,
      `query($f: CampaignFilters) { campaigns(filters: $f, sortField: name, sortOrder: asc, size: 2) { total totalCount data { name } } }`,
      { f: { projectId: String(project.id) } },
      adv.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.campaigns).toEqual({
      total: 3,
      totalCount: 3,
      data: [{ name: 'alpha custom' }, { name: 'Bravo bot' }],
    });
  });

  test('CSV of the selected campaigns with spend and conversions; app statistics as CSV', async () => {
    const lines = await csvLines(
      await csv(
        `/v1/campaigns.csv?${q({ filters: { projectId: project.id }, sortField: 'name', sortOrder: 'asc' })}`,
        adv.token,
      ),
    );
    expect(lines[0].split(',').slice(0, 3)).toEqual(['id', 'created_at', 'name']);
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['alpha custom', 'Bravo bot', 'Charlie channel']);
    const header = lines[0].split(',');
    const alpha = lines[1].split(',');
    expect(alpha[header.indexOf('conversions')]).toBe('2');
    const json = (await list({ search: 'alpha custom' })).body.value.data[0];
    expect(alpha[header.indexOf('spend_usd')]).toBe(formatMoney(parseMoney(json.spend)));
    expect(alpha[header.indexOf('budget_left_usd')]).toBe(formatMoney(parseMoney(json.budget)));

    const demoPublisher = publisher;
    const apps = (await app.api('/v1/platforms', { token: demoPublisher })).body.value.data;
    const rows = (await app.api(`/v1/platforms/${apps[0].id}/campaigns`, { token: demoPublisher })).body.value.data;
    const appCsv = await csvLines(await csv(`/v1/platforms/${apps[0].id}/campaigns.csv`, demoPublisher));
    expect(appCsv[0]).toBe('campaign_id,task_type,title,completed,revenue_usd,status');
    expect(appCsv.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(
      rows.map((r: { campaignId: number }) => r.campaignId),
    );
    expect((await csv(`/v1/platforms/${apps[0].id}/campaigns.csv`, adv.token)).status).toBe(404);
  });
});
