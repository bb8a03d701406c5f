import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { topics } from '../../server/lib/pubsub.ts';
import { conversionBatchSize } from '../../server/lib/metrics.ts';
import { hashKey } from '../../server/lib/secrets.ts';
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
  type ProjectJson,
  sdkConversion,
  start,
  tasks,
  topUp,
} from '../helpers/campaigns.ts';
import { login } from '../helpers/graphql.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let adv: string;
let pubId: number;
let platform: PlatformJson;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  adv = await login(app, 'advertiser@demo.local');
  const advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
  await topUp(app, advId, '1000');
  const publisher = await createApprovedUser(app, { role: 'PUBLISHER' });
  pubId = publisher.userId;
  platform = await createPlatform(app, publisher.token);
});
afterAll(() => app?.close());
afterEach(() => expectLedgerClean(app));

async function campaignWithClicks(players: number, budget = 10) {
  const project: ProjectJson = await createProject(app, adv, [tasks.bot()]);
  const campaign = await createCampaign(app, adv, project.tasks[0], { budget });
  const codes = await Promise.all(
    Array.from({ length: players }, async () => (await start(app, platform, { user: newPlayer() }, campaign.id)).code),
  );
  return { project, campaign, codes };
}

/** Batches recorded by the histogram so far: how many, and how many events they carried. */
async function batchCounts() {
  const { values } = await conversionBatchSize.get();
  const count = values.find((v) => v.metricName === 'taskgram_conversion_batch_size_count')?.value ?? 0;
  const sum = values.find((v) => v.metricName === 'taskgram_conversion_batch_size_sum')?.value ?? 0;
  return { count, sum };
}

/** Events submitted in one turn of the event loop, as a burst of requests arrives. */
const burst = (items: { code: string; key: string }[]) => {
  const manager = app.orm.em.fork() as EntityManager;
  return Promise.allSettled(items.map((i) => app.services.conversions.convert(manager, i.code, hashKey(i.key))));
};

