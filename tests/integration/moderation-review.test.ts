import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../server/modules/campaigns/conversions.service.ts';
import { type FakeBotApi, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import {
  balances,
  budgetAccount,
  createCampaign,
  createPlatform,
  createProject,
  em,
  expectLedgerClean,
  newPlayer,
  type PlatformJson,
  type PlayerSession,
  sdkConversion,
  showcase,
  start,
  tasks,
  topUp,
  USD,
  unique,
} from '../helpers/campaigns.ts';
import { gql, gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';
import { topics } from '../../server/lib/pubsub.ts';

/**
 * Campaign review (an advertiser's first campaigns wait for a moderator) and the fraud rules
 * (thresholds from the environment, one report per rule, subject and day).
 */

let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof startTestApp>>;
let mod1: string;
let mod2: string;
let pub: string;
let platform: PlatformJson;

beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'review_system_bot' });
  app = await startTestApp({
    demo: true,
    env: {
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_URL: fake.url,
      FRAUD_MIN_SECONDS: '5',
      FRAUD_MAX_PER_HOUR: '3',
      FRAUD_LEAVE_RATE: '0.4',
      FRAUD_LEAVE_MIN_SAMPLE: '2',
    },
  });
  [mod1, mod2] = await Promise.all([login(app, 'moderator@demo.local'), login(app, 'moderator2@demo.local')]);
  pub = (await createApprovedUser(app, { role: 'PUBLISHER' })).token;
  platform = await createPlatform(app, pub);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
afterEach(() => expectLedgerClean(app));

const review = (token: string, id: number, action: string, body: unknown = {}) =>
  app.api(`/v1/moderation/campaigns/${id}/${action}`, { method: 'PATCH', token, body });
const listedIn = async (p: PlatformJson) =>
  ((await showcase(app, p, { user: newPlayer() })).body.value.tasks as { campaignId: number }[]).map(
    (t) => t.campaignId,
  );

/** A new advertiser with money and a project of one bot task. */
async function newcomer(usd = '20') {
  const user = await createApprovedUser(app, { role: 'ADVERTISER' });
  await topUp(app, user.userId, usd);
  const project = await createProject(app, user.token, [tasks.bot()]);
  return { ...user, project };
}

