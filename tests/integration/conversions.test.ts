import { FAILURES } from '../../server/failures.ts';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { topics } from '../../server/lib/pubsub.ts';
import { formatMoney, parseMoney } from '../../server/lib/money.ts';
import { MAX_SDK_BATCH } from '../../server/modules/projects/projects.rest.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
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
  newPlayer,
  type PlatformJson,
  type PlayerSession,
  type ProjectJson,
  sdkConversion,
  start,
  tasks,
  topUp,
} from '../helpers/campaigns.ts';
import { gql, gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let adv: string;
let advId: number;
let pub: string; // a fresh publisher: every balance starts at zero
let pubId: number;
let platform: PlatformJson;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  adv = await login(app, 'advertiser@demo.local');
  advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
  await topUp(app, advId, '1000');
  const publisher = await createApprovedUser(app, { role: 'PUBLISHER' });
  pub = publisher.token;
  pubId = publisher.userId;
  platform = await createPlatform(app, pub);
});
afterAll(() => app?.close());
afterEach(() => expectLedgerClean(app));

interface ConversionRow {
  id: number;
  status: string;
  country: string | null;
  tier_level: number;
  price: string;
  publisher_amount: string;
  fee_amount: string;
}
const conversionRows = (campaignId: number) =>
  em(app).execute<ConversionRow[]>(
    `select id, status, country, tier_level, price::text, publisher_amount::text, fee_amount::text
       from conversions where campaign_id = ? order by id`,
    [campaignId],
  );

async function campaignOn(task: Record<string, unknown>, body: Record<string, unknown>) {
  const project = await createProject(app, adv, [task]);
  return { project, campaign: await createCampaign(app, adv, project.tasks[0], body) };
}

/** Players who started the campaign in the app; their click codes. */
async function clicks(campaignId: number, players: PlayerSession[], p = platform) {
  return Promise.all(players.map(async (player) => (await start(app, p, player, campaignId)).code));
}

const players = (n: number, country?: string): PlayerSession[] =>
  Array.from({ length: n }, () => ({ user: newPlayer(), country }));

