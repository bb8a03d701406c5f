import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import { csvLine } from '../../server/rest/csv.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import {
  createCampaign,
  createPlatform,
  createProject,
  em,
  expectLedgerClean,
  newPlayer,
  type PlatformJson,
  type PlayerSession,
  type ProjectJson,
  sdkConversion,
  start,
  tasks,
} from '../helpers/campaigns.ts';
import { gql, login } from '../helpers/graphql.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let adv: string; // advertiser@demo.local: approved, with money
let pub: { token: string; userId: number }; // a new publisher: only what this file makes
let appA: PlatformJson;
let appB: PlatformJson;
let project: ProjectJson;
const conversionIds: number[] = [];

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  adv = await login(app, 'advertiser@demo.local');
  pub = await createApprovedUser(app, { role: 'PUBLISHER' });
  [appA, appB] = [await createPlatform(app, pub.token), await createPlatform(app, pub.token)];
  project = await createProject(app, adv, [tasks.bot(), tasks.custom()]);
  const bot = await createCampaign(app, adv, project.tasks[0], { budget: 5 });
  const custom = await createCampaign(app, adv, project.tasks[1], { budget: 5 });
  // App A: three bot players (one from Germany, tier 1 price) and one custom; app B: two custom.
  const plays: [PlatformJson, number, PlayerSession][] = [
    [appA, bot.id, { user: newPlayer() }],
    [appA, bot.id, { user: newPlayer() }],
    [appA, bot.id, { user: newPlayer(), country: 'DE' }],
    [appA, custom.id, { user: newPlayer() }],
    [appB, custom.id, { user: newPlayer() }],
    [appB, custom.id, { user: newPlayer() }],
  ];
  for (const [platform, campaignId, player] of plays) {
    const click = await start(app, platform, player, campaignId);
    const res = await sdkConversion(app, project.secretKey, click.code);
    expect(res.body.value.status).toBe('COMPLETED');
    conversionIds.push(res.body.value.conversionId);
  }
  // Two of them happened on earlier days (moved in time; the rollups follow the move).
  await em(app).execute(`update conversions set created_at = now() - interval '2 days' where id = ?`, [
    conversionIds[0],
  ]);
  await em(app).execute(`update conversions set created_at = now() - interval '5 days' where id = any(?::bigint[])`, [
    `{${conversionIds[3]},${conversionIds[4]}}`,
  ]);
});
afterAll(() => app?.close());
afterEach(() => expectLedgerClean(app));

const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const stats = (q = '', token = pub.token) => app.api(`/v1/statistics/publishers/transactions?${q}`, { token });

/** What the conversions themselves say, per UTC day (newest first), in USD. */
async function fromConversions(filter = ''): Promise<{ createdAt: string; conversions: number; profit: number }[]> {
  const rows = await em(app).execute<{ day: string; n: number; profit: string }[]>(
    `select to_char((created_at at time zone 'utc')::date, 'YYYY-MM-DD') as day, count(*)::int as n,
            (sum(publisher_amount) / 1000000.0)::text as profit
       from conversions where publisher_id = ? and status <> 'VOIDED' ${filter} group by 1 order by 1 desc`,
    [pub.userId],
  );
  return rows.map((r) => ({ createdAt: r.day, conversions: r.n, profit: Number(r.profit) }));
}