describe('campaign review', () => {
  test('a first campaign waits in MODERATION, out of the showcase, until approved; later ones start at once', async () => {
    const a = await newcomer();
    const counts = async () => (await app.api('/v1/moderation/counts', { token: mod1 })).body.value;
    const before = await counts();
    const first = await createCampaign(app, a.token, a.project.tasks[0], {
      name: 'First Try',
      budget: 5,
      // Shown to everyone (the showcase check below lists it), up to 40 a day.
      dailyCap: 40,
    });
    expect(first.status).toBe('MODERATION');
    expect(await listedIn(platform)).not.toContain(first.id);
    expect((await counts()).campaignsToReview).toBe(before.campaignsToReview + 1);

    const queue = await app.api(
      `/v1/moderation/campaigns?${new URLSearchParams({ filters: JSON.stringify({ status: 'MODERATION' }), search: a.email })}`,
      { token: mod1 },
    );
    expect(queue.status).toBe(200);
    expect(queue.body.value).toMatchObject({
      totalCount: 1,
      data: [
        {
          id: first.id,
          name: 'First Try',
          status: 'MODERATION',
          budget: 5,
          advertiser: { id: a.userId, email: a.email },
          // What players will see (the task's logo, title and link) and who will see it, before Approve.
          task: {
            type: 'BOT',
            title: a.project.tasks[0].title,
            url: a.project.tasks[0].url,
            logo: a.project.tasks[0].logo,
          },
          targeting: {
            countries: [],
            languages: [],
            dailyCap: 40,
            premiumOnly: false,
            newUsersOnly: true,
            minQuality: null,
            unscoredAllowed: true,
          },
          claimedBy: null,
        },
      ],
    });

    // Claims as for reports: one moderator at a time.
    const claims = await Promise.all([mod1, mod2, mod1, mod2, mod1, mod2].map((t) => review(t, first.id, 'claim')));
    expect(claims.filter((r) => r.status === 200)).toHaveLength(1);
    const winner = claims.find((r) => r.status === 200)!.body.value.claimedBy.name as string;
    const [holder, other] = winner === 'Morgan Moderator' ? [mod1, mod2] : [mod2, mod1];
    expect((await review(other, first.id, 'approve')).body.error).toBe(
      `This campaign is claimed by ${winner}: only they can decide it`,
    );
    expect((await review(other, first.id, 'claim')).body.error).toBe(`This campaign is already claimed by ${winner}`);
    expect((await review(holder, first.id, 'publish')).status).toBe(400);

    const approved = await review(holder, first.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.value).toMatchObject({ status: 'ACTIVE', claimedBy: null, approvedAt: expect.any(String) });
    expect(await listedIn(platform)).toContain(first.id);
    expect((await review(holder, first.id, 'reject', { reason: 'Too late' })).body.error).toBe(
      'This campaign was already approved',
    );
    // The advertiser is known now: the next campaign runs without review.
    const second = await createCampaign(app, a.token, a.project.tasks[0], { name: 'Second', budget: 1 });
    expect(second.status).toBe('ACTIVE');
    const detail = (await app.api(`/v1/moderation/campaigns/${first.id}`, { token: mod1 })).body.value;
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['claimed', 'approved']);
  });

  test('rejected with a reason: the budget goes back, the advertiser sees it live, the campaign takes no money', async () => {
    const a = await newcomer('20');
    const c = await createCampaign(app, a.token, a.project.tasks[0], { name: 'Shady', budget: 12.5 });
    expect(c.status).toBe('MODERATION');
    expect((await balances(app, a.userId)).advertiserBalance).toBe((75n * USD) / 10n);

    const ws = gqlWs(app, a.token);
    await ws.connected;
    const live = ws.subscribe('subscription { campaignStatsChanged { id status rejectReason budget } }');
    const modWs = gqlWs(app, mod1);
    await modWs.connected;
    const queue = modWs.subscribe('subscription { campaignReviewChanged { id status claimedBy { name } } }');
    // The advertiser's subscription is live once a probe published on its topic reaches it.
    const probe = { id: 0, projectId: c.projectId, status: 'ACTIVE', isActive: true, budget: '0', conversions: 0 };
    await waitUntilLive(
      live,
      () =>
        app.pubsub.publish(topics.ownerCampaignStats(a.userId), {
          ...probe,
          spend: '0',
          todayConversions: 0,
          todaySpend: '0',
          notNew: 0,
        }),
      (e) => e.data?.campaignStatsChanged.id === '0',
    );
    expect((await review(mod1, c.id, 'claim')).status).toBe(200);
    const claimed = await queue.nextEvent((e) => e.data?.campaignReviewChanged.id === String(c.id), 2000);
    expect(claimed.data.campaignReviewChanged.claimedBy).toEqual({ name: 'Morgan Moderator' });
    expect(await review(mod1, c.id, 'reject', { reason: '   ' })).toMatchObject({
      status: 400,
      body: { error: 'Tell the advertiser why the campaign is rejected' },
    });
    expect((await review(mod1, c.id, 'reject', { reason: 'x'.repeat(501) })).body.error).toBe('At most 500 characters');
    const rejected = await review(mod1, c.id, 'reject', { reason: 'The bot asks players for their phone number.' });
    expect(rejected.body.value).toMatchObject({ status: 'REJECTED', budget: 0 });

    const event = await live.nextEvent((e) => e.data?.campaignStatsChanged.id === String(c.id), 2000);
    expect(event.data.campaignStatsChanged).toEqual({
      id: String(c.id),
      status: 'REJECTED',
      rejectReason: 'The bot asks players for their phone number.',
      budget: '0.00',
    });
    expect((await balances(app, a.userId)).advertiserBalance).toBe(20n * USD);
    expect(await budgetAccount(app, c.id)).toEqual({ available: 0n, pending: 0n });
    const mine = await app.api(`/v1/projects/${c.projectId}/campaigns/${c.id}`, { token: a.token });
    expect(mine.body.value).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'The bot asks players for their phone number.',
    });
    const fund = await app.api(`/v1/projects/${c.projectId}/campaigns/${c.id}/payments`, {
      token: a.token,
      body: { value: 5 },
    });
    expect(fund).toMatchObject({
      status: 400,
      body: { error: 'This campaign was rejected by moderation: create a new one' },
    });
    expect(await listedIn(platform)).not.toContain(c.id);
    const { history } = (await app.api(`/v1/moderation/campaigns/${c.id}`, { token: mod1 })).body.value;
    expect(history.at(-1)).toMatchObject({
      action: 'rejected',
      to: 'REJECTED',
      note: 'The bot asks players for their phone number.',
      effects: { budgetReturned: String((125n * USD) / 10n) },
    });
    // Not a moderator: 403 everywhere.
    expect((await review(a.token, c.id, 'approve')).status).toBe(403);
    expect((await app.api('/v1/moderation/campaigns', { token: a.token })).status).toBe(403);
    const gqlRes = await gql(app, 'mutation($id: ID!) { approveCampaign(id: $id) { id } }', { id: c.id }, a.token);
    expect(gqlRes.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    await Promise.all([ws.close(), modWs.close()]);
  });
});

