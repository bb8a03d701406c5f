// The exchange: readiness, catalog, offers and their races, swaps delivered through
// the showcase with no money moving, live badges and deal updates over graphql-ws.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { topics } from '../../server/lib/pubsub.ts';
import { FAILURES } from '../../server/failures.ts';
import { startTestApp } from '../helpers/app.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import {
  balances,
  approveCampaign,
  createCampaign,
  createPlatform,
  createProject,
  em,
  expectLedgerClean,
  newPlayer,
  type PlatformJson,
  type ProjectJson,
  sdkConversion,
  showcase,
  start,
  tasks,
  topUp,
} from '../helpers/campaigns.ts';
import { gql, gqlWs, waitUntilLive } from '../helpers/graphql.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;

interface Member {
  token: string;
  userId: number;
  name: string;
  app: PlatformJson;
  project: ProjectJson;
}

beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());
afterEach(() => expectLedgerClean(app));

/** A user with one app and one project of `resources` bot resources, exchange-ready unless told. */
async function member(opts: { ready?: boolean; resources?: number } = {}): Promise<Member> {
  const u = await createApprovedUser(app);
  const platform = await createPlatform(app, u.token);
  const project = await createProject(
    app,
    u.token,
    Array.from({ length: opts.resources ?? 1 }, () => tasks.bot()),
  );
  if (opts.ready !== false) {
    const res = await app.api('/v1/users/self', { method: 'PATCH', token: u.token, body: { isExchangeReady: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { token: u.token, userId: u.userId, name: u.name, app: platform, project };
}

const offerBody = (a: Member, b: Member, o: Record<string, unknown> = {}) => ({
  platformId: a.app.id,
  projectId: a.project.id,
  partnerPlatformId: b.app.id,
  partnerProjectId: b.project.id,
  quantity: 5,
  ...o,
});
const offer = (a: Member, b: Member, o: Record<string, unknown> = {}) =>
  app.api('/v1/exchanges/offers', { token: a.token, body: offerBody(a, b, o) });
const decide = (who: Member, id: number, segment: 'confirmation' | 'rejection' | 'withdrawal') =>
  app.api(`/v1/exchanges/offers/${id}/${segment}`, { method: 'PATCH', token: who.token });
const awaiting = async (who: Member) =>
  (await app.api('/v1/exchanges/offers/awaiting', { token: who.token })).body.value;

async function confirmedDeal(a: Member, b: Member, o: Record<string, unknown> = {}) {
  const made = await offer(a, b, o);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const confirmed = await decide(b, made.body.value.id, 'confirmation');
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { offerId: made.body.value.id as number, dealId: confirmed.body.value.dealId as number };
}

type Listed = { campaignId: number; taskType: string; title: string };
const listed = async (p: PlatformJson, player = { user: newPlayer() }): Promise<Listed[]> => {
  const res = await showcase(app, p, player);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.tasks;
};
const swapTasks = async (p: PlatformJson, project: ProjectJson, player = { user: newPlayer() }) => {
  const titles = new Set(project.tasks.map((t) => t.title));
  const ids = new Set(
    (
      await em(app).execute<{ id: number }[]>('select id from campaigns where deal_id is not null and project_id = ?', [
        project.id,
      ])
    ).map((r) => r.id),
  );
  return (await listed(p, player)).filter((t) => ids.has(t.campaignId) && titles.has(t.title));
};
const deal = async (who: Member, id: number) =>
  ((await app.api('/v1/exchanges/deals?limit=100', { token: who.token })).body.value.data as { id: number }[]).find(
    (d) => d.id === id,
  ) as Record<string, unknown>;

describe('exchange-ready', () => {
  test('needs at least one app and one project; says which is missing', async () => {
    const u = await createApprovedUser(app);
    const patch = () => app.api('/v1/users/self', { method: 'PATCH', token: u.token, body: { isExchangeReady: true } });
    expect(await patch()).toMatchObject({
      status: 400,
      body: { error: FAILURES.EXCHANGE_NEEDS_APP_AND_PROJECT.message },
    });
    await createPlatform(app, u.token);
    expect(await patch()).toMatchObject({ status: 400, body: { error: FAILURES.EXCHANGE_NEEDS_PROJECT.message } });
    await createProject(app, u.token, [tasks.bot()]);
    const ok = await patch();
    expect(ok.status).toBe(200);
    expect(ok.body.value.isExchangeReady).toBe(true);
    // GraphQL too; leaving the exchange needs nothing.
    const off = await gql(
      app,
      'mutation { updateMe(input: { isExchangeReady: false }) { isExchangeReady } }',
      {},
      u.token,
    );
    expect(off.data.updateMe.isExchangeReady).toBe(false);
    const none = await app.api('/v1/users/self', { method: 'PATCH', token: u.token, body: {} });
    expect(none).toMatchObject({ status: 400, body: { error: 'Send defaultRole, isExchangeReady or language' } });
  });

  test('a user with only an app gets the app message through GraphQL', async () => {
    const u = await createApprovedUser(app);
    await createProject(app, u.token, [tasks.bot()]);
    const res = await gql(
      app,
      'mutation { updateMe(input: { isExchangeReady: true }) { isExchangeReady } }',
      {},
      u.token,
    );
    expect(res.errors?.[0]?.message).toBe(FAILURES.EXCHANGE_NEEDS_APP.message);
  });
});

describe('catalog and projects', () => {
  test('lists other exchange-ready users’ apps (never my own), searchable; projects of the app’s owner', async () => {
    const [me, ready, shy] = await Promise.all([member(), member(), member({ ready: false })]);
    const all = await app.api('/v1/exchanges/platforms?limit=100', { token: me.token });
    expect(all.status).toBe(200);
    const ids = all.body.value.data.map((p: { id: number }) => p.id);
    expect(ids).toContain(ready.app.id);
    expect(ids).not.toContain(me.app.id);
    expect(ids).not.toContain(shy.app.id);
    const card = all.body.value.data.find((p: { id: number }) => p.id === ready.app.id);
    expect(card).toMatchObject({
      title: ready.app.title,
      ownerName: ready.name,
      taskTypes: ['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK', 'CUSTOM'],
      recentCompletions: 0,
      category: { id: expect.any(Number), title: expect.any(String) },
    });
    const found = await app.api(`/v1/exchanges/platforms?search=${encodeURIComponent(String(ready.app.title))}`, {
      token: me.token,
    });
    expect(found.body.value).toMatchObject({ total: 1, data: [{ id: ready.app.id }] });
    const odd = await app.api('/v1/exchanges/platforms?search=%25_%5C', { token: me.token });
    expect(odd.body.value.total).toBe(0);

    const theirs = await app.api(`/v1/exchanges/projects?platformId=${ready.app.id}`, { token: me.token });
    expect(theirs.body.value.data).toEqual([
      expect.objectContaining({ id: ready.project.id, resources: 1, taskTypes: ['BOT'] }),
    ]);
    const mine = await app.api('/v1/exchanges/projects', { token: me.token });
    expect(mine.body.value.data.map((p: { id: number }) => p.id)).toEqual([me.project.id]);
    for (const id of [shy.app.id, me.app.id, 99_999_999]) {
      expect((await app.api(`/v1/exchanges/projects?platformId=${id}`, { token: me.token })).status).toBe(404);
    }
  });
});

describe('offers', () => {
  test('bad input and permissions: each a 4xx that says what to do, nothing written', async () => {
    const [a, b, c, shy] = await Promise.all([member(), member(), member(), member({ ready: false })]);
    const count = async () =>
      Number((await em(app).execute<{ n: string }[]>('select count(*) as n from exchange_offers'))[0].n);
    const before = await count();
    const cases: [Record<string, unknown>, Member, Member, number, string][] = [
      [{ quantity: 0 }, a, b, 400, 'quantity must be at least 1'],
      [{ quantity: 1_000_001 }, a, b, 400, 'quantity must be at most 1,000,000'],
      [{ quantity: 2.5 }, a, b, 400, 'quantity must be a whole number'],
      [{ partnerQuantity: -1 }, a, b, 400, 'partnerQuantity must be at least 1'],
      [{ platformId: c.app.id }, a, b, 400, FAILURES.OFFER_APP_NOT_YOURS.message],
      [{ projectId: c.project.id }, a, b, 400, FAILURES.OFFER_PROJECT_NOT_YOURS.message],
      [{ partnerPlatformId: a.app.id }, a, b, 400, FAILURES.OFFER_TO_OWN_APP.message],
      [
        { partnerPlatformId: shy.app.id, partnerProjectId: shy.project.id },
        a,
        b,
        400,
        FAILURES.PARTNER_LEFT_EXCHANGE.message,
      ],
      [{ partnerProjectId: c.project.id }, a, b, 400, FAILURES.PARTNER_PROJECT_NOT_THEIRS.message],
      [{ partnerPlatformId: 99_999_999 }, a, b, 404, 'App not found'],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, a, b, 400, 'expiresAt must be in the future'],
      [{ message: 'x'.repeat(501) }, a, b, 400, 'message must be at most 500 characters'],
    ];
    for (const [o, from, to, status, error] of cases) {
      const res = await offer(from, to, o);
      expect({ o, res }).toMatchObject({ o, res: { status, body: { error } } });
    }
    const notReady = await app.api('/v1/exchanges/offers', { token: shy.token, body: offerBody(shy, a) });
    expect(notReady).toMatchObject({ status: 400, body: { error: FAILURES.EXCHANGE_NOT_JOINED.message } });
    expect(await count()).toBe(before);
  });

  test('one pending offer per pair of apps, whichever side proposes; badges count both ways', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const first = await offer(a, b, {
      partnerQuantity: 7,
      message: 'Let us swap',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(first.status).toBe(201);
    expect(first.body.value).toMatchObject({
      status: 'PENDING',
      quantity: 5,
      partnerQuantity: 7,
      message: 'Let us swap',
      proposer: { id: a.userId },
      partner: { id: b.userId },
      platform: { id: a.app.id },
      partnerProject: { id: b.project.id },
      dealId: null,
    });
    expect(await offer(a, b)).toMatchObject({ status: 409, body: { error: FAILURES.OFFER_PENDING_ALREADY.message } });
    expect(await offer(b, a)).toMatchObject({ status: 409, body: { error: FAILURES.OFFER_PENDING_ALREADY.message } });
    expect(await awaiting(a)).toEqual({ incoming: 0, outgoing: 1 });
    expect(await awaiting(b)).toEqual({ incoming: 1, outgoing: 0 });
    const incoming = await app.api('/v1/exchanges/offers?direction=incoming&status=PENDING', { token: b.token });
    expect(incoming.body.value).toMatchObject({ total: 1, data: [{ id: first.body.value.id }] });
    const bad = await app.api('/v1/exchanges/offers?direction=sideways', { token: b.token });
    expect(bad).toMatchObject({ status: 400, body: { error: 'direction must be incoming or outgoing' } });

    // Rejected: the pair is free again.
    expect((await decide(b, first.body.value.id, 'rejection')).body.value.status).toBe('REJECTED');
    expect(await awaiting(b)).toEqual({ incoming: 0, outgoing: 0 });
    expect((await offer(b, a)).status).toBe(201);
  });

  test('who may do what: partner confirms or rejects, proposer withdraws, others see 404, once only', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const { id } = (await offer(a, b)).body.value;
    expect(await decide(a, id, 'confirmation')).toMatchObject({
      status: 403,
      body: { error: FAILURES.OWN_OFFER_ANSWERED.message },
    });
    expect(await decide(a, id, 'rejection')).toMatchObject({
      status: 403,
      body: { error: FAILURES.OWN_OFFER_ANSWERED.message },
    });
    expect(await decide(b, id, 'withdrawal')).toMatchObject({
      status: 403,
      body: { error: FAILURES.OFFER_WITHDRAWN_BY_OTHER.message },
    });
    expect((await decide(c, id, 'confirmation')).status).toBe(404);
    expect((await app.api(`/v1/exchanges/offers/${id}/approval`, { method: 'PATCH', token: b.token })).status).toBe(
      404,
    );
    expect((await decide(a, id, 'withdrawal')).body.value.status).toBe('WITHDRAWN');
    expect(await decide(b, id, 'confirmation')).toMatchObject({
      status: 409,
      body: { error: 'This offer is withdrawn: nothing to change' },
    });
  });

  test('an offer’s own page: each party reads it (REST and GraphQL), anyone else 404; presence stays within each side', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const { id } = (await offer(a, b)).body.value;
    for (const who of [a, b]) {
      const res = await app.api(`/v1/exchanges/offers/${id}`, { token: who.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value).toMatchObject({ id, status: 'PENDING', quantity: 5 });
    }
    expect(await app.api(`/v1/exchanges/offers/${id}`, { token: c.token })).toMatchObject({
      status: 404,
      body: { error: FAILURES.OFFER_NOT_FOUND.message },
    });
    const read = 'query($id: ID!) { exchangeOffer(id: $id) { id status proposer { id } partner { id } } }';
    const gb = await gql(app, read, { id: String(id) }, b.token);
    expect(gb.data?.exchangeOffer).toEqual({
      id: String(id),
      status: 'PENDING',
      proposer: { id: String(a.userId) },
      partner: { id: String(b.userId) },
    });
    const gc = await gql(app, read, { id: String(id) }, c.token);
    expect(gc.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', messageCode: 'OFFER_NOT_FOUND' });

    // Both sides have the offer open: each sees its own people only, an outsider is refused.
    const watch = 'subscription($id: ID!) { presence(objectType: offer, objectId: $id) { userId name editing } }';
    const [wsA, wsB, wsC] = [gqlWs(app, a.token), gqlWs(app, b.token), gqlWs(app, c.token)];
    const names = (e: { data?: { presence: { name: string }[] } }) =>
      (e.data?.presence ?? []).map((p) => p.name).join(', ');
    const subA = wsA.subscribe<{ presence: { name: string }[] }>(watch, { id: String(id) });
    await subA.nextEvent((e) => names(e) === a.name, 10_000);
    const subB = wsB.subscribe<{ presence: { name: string }[] }>(watch, { id: String(id) });
    await subB.nextEvent((e) => names(e) === b.name, 10_000);
    // Three beats later neither has heard the other side.
    await expect(subA.nextEvent((e) => names(e).includes(b.name), 3000)).rejects.toThrow(/timed out/);
    await expect(subB.nextEvent((e) => names(e).includes(a.name), 100)).rejects.toThrow(/timed out/);
    expect(JSON.stringify(await wsC.subscribe(watch, { id: String(id) }).error())).toMatch(/PRESENCE_OBJECT_NOT_FOUND/);
    await Promise.all([wsA.close(), wsB.close(), wsC.close()]);
  });

  test('races: confirm against withdraw, and a double confirm: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([member(), member()]);
      const { id } = (await offer(a, b)).body.value;
      const [confirm, withdraw] = await Promise.all([decide(b, id, 'confirmation'), decide(a, id, 'withdrawal')]);
      expect([confirm.status, withdraw.status].sort()).toEqual([200, 409]);
      const deals = Number(
        (await em(app).execute<{ n: string }[]>('select count(*) as n from exchange_deals where offer_id = ?', [id]))[0]
          .n,
      );
      expect(deals).toBe(confirm.status === 200 ? 1 : 0);

      const [c, d] = await Promise.all([member(), member()]);
      const second = (await offer(c, d)).body.value;
      const answers = await Promise.all(Array.from({ length: 5 }, () => decide(d, second.id, 'confirmation')));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const made = await em(app).execute<{ n: string }[]>(
        'select count(*) as n from exchange_deals where offer_id = ?',
        [second.id],
      );
      expect(Number(made[0].n)).toBe(1);
    }
  });

  test('an expired offer cannot be confirmed and frees the pair; the job expires the rest', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const { id } = (await offer(a, b, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() })).body.value;
    await em(app).execute("update exchange_offers set expires_at = now() - interval '1 second' where id = ?", [id]);
    expect(await awaiting(b)).toEqual({ incoming: 0, outgoing: 0 });
    expect(await decide(b, id, 'confirmation')).toMatchObject({
      status: 409,
      body: { error: FAILURES.OFFER_EXPIRED.message },
    });
    const again = await offer(a, b, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(again.status).toBe(201);
    await em(app).execute("update exchange_offers set expires_at = now() - interval '1 second' where id = ?", [
      again.body.value.id,
    ]);
    expect(await app.services.exchange.expireOffers(em(app))).toBeGreaterThanOrEqual(1);
    const [row] = await em(app).execute<{ status: string }[]>('select status from exchange_offers where id = ?', [
      again.body.value.id,
    ]);
    expect(row.status).toBe('EXPIRED');
  });
});

describe('swaps', () => {
  test('each side’s app shows the other side’s resources, only there, and deliveries count with no money', async () => {
    const [a, b, other] = await Promise.all([member({ resources: 2 }), member(), member()]);
    const before = await Promise.all([balances(app, a.userId), balances(app, b.userId)]);
    const { dealId } = await confirmedDeal(a, b, { quantity: 2, partnerQuantity: 1 });
    // A shows B's project; B shows A's two resources; nobody else shows either.
    expect((await swapTasks(a.app, b.project)).map((t) => t.title)).toEqual([b.project.tasks[0].title]);
    expect(await swapTasks(b.app, a.project)).toHaveLength(2);
    expect(await swapTasks(other.app, a.project)).toHaveLength(0);
    expect(await swapTasks(other.app, b.project)).toHaveLength(0);
    expect(await swapTasks(b.app, b.project)).toHaveLength(0);

    // A player in A's app does B's bot task; B's server reports it with B's project key.
    const player = { user: newPlayer() };
    const [task] = await swapTasks(a.app, b.project, player);
    expect(task).toMatchObject({ taskType: 'BOT', awards: [{ title: 'Coins', value: 500 }] });
    const click = await start(app, a.app, player, task.campaignId);
    const done = await sdkConversion(app, b.project.secretKey, click.code);
    expect(done.body.value.status).toBe('COMPLETED');
    expect((await sdkConversion(app, b.project.secretKey, click.code)).body.value.status).toBe('DUPLICATE');
    expect(await deal(a, dealId)).toMatchObject({ delivered: 1, partnerDelivered: 0, status: 'ACTIVE' });
    expect(await deal(b, dealId)).toMatchObject({ delivered: 1, quantity: 2, partnerQuantity: 1 });

    // B's app delivers its one completion: B's side stops showing A's resources.
    const p2 = { user: newPlayer() };
    const [bTask] = await swapTasks(b.app, a.project, p2);
    const bClick = await start(app, b.app, p2, bTask.campaignId);
    expect((await sdkConversion(app, a.project.secretKey, bClick.code)).body.value.status).toBe('COMPLETED');
    expect(await deal(a, dealId)).toMatchObject({ delivered: 1, partnerDelivered: 1, status: 'ACTIVE' });
    expect(await swapTasks(b.app, a.project)).toHaveLength(0);
    // A's last delivery completes the deal.
    const p3 = { user: newPlayer() };
    const [last] = await swapTasks(a.app, b.project, p3);
    await sdkConversion(app, b.project.secretKey, (await start(app, a.app, p3, last.campaignId)).code);
    expect(await deal(b, dealId)).toMatchObject({ delivered: 2, partnerDelivered: 1, status: 'COMPLETED' });
    expect(await swapTasks(a.app, b.project)).toHaveLength(0);

    // No money moved for anyone; the advertisers' paid campaign lists stay free of swaps.
    expect(await Promise.all([balances(app, a.userId), balances(app, b.userId)])).toEqual(before);
    const paid = await app.api('/v1/campaigns', { token: b.token });
    expect(paid.body.value.total).toBe(0);
  });

  test('one task per resource: the swap stands in for a paid campaign of the same resource in its app', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    await topUp(app, b.userId, '5');
    const paid = await createCampaign(app, b.token, b.project.tasks[0], { budget: 1 });
    // B's first campaign waits for a moderator.
    expect(paid.status).toBe('MODERATION');
    expect(await approveCampaign(app, paid.id)).toBe('ACTIVE');
    await confirmedDeal(a, b);
    const [swap] = await em(app).execute<{ id: number }[]>(
      'select id from campaigns where deal_id is not null and task_id = ? and platform_id = ?',
      [b.project.tasks[0].id, a.app.id],
    );
    const player = { user: newPlayer() };
    const inA = (await listed(a.app, player)).map((t) => t.campaignId);
    expect(inA).toContain(swap.id);
    expect(inA).not.toContain(paid.id);
    // Elsewhere the paid campaign runs as before.
    expect((await listed(c.app, player)).map((t) => t.campaignId)).toContain(paid.id);
    // Once the player did the resource (here through the swap), no campaign of it is offered again.
    await sdkConversion(app, b.project.secretKey, (await start(app, a.app, player, swap.id)).code);
    expect((await listed(c.app, player)).map((t) => t.campaignId)).not.toContain(paid.id);
  });

  test('concurrent deliveries past the quantity: never more than quantity counted', async () => {
    const [a, b] = await Promise.all([member(), member({ resources: 3 })]);
    const { dealId } = await confirmedDeal(a, b, { quantity: 3 });
    const players = Array.from({ length: 12 }, () => ({ user: newPlayer() }));
    const clicks = await Promise.all(
      players.map(async (p, i) => {
        const tasksOf = await swapTasks(a.app, b.project, p);
        return start(app, a.app, p, tasksOf[i % tasksOf.length].campaignId);
      }),
    );
    const answers = await Promise.all(clicks.map((c) => sdkConversion(app, b.project.secretKey, c.code)));
    const completed = answers.filter((r) => r.body.value?.status === 'COMPLETED').length;
    expect(completed).toBe(3);
    expect(answers.filter((r) => r.status !== 200 && r.status !== 409).map((r) => [r.status, r.body])).toEqual([]);
    expect(await deal(a, dealId)).toMatchObject({ delivered: 3, quantity: 3 });
    const [n] = await em(app).execute<{ n: string }[]>(
      'select count(*) as n from conversions v join campaigns c on c.id = v.campaign_id where c.deal_id = ?',
      [dealId],
    );
    expect(Number(n.n)).toBe(3);
  });

  test('pause, resume and end: the swap tasks follow; party only; ended is final', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const { dealId } = await confirmedDeal(a, b);
    const change = (who: Member, action: string) =>
      app.api(`/v1/exchanges/deals/${dealId}/${action}`, { method: 'PATCH', token: who.token });
    expect((await change(c, 'pause')).status).toBe(404);
    expect((await change(a, 'stop')).status).toBe(400);
    expect((await change(a, 'pause')).body.value.status).toBe('PAUSED');
    expect(await swapTasks(a.app, b.project)).toHaveLength(0);
    expect(await change(a, 'pause')).toMatchObject({
      status: 409,
      body: { error: 'This swap is paused: it cannot be paused' },
    });
    expect((await change(b, 'resume')).body.value.status).toBe('ACTIVE');
    expect(await swapTasks(a.app, b.project)).toHaveLength(1);
    expect((await change(b, 'end')).body.value).toMatchObject({ status: 'ENDED', endedAt: expect.any(String) });
    expect(await swapTasks(a.app, b.project)).toHaveLength(0);
    expect((await change(a, 'resume')).status).toBe(409);
  });
});