describe('SDK conversion events', () => {
  test('API key and click checks; a repeat answers DUPLICATE with the same conversion', async () => {
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 1 });
    const other = await createProject(app, adv, [tasks.bot()]);
    const [code] = await clicks(campaign.id, players(1));

    expect(await sdkConversion(app, undefined, code)).toMatchObject({
      status: 401,
      body: { error: FAILURES.MISSING_API_KEY.message },
    });
    expect(await sdkConversion(app, 'tgp_not_a_real_key_000000000000000', code)).toMatchObject({
      status: 401,
      body: { error: FAILURES.INVALID_API_KEY.message },
    });
    expect(await sdkConversion(app, other.secretKey, code)).toMatchObject({
      status: 404,
      body: { error: 'Click not found' },
    });
    expect(await sdkConversion(app, project.secretKey, 'no_such_click')).toMatchObject({
      status: 404,
      body: { error: 'Click not found' },
    });
    expect(await sdkConversion(app, project.secretKey, 'not a code')).toMatchObject({
      status: 400,
      body: { error: 'click must be the click code from the start parameter' },
    });
    const noClick = await app.api('/v1/sdk/events', {
      body: { type: 'conversion' },
      headers: { 'x-api-key': project.secretKey },
    });
    expect(noClick).toMatchObject({ status: 400, body: { error: 'click is required' } });
    expect(await conversionRows(campaign.id)).toEqual([]);

    const first = await sdkConversion(app, project.secretKey, code);
    expect(first).toEqual({ status: 200, body: { value: { conversionId: expect.any(Number), status: 'COMPLETED' } } });
    const again = await sdkConversion(app, project.secretKey, code);
    expect(again.body.value).toEqual({ conversionId: first.body.value.conversionId, status: 'DUPLICATE' });
    expect(await conversionRows(campaign.id)).toHaveLength(1);

    // A regenerated key replaces the old one at once.
    const regenerated = await app.api(`/v1/projects/${project.id}/secret-key`, { method: 'PATCH', token: adv });
    expect(regenerated.status).toBe(200);
    expect((await sdkConversion(app, project.secretKey, code)).status).toBe(401);
    expect((await sdkConversion(app, regenerated.body.value.secretKey, code)).body.value.status).toBe('DUPLICATE');
  });

  test('the price follows the player’s country tier; the publisher gets 80% on hold, exact in micro-USD', async () => {
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 10 });
    const before = { pub: await balances(app, pubId), adv: (await balances(app, advId)).advertiserBalance };
    const countries = ['US', 'FR', 'RU', undefined, 'ZZ'];
    const codes = await clicks(
      campaign.id,
      countries.map((country) => ({ user: newPlayer(), country })),
    );
    for (const code of codes) {
      expect((await sdkConversion(app, project.secretKey, code)).body.value.status).toBe('COMPLETED');
    }
    expect((await conversionRows(campaign.id)).map(({ id: _, ...r }) => r)).toEqual([
      {
        status: 'HOLD',
        country: 'US',
        tier_level: 1,
        price: '150000',
        publisher_amount: '120000',
        fee_amount: '30000',
      },
      { status: 'HOLD', country: 'FR', tier_level: 2, price: '100000', publisher_amount: '80000', fee_amount: '20000' },
      { status: 'HOLD', country: 'RU', tier_level: 3, price: '50000', publisher_amount: '40000', fee_amount: '10000' },
      // No country, or one in no tier: the cheapest tier.
      { status: 'HOLD', country: null, tier_level: 3, price: '50000', publisher_amount: '40000', fee_amount: '10000' },
      { status: 'HOLD', country: 'ZZ', tier_level: 3, price: '50000', publisher_amount: '40000', fee_amount: '10000' },
    ]);

    // Publisher: the share is on hold, nothing available yet; the advertiser balance is untouched.
    const after = await balances(app, pubId);
    expect(after.publisherOnHoldBalance - before.pub.publisherOnHoldBalance).toBe(320_000n);
    expect(after.publisherBalance).toBe(before.pub.publisherBalance);
    expect((await balances(app, advId)).advertiserBalance).toBe(before.adv);
    // The campaign's budget: what was paid is pending until the hold ends.
    expect(await budgetAccount(app, campaign.id)).toEqual({ available: 9_600_000n, pending: 400_000n });
    const [fee] = await em(app).execute<{ credits_pending: string }[]>(
      `select credits_pending::text from ledger_accounts where kind = 'NETWORK_FEE' and campaign_id = ?`,
      [campaign.id],
    );
    expect(fee.credits_pending).toBe('80000');
    expect(await getCampaign(app, adv, campaign)).toMatchObject({
      status: 'ACTIVE',
      budget: 9.6,
      conversions: 5,
      spend: 0.4,
      todayConversions: 5,
      todaySpend: 0.4,
    });

    // The app's statistics.
    const rows = await app.api(`/v1/platforms/${platform.id}/campaigns`, { token: pub });
    expect(rows.body.value.data.find((r: { campaignId: number }) => r.campaignId === campaign.id)).toEqual({
      campaignId: campaign.id,
      task: { type: 'BOT', title: campaign.task.title },
      completedQuantity: 5,
      profitBudget: 0.32,
      isActive: true,
    });
    const [stats] = await em(app).execute<{ completed: number; revenue: string }[]>(
      'select completed, revenue::text from platform_campaign_stats where platform_id = ? and campaign_id = ?',
      [platform.id, campaign.id],
    );
    expect(stats).toEqual({ completed: 5, revenue: '320000' });
  });

  test('Premium-only campaigns pay the extra percent; the publisher’s share stays 80% of the base price', async () => {
    const { project, campaign } = await campaignOn(tasks.custom(), {
      budget: 5,
      isPremiumOnly: true,
      prices: [{ tierLevel: 1, value: 0.2 }],
    });
    const codes = await clicks(campaign.id, [
      { user: newPlayer({ is_premium: true }), country: 'DE' },
      { user: newPlayer({ is_premium: true }), country: 'RU' },
    ]);
    for (const code of codes) await sdkConversion(app, project.secretKey, code);
    expect((await conversionRows(campaign.id)).map((r) => [r.price, r.publisher_amount, r.fee_amount])).toEqual([
      ['240000', '160000', '80000'], // 0.20 + 20% = 0.24; 80% of 0.20 = 0.16
      ['60000', '40000', '20000'], // 0.05 + 20% = 0.06; 80% of 0.05 = 0.04
    ]);
    expect(await getCampaign(app, adv, campaign)).toMatchObject({ conversions: 2, spend: 0.3, budget: 4.7 });
  });

  test('a stopped campaign takes no conversion (409) and moves no money', async () => {
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 1 });
    const [code] = await clicks(campaign.id, players(1));
    await app.api(campaignsPath(project.id, campaign.id), { method: 'PATCH', token: adv, body: { isActive: false } });
    expect(await sdkConversion(app, project.secretKey, code)).toMatchObject({
      status: 409,
      body: { error: 'This campaign is not running now' },
    });
    expect(await budgetAccount(app, campaign.id)).toEqual({ available: 1_000_000n, pending: 0n });
    await app.api(campaignsPath(project.id, campaign.id), { method: 'PATCH', token: adv, body: { isActive: true } });
    expect((await sdkConversion(app, project.secretKey, code)).body.value.status).toBe('COMPLETED');
  });

  test('App statistics lists every campaign the app can show, at zero until it converts; a paused one without conversions leaves', async () => {
    const own = await createPlatform(app, pub);
    const { project, campaign } = await campaignOn(tasks.channel(), { budget: 1 });
    const rowOf = async () => {
      const res = await app.api(`/v1/platforms/${own.id}/campaigns`, { token: pub });
      expect(res.status).toBe(200);
      return (res.body.value.data as { campaignId: number }[]).find((r) => r.campaignId === campaign.id);
    };
    expect(await rowOf()).toMatchObject({
      completedQuantity: 0,
      profitBudget: 0,
      isActive: true,
      task: { type: 'CHANNEL' },
    });
    const paused = await app.api(`/v1/projects/${project.id}/campaigns/${campaign.id}`, {
      method: 'PATCH',
      token: adv,
      body: { isActive: false },
    });
    expect(paused.status).toBe(200);
    expect(await rowOf()).toBeUndefined();
  });

  test('GraphQL: platformCampaigns, Platform.completed and Platform.revenue', async () => {
    const own = await createPlatform(app, pub);
    const a = await campaignOn(tasks.channel(), { budget: 1 });
    const b = await campaignOn(tasks.bot(), { budget: 1 });
    for (const [c, n, country] of [
      [a, 2, 'US'],
      [b, 1, 'FR'],
    ] as const) {
      for (const code of await clicks(c.campaign.id, players(n, country), own)) {
        await sdkConversion(app, c.project.secretKey, code);
      }
    }
    const res = await gql(
      app,
      `query($id: ID!) {
        platform(id: $id) { completed revenue }
        platformCampaigns(platformId: $id) { campaignId task { type title } completedQuantity profitBudget isActive }
        platforms(limit: 50) { data { id completed revenue } }
      }`,
      { id: String(own.id) },
      pub,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.platform).toEqual({ completed: 3, revenue: '0.32' });
    // Campaigns with conversions first; then every other campaign the app can show, at zero.
    expect(res.data.platformCampaigns.slice(0, 2)).toEqual([
      {
        campaignId: String(a.campaign.id),
        task: { type: 'CHANNEL', title: a.campaign.task.title },
        completedQuantity: 2,
        profitBudget: '0.24',
        isActive: true,
      },
      {
        campaignId: String(b.campaign.id),
        task: { type: 'BOT', title: b.campaign.task.title },
        completedQuantity: 1,
        profitBudget: '0.08',
        isActive: true,
      },
    ]);
    for (const row of res.data.platformCampaigns.slice(2)) {
      expect(row).toMatchObject({ completedQuantity: 0, profitBudget: '0.00', isActive: true });
    }
    expect(res.data.platforms.data.find((p: { id: string }) => p.id === String(own.id))).toEqual({
      id: String(own.id),
      completed: 3,
      revenue: '0.32',
    });
    const fresh = await createPlatform(app, pub);
    const empty = await gql(
      app,
      'query($id: ID!) { platform(id: $id) { completed revenue } platformCampaigns(platformId: $id) { campaignId completedQuantity } }',
      { id: String(fresh.id) },
      pub,
    );
    expect(empty.data.platform).toEqual({ completed: 0, revenue: '0.00' });
    // A new app lists what it can show, nothing converted yet.
    expect(empty.data.platformCampaigns.map((r: { campaignId: string }) => r.campaignId)).toContain(
      String(a.campaign.id),
    );
    for (const row of empty.data.platformCampaigns) expect(row.completedQuantity).toBe(0);
    const foreign = await gql(
      app,
      'query($id: ID!) { platformCampaigns(platformId: $id) { campaignId } }',
      { id: String(own.id) },
      adv,
    );
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await app.api(`/v1/platforms/${own.id}/campaigns`, { token: adv })).status).toBe(404);
  });
});

