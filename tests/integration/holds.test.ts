import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
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
  getCampaign,
  newPlayer,
  type PlatformJson,
  type PlayerSession,
  sdkConversion,
  showcase,
  start,
  tasks,
  topUp,
  unique,
} from '../helpers/campaigns.ts';
import { login } from '../helpers/graphql.ts';

const HOLD_MS = 7 * DAY_MS;
let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof startTestApp>>;
let adv: string;
let advId: number;
let pub: string;
let pubId: number;
let platform: PlatformJson;

beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'hold_system_bot' });
  app = await startTestApp({
    demo: true,
    env: { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_URL: fake.url },
  });
  adv = await login(app, 'advertiser@demo.local');
  advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
  await topUp(app, advId, '100');
  const publisher = await createApprovedUser(app, { role: 'PUBLISHER' });
  pub = publisher.token;
  pubId = publisher.userId;
  platform = await createPlatform(app, pub);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
afterEach(() => expectLedgerClean(app));

const resolveHolds = () => app.services.conversions.resolveHolds(em(app), HOLD_MS);

/** The hold of these conversions started `days` ago. */
const age = (ids: number[], days: number) =>
  em(app).execute(
    `update conversions set created_at = now() - (? * interval '1 day') where id in (${ids.map(() => '?').join(', ')})`,
    [days, ...ids],
  );

async function conversion(id: number) {
  const [row] = await em(app).execute<
    { status: string; price: string; publisher_amount: string; fee_amount: string; resolved: boolean }[]
  >(
    `select status, price::text, publisher_amount::text, fee_amount::text, resolved_at is not null as resolved
       from conversions where id = ?`,
    [id],
  );
  return row;
}

/** A channel campaign the players join (through the fake Bot API) and complete by checking. */
async function channelCampaign(budget: number) {
  const username = unique('hold_news');
  fake.setChat({ username, type: 'channel', title: 'Hold News' });
  const project = await createProject(app, adv, [tasks.channel({ url: `https://t.me/${username}` })]);
  const campaign = await createCampaign(app, adv, project.tasks[0], { budget });
  const join = async (player: PlayerSession) => {
    await start(app, platform, player, campaign.id);
    fake.setMember(username, player.user.id, 'member');
    const res = await showcase(app, platform, player, `/tasks/${campaign.id}/check`);
    expect(res.body.value.status).toBe('COMPLETED');
    const [row] = await em(app).execute<{ id: number }[]>(
      'select id from conversions where campaign_id = ? and player_id = ?',
      [campaign.id, player.user.id],
    );
    return Number(row.id);
  };
  return { username, project, campaign, join };
}

