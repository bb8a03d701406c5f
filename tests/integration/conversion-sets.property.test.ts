import type { EntityManager } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DomainError } from '../../server/errors.ts';
import { formatMoney } from '../../server/lib/money.ts';
import { hashKey } from '../../server/lib/secrets.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import {
  budgetAccount,
  type CampaignJson,
  createCampaign,
  createPlatform,
  createProject,
  em,
  newPlayer,
  type PlatformJson,
  start,
  tasks,
  topUp,
} from '../helpers/campaigns.ts';
import { login } from '../helpers/graphql.ts';

/**
 * Random batches of conversion events over a few campaigns with small budgets (and sometimes a
 * daily cap), sent as concurrent bursts (the batches of ConversionBatches) and as batch
 * postbacks (`convertMany`), with replays inside and across them. After every run: no
 * campaign spends more than its budget and one that answered BUDGET has less left than that
 * event's price; every click converts at most once and every replay names its conversion; the
 * campaigns' counters equal their conversions; and checkLedger holds (the sum over all
 * accounts is zero, cached balances equal their transfers, rollups equal the conversions).
 */

/** The tier-1 price (DE) and the cheapest tier's (RU), in micro-USD. */
const PRICE = { DE: 200_000n, RU: 50_000n } as const;

let app: Awaited<ReturnType<typeof startTestApp>>;
let adv: string;
let platforms: PlatformJson[];
const tally = new Map<string, number>();

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  adv = await login(app, 'advertiser@demo.local');
  const advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
  await topUp(app, advId, '1000');
  const publisher = await createApprovedUser(app, { role: 'PUBLISHER' });
  platforms = [await createPlatform(app, publisher.token), await createPlatform(app, publisher.token)];
});
afterAll(() => {
  console.log(`conversion sets: answers over all runs ${JSON.stringify(Object.fromEntries(tally))}`);
  return app?.close();
});

interface Run {
  campaigns: { budget: bigint; dailyCap: number | null }[];
  clicks: { campaign: number; country: 'DE' | 'RU'; platform: number }[];
  lanes: { events: { click: number; isNew: boolean }[]; postback: boolean }[];
}