describe('publisher statistics', () => {
  test('one row per UTC day equal to the conversions, newest first, with { data, total }', async () => {
    const res = await stats();
    expect(res.status).toBe(200);
    const expected = await fromConversions();
    expect(expected.map((d) => d.createdAt)).toEqual([day(0), day(2), day(5)]);
    expect(expected.map((d) => d.conversions)).toEqual([3, 1, 2]);
    expect(res.body.value).toEqual({ data: expected, total: 3, totalCount: 3 });
    // The publisher's share of the tier prices: exact micro-dollars, not floats summed.
    expect(res.body.value.data[0].profit).toBeGreaterThan(0);
  });

  test('filters by app and task type; another user’s app gives no rows', async () => {
    const a = await stats(`platformId=${appA.id}`);
    expect(a.body.value.data).toEqual(await fromConversions(`and platform_id = ${appA.id}`));
    expect(a.body.value.total).toBe(3);
    const custom = await stats('taskType=CUSTOM');
    expect(custom.body.value.data).toEqual(await fromConversions(`and task_type = 'CUSTOM'`));
    const both = await stats(`taskType=BOT&platformId=${appB.id}`);
    expect(both.body.value).toEqual({ data: [], total: 0, totalCount: 0 });
    const demoApp = (await app.api('/v1/platforms', { token: await login(app, 'publisher@demo.local') })).body.value
      .data[0].id;
    expect((await stats(`platformId=${demoApp}`)).body.value).toEqual({ data: [], total: 0, totalCount: 0 });
  });

  test('pages with limit (or size) and sorts by the data table’s fields', async () => {
    const all = await fromConversions();
    expect((await stats('page=2&limit=1')).body.value).toEqual({ data: [all[1]], total: 3, totalCount: 3 });
    expect((await stats('page=2&size=2')).body.value.data).toEqual([all[2]]);
    const byCount = await stats('sortField=conversions&sortOrder=asc');
    expect(byCount.body.value.data.map((d: { conversions: number }) => d.conversions)).toEqual([1, 2, 3]);
    const oldest = await stats('sortField=createdAt&sortOrder=asc');
    expect(oldest.body.value.data.map((d: { createdAt: string }) => d.createdAt)).toEqual([day(5), day(2), day(0)]);
    const cpa = await stats('sortField=cpa&sortOrder=desc');
    const perConversion = cpa.body.value.data.map(
      (d: { profit: number; conversions: number }) => d.profit / d.conversions,
    );
    expect(perConversion).toEqual([...perConversion].sort((x, y) => y - x));
  });

  test('today: the same filters; GraphQL answers the same', async () => {
    const [today] = await fromConversions();
    const res = await app.api('/v1/statistics/publishers/transactions/today', { token: pub.token });
    expect(res.body.value).toEqual(today);
    const custom = await app.api(`/v1/statistics/publishers/transactions/today?taskType=CUSTOM`, { token: pub.token });
    const [customToday] = await fromConversions(`and task_type = 'CUSTOM'`);
    expect(customToday.createdAt).toBe(day(0));
    expect(custom.body.value).toEqual(customToday);
    expect(custom.body.value.conversions).toBe(1);
    const g = await gql(
      app,
      `query($p: ID) { publisherStatistics(page: 1, size: 2, platformId: $p) { totalCount data { createdAt conversions profit } }
         publisherStatisticsToday { createdAt conversions profit } }`,
      { p: String(appA.id) },
      pub.token,
    );
    expect(g.errors).toBeUndefined();
    const rest = (await stats(`platformId=${appA.id}&limit=2`)).body.value;
    expect(g.data.publisherStatistics.totalCount).toBe(rest.total);
    expect(
      g.data.publisherStatistics.data.map((d: { createdAt: string; profit: string }) => [
        d.createdAt,
        Number(d.profit),
      ]),
    ).toEqual(rest.data.map((d: { createdAt: string; profit: number }) => [d.createdAt, d.profit]));
    expect(g.data.publisherStatisticsToday).toMatchObject({
      createdAt: today.createdAt,
      conversions: today.conversions,
    });
  });

  test('days are UTC: 23:59:59.999 belongs to yesterday, 00:00 to today', async () => {
    const midnight = `date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;
    await em(app).execute(`update conversions set created_at = ${midnight} - interval '1 millisecond' where id = ?`, [
      conversionIds[1],
    ]);
    await em(app).execute(`update conversions set created_at = ${midnight} where id = ?`, [conversionIds[2]]);
    const rows = (await stats()).body.value.data;
    expect(rows.map((d: { createdAt: string; conversions: number }) => [d.createdAt, d.conversions])).toEqual([
      [day(0), 2],
      [day(1), 1],
      [day(2), 1],
      [day(5), 2],
    ]);
    expect(rows).toEqual(await fromConversions());
    const today = await app.api('/v1/statistics/publishers/transactions/today', { token: pub.token });
    expect(today.body.value.conversions).toBe(2);
  });

  test('a voided conversion leaves the statistics in the same transaction', async () => {
    const before = (await stats()).body.value.total;
    // The first is two days old and alone on its day.
    expect(await app.services.conversions.resolve(em(app), conversionIds[0], 'VOID')).toBe('VOIDED');
    const after = (await stats()).body.value;
    expect(after.total).toBe(before - 1);
    expect(after.data).toEqual(await fromConversions());
  });

  test('validation: 400 with the message, 401 without a token', async () => {
    for (const [q, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['page=0', 'page must be at least 1'],
      ['page=x', 'page must be a number'],
      ['taskType=GAME', 'taskType must be one of CHAT, CHANNEL, BOT, SMART_LINK, CUSTOM'],
      ['platformId=abc', 'platformId must be a number'],
      ['sortField=profit;drop', 'sortField must be one of createdAt, conversions, profit, cpa'],
      ['sortOrder=up', 'sortOrder must be asc or desc'],
    ]) {
      expect(await stats(q), q).toMatchObject({ status: 400, body: { error: message } });
    }
    expect((await app.api('/v1/statistics/publishers/transactions')).status).toBe(401);
    expect((await app.api('/v1/statistics/publishers/transactions/today')).status).toBe(401);
  });

  test('CSV export: every day the filters select, streamed as text/csv', async () => {
    const res = await fetch(`${app.url}/api/v1/statistics/publishers/transactions.csv?platformId=${appA.id}`, {
      headers: { authorization: `Bearer ${pub.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="statistics-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const expected = await fromConversions(`and platform_id = ${appA.id}`);
    expect(lines[0]).toBe('date,conversions,profit_usd,cpa_usd');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2))).toEqual(
      expected.map((d) => [d.createdAt, String(d.conversions)]),
    );
    expect((await fetch(`${app.url}/api/v1/statistics/publishers/transactions.csv`)).status).toBe(401);
  });
});