describe('races', () => {
  test('50 concurrent completions by one player of one campaign: exactly one payment', async () => {
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 1 });
    const [code] = await clicks(campaign.id, players(1, 'US'));
    const before = await balances(app, pubId);
    const results = await Promise.all(Array.from({ length: 50 }, () => sdkConversion(app, project.secretKey, code)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const completed = results.filter((r) => r.body.value.status === 'COMPLETED');
    expect(completed).toHaveLength(1);
    const id = completed[0].body.value.conversionId;
    expect(results.every((r) => r.body.value.conversionId === id)).toBe(true);
    expect(await conversionRows(campaign.id)).toHaveLength(1);
    expect(await budgetAccount(app, campaign.id)).toEqual({ available: 850_000n, pending: 150_000n });
    expect((await balances(app, pubId)).publisherOnHoldBalance - before.publisherOnHoldBalance).toBe(120_000n);
    expect(await getCampaign(app, adv, campaign)).toMatchObject({ conversions: 1, spend: 0.15 });
  });

  test('a budget for exactly 10 actions under 100 concurrent players: 10 paid, STOPPED, budget 0', async () => {
    // 0.50 USD at 0.05 per action (players without a country pay the cheapest tier).
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 0.5 });
    const codes = await clicks(campaign.id, players(100));
    const before = await balances(app, pubId);
    const results = await Promise.all(codes.map((code) => sdkConversion(app, project.secretKey, code)));
    const paid = results.filter((r) => r.status === 200);
    expect(paid).toHaveLength(10);
    expect(paid.every((r) => r.body.value.status === 'COMPLETED')).toBe(true);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['This campaign has no budget left for this action', 'This campaign is not running now']).toContain(
        r.body.error,
      );
    }
    expect(await getCampaign(app, adv, campaign)).toMatchObject({
      status: 'STOPPED',
      isActive: true,
      budget: 0,
      conversions: 10,
      spend: 0.5,
      todayConversions: 10,
    });
    expect(await budgetAccount(app, campaign.id)).toEqual({ available: 0n, pending: 500_000n });
    expect(await conversionRows(campaign.id)).toHaveLength(10);
    expect((await balances(app, pubId)).publisherOnHoldBalance - before.publisherOnHoldBalance).toBe(400_000n);
    const [stats] = await em(app).execute<{ completed: number; revenue: string }[]>(
      'select completed, revenue::text from platform_campaign_stats where platform_id = ? and campaign_id = ?',
      [platform.id, campaign.id],
    );
    expect(stats).toEqual({ completed: 10, revenue: '400000' });
  });

  test('a daily cap of 5 under 30 concurrent players: exactly 5', async () => {
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 5, dailyCap: 5 });
    const codes = await clicks(campaign.id, players(30, 'DE'));
    const results = await Promise.all(codes.map((code) => sdkConversion(app, project.secretKey, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(25);
    for (const r of refused) {
      expect(r).toMatchObject({
        status: 409,
        body: { error: 'This campaign reached its daily cap: try again tomorrow' },
      });
    }
    expect(await getCampaign(app, adv, campaign)).toMatchObject({
      status: 'ACTIVE',
      conversions: 5,
      todayConversions: 5,
      spend: 0.75,
      budget: 4.25,
    });
  });

  test('conversions racing budget returns never overdraw the budget', async () => {
    // 1 USD: 20 actions at 0.05; at the same time the advertiser takes 0.05 back 20 times.
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 1 });
    const codes = await clicks(campaign.id, players(20));
    const advBefore = (await balances(app, advId)).advertiserBalance;
    const returns = Array.from({ length: 20 }, () =>
      app.api(`${campaignsPath(project.id, campaign.id)}/payments`, {
        method: 'PUT',
        token: adv,
        body: { value: 0.05 },
      }),
    );
    const results = await Promise.all([...codes.map((c) => sdkConversion(app, project.secretKey, c)), ...returns]);
    const converted = results.slice(0, 20).filter((r) => r.status === 200).length;
    const returned = results.slice(20).filter((r) => r.status === 200).length;
    for (const r of results.slice(20).filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/^The campaign budget has only 0\.0[0-4]\d* USD left$/);
    }
    expect(converted + returned).toBe(20);
    expect((await balances(app, advId)).advertiserBalance - advBefore).toBe(BigInt(returned) * 50_000n);
    expect(await budgetAccount(app, campaign.id)).toEqual({ available: 0n, pending: BigInt(converted) * 50_000n });
    expect((await getCampaign(app, adv, campaign)).status).toBe('STOPPED');
  });
});

