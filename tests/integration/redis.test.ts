import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CANDIDATES_TTL_MS } from '../../server/modules/showcase/showcase.service.ts';
import { startTestApp } from '../helpers/app.ts';
import { type CampaignJson, newPlayer, type PlatformJson, showcase } from '../helpers/campaigns.ts';
import { fileRegistration, uniqueEmail } from '../helpers/accounts.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { gql, gqlWs, login, type WsClient, waitUntilLive } from '../helpers/graphql.ts';

// Two instances of the app sharing one database and one Redis, as docker-compose runs them.
// CI sets REDIS_URL; without a Redis there is nothing to test here.
describe.runIf(!!process.env.REDIS_URL)('two instances sharing Redis', () => {
  const REDIS_URL = process.env.REDIS_URL as string;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let appA: Awaited<ReturnType<typeof startTestApp>>;
  let appB: Awaited<ReturnType<typeof startTestApp>>;
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // One after the other: the first applies the migrations and the seed, the second finds them done.
    // Same secret on both, as in production: a token from one instance works on the other.
    const env = { REDIS_URL, JWT_SECRET: 'shared-secret-of-both-instances-0123456789' };
    appA = await startTestApp({ demo: true, databaseUrl: db.url, env });
    appB = await startTestApp({ demo: true, databaseUrl: db.url, env });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await appA?.close();
    await appB?.close();
    await db?.drop();
  });

  test('a request filed on B reaches a moderator subscribed on A; so does its approval on B', async () => {
    const moderator = await login(appA, 'moderator@demo.local');
    const ws = gqlWs(appA, moderator);
    sockets.push(ws);
    await ws.connected;
    const sub = ws.subscribe<{ registrationRequestChanged: { id: string; email: string; status: string } }>(
      'subscription { registrationRequestChanged { id email status } }',
    );
    // Until A is listening, probe through B.
    await waitUntilLive(
      sub,
      async () => void (await fileRegistration(appB, { email: uniqueEmail('probe') })),
      (e) => !!e.data?.registrationRequestChanged.email.startsWith('probe.'),
    );

    const email = uniqueEmail('cross');
    const request = await fileRegistration(appB, { email });
    const filed = await sub.nextEvent((e) => e.data?.registrationRequestChanged.email === email);
    expect(filed.data?.registrationRequestChanged).toEqual({ id: String(request.id), email, status: 'PENDING' });

    // The moderator's token from A works on B.
    const approval = await gql(
      appB,
      'mutation($id: ID!) { approveRegistrationRequest(id: $id) { status } }',
      { id: request.id },
      moderator,
    );
    expect(approval.errors).toBeUndefined();
    const approved = await sub.nextEvent(
      (e) =>
        e.data?.registrationRequestChanged.email === email && e.data.registrationRequestChanged.status === 'APPROVED',
    );
    expect(approved.data?.registrationRequestChanged.id).toBe(String(request.id));
    // The applicant signs in on A with the password given on B.
    expect((await appA.api('/v1/auth/login', { body: { email, password: request.password } })).status).toBe(200);
    sub.dispose();
  });

  test('balanceChanged published on B reaches the user subscribed on A, as exact Money', async () => {
    const token = await login(appA, 'advertiser@demo.local');
    const userId = (await appA.api('/v1/users/self', { token })).body.value.id as number;
    const ws = gqlWs(appA, token);
    sockets.push(ws);
    await ws.connected;
    const sub = ws.subscribe<{ balanceChanged: Record<string, string> }>(
      'subscription { balanceChanged { advertiserBalance publisherBalance publisherOnHoldBalance } }',
    );
    const probe = {
      advertiserBalance: '1',
      publisherBalance: '1',
      publisherOnHoldBalance: '1',
      advertiserVersion: '1',
      publisherVersion: '1',
    };
    await waitUntilLive(
      sub,
      () => appB.pubsub.publish(`balance:${userId}`, probe),
      (e) => e.data?.balanceChanged.publisherOnHoldBalance === '0.000001',
    );

    await appB.pubsub.publish(`balance:${userId}`, {
      advertiserBalance: '1500000',
      publisherBalance: '0',
      publisherOnHoldBalance: '0',
      advertiserVersion: '2',
      publisherVersion: '2',
    });
    const event = await sub.nextEvent((e) => e.data?.balanceChanged.advertiserBalance === '1.50');
    expect(event).toEqual({
      data: { balanceChanged: { advertiserBalance: '1.50', publisherBalance: '0.00', publisherOnHoldBalance: '0.00' } },
    });

    // Amounts beyond 2^53 micro-USD stay exact across Redis.
    await appB.pubsub.publish(`balance:${userId}`, {
      advertiserBalance: '9007199254740993123',
      publisherBalance: '-250000',
      publisherOnHoldBalance: '10',
      advertiserVersion: '3',
      publisherVersion: '3',
    });
    const big = await sub.nextEvent((e) => e.data?.balanceChanged.publisherOnHoldBalance === '0.00001');
    expect(big.data?.balanceChanged).toEqual({
      advertiserBalance: '9007199254740.993123',
      publisherBalance: '-0.25',
      publisherOnHoldBalance: '0.00001',
    });
    sub.dispose();
  });

  test('balance events published out of commit order never take a subscriber back to an older state', async () => {
    // Two transfers commit one after the other on one account, and each instance publishes its
    // own after the commit: the later state can reach Redis first (the chip and the
    // Withdraw card must not be left at the older figure).
    const token = await login(appA, 'publisher@demo.local');
    const userId = (await appA.api('/v1/users/self', { token })).body.value.id as number;
    const ws = gqlWs(appA, token);
    sockets.push(ws);
    await ws.connected;
    const sub = ws.subscribe<{ balanceChanged: Record<string, string> }>(
      'subscription { balanceChanged { advertiserBalance publisherBalance publisherOnHoldBalance } }',
    );
    const state = (adv: string, advV: number, pub: string, hold: string, pubV: number) => ({
      advertiserBalance: adv,
      publisherBalance: pub,
      publisherOnHoldBalance: hold,
      advertiserVersion: String(advV),
      publisherVersion: String(pubV),
    });
    await waitUntilLive(
      sub,
      () => appB.pubsub.publish(`balance:${userId}`, state('1', 1, '1', '1', 1)),
      (e) => e.data?.balanceChanged.publisherOnHoldBalance === '0.000001',
    );
    const seen: Record<string, string>[] = [];
    const next = async () => {
      const e = await sub.nextEvent((x) => x.data?.balanceChanged.publisherOnHoldBalance !== '0.000001');
      seen.push(e.data!.balanceChanged);
    };

    await appB.pubsub.publish(`balance:${userId}`, state('5000000', 3, '2000000', '1000000', 3));
    await next();
    // Both accounts older: dropped. Only the advertiser's older: the publisher's figures are taken.
    await appB.pubsub.publish(`balance:${userId}`, state('4000000', 2, '1000000', '500000', 2));
    await appA.pubsub.publish(`balance:${userId}`, state('4500000', 2, '3000000', '500000', 4));
    await next();
    // The same version again is the same state: sent (nothing goes back).
    await appB.pubsub.publish(`balance:${userId}`, state('6000000', 4, '3000000', '500000', 4));
    await next();
    expect(seen).toEqual([
      { advertiserBalance: '5.00', publisherBalance: '2.00', publisherOnHoldBalance: '1.00' },
      { advertiserBalance: '5.00', publisherBalance: '3.00', publisherOnHoldBalance: '0.50' },
      { advertiserBalance: '6.00', publisherBalance: '3.00', publisherOnHoldBalance: '0.50' },
    ]);
    sub.dispose();
  });

  test("another user's balance events do not reach this subscriber", async () => {
    const advertiser = await login(appA, 'advertiser@demo.local');
    const publisherId = (await appB.api('/v1/users/self', { token: await login(appB, 'publisher@demo.local') })).body
      .value.id as number;
    const advertiserId = (await appA.api('/v1/users/self', { token: advertiser })).body.value.id as number;
    const ws = gqlWs(appA, advertiser);
    sockets.push(ws);
    const sub = ws.subscribe<{ balanceChanged: Record<string, string> }>(
      'subscription { balanceChanged { advertiserBalance } }',
    );
    await waitUntilLive(
      sub,
      () =>
        appB.pubsub.publish(`balance:${advertiserId}`, {
          advertiserBalance: '1',
          publisherBalance: '0',
          publisherOnHoldBalance: '0',
          advertiserVersion: '1',
          publisherVersion: '1',
        }),
      (e) => e.data?.balanceChanged.advertiserBalance === '0.000001',
    );
    await appB.pubsub.publish(`balance:${publisherId}`, {
      advertiserBalance: '7000000',
      publisherBalance: '0',
      publisherOnHoldBalance: '0',
      advertiserVersion: '9',
      publisherVersion: '9',
    });
    await appB.pubsub.publish(`balance:${advertiserId}`, {
      advertiserBalance: '2000000',
      publisherBalance: '0',
      publisherOnHoldBalance: '0',
      advertiserVersion: '2',
      publisherVersion: '2',
    });
    // Events on one Redis connection arrive in order: the first non-probe event is the advertiser's own.
    const next = await sub.nextEvent((e) => e.data?.balanceChanged.advertiserBalance !== '0.000001');
    expect(next.data?.balanceChanged.advertiserBalance).toBe('2.00');
    sub.dispose();
  });

  test('a budget returned on B (a ledger change, no event on A) leaves the list A has cached', async () => {
    const [adv, pub] = await Promise.all(['advertiser@demo.local', 'publisher@demo.local'].map((e) => login(appA, e)));
    const apps = (await appA.api('/v1/platforms', { token: pub })).body.value.data as PlatformJson[];
    const app = apps.find((a) => a.title === 'Clicker Quest')!;
    const player = { user: newPlayer(), country: 'US' };
    const listed = async () =>
      ((await showcase(appA, app, player)).body.value.tasks as { campaignId: number }[]).map((t) => t.campaignId);
    const before = await listed();
    const campaigns = (await appA.api('/v1/campaigns?size=100', { token: adv })).body.value.data as CampaignJson[];
    const target = campaigns.find((c) => before.includes(c.id) && c.budget > 1)!;
    expect(target).toBeDefined();
    const payments = `/v1/projects/${target.projectId}/campaigns/${target.id}/payments`;
    const left = Math.round((target.budget - 0.01) * 100) / 100;
    expect((await appB.api(payments, { method: 'PUT', token: adv, body: { value: left } })).status).toBe(200);
    const t0 = performance.now();
    await expect.poll(listed, { timeout: 10_000, interval: 100 }).not.toContain(target.id);
    console.log(`a budget returned on B left A's list in ${Math.round(performance.now() - t0)} ms`);
    expect((await appB.api(payments, { method: 'POST', token: adv, body: { value: left } })).status).toBe(200);
    await expect.poll(listed, { timeout: 10_000, interval: 100 }).toContain(target.id);
  });

  test('an app excluded on B leaves the showcase lists that A has cached, and comes back', () =>
    exclusionReachesTheOther(appA, appB));

  test('a campaign stopped on B leaves the showcase list that A has cached within CANDIDATES_TTL_MS', async () => {
    const [adv, pub] = await Promise.all(['advertiser@demo.local', 'publisher@demo.local'].map((e) => login(appA, e)));
    const apps = (await appA.api('/v1/platforms', { token: pub })).body.value.data as PlatformJson[];
    const app = apps.find((a) => a.title === 'Clicker Quest')!;
    const player = { user: newPlayer() };
    const listed = async () =>
      ((await showcase(appA, app, player)).body.value.tasks as { campaignId: number }[]).map((t) => t.campaignId);
    const before = await listed();
    const campaigns = (await appA.api('/v1/campaigns?size=100', { token: adv })).body.value.data as CampaignJson[];
    const target = campaigns.find((c) => before.includes(c.id))!;
    expect(target).toBeDefined();
    // A's list is now cached for this audience; B stops the campaign.
    const stopped = await appB.api(`/v1/projects/${target.projectId}/campaigns/${target.id}`, {
      method: 'PATCH',
      token: adv,
      body: { isActive: false },
    });
    expect(stopped.status).toBe(200);
    const t0 = performance.now();
    await expect.poll(listed, { timeout: CANDIDATES_TTL_MS + 1000, interval: 20 }).not.toContain(target.id);
    expect(performance.now() - t0).toBeLessThan(CANDIDATES_TTL_MS);
    await appA.api(`/v1/projects/${target.projectId}/campaigns/${target.id}`, {
      method: 'PATCH',
      token: adv,
      body: { isActive: true },
    });
  });

  test("signing out on B closes the same session's live socket on A, and A refuses its token", async () => {
    const token = await login(appA, 'publisher@demo.local');
    const ws = gqlWs(appA, token);
    sockets.push(ws);
    await ws.connected;
    expect((await ws.subscribe('query { me { email } }').nextEvent()).data.me.email).toBe('publisher@demo.local');
    const started = Date.now();
    expect((await appB.api('/v1/auth/logout', { method: 'POST', token })).status).toBe(200);
    // Generous: only a socket left open fails; the latency (1 s at most in the issue) is printed.
    const closed = await Promise.race([ws.closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    expect(closed).toEqual({ code: 4403, reason: 'Forbidden: the session has ended' });
    console.log(`socket on A closed ${Date.now() - started} ms after the session ended on B`);
    expect((await appA.api('/v1/users/self', { token })).status).toBe(401);
  });
});

