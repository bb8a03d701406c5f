import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { DAY_MS } from '../../server/modules/campaigns/conversions.service.ts';
import { type FakeBotApi, type FakeTelegramUser, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { createApprovedUser, outboxMails } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  ageCampaign,
  createCampaign,
  createPlatform,
  createProject,
  em,
  expectLedgerClean,
  newPlayer,
  type PlatformJson,
  showcase,
  start,
  tasks,
  topUp,
  unique,
} from '../helpers/campaigns.ts';
import { login } from '../helpers/graphql.ts';
import { botEnv, linkTelegram, messagesOf } from '../helpers/telegram.ts';

/*
 * The network floor against the local Bot API fake: an app whose players leave falls under
 * QUALITY_FLOOR; it gets no paid campaigns, its publisher is mailed and sees why, the moderators
 * get one report with the components, and a moderator lifts the pause with a note.
 */

let fake: FakeBotApi;
let app: TestApp & { close(): Promise<void> };
let adv: string;
let pub: { token: string; email: string; tg: FakeTelegramUser };
let bad: PlatformJson;
let fine: PlatformJson;

beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'floor_system_bot' });
  app = await startTestApp({
    demo: true,
    env: {
      ...botEnv(fake),
      QUALITY_MIN_SAMPLE: '4',
      // Retention 0 and all voided score 45: under a floor of 60.
      QUALITY_FLOOR: '60',
      FRAUD_MIN_SECONDS: '0',
    },
  });
  adv = await login(app, 'advertiser@demo.local');
  const advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
  await topUp(app, advId, '50');
  const publisher = await createApprovedUser(app, { role: 'PUBLISHER' });
  pub = {
    token: publisher.token,
    email: publisher.email as string,
    tg: await linkTelegram(app, fake, publisher.token),
  };
  bad = await createPlatform(app, pub.token);
  fine = await createPlatform(app, pub.token);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
afterEach(() => expectLedgerClean(app));

const listed = async (platform: PlatformJson) => {
  const res = await showcase(app, platform, { user: newPlayer(), country: 'US' });
  return (res.body.value.tasks as { campaignId: number }[]).map((t) => t.campaignId);
};
const quality = async (platformId: number) =>
  (await app.api(`/v1/platforms/${platformId}/quality`, { token: pub.token })).body.value;