describe('campaign report breakdowns', () => {
  const report = (q: string) => app.api(`/v1/campaigns/reports?from=${day(6)}&to=${day(0)}&${q}`, { token: adv });

  test('by tier, app and task type, equal to the conversions', async () => {
    const scope = `campaign_id in (select id from campaigns where project_id = ${project.id}) and status <> 'VOIDED'`;
    const sums = async (group: string) =>
      em(app).execute<{ key: string; n: number; spend: string }[]>(
        `select ${group}::text as key, count(*)::int as n, (sum(price) / 1000000.0)::text as spend
           from conversions where ${scope} group by 1 order by 1`,
      );
    const rows = (r: { body: { value: { data: { key: string; conversions: number; spend: number }[] } } }) =>
      r.body.value.data
        .map((d) => ({ key: d.key, n: d.conversions, spend: d.spend }))
        .sort((x, y) => x.key.localeCompare(y.key));
    const expected = async (group: string) => (await sums(group)).map((r) => ({ ...r, spend: Number(r.spend) }));

    const tier = await report(`projectId=${project.id}&groupBy=TIER`);
    expect(tier.status).toBe(200);
    expect(rows(tier)).toEqual(await expected('tier_level'));
    expect(tier.body.value.data[0].label).toMatch(/^Tier \d$/);
    const apps = await report(`projectId=${project.id}&groupBy=APP`);
    expect(rows(apps)).toEqual(await expected('platform_id'));
    expect(apps.body.value.data.map((d: { label: string }) => d.label).sort()).toEqual([appA.title, appB.title].sort());
    const types = await report(`projectId=${project.id}&groupBy=TASK_TYPE`);
    expect(rows(types)).toEqual(await expected('task_type'));
    expect(await report('groupBy=WEEK')).toMatchObject({
      status: 400,
      body: { error: 'groupBy must be one of DAY, TIER, APP, TASK_TYPE' },
    });
    // Another advertiser sees none of it.
    const other = await app.api(
      `/v1/campaigns/reports?from=${day(6)}&to=${day(0)}&projectId=${project.id}&groupBy=APP`,
      {
        token: pub.token,
      },
    );
    expect(other.body.value.data).toEqual([]);

    const g = await gql(
      app,
      `query($from: String!, $to: String!, $p: ID) { campaignReportBreakdown(groupBy: TASK_TYPE, from: $from, to: $to, projectId: $p) { key label conversions spend } }`,
      { from: day(6), to: day(0), p: String(project.id) },
      adv,
    );
    expect(g.errors).toBeUndefined();
    expect(
      g.data.campaignReportBreakdown.map((r: { key: string; conversions: number }) => [r.key, r.conversions]).sort(),
    ).toEqual((await sums('task_type')).map((r) => [r.key, r.n]));
  });

  test('CSV of a report', async () => {
    const res = await fetch(
      `${app.url}/api/v1/campaigns/reports.csv?from=${day(6)}&to=${day(0)}&projectId=${project.id}&groupBy=DAY`,
      { headers: { authorization: `Bearer ${adv}` } },
    );
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('day,conversions,spend_usd');
    expect(lines).toHaveLength(1 + 7);
    expect(lines[1].startsWith(`${day(6)},`)).toBe(true);
  });
});

describe('transaction histories as CSV', () => {
  test('every withdrawal of the user, newest first, with the same ids as the history', async () => {
    const token = await login(app, 'publisher@demo.local');
    const history = (await app.api('/v1/users/transactions/publisher?page=1&limit=100', { token })).body.value;
    expect(history.total).toBeGreaterThan(0);
    const res = await fetch(`${app.url}/api/v1/users/transactions/publisher.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename="withdrawals-/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,created_at,amount_usd,status,wallet_address,tx_hash,failure_reason');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(history.data.map((t: { id: number }) => t.id));
    // Another user's export holds none of them.
    const other = await fetch(`${app.url}/api/v1/users/transactions/publisher.csv`, {
      headers: { authorization: `Bearer ${pub.token}` },
    });
    expect(
      (await other.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('rollups', () => {
  test('ledger:check finds a rollup that drifted from the conversions; stats_rebuild() agrees with the trigger', async () => {
    const rows = () =>
      em(app).execute(
        `select publisher_id, day::text, platform_id, task_type, conversions, profit::text from stats_publisher_daily
          where conversions <> 0 order by 1, 2, 3, 4`,
      );
    const kept = await rows();
    await em(app).execute('update stats_publisher_daily set conversions = conversions + 1 where publisher_id = ?', [
      pub.userId,
    ]);
    const check = (await checkLedger(em(app))).find((c) => c.name.startsWith('statistics rollups'));
    expect(check).toMatchObject({ ok: false });
    expect(check?.detail).toContain(`publisher #${pub.userId}`);
    await em(app).execute('select stats_rebuild()');
    expect(await rows()).toEqual(kept);
  });

  test('CSV fields: quotes, separators and formula-looking text are escaped', () => {
    expect(csvLine(['plain', 3, 10n, null])).toBe('plain,3,10,\r\n');
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
    expect(csvLine(['=SUM(A1)', '+1', '@me', '-2'])).toBe("'=SUM(A1),'+1,'@me,'-2\r\n");
  });
});