describe('live events over graphql-ws', () => {
  let project: ProjectJson;
  let campaign: CampaignJson;
  beforeAll(async () => {
    ({ project, campaign } = await campaignOn(tasks.bot(), { budget: 2 }));
  });

  const probeStats = (projectId: number) => ({
    id: 0,
    projectId,
    status: 'ACTIVE' as const,
    isActive: true,
    budget: '0',
    conversions: 0,
    spend: '0',
    todayConversions: 0,
    todaySpend: '0',
    notNew: 0,
  });
  const probePlatform = (platformId: number) => ({
    platformId,
    campaignId: 0,
    completedQuantity: 0,
    profitBudget: '0',
    platformCompleted: 0,
    platformRevenue: '0',
  });

  test('campaign, app and balance events reach their owners after a conversion', async () => {
    const advWs = gqlWs(app, adv);
    const pubWs = gqlWs(app, pub);
    try {
      await Promise.all([advWs.connected, pubWs.connected]);
      const STATS = 'id projectId status budget conversions spend todayConversions todaySpend';
      const byProject = advWs.subscribe(`subscription($p: ID) { campaignStatsChanged(projectId: $p) { ${STATS} } }`, {
        p: String(project.id),
      });
      const mine = advWs.subscribe(`subscription { campaignStatsChanged { ${STATS} } }`);
      const PSTATS = 'platformId campaignId completedQuantity profitBudget platformCompleted platformRevenue';
      const byPlatform = pubWs.subscribe(
        `subscription($p: ID) { platformStatsChanged(platformId: $p) { ${PSTATS} } }`,
        {
          p: String(platform.id),
        },
      );
      const myApps = pubWs.subscribe(`subscription { platformStatsChanged { ${PSTATS} } }`);
      const balance = pubWs.subscribe('subscription { balanceChanged { publisherBalance publisherOnHoldBalance } }');

      const isProbe = (field: string) => (e: { data?: Record<string, { id?: string; campaignId?: string }> }) =>
        e.data?.[field]?.id === '0' || e.data?.[field]?.campaignId === '0';
      await waitUntilLive(
        byProject,
        () => app.pubsub.publish(topics.campaignStats(project.id), probeStats(project.id)),
        isProbe('campaignStatsChanged'),
      );
      await waitUntilLive(
        mine,
        () => app.pubsub.publish(topics.ownerCampaignStats(advId), probeStats(project.id)),
        isProbe('campaignStatsChanged'),
      );
      await waitUntilLive(
        byPlatform,
        () => app.pubsub.publish(topics.platformStats(platform.id), probePlatform(platform.id)),
        isProbe('platformStatsChanged'),
      );
      await waitUntilLive(
        myApps,
        () => app.pubsub.publish(topics.ownerPlatformStats(pubId), probePlatform(platform.id)),
        isProbe('platformStatsChanged'),
      );
      await waitUntilLive(
        balance,
        () =>
          app.pubsub.publish(topics.balance(pubId), {
            advertiserBalance: '0',
            publisherBalance: '-1',
            publisherOnHoldBalance: '0',
            // Older than any real state: the conversion's event (version 1 or more) follows it.
            advertiserVersion: '0',
            publisherVersion: '0',
          }),
        (e) => e.data?.balanceChanged?.publisherBalance === '-0.000001',
      );

      const onHold = (await balances(app, pubId)).publisherOnHoldBalance;
      const [code] = await clicks(campaign.id, players(1, 'GB'));
      expect((await sdkConversion(app, project.secretKey, code)).body.value.status).toBe('COMPLETED');

      const expected = {
        id: String(campaign.id),
        projectId: String(project.id),
        status: 'ACTIVE',
        budget: '1.85',
        conversions: 1,
        spend: '0.15',
        todayConversions: 1,
        todaySpend: '0.15',
      };
      const ours = (e: { data?: { campaignStatsChanged?: { id: string } } }) =>
        e.data?.campaignStatsChanged?.id === String(campaign.id);
      expect((await byProject.nextEvent(ours)).data.campaignStatsChanged).toEqual(expected);
      expect((await mine.nextEvent(ours)).data.campaignStatsChanged).toEqual(expected);

      const [stats] = await em(app).execute<{ completed: string; revenue: string }[]>(
        'select sum(completed)::text as completed, sum(revenue)::text as revenue from platform_campaign_stats where platform_id = ?',
        [platform.id],
      );
      const platformEvent = {
        platformId: String(platform.id),
        campaignId: String(campaign.id),
        completedQuantity: 1,
        profitBudget: '0.12',
        platformCompleted: Number(stats.completed),
        platformRevenue: formatMoney(BigInt(stats.revenue)),
      };
      const oursP = (e: { data?: { platformStatsChanged?: { campaignId: string } } }) =>
        e.data?.platformStatsChanged?.campaignId === String(campaign.id);
      expect((await byPlatform.nextEvent(oursP)).data.platformStatsChanged).toEqual(platformEvent);
      expect((await myApps.nextEvent(oursP)).data.platformStatsChanged).toEqual(platformEvent);

      const money = (await balance.nextEvent((e) => e.data?.balanceChanged?.publisherBalance !== '-0.000001')).data
        .balanceChanged;
      expect(parseMoney(money.publisherOnHoldBalance)).toBe(onHold + 120_000n);

      // Budget moves are live too; another project's campaigns are not heard on this project.
      const elsewhere = await campaignOn(tasks.bot(), {});
      await app.api(`${campaignsPath(elsewhere.project.id, elsewhere.campaign.id)}/payments`, {
        token: adv,
        body: { value: 1 },
      });
      await app.api(`${campaignsPath(project.id, campaign.id)}/payments`, { token: adv, body: { value: 1 } });
      // The next real event (a late probe from waitUntilLive aside) is this project's own funding.
      const funded = await byProject.nextEvent((e) => e.data?.campaignStatsChanged?.id !== '0');
      expect(funded.data.campaignStatsChanged).toMatchObject({
        id: String(campaign.id),
        budget: '2.85',
        conversions: 1,
      });
      // All my campaigns: both fundings are heard.
      for (const [id, budget] of [
        [elsewhere.campaign.id, '1.00'],
        [campaign.id, '2.85'],
      ] as const) {
        const e = await mine.nextEvent(
          (x) => x.data?.campaignStatsChanged?.id === String(id) && x.data.campaignStatsChanged.budget === budget,
        );
        expect(e.data.campaignStatsChanged.status).toBe('ACTIVE');
      }
    } finally {
      await advWs.close();
      await pubWs.close();
    }
  });

  test('another user cannot listen to someone else’s project or app', async () => {
    const pubWs = gqlWs(app, pub);
    const advWs = gqlWs(app, adv);
    const anonymous = gqlWs(app);
    try {
      const foreignProject = pubWs.subscribe('subscription($p: ID) { campaignStatsChanged(projectId: $p) { id } }', {
        p: String(project.id),
      });
      expect(JSON.stringify(await foreignProject.error())).toContain('NOT_FOUND');
      // The argument written inline, not as a variable, is checked the same way.
      const inline = pubWs.subscribe(`subscription { campaignStatsChanged(projectId: "${project.id}") { id } }`);
      expect(await inline.error()).toEqual([
        expect.objectContaining({
          message: 'Project not found',
          extensions: expect.objectContaining({ code: 'NOT_FOUND' }),
        }),
      ]);
      const foreignApp = advWs.subscribe(
        'subscription($p: ID) { platformStatsChanged(platformId: $p) { campaignId } }',
        {
          p: String(platform.id),
        },
      );
      expect(JSON.stringify(await foreignApp.error())).toContain('NOT_FOUND');
      const nobody = anonymous.subscribe('subscription { campaignStatsChanged { id } }');
      expect(JSON.stringify(await nobody.error())).toContain('UNAUTHENTICATED');
    } finally {
      await pubWs.close();
      await advWs.close();
      await anonymous.close();
    }
  });
});