describe('GraphQL and live events', () => {
  test('the partner’s badge and both parties’ deals update live; queries and mutations match REST', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const wsA = gqlWs(app, a.token);
    const wsB = gqlWs(app, b.token);
    try {
      await Promise.all([wsA.connected, wsB.connected]);
      const badgeB = wsB.subscribe('subscription { awaitingOffersChanged { incoming outgoing } }');
      const dealsA = wsA.subscribe('subscription { dealUpdated { id status delivered partnerDelivered } }');
      const dealsB = wsB.subscribe('subscription { dealUpdated { id status delivered partnerDelivered } }');
      await waitUntilLive(
        badgeB,
        () => app.pubsub.publish(topics.awaitingOffers(b.userId), { incoming: -1, outgoing: -1 }),
        (e) => e.data?.awaitingOffersChanged?.incoming === -1,
      );
      const probe = (id: number) => ({ id: 0, status: 'ACTIVE', delivered: 0, partnerDelivered: 0, userId: id });
      await waitUntilLive(
        dealsA,
        () => app.pubsub.publish(topics.deals(a.userId), probe(a.userId)),
        (e) => e.data?.dealUpdated?.id === '0',
      );
      await waitUntilLive(
        dealsB,
        () => app.pubsub.publish(topics.deals(b.userId), probe(b.userId)),
        (e) => e.data?.dealUpdated?.id === '0',
      );

      const created = await gql(
        app,
        `mutation($input: CreateOfferInput!) { createOffer(input: $input) { id status partnerQuantity } }`,
        {
          input: {
            platformId: String(a.app.id),
            projectId: String(a.project.id),
            partnerPlatformId: String(b.app.id),
            partnerProjectId: String(b.project.id),
            quantity: 4,
          },
        },
        a.token,
      );
      expect(created.data.createOffer).toMatchObject({ status: 'PENDING', partnerQuantity: 4 });
      expect(await badgeB.nextEvent((e) => e.data?.awaitingOffersChanged?.incoming === 1)).toBeTruthy();
      const zero = await gql(
        app,
        `mutation($input: CreateOfferInput!) { createOffer(input: $input) { id } }`,
        {
          input: {
            platformId: String(a.app.id),
            projectId: String(a.project.id),
            partnerPlatformId: String(b.app.id),
            partnerProjectId: String(b.project.id),
            quantity: 0,
          },
        },
        a.token,
      );
      expect(zero.errors?.[0]?.message).toBe('quantity must be at least 1');

      const awaitingB = await gql(app, '{ awaitingOffers { incoming outgoing } }', {}, b.token);
      expect(awaitingB.data.awaitingOffers).toEqual({ incoming: 1, outgoing: 0 });
      const confirmed = await gql(
        app,
        'mutation($id: ID!) { confirmOffer(id: $id) { status dealId } }',
        { id: created.data.createOffer.id },
        b.token,
      );
      expect(confirmed.data.confirmOffer.status).toBe('CONFIRMED');
      const dealId = confirmed.data.confirmOffer.dealId;
      expect(await badgeB.nextEvent((e) => e.data?.awaitingOffersChanged?.incoming === 0)).toBeTruthy();
      await dealsA.nextEvent((e) => e.data?.dealUpdated?.id === dealId);

      // A delivery in A's app ticks both parties' deals.
      const player = { user: newPlayer() };
      const [task] = await swapTasks(a.app, b.project, player);
      await sdkConversion(app, b.project.secretKey, (await start(app, a.app, player, task.campaignId)).code);
      const isDelivery = (e: { data?: { dealUpdated?: { id: string; delivered: number } } }) =>
        e.data?.dealUpdated?.id === dealId && e.data?.dealUpdated?.delivered === 1;
      await Promise.all([dealsA.nextEvent(isDelivery), dealsB.nextEvent(isDelivery)]);

      const listedDeals = await gql(
        app,
        '{ exchangeDeals { total data { id delivered quantity platform { id } partnerProject { id } } } }',
        {},
        a.token,
      );
      expect(listedDeals.data.exchangeDeals.data[0]).toMatchObject({
        id: dealId,
        delivered: 1,
        quantity: 4,
        platform: { id: String(a.app.id) },
        partnerProject: { id: String(b.project.id) },
      });
      const catalog = await gql(app, '{ exchangeCatalog(limit: 100) { total data { id ownerName } } }', {}, a.token);
      expect(catalog.data.exchangeCatalog.data.map((p: { id: string }) => p.id)).toContain(String(b.app.id));
      const paused = await gql(
        app,
        'mutation($id: ID!) { changeDeal(id: $id, action: PAUSE) { status } }',
        { id: dealId },
        b.token,
      );
      expect(paused.data.changeDeal.status).toBe('PAUSED');
    } finally {
      await Promise.all([wsA.close(), wsB.close()]);
    }
  });
});