// Without Redis each instance's pub/sub is its own: an app's changes reach the other instances
// through the database (NOTIFY showcase_changed), as sessions' ends do.
describe('two instances without Redis', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let appA: Awaited<ReturnType<typeof startTestApp>>;
  let appB: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { JWT_SECRET: 'shared-secret-of-both-instances-0123456789' };
    appA = await startTestApp({ demo: true, databaseUrl: db.url, env });
    appB = await startTestApp({ demo: true, databaseUrl: db.url, env });
  });
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await db?.drop();
  });

  test('an app excluded on B leaves the showcase lists that A has cached, and comes back', () =>
    exclusionReachesTheOther(appA, appB));
});

type App = Awaited<ReturnType<typeof startTestApp>>;

/** The advertiser excludes an app on B: its campaigns leave the list A has cached, and come back. */
async function exclusionReachesTheOther(appA: App, appB: App) {
  const [adv, pub] = await Promise.all(['advertiser@demo.local', 'publisher@demo.local'].map((e) => login(appA, e)));
  const apps = (await appA.api('/v1/platforms', { token: pub })).body.value.data as PlatformJson[];
  const app = apps.find((a) => a.title === 'Clicker Quest')!;
  const player = { user: newPlayer() };
  const own = new Set(
    ((await appA.api('/v1/campaigns?size=100', { token: adv })).body.value.data as CampaignJson[]).map((c) => c.id),
  );
  const listedOwn = async () =>
    ((await showcase(appA, app, player)).body.value.tasks as { campaignId: number }[])
      .map((t) => t.campaignId)
      .filter((id) => own.has(id));
  expect((await listedOwn()).length).toBeGreaterThan(0);
  const exclude = (platformIds: number[]) =>
    appB.api('/v1/users/excluded-platforms', { method: 'PUT', token: adv, body: { platformIds } });
  expect((await exclude([app.id])).status).toBe(200);
  let t0 = performance.now();
  await expect.poll(listedOwn, { timeout: 10_000, interval: 100 }).toEqual([]);
  console.log(`an app's exclusion on B reached A's list in ${Math.round(performance.now() - t0)} ms`);
  expect((await exclude([])).status).toBe(200);
  t0 = performance.now();
  await expect.poll(async () => (await listedOwn()).length, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
  console.log(`and its end in ${Math.round(performance.now() - t0)} ms`);
}