/** Ledger transfers that resolved (posted or voided) the pending transfers of these conversions. */
async function resolutions(ids: number[]): Promise<number> {
  const [row] = await em(app).execute<{ n: string }[]>(
    `select count(*) as n from ledger_transfers r join conversions v
        on r.pending_id in (v.publisher_transfer_id, v.fee_transfer_id)
      where v.id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return Number(row.n);
}

const stats = async (campaignId: number) => {
  const [row] = await em(app).execute<{ completed: number; revenue: string }[]>(
    'select completed, revenue::text from platform_campaign_stats where platform_id = ? and campaign_id = ?',
    [platform.id, campaignId],
  );
  return row;
};

test('hold end: a player who left the channel is VOIDED, the rest POSTED; exact money both ways', async () => {
  const channel = await channelCampaign(2);
  const [left, stayed, unknown] = [
    { user: newPlayer(), country: 'US' }, // 0.15: the publisher's share 0.12
    { user: newPlayer(), country: 'FR' }, // 0.10: 0.08
    { user: newPlayer(), country: 'RU' }, // 0.05: 0.04
  ];
  const ids = {
    left: await channel.join(left),
    stayed: await channel.join(stayed),
    unknown: await channel.join(unknown),
  };
  // A bot conversion is not checked again; a recent one is not due yet.
  const botProject = await createProject(app, adv, [tasks.bot()]);
  const bot = await createCampaign(app, adv, botProject.tasks[0], { budget: 1 });
  const botIds: number[] = [];
  for (const player of [{ user: newPlayer() }, { user: newPlayer() }]) {
    const click = await start(app, platform, player, bot.id);
    botIds.push((await sdkConversion(app, botProject.secretKey, click.code)).body.value.conversionId);
  }
  await age([ids.left, ids.stayed, ids.unknown, botIds[0]], 8);

  fake.setMember(channel.username, left.user.id, 'left');
  fake.setMember(channel.username, unknown.user.id, null); // Telegram answers "user not found": not the player's fault
  const before = {
    pub: await balances(app, pubId),
    budget: await budgetAccount(app, channel.campaign.id),
    campaign: await getCampaign(app, adv, channel.campaign),
    stats: await stats(channel.campaign.id),
    adv: (await balances(app, advId)).advertiserBalance,
  };
  expect(before.campaign).toMatchObject({ conversions: 3, spend: 0.3, budget: 1.7 });
  fake.reset();

  expect(await resolveHolds()).toEqual({ posted: 3, voided: 1 });

  expect(await conversion(ids.left)).toMatchObject({ status: 'VOIDED', resolved: true });
  for (const id of [ids.stayed, ids.unknown, botIds[0]]) {
    expect(await conversion(id)).toMatchObject({ status: 'POSTED', resolved: true });
  }
  expect(await conversion(botIds[1])).toMatchObject({ status: 'HOLD', resolved: false });
  // Only the channel's players were asked about, each once.
  expect(
    fake
      .callsOf('getChatMember')
      .map((c) => Number(c.params.user_id))
      .sort(),
  ).toEqual([left.user.id, stayed.user.id, unknown.user.id].sort());

  // Publisher: every matured share left the hold; the posted ones are available now (0.08 + 0.04 + 0.04).
  const after = await balances(app, pubId);
  expect(before.pub.publisherOnHoldBalance - after.publisherOnHoldBalance).toBe(120_000n + 80_000n + 40_000n + 40_000n);
  expect(after.publisherBalance - before.pub.publisherBalance).toBe(80_000n + 40_000n + 40_000n);
  // The campaign: the voided price is budget again, the posted ones are spent for good.
  expect(await budgetAccount(app, channel.campaign.id)).toEqual({
    available: before.budget.available + 150_000n,
    pending: before.budget.pending - 300_000n,
  });
  expect(await getCampaign(app, adv, channel.campaign)).toMatchObject({ conversions: 2, spend: 0.15, budget: 1.85 });
  expect(await stats(channel.campaign.id)).toEqual({
    completed: before.stats.completed - 1,
    revenue: String(BigInt(before.stats.revenue) - 120_000n),
  });
  // The network fee of the posted ones is earned; of the voided one, gone back to the budget.
  const [fee] = await em(app).execute<{ credits_posted: string; credits_pending: string }[]>(
    `select credits_posted::text, credits_pending::text from ledger_accounts where kind = 'NETWORK_FEE' and campaign_id = ?`,
    [channel.campaign.id],
  );
  expect(fee).toEqual({ credits_posted: String(20_000n + 10_000n), credits_pending: '0' });
  // The advertiser balance is not touched: the money stays in the running campaign.
  expect((await balances(app, advId)).advertiserBalance).toBe(before.adv);
  // The voided action is not in the report either.
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 9 * DAY_MS).toISOString().slice(0, 10);
  const report = await app.api(`/v1/campaigns/reports?from=${from}&to=${today}&campaignId=${channel.campaign.id}`, {
    token: adv,
  });
  expect(report.body.value.data.reduce((n: number, d: { conversions: number }) => n + d.conversions, 0)).toBe(2);

  // Nothing left to do; a second run changes nothing.
  expect(await resolveHolds()).toEqual({ posted: 0, voided: 0 });
  expect(await balances(app, pubId)).toEqual(after);
});

test('two instances resolving at once: each conversion is posted or voided exactly once', async () => {
  const channel = await channelCampaign(3);
  const players = Array.from({ length: 8 }, () => ({ user: newPlayer(), country: 'DE' }));
  const ids: number[] = [];
  for (const p of players) ids.push(await channel.join(p));
  for (const p of players.slice(0, 3)) fake.setMember(channel.username, p.user.id, 'left');
  await age(ids, 10);
  const before = await balances(app, pubId);

  const [a, b] = await Promise.all([resolveHolds(), resolveHolds()]);
  expect({ posted: a.posted + b.posted, voided: a.voided + b.voided }).toEqual({ posted: 5, voided: 3 });
  expect(await resolutions(ids)).toBe(16); // two transfers per conversion, each resolved once
  const after = await balances(app, pubId);
  expect(before.publisherOnHoldBalance - after.publisherOnHoldBalance).toBe(8n * 120_000n);
  expect(after.publisherBalance - before.publisherBalance).toBe(5n * 120_000n);
  expect(await getCampaign(app, adv, channel.campaign)).toMatchObject({ conversions: 5, spend: 0.75, budget: 2.25 });
});

test('the hold job racing a moderator’s voids: each conversion resolved once, each side counts only its own', async () => {
  const channel = await channelCampaign(3);
  const players = Array.from({ length: 10 }, () => ({ user: newPlayer(), country: 'DE' }));
  const ids: number[] = [];
  for (const p of players) ids.push(await channel.join(p));
  await age(ids, 10);
  const voidedByModerator = ids.filter((_, i) => i % 2 === 0);
  // The job (two rounds at once, as two instances) and a moderator voiding half of them, together.
  const ledger = app.services.ledger;
  const [a, b, ...manual] = await Promise.all([
    resolveHolds(),
    resolveHolds(),
    ...voidedByModerator.map((id) =>
      ledger.run(em(app), (tx, emit) => app.services.conversions.resolveIn(tx, emit, id, 'VOID', { wait: true })),
    ),
  ]);
  const byModerator = manual.filter((r) => r === 'VOIDED').length;
  // What each reports is what it did: together exactly the ten conversions, none twice.
  expect(a.posted + b.posted + a.voided + b.voided + byModerator).toBe(10);
  const rows = await em(app).execute<{ status: string; n: string }[]>(
    `select status, count(*) as n from conversions where id in (${ids.map(() => '?').join(', ')}) group by status`,
    ids,
  );
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  expect(byStatus.HOLD ?? 0).toBe(0);
  expect((byStatus.POSTED ?? 0) + (byStatus.VOIDED ?? 0)).toBe(10);
  expect(byStatus.VOIDED).toBe(byModerator + a.voided + b.voided);
  expect(await resolutions(ids)).toBe(20); // two transfers per conversion, each resolved once
});

test('a deleted campaign’s voided conversion returns its price to the advertiser', async () => {
  const project = await createProject(app, adv, [tasks.bot()]);
  const campaign = await createCampaign(app, adv, project.tasks[0], { budget: 1 });
  const click = await start(app, platform, { user: newPlayer(), country: 'GB' }, campaign.id);
  const { conversionId } = (await sdkConversion(app, project.secretKey, click.code)).body.value;
  const advBefore = (await balances(app, advId)).advertiserBalance;
  const onHold = (await balances(app, pubId)).publisherOnHoldBalance;

  const del = await fetch(`${app.url}/api/v1/projects/${project.id}/tasks/${campaign.taskId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${adv}` },
  });
  expect(del.status).toBe(204);
  // The unspent budget came back at once; the price on hold stays until the hold ends.
  expect((await balances(app, advId)).advertiserBalance - advBefore).toBe(850_000n);
  expect(await budgetAccount(app, campaign.id)).toEqual({ available: 0n, pending: 150_000n });

  expect(await app.services.conversions.resolve(em(app), conversionId, 'VOID')).toBe('VOIDED');
  expect((await balances(app, advId)).advertiserBalance - advBefore).toBe(1_000_000n);
  expect(await budgetAccount(app, campaign.id)).toEqual({ available: 0n, pending: 0n });
  expect((await balances(app, pubId)).publisherOnHoldBalance).toBe(onHold - 120_000n);
  // Resolving it again does nothing.
  expect(await app.services.conversions.resolve(em(app), conversionId, 'POST')).toBeNull();
});

test('the app’s job resolves holds older than HOLD_DAYS (its own instance, HOLD_DAYS=0)', async () => {
  const instant = await startTestApp({
    databaseUrl: app.databaseUrl,
    jobs: true,
    env: { HOLD_DAYS: '0', JOBS_INTERVAL_SECONDS: '1' },
  });
  try {
    const project = await createProject(app, adv, [tasks.bot()]);
    const campaign = await createCampaign(app, adv, project.tasks[0], { budget: 1 });
    const click = await start(app, platform, { user: newPlayer() }, campaign.id);
    const { conversionId } = (await sdkConversion(app, project.secretKey, click.code)).body.value;
    const deadline = Date.now() + 10_000;
    while ((await conversion(conversionId)).status === 'HOLD' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await conversion(conversionId)).status).toBe('POSTED');
  } finally {
    await instant.close();
  }
});