const run: fc.Arbitrary<Run> = fc
  .record({
    campaigns: fc.array(
      fc.record({
        budget: fc.constantFrom(500_000n, 650_000n, 1_000_000n),
        dailyCap: fc.option(fc.integer({ min: 2, max: 5 }), { freq: 3 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    clicksPer: fc.integer({ min: 6, max: 14 }),
  })
  .chain(({ campaigns, clicksPer }) => {
    const click = fc.record({
      campaign: fc.integer({ min: 0, max: campaigns.length - 1 }),
      country: fc.constantFrom('DE' as const, 'RU' as const),
      platform: fc.integer({ min: 0, max: 1 }),
    });
    const clicks = fc.array(click, { minLength: clicksPer, maxLength: clicksPer });
    return clicks.chain((list) => {
      const event = fc.record({
        click: fc.integer({ min: 0, max: list.length - 1 }),
        isNew: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      });
      const lane = fc.record({ events: fc.array(event, { minLength: 1, maxLength: 24 }), postback: fc.boolean() });
      return fc.record({
        campaigns: fc.constant(campaigns),
        clicks: fc.constant(list),
        lanes: fc.array(lane, { minLength: 1, maxLength: 4 }),
      });
    });
  });

async function execute(r: Run) {
  const project = await createProject(app, adv, [tasks.custom()]);
  const campaigns: CampaignJson[] = [];
  for (const c of r.campaigns) {
    campaigns.push(
      await createCampaign(app, adv, project.tasks[0], {
        budget: formatMoney(c.budget),
        prices: [{ tierLevel: 1, value: 0.2 }],
        ...(c.dailyCap ? { dailyCap: c.dailyCap } : {}),
      }),
    );
  }
  const clicks = await Promise.all(
    r.clicks.map(async (c) => {
      const started = await start(
        app,
        platforms[c.platform],
        { user: newPlayer(), country: c.country },
        campaigns[c.campaign].id,
      );
      return { ...c, code: started.code, campaignId: campaigns[c.campaign].id };
    }),
  );
  const key = hashKey(project.secretKey);

  // Every lane at once: bursts of single events (one turn of the event loop: they form
  // batches) and batch postbacks, replays within and across them.
  type Answer = { click: number; status: string; conversionId: number | null; error?: string };
  const answers: Answer[] = [];
  /** Each batch postback's answers, in the order its events were sent. */
  const postbacks: Answer[][] = [];
  await Promise.all(
    r.lanes.map(async (lane) => {
      const manager = app.orm.em.fork() as EntityManager;
      if (lane.postback) {
        const outcomes = await app.services.conversions.convertMany(
          manager,
          lane.events.map((e) => ({ clickCode: clicks[e.click].code, isNew: e.isNew })),
          key,
        );
        const own: Answer[] = [];
        outcomes.forEach((o, i) => {
          const click = lane.events[i].click;
          if (o instanceof DomainError) own.push({ click, status: 'ERROR', conversionId: null, error: o.message });
          else own.push({ click, ...o });
        });
        answers.push(...own);
        postbacks.push(own);
      } else {
        const settled = await Promise.allSettled(
          lane.events.map((e) => app.services.conversions.convert(manager, clicks[e.click].code, key, e.isNew)),
        );
        settled.forEach((s, i) => {
          const click = lane.events[i].click;
          if (s.status === 'fulfilled') answers.push({ click, ...s.value });
          else if (s.reason instanceof DomainError)
            answers.push({ click, status: 'ERROR', conversionId: null, error: s.reason.message });
          else throw s.reason;
        });
      }
    }),
  );
  for (const a of answers) {
    const k = a.status === 'ERROR' ? a.error! : a.status;
    tally.set(k, (tally.get(k) ?? 0) + 1);
  }

  // Every click converts at most once; every replay names that conversion.
  const rows = await em(app).execute<{ id: string; click_id: string; campaign_id: number; price: string }[]>(
    'select id::text, click_id::text, campaign_id, price::text from conversions where campaign_id in (?)',
    [campaigns.map((c) => c.id)],
  );
  const completed = answers.filter((a) => a.status === 'COMPLETED');
  expect(completed.length).toBe(rows.length);
  expect(new Set(completed.map((a) => a.conversionId)).size).toBe(completed.length);
  expect(new Set(completed.map((a) => a.click)).size).toBe(completed.length);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  for (const a of answers.filter((x) => x.status === 'COMPLETED' || x.status === 'DUPLICATE')) {
    expect(byId.get(a.conversionId!)?.campaign_id).toBe(clicks[a.click].campaignId);
  }
  const firstPaid = new Map(completed.map((a) => [a.click, a.conversionId]));
  for (const a of answers.filter((x) => x.status === 'DUPLICATE')) expect(a.conversionId).toBe(firstPaid.get(a.click));

  // Budgets and caps: never more than they allow; a BUDGET answer means the rest did not pay for it.
  const counters = await em(app).execute<
    { id: number; conversions: number; spend: string; today_conversions: number; status: string; not_new: number }[]
  >(
    'select id, conversions, spend::text, today_conversions, status, not_new from campaigns where id in (?) order by id',
    [campaigns.map((c) => c.id)],
  );
  for (const [i, c] of campaigns.entries()) {
    const counter = counters.find((x) => x.id === c.id)!;
    const own = rows.filter((row) => row.campaign_id === c.id);
    const spend = own.reduce((sum, row) => sum + BigInt(row.price), 0n);
    expect(counter.conversions).toBe(own.length);
    expect(BigInt(counter.spend)).toBe(spend);
    const funded = r.campaigns[i].budget;
    expect(spend).toBeLessThanOrEqual(funded);
    expect(await budgetAccount(app, c.id)).toEqual({ available: funded - spend, pending: spend });
    const cap = r.campaigns[i].dailyCap;
    if (cap) expect(counter.today_conversions).toBeLessThanOrEqual(cap);
    for (const a of answers.filter((x) => x.error === 'This campaign has no budget left for this action')) {
      if (clicks[a.click].campaignId !== c.id) continue;
      expect(funded - spend).toBeLessThan(PRICE[clicks[a.click].country]);
      expect(counter.status).toBe('STOPPED');
    }
    // A returning user is counted once per click, however often the event is replayed.
    const [{ marked }] = await em(app).execute<{ marked: number }[]>(
      'select count(*)::int as marked from clicks where campaign_id = ? and not_new',
      [c.id],
    );
    expect(counter.not_new).toBe(marked);
  }

  // A batch postback's events are decided in the order they were sent: of two equal events the
  // first is paid (or named), never a later one; once its campaign's budget ran out, none of
  // its later events is paid.
  for (const own of postbacks) {
    const decided = new Set<number>();
    const outOfBudget = new Set<number>();
    for (const a of own) {
      const campaign = clicks[a.click].campaignId;
      if (a.status === 'COMPLETED') {
        expect(decided.has(a.click), `click ${a.click} paid after an earlier equal event`).toBe(false);
        expect(outOfBudget.has(campaign), `campaign ${campaign} paid after its budget ran out`).toBe(false);
      }
      if (a.status === 'COMPLETED' || a.status === 'DUPLICATE') decided.add(a.click);
      if (a.error === 'This campaign has no budget left for this action') outOfBudget.add(campaign);
    }
  }

  for (const check of await checkLedger(em(app))) expect(check, check.detail).toMatchObject({ ok: true });
}

test('random batches over small budgets: exactly once, never over budget, the ledger and rollups exact', async () => {
  // Two runs that surely reach every answer, then random ones.
  const de = { campaign: 0, country: 'DE' as const, platform: 0 };
  const examples: [Run][] = [
    [
      {
        // 0.5 USD at 0.20 an action: two are paid, the next answers BUDGET, the last a stopped campaign.
        campaigns: [{ budget: 500_000n, dailyCap: null }],
        clicks: [de, de, de, de],
        lanes: [{ events: [0, 1, 2, 3].map((click) => ({ click, isNew: true })), postback: true }],
      },
    ],
    [
      {
        // A returning user (counted once), its replay, a new one and its replay; a daily cap of one.
        campaigns: [{ budget: 1_000_000n, dailyCap: 1 }],
        clicks: [de, de, de],
        lanes: [
          {
            events: [
              { click: 0, isNew: false },
              { click: 0, isNew: false },
              { click: 1, isNew: true },
              { click: 1, isNew: true },
              { click: 2, isNew: true },
            ],
            postback: false,
          },
        ],
      },
    ],
  ];
  const deClicks = (n: number) => Array.from({ length: n }, () => de);
  const inOrder = (clicks: number[]) => clicks.map((click) => ({ click, isNew: true }));
  examples.push(
    [
      {
        // The probe: [a, b, c, a, b, c] in one postback, next to a burst of singles.
        campaigns: [{ budget: 1_000_000n, dailyCap: null }],
        clicks: deClicks(6),
        lanes: [
          { events: inOrder([0, 1, 2, 0, 1, 2]), postback: true },
          { events: inOrder([3, 4, 5]), postback: false },
        ],
      },
    ],
    [
      {
        // 1 USD at 0.20 an action and 24 events in one postback: the first five are paid.
        campaigns: [{ budget: 1_000_000n, dailyCap: null }],
        clicks: deClicks(24),
        lanes: [{ events: inOrder(Array.from({ length: 24 }, (_, i) => i)), postback: true }],
      },
    ],
  );
  await fc.assert(fc.asyncProperty(run, execute), { numRuns: 16, examples });
  // The runs reached the interesting answers.
  expect(tally.get('COMPLETED')).toBeGreaterThan(0);
  expect(tally.get('DUPLICATE')).toBeGreaterThan(0);
  expect(tally.get('NOT_NEW')).toBeGreaterThan(0);
  expect(tally.get('This campaign has no budget left for this action')).toBeGreaterThan(0);
  expect(tally.get('This campaign is not running now')).toBeGreaterThan(0);
  expect(tally.get('This campaign reached its daily cap: try again tomorrow')).toBeGreaterThan(0);
}, 240_000);