describe('fraud rules', () => {
  const advertiser = async () => {
    const token = await login(app, 'advertiser@demo.local');
    const id = (await app.api('/v1/users/self', { token })).body.value.id;
    await topUp(app, id, '50');
    return token;
  };
  const fraudReports = async (rule: string, subject: string) =>
    em(app).execute<{ id: number; text: string; evidence: Record<string, unknown>; platform_id: number }[]>(
      'select id, text, evidence, platform_id from player_reports where rule = ? and rule_subject = ? order by id',
      [rule, subject],
    );

  const appReports = (rule: string, platformId: number) =>
    em(app).execute<{ id: number; text: string; evidence: { hits: number; players: Record<string, unknown>[] } }[]>(
      `select id, text, evidence from player_reports where rule = ? and platform_id = ? and rule_subject like 'app:%' order by id`,
      [rule, platformId],
    );

  test('fast completions and too many in an hour: one report per app, rule and day, listing the players; it grows live', async () => {
    const adv = await advertiser();
    const projects = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createProject(app, adv, [tasks.bot()])));
    const campaigns = await Promise.all(projects.map((p) => createCampaign(app, adv, p.tasks[0], { budget: 1 })));
    const other = await createPlatform(app, pub);
    const player: PlayerSession = { user: newPlayer() };
    const second: PlayerSession = { user: newPlayer() };
    const careful: PlayerSession = { user: newPlayer() };

    // A careful player takes 10 s: no hit.
    const slow = await start(app, platform, careful, campaigns[0].id);
    await em(app).execute("update clicks set created_at = now() - interval '10 seconds' where id = ?", [slow.clickId]);
    await sdkConversion(app, projects[0].secretKey, slow.code);

    // The player completes four tasks in two apps within a second each.
    for (const [i, c] of campaigns.slice(0, 4).entries()) {
      const click = await start(app, i % 2 ? other : platform, player, c.id);
      expect((await sdkConversion(app, projects[i].secretKey, click.code)).body.value.status).toBe('COMPLETED');
    }
    await app.services.fraud.flush();
    // One report per app and rule; a player is flagged once a rule a day, in the app of the first hit.
    expect(await appReports('FAST_COMPLETION', other.id)).toEqual([]);
    const [fast] = await appReports('FAST_COMPLETION', platform.id);
    expect(fast.text).toBe(
      '1 player of this app completed a task faster than a human can today (under 5 s after starting it). Each player, their conversion and time are in the evidence.',
    );
    expect(fast.evidence).toMatchObject({ hits: 1, players: [{ playerId: player.user.id, limitSeconds: 5 }] });
    expect(fast.evidence.players[0].conversionId).toEqual(expect.any(Number));
    expect(fast.evidence.players.map((p) => p.playerId)).not.toContain(careful.user.id);
    // Too many in an hour: filed in the app of the player's latest completion.
    const [hourly] = await appReports('HOURLY_COMPLETIONS', other.id);
    expect(hourly.evidence).toMatchObject({
      hits: 1,
      players: [{ playerId: player.user.id, completions: 4, limitPerHour: 3 }],
    });

    // A moderator watching the queue sees the app's report grow when a second player hits.
    const ws = gqlWs(app, mod1);
    const live = ws.subscribe<{ playerReportChanged: { id: string; text: string } }>(
      'subscription { playerReportChanged { id text } }',
    );
    await waitUntilLive(
      live,
      async () => app.pubsub.publish(topics.playerReports(), await app.services.reports.view(em(app), fast.id)),
      (e) => e.data?.playerReportChanged.id === String(fast.id),
    );
    // The same player again today adds nothing; a second player grows the report.
    const again = await start(app, platform, player, campaigns[4].id);
    await sdkConversion(app, projects[4].secretKey, again.code);
    const click = await start(app, platform, second, campaigns[5].id);
    await sdkConversion(app, projects[5].secretKey, click.code);
    await app.services.fraud.flush();
    const grown = await live.nextEvent((e) => e.data?.playerReportChanged.text.startsWith('2 players') === true);
    expect(grown.data?.playerReportChanged.id).toBe(String(fast.id));
    await ws.close();
    // Still one report for the app; the same player is not listed twice.
    const reports = await appReports('FAST_COMPLETION', platform.id);
    expect(reports).toHaveLength(1);
    expect(reports[0].evidence.hits).toBe(2);
    expect(reports[0].evidence.players.map((p) => p.playerId)).toEqual([player.user.id, second.user.id]);

    // Resolving it applies to the players it lists: both blocked in the app, their conversions voided.
    expect(
      (await app.api(`/v1/player-reports/${fast.id}/claim`, { method: 'PATCH', token: mod1, body: {} })).status,
    ).toBe(200);
    const resolved = await app.api(`/v1/player-reports/${fast.id}/status`, {
      method: 'PATCH',
      token: mod1,
      body: { status: 'RESOLVED', effects: { voidConversion: true, blockPlayer: true }, note: 'Farm accounts.' },
    });
    expect(resolved.status).toBe(200);
    const blocked = await em(app).execute<{ player_id: string }[]>(
      'select player_id from showcase_blocks where platform_id = ? and report_id = ? order by player_id',
      [platform.id, fast.id],
    );
    expect(blocked.map((b) => Number(b.player_id)).sort()).toEqual([player.user.id, second.user.id].sort());
    const detail = (await app.api(`/v1/player-reports/${fast.id}`, { token: mod1 })).body.value;
    expect(detail.history.at(-1).effects).toMatchObject({
      voidConversion: { players: 2, conversions: { VOIDED: 2 } },
      blockPlayer: { players: 2 },
    });

    // The moderators' queue shows them as FRAUD_RULE reports about each app.
    const queue = await app.api(
      `/v1/player-reports?${new URLSearchParams({ filters: JSON.stringify({ reason: 'FRAUD_RULE', app: other.id }) })}`,
      { token: mod1 },
    );
    expect(queue.body.value.data.map((r: { rule: string }) => r.rule)).toEqual(['HOURLY_COMPLETIONS']);
  });

  test('an app whose players leave channels more than the limit is flagged after the hold ends', async () => {
    const adv = await advertiser();
    const app2 = await createPlatform(app, pub, { title: 'Leaky App' });
    const username = unique('leaky_news');
    fake.setChat({ username, type: 'channel', title: 'Leaky News' });
    const project = await createProject(app, adv, [tasks.channel({ url: `https://t.me/${username}` })]);
    const c = await createCampaign(app, adv, project.tasks[0], { budget: 2 });
    const players = [newPlayer(), newPlayer()].map((user) => ({ user }));
    for (const p of players) {
      await start(app, app2, p, c.id);
      fake.setMember(username, p.user.id, 'member');
      expect((await showcase(app, app2, p, `/tasks/${c.id}/check`)).body.value.status).toBe('COMPLETED');
    }
    await em(app).execute("update conversions set created_at = now() - interval '8 days' where campaign_id = ?", [
      c.id,
    ]);
    fake.setMember(username, players[0].user.id, 'left');
    expect(await app.services.conversions.resolveHolds(em(app), 7 * DAY_MS)).toMatchObject({ voided: 1 });
    // The rule runs after the commit; its report appears moments later.
    await expect
      .poll(() => fraudReports('APP_LEAVE_RATE', `app:${app2.id}`), { timeout: 5000, interval: 100 })
      .toHaveLength(1);
    const [report] = await fraudReports('APP_LEAVE_RATE', `app:${app2.id}`);
    expect(report).toMatchObject({
      platform_id: app2.id,
      text: "50% of the app's channel and chat players left before the hold ended (1 of 2 in 7 days; limit 40%).",
      evidence: { voided: 1, resolved: 2, rate: 0.5, limitRate: 0.4 },
    });
    // The first app, whose players stayed, is not flagged.
    expect(await fraudReports('APP_LEAVE_RATE', `app:${platform.id}`)).toEqual([]);
  });
});