describe('conversion events that arrive together commit together', () => {
  test('a burst becomes a few transactions; every answer is the one it would get alone', async () => {
    const a = await campaignWithClicks(30);
    const b = await campaignWithClicks(30);
    const before = await balances(app, pubId);
    const counts = await batchCounts();
    const appEvents = await app.pubsub.subscribe<{ platformCompleted: number; platformRevenue: string }>(
      topics.platformStats(platform.id),
    );
    const balanceEvents = await app.pubsub.subscribe<{ publisherOnHoldBalance: string }>(topics.balance(pubId));
    // 60 first completions and, in the same burst, a replay of ten of them.
    const items = [
      ...a.codes.map((code) => ({ code, key: a.project.secretKey })),
      ...b.codes.map((code) => ({ code, key: b.project.secretKey })),
      ...a.codes.slice(0, 10).map((code) => ({ code, key: a.project.secretKey })),
    ];
    const results = await burst(items);
    const after = await batchCounts();
    expect(after.sum - counts.sum).toBe(70);
    // Two batches at once, a share kept back for the next: far fewer transactions than events.
    expect(after.count - counts.count).toBeLessThanOrEqual(10);

    const values = results.map((r) => {
      if (r.status !== 'fulfilled') throw r.reason;
      return r.value;
    });
    expect(values.slice(0, 60).every((v) => v.status === 'COMPLETED')).toBe(true);
    for (let i = 0; i < 10; i++) {
      expect(values[60 + i]).toEqual({ status: 'DUPLICATE', conversionId: values[i].conversionId });
    }
    expect(new Set(values.map((v) => v.conversionId)).size).toBe(60);

    const [{ n }] = await em(app).execute<{ n: string }[]>(
      'select count(*)::text as n from conversions where campaign_id in (?, ?)',
      [a.campaign.id, b.campaign.id],
    );
    expect(n).toBe('60');
    // 0.05 USD per action (no country: the cheapest tier), 80 % to the publisher, on hold.
    expect((await balances(app, pubId)).publisherOnHoldBalance - before.publisherOnHoldBalance).toBe(2_400_000n);
    expect(await budgetAccount(app, a.campaign.id)).toEqual({ available: 8_500_000n, pending: 1_500_000n });
    const stats = await em(app).execute<{ campaign_id: number; completed: number; revenue: string }[]>(
      `select campaign_id, completed, revenue::text from platform_campaign_stats
        where platform_id = ? and campaign_id in (?, ?) order by campaign_id`,
      [platform.id, a.campaign.id, b.campaign.id],
    );
    expect(stats.map((s) => [s.completed, s.revenue])).toEqual([
      [30, '1200000'],
      [30, '1200000'],
    ]);

    // Each completion's live events carry what its batch committed: the app's totals and the
    // publisher's balance as of that commit, so the last ones are the final figures.
    const [totals] = await em(app).execute<{ completed: number; revenue: string }[]>(
      'select sum(completed)::int as completed, sum(revenue)::text as revenue from platform_campaign_stats where platform_id = ?',
      [platform.id],
    );
    const onHold = (await balances(app, pubId)).publisherOnHoldBalance;
    // Once per batch, campaign and app (not once per conversion), each with the totals after
    // its batch: the events are read until the final figures, and there are fewer than the
    // 60 completions.
    const until = async <T>(events: AsyncIterableIterator<T>, done: (e: T) => boolean) => {
      const seen: T[] = [];
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const next = await Promise.race([events.next(), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
        if (!next) continue;
        seen.push(next.value);
        if (done(next.value)) break;
      }
      await events.return?.();
      return seen;
    };
    const appSeen = await until(appEvents, (e) => e.platformCompleted === totals.completed);
    const balanceSeen = await until(balanceEvents, (e) => e.publisherOnHoldBalance === onHold.toString());
    expect(appSeen.at(-1)).toMatchObject({ platformCompleted: totals.completed, platformRevenue: totals.revenue });
    expect(appSeen.every((e) => e.platformCompleted <= totals.completed && e.platformCompleted > 0)).toBe(true);
    expect(appSeen.length).toBeLessThan(60);
    expect(balanceSeen.at(-1)?.publisherOnHoldBalance).toBe(onHold.toString());
    expect(balanceSeen.length).toBeLessThan(60);
  });

  test('an event that fails rolls its batch back; the others are then recorded one by one', async () => {
    const good = await campaignWithClicks(20);
    const bad = await campaignWithClicks(1);
    // A price of zero makes the ledger refuse the transfer: an error raised inside the batch.
    await em(app).execute(
      `update campaigns set prices = (select jsonb_object_agg(k, 0) from jsonb_object_keys(prices) k) where id = ?`,
      [bad.campaign.id],
    );
    const before = await balances(app, pubId);
    const counts = await batchCounts();
    const items = [
      ...good.codes.slice(0, 10).map((code) => ({ code, key: good.project.secretKey })),
      { code: bad.codes[0], key: bad.project.secretKey },
      ...good.codes.slice(10).map((code) => ({ code, key: good.project.secretKey })),
    ];
    const results = await burst(items);
    expect((await batchCounts()).count - counts.count).toBeLessThan(21);

    expect(results[10].status).toBe('rejected');
    const others = results.filter((_, i) => i !== 10);
    expect(others.every((r) => r.status === 'fulfilled' && r.value.status === 'COMPLETED')).toBe(true);
    const rows = await em(app).execute<{ campaign_id: number }[]>(
      'select campaign_id from conversions where campaign_id in (?, ?)',
      [good.campaign.id, bad.campaign.id],
    );
    expect(rows.every((r) => r.campaign_id === good.campaign.id)).toBe(true);
    expect(rows).toHaveLength(20);
    expect((await balances(app, pubId)).publisherOnHoldBalance - before.publisherOnHoldBalance).toBe(800_000n);

    // Through the API the failed event is an error to retry, and nothing of it was kept.
    const retry = await sdkConversion(app, bad.project.secretKey, bad.codes[0]);
    expect(retry.status).toBe(500);
    expect(await budgetAccount(app, bad.campaign.id)).toEqual({ available: 10_000_000n, pending: 0n });
  });
});