describe('batch postbacks: { events: [...] } in one request', () => {
  const batch = (key: string | undefined, events: unknown) =>
    app.api('/v1/sdk/events', { body: { events }, headers: key === undefined ? {} : { 'x-api-key': key } });

  test('one answer per event in order; bad events fail alone; the budget pays exactly what it holds; a replay answers DUPLICATE', async () => {
    // 0.30 USD per action in tier 1, a budget of 1 USD: three are paid, the fourth is not.
    const { project, campaign } = await campaignOn(tasks.custom(), {
      budget: 1,
      prices: [{ tierLevel: 1, value: 0.3 }],
    });
    const codes = await clicks(campaign.id, players(4, 'DE'));
    const events = [
      { type: 'conversion', click: codes[0] },
      { type: 'conversion', click: 'not a code' },
      { type: 'conversion', click: codes[1] },
      { type: 'verification', code: 'abc' },
      { type: 'conversion', click: 'no_such_click' },
      { type: 'conversion', click: codes[2] },
      'nonsense',
      { type: 'conversion', click: codes[3], isNew: true },
    ];
    const res = await batch(project.secretKey, events);
    expect(res.status).toBe(200);
    const results = res.body.value.results as {
      status: string;
      conversionId?: number;
      httpStatus?: number;
      error?: string;
    }[];
    expect(results).toHaveLength(events.length);
    expect(results[1]).toMatchObject({
      status: 'ERROR',
      httpStatus: 400,
      error: 'click must be the click code from the start parameter',
    });
    expect(results[3]).toMatchObject({ status: 'ERROR', httpStatus: 400, error: 'type must be "conversion"' });
    expect(results[4]).toMatchObject({ status: 'ERROR', httpStatus: 404, error: 'Click not found' });
    expect(results[6]).toMatchObject({ status: 'ERROR', httpStatus: 400 });
    const paid = [results[0], results[2], results[5], results[7]];
    expect(paid.filter((r) => r.status === 'COMPLETED')).toHaveLength(3);
    expect(paid.filter((r) => r.status === 'ERROR')).toMatchObject([
      { status: 'ERROR', httpStatus: 409, error: 'This campaign has no budget left for this action' },
    ]);
    expect(await conversionRows(campaign.id)).toHaveLength(3);
    expect(await budgetAccount(app, campaign.id)).toEqual({ available: 100_000n, pending: 900_000n });

    // The same batch again: what was recorded answers DUPLICATE with its conversion; nothing moves.
    const again = (await batch(project.secretKey, events)).body.value.results as typeof results;
    paid.forEach((r, i) => {
      const replay = again[[0, 2, 5, 7][i]];
      if (r.status === 'COMPLETED') expect(replay).toEqual({ status: 'DUPLICATE', conversionId: r.conversionId });
      else expect(replay).toMatchObject({ status: 'ERROR', httpStatus: 409 });
    });
    expect(await conversionRows(campaign.id)).toHaveLength(3);
    expect(await budgetAccount(app, campaign.id)).toEqual({ available: 100_000n, pending: 900_000n });
  });

  test('the request itself: key, list, size', async () => {
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 1 });
    const [code] = await clicks(campaign.id, players(1));
    const one = [{ type: 'conversion', click: code }];
    expect(await batch(undefined, one)).toMatchObject({
      status: 401,
      body: { error: FAILURES.MISSING_API_KEY.message },
    });
    expect(await batch(project.secretKey, [])).toMatchObject({
      status: 400,
      body: { error: 'events must hold at least one event' },
    });
    expect(await batch(project.secretKey, 3)).toMatchObject({
      status: 400,
      body: { error: 'events must be a list of conversion events' },
    });
    const tooMany = Array.from({ length: MAX_SDK_BATCH + 1 }, () => one[0]);
    expect(await batch(project.secretKey, tooMany)).toMatchObject({
      status: 400,
      body: { error: `events may hold at most ${MAX_SDK_BATCH} events; send the rest in another request` },
    });
    // A key that is not this click's project's: the event answers what it would alone.
    expect((await batch('tgp_not_a_real_key_000000000000000', one)).body.value.results).toMatchObject([
      { status: 'ERROR', httpStatus: 401, error: FAILURES.INVALID_API_KEY.message },
    ]);
    // A single event keeps its own messages.
    expect(
      await app.api('/v1/sdk/events', { body: { type: 'conversion' }, headers: { 'x-api-key': project.secretKey } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'click is required' },
    });
    expect(await app.api('/v1/sdk/events', { body: {}, headers: { 'x-api-key': project.secretKey } })).toMatchObject({
      status: 400,
      body: { error: 'type must be "verification" or "conversion"' },
    });
    expect(await conversionRows(campaign.id)).toEqual([]);
  });

  test('live events carry the totals after the batch, once per campaign, not once per conversion', async () => {
    const { project, campaign } = await campaignOn(tasks.bot(), { budget: 10 });
    const codes = await clicks(campaign.id, players(12));
    const events = await app.pubsub.subscribe<{ id: number; conversions: number }>(topics.campaignStats(project.id));
    const res = await batch(
      project.secretKey,
      codes.map((click) => ({ type: 'conversion', click })),
    );
    expect((res.body.value.results as { status: string }[]).every((r) => r.status === 'COMPLETED')).toBe(true);
    const first = await events.next();
    expect(first.value).toMatchObject({ id: campaign.id, conversions: 12 });
    // Nothing else for this campaign follows.
    const more = await Promise.race([events.next(), new Promise((r) => setTimeout(() => r('none'), 300))]);
    expect(more).toBe('none');
    await events.return?.();
  });
});