test('an app under the floor: no paid tasks, its publisher and the moderators see why, a moderator lifts the pause', async () => {
  const username = unique('floor_news');
  fake.setChat({ username, type: 'channel', title: 'Floor News' });
  const project = await createProject(app, adv, [tasks.channel({ url: `https://t.me/${username}` })]);
  const campaign = await createCampaign(app, adv, project.tasks[0], { budget: 5 });
  for (let i = 0; i < 4; i++) {
    const player = { user: newPlayer(), country: 'US' };
    await start(app, bad, player, campaign.id);
    fake.setMember(username, player.user.id, 'member');
    expect((await showcase(app, bad, player, `/tasks/${campaign.id}/check`)).body.value.status).toBe('COMPLETED');
    fake.setMember(username, player.user.id, 'left');
  }
  expect(await listed(bad)).toContain(campaign.id);
  await ageCampaign(app, campaign.id, 8);
  expect(await app.services.conversions.resolveHolds(em(app), 7 * DAY_MS)).toEqual({ posted: 0, voided: 4 });

  // The hold end applies the floor at once (no job round needed).
  await expect.poll(async () => (await quality(bad.id)).pause, { timeout: 3000, interval: 100 }).not.toBeNull();
  const paused = await quality(bad.id);
  expect(paused).toMatchObject({ score: 45, pause: { score: 45, floor: 60, liftedAt: null } });
  expect(await listed(bad)).not.toContain(campaign.id);
  expect(await listed(fine)).toContain(campaign.id);
  expect((await quality(fine.id)).pause).toBeNull();

  // The publisher is mailed why.
  // (Not the decision on the publisher's registration, mailed when the account was approved.)
  const pauseMails = async () => (await outboxMails(app, pub.email)).filter((m) => m.includes('Paid campaigns paused'));
  await expect.poll(async () => (await pauseMails()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mail = (await pauseMails()).at(-1)!;
  expect(mail).toContain(`Subject: Paid campaigns paused in ${bad.title}`);
  expect(mail).toContain('score over the last 30 days is 45');
  // And told in Telegram, with a button to the app.
  // (After the link's confirmation and the app's first conversion.)
  const [, first, paused1] = await messagesOf(fake, pub.tg.id, 3);
  expect(first.text).toBe(`🎉 “${bad.title}” earned its first conversion.`);
  expect(paused1.text).toBe(`⏸ “${bad.title}” was paused: its quality 45 fell under the floor of 60.`);
  expect(paused1.buttons).toEqual([{ text: 'Open the app', url: `${app.url}/publisher/${bad.id}/campaigns` }]);

  // One report in the moderators' queue, with the components as evidence.
  const moderator = await login(app, 'moderator@demo.local');
  const queue = await app.api(`/v1/player-reports?filters=${encodeURIComponent(JSON.stringify({ app: [bad.id] }))}`, {
    token: moderator,
  });
  const floorReports = queue.body.value.data.filter((r: { text: string }) => r.text.includes('floor'));
  expect(floorReports).toHaveLength(1);
  const reportId = floorReports[0].id;
  const detail = await app.api(`/v1/player-reports/${reportId}`, { token: moderator });
  expect(detail.body.value).toMatchObject({ reason: 'FRAUD_RULE', rule: 'QUALITY_FLOOR' });
  expect(detail.body.value.evidence).toMatchObject({ score: 45, floor: 60, retention: 0, voidRate: 1 });

  // The next round changes nothing for it: one pause, one report.
  expect(await app.services.quality.floor.enforceFloor(em(app), [bad.id])).toEqual([]);

  // A moderator lifts it with a note: paid tasks come back, the history keeps who, when and why.
  await app.api(`/v1/player-reports/${reportId}/claim`, { method: 'PATCH', token: moderator, body: {} });
  const note = 'The players left after a channel purge by the advertiser, not because of the app.';
  const rejected = await app.api(`/v1/player-reports/${reportId}/status`, {
    method: 'PATCH',
    token: moderator,
    body: { status: 'REJECTED', note },
  });
  expect(rejected.status).toBe(200);
  await expect.poll(() => listed(bad), { timeout: 1500, interval: 100 }).toContain(campaign.id);
  expect((await quality(bad.id)).pause).toMatchObject({ liftNote: note });
  expect((await quality(bad.id)).pause.liftedAt).not.toBeNull();
  expect((await messagesOf(fake, pub.tg.id, 4))[3].text).toBe(
    `▶️ Paid campaigns show in “${bad.title}” again: its pause under the quality floor ended.`,
  );
  const history = (await app.api(`/v1/player-reports/${reportId}`, { token: moderator })).body.value.history;
  expect(history.at(-1)).toMatchObject({ action: 'rejected', note, effects: { liftedPause: { appId: bad.id } } });
  // A lifted pause is not opened again while the score stays low.
  expect(await app.services.quality.floor.enforceFloor(em(app), [bad.id])).toEqual([]);

  // The conversions leave the 30-day window: not enough data, the pause ends (its row stays).
  await ageCampaign(app, campaign.id, 40);
  expect(await app.services.quality.floor.enforceFloor(em(app), [bad.id])).toEqual([bad.id]);
  expect(await quality(bad.id)).toMatchObject({ score: null, pause: null });
  const [rows] = await em(app).execute<{ n: number }[]>(
    'select count(*)::int as n from platform_quality_pauses where platform_id = ? and ended_at is not null',
    [bad.id],
  );
  expect(rows.n).toBe(1);
  // Its end was told when it was lifted: no second message.
  await new Promise((r) => setTimeout(r, 500));
  expect(fake.messagesTo(pub.tg.id)).toHaveLength(4);
  // Two apps' traffic, the floor's job and five notices: 30 s was too short beside a second run.
}, 120_000);
