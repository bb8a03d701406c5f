import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { backoffMs } from '../../server/modules/campaigns/callbacks.service.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import {
  type CampaignJson,
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
import { gql, gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';

/**
 * The publisher's server receiving reward callbacks: a local HTTP server that answers with the
 * scripted status codes in turn (then 200) and checks every signature itself.
 */
interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
}
async function startReceiver(secretKey: () => string, script: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const expected = `sha256=${createHmac('sha256', secretKey()).update(raw).digest('hex')}`;
    received.push({
      headers: req.headers,
      raw,
      body: JSON.parse(raw),
      signatureValid: req.headers['x-taskgram-signature'] === expected,
    });
    res.writeHead(script.shift() ?? 200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/taskgram/reward`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let app: Awaited<ReturnType<typeof startTestApp>>;
let adv: string;
let pub: string;
let platform: PlatformJson;
let project: ProjectJson;
let campaign: CampaignJson;

beforeAll(async () => {
  // The fake app server listens on loopback: allowed explicitly, as a self-hosted setup would.
  app = await startTestApp({
    demo: true,
    env: { OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,::1/128' },
  });
  adv = await login(app, 'advertiser@demo.local');
  await topUp(app, (await app.api('/v1/users/self', { token: adv })).body.value.id, '100');
  pub = (await createApprovedUser(app, { role: 'PUBLISHER' })).token;
  platform = await createPlatform(app, pub);
  project = await createProject(app, adv, [tasks.bot()]);
  campaign = await createCampaign(app, adv, project.tasks[0], { budget: 5 });
});
afterAll(() => app?.close());
afterEach(() => expectLedgerClean(app));

/** Points the app's callbacks at a local http URL (the API accepts only https, see the first test). */
const setCallbackUrl = (p: { id: number }, url: string | null) =>
  em(app).execute('update platforms set reward_callback_url = ? where id = ?', [url, p.id]);

const callbacks = async (p: { id: number }, token = pub) => {
  const res = await app.api(`/v1/platforms/${p.id}/callbacks`, { token });
  expect(res.status).toBe(200);
  return res.body.value.data as Array<Record<string, any>>;
};

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The backoff is real: the retry becomes due by moving its time into the past. */
const makeDue = (callbackId: number) =>
  em(app).execute(`update reward_callbacks set next_attempt_at = now() - interval '1 second' where id = ?`, [
    callbackId,
  ]);

async function convert(p: PlatformJson, country = 'US') {
  const click = await start(app, p, { user: newPlayer(), country }, campaign.id);
  const res = await sdkConversion(app, project.secretKey, click.code);
  expect(res.body.value.status).toBe('COMPLETED');
  return res.body.value.conversionId as number;
}

test('the callback URL must be https through the API', async () => {
  const res = await app.api(`/v1/platforms/${platform.id}/complex`, {
    method: 'PATCH',
    token: pub,
    body: {
      title: platform.title,
      logo: platform.logo,
      categoryId: platform.categoryId,
      webappUrl: platform.webappUrl,
      rewardCallbackUrl: 'http://127.0.0.1:9/hook',
    },
  });
  expect(res).toMatchObject({ status: 400, body: { error: 'The link is not valid, it should start with https://' } });
  const ok = await app.api(`/v1/platforms/${platform.id}/complex`, {
    method: 'PATCH',
    token: pub,
    body: {
      title: platform.title,
      logo: platform.logo,
      categoryId: platform.categoryId,
      webappUrl: platform.webappUrl,
      rewardCallbackUrl: 'https://games.example.com/taskgram',
    },
  });
  expect(ok.body.value.rewardCallbackUrl).toBe('https://games.example.com/taskgram');
});

test('500, 500, then 200: three attempts logged, DELIVERED, every body signed with the app’s secret key', async () => {
  const receiver = await startReceiver(() => platform.secretKey, [500, 500]);
  try {
    await setCallbackUrl(platform, receiver.url);
    const conversionId = await convert(platform);

    // Attempt 1 right after the conversion commits.
    let [cb] = await until(
      'attempt 1',
      () => callbacks(platform),
      (list) => list[0]?.attempts === 1,
    );
    expect(cb).toMatchObject({ conversionId, url: receiver.url, status: 'PENDING', lastStatusCode: 500 });
    expect(Date.parse(cb.nextAttemptAt) - Date.parse(cb.attemptLog[0].at)).toBeGreaterThan(backoffMs(1) - 2000);
    expect(Date.parse(cb.nextAttemptAt) - Date.parse(cb.attemptLog[0].at)).toBeLessThan(backoffMs(1) + 2000);
    // Not due yet: the job sends nothing.
    expect(await app.services.callbacks.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);

    await makeDue(cb.id);
    expect(await app.services.callbacks.deliverDue()).toBe(0); // answered 500 again
    [cb] = await callbacks(platform);
    expect(cb).toMatchObject({ status: 'PENDING', attempts: 2, lastStatusCode: 500 });
    expect(Date.parse(cb.nextAttemptAt) - Date.parse(cb.attemptLog[1].at)).toBeGreaterThan(backoffMs(2) - 2000);

    // The publisher's screen hears about every attempt live.
    const ws = gqlWs(app, pub);
    const live = ws.subscribe('subscription($p: ID!) { rewardCallbackUpdated(platformId: $p) { id } }', {
      p: String(platform.id),
    });
    await waitUntilLive(
      live,
      () => app.pubsub.publish(`reward-callbacks:${platform.id}`, { id: 0 }),
      (e) => e.data?.rewardCallbackUpdated?.id === '0',
    );
    await makeDue(cb.id);
    expect(await app.services.callbacks.deliverDue()).toBe(1);
    expect((await live.nextEvent((e) => e.data?.rewardCallbackUpdated?.id !== '0')).data.rewardCallbackUpdated).toEqual(
      {
        id: String(cb.id),
      },
    );
    live.dispose();
    await ws.close();
    [cb] = await callbacks(platform);
    expect(cb).toEqual({
      id: expect.any(Number),
      conversionId,
      url: receiver.url,
      status: 'DELIVERED',
      attempts: 3,
      nextAttemptAt: null,
      lastStatusCode: 200,
      lastError: null,
      createdAt: expect.any(String),
      deliveredAt: expect.any(String),
      attemptLog: [
        {
          attempt: 1,
          at: expect.any(String),
          statusCode: 500,
          error: 'The server answered 500',
          durationMs: expect.any(Number),
        },
        {
          attempt: 2,
          at: expect.any(String),
          statusCode: 500,
          error: 'The server answered 500',
          durationMs: expect.any(Number),
        },
        { attempt: 3, at: expect.any(String), statusCode: 200, error: null, durationMs: expect.any(Number) },
      ],
    });

    // What the publisher's server got: the same signed body three times.
    expect(receiver.received).toHaveLength(3);
    for (const [i, r] of receiver.received.entries()) {
      expect(r.signatureValid, `attempt ${i + 1}`).toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-taskgram-event']).toBe('conversion');
      expect(r.headers['x-taskgram-delivery']).toBe(`${cb.id}-${i + 1}`);
      expect(r.raw).toBe(receiver.received[0].raw);
    }
    expect(receiver.received[0].body).toEqual({
      event: 'conversion',
      conversionId,
      platformId: platform.id,
      campaignId: campaign.id,
      playerId: expect.any(Number),
      taskType: 'BOT',
      awards: [{ title: 'Coins', value: 500 }],
      revenue: '0.12',
      createdAt: expect.any(String),
    });
    // A body changed in transit no longer matches its signature.
    const tampered = receiver.received[0].raw.replace('"0.12"', '"9.99"');
    expect(createHmac('sha256', platform.secretKey).update(tampered).digest('hex')).not.toBe(
      String(receiver.received[0].headers['x-taskgram-signature']).slice('sha256='.length),
    );

    // Delivered: nothing more is sent.
    await makeDue(cb.id);
    expect(await app.services.callbacks.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(3);

    // The same log over GraphQL; owner only.
    const q =
      'query($p: ID!) { platformCallbacks(platformId: $p) { id status attempts attemptLog { attempt statusCode } } }';
    const res = await gql(app, q, { p: String(platform.id) }, pub);
    expect(res.data.platformCallbacks[0]).toEqual({
      id: String(cb.id),
      status: 'DELIVERED',
      attempts: 3,
      attemptLog: [
        { attempt: 1, statusCode: 500 },
        { attempt: 2, statusCode: 500 },
        { attempt: 3, statusCode: 200 },
      ],
    });
    expect((await gql(app, q, { p: String(platform.id) }, adv)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await app.api(`/v1/platforms/${platform.id}/callbacks`, { token: adv })).status).toBe(404);
  } finally {
    await receiver.close();
  }
});

test('an unreachable server: the error is logged, and after the last attempt the callback is FAILED', async () => {
  const gone = await startReceiver(() => '');
  await gone.close(); // nothing listens on this port any more
  const other = await createPlatform(app, pub);
  await setCallbackUrl(other, gone.url);
  const conversionId = await convert(other, 'FR');
  let [cb] = await until(
    'attempt 1',
    () => callbacks(other),
    (list) => list[0]?.attempts === 1,
  );
  expect(cb).toMatchObject({
    conversionId,
    status: 'PENDING',
    lastStatusCode: null,
    lastError: 'Could not connect: ECONNREFUSED',
  });
  // Nine attempts later (REWARD_CALLBACK_MAX_ATTEMPTS is 10): the tenth is the last.
  await em(app).execute('update reward_callbacks set attempts = 9 where id = ?', [cb.id]);
  await makeDue(cb.id);
  expect(await app.services.callbacks.deliverDue()).toBe(0);
  [cb] = await callbacks(other);
  expect(cb).toMatchObject({ status: 'FAILED', attempts: 10, nextAttemptAt: null, deliveredAt: null });
  expect(cb.attemptLog.map((a: { attempt: number; error: string }) => [a.attempt, a.error])).toEqual([
    [1, 'Could not connect: ECONNREFUSED'],
    [10, 'Could not connect: ECONNREFUSED'],
  ]);
  await makeDue(cb.id);
  expect(await app.services.callbacks.deliverDue()).toBe(0);
  expect((await callbacks(other))[0].attempts).toBe(10);
});

test('an app without a callback URL gets no callbacks', async () => {
  const quiet = await createPlatform(app, pub);
  await convert(quiet);
  expect(await callbacks(quiet)).toEqual([]);
});

describe('callback URLs cannot reach our own network (SSRF)', () => {
  // An instance with no private range allowed, as production runs by default.
  let strict: Awaited<ReturnType<typeof startTestApp>>;
  let owner: string;
  let app2: PlatformJson;
  const patch = (rewardCallbackUrl: string) =>
    strict.api(`/v1/platforms/${app2.id}/complex`, {
      method: 'PATCH',
      token: owner,
      body: {
        title: app2.title,
        logo: app2.logo,
        categoryId: app2.categoryId,
        webappUrl: app2.webappUrl,
        rewardCallbackUrl,
      },
    });
  beforeAll(async () => {
    strict = await startTestApp({ databaseUrl: app.databaseUrl });
    owner = await login(strict, 'publisher@demo.local');
    app2 = await createPlatform(strict, owner);
  });
  afterAll(() => strict?.close());

  test('loopback, private, link-local, metadata and local names are refused when saved; nothing changes', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost:8443/hook',
      'https://api.localhost/hook',
      'https://10.0.0.5/hook',
      'https://172.16.3.4/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
    ]) {
      const res = await patch(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toMatch(
        /^The callback URL points to a private or local address \(.+\); use a public https address$/,
      );
    }
    const saved = await strict.api(`/v1/platforms/${app2.id}`, { token: owner });
    expect(saved.body.value.rewardCallbackUrl ?? null).toBeNull();
    const ok = await patch('https://games.example.com/taskgram');
    expect(ok.status).toBe(200);
    expect(ok.body.value.rewardCallbackUrl).toBe('https://games.example.com/taskgram');
  });

  test('a name that resolves to a private address is refused at delivery, the attempt marked failed', async () => {
    const receiver = await startReceiver(() => app2.secretKey as string);
    try {
      // `localhost` is a name: only its resolution (127.0.0.1 / ::1) says where it goes. Set in
      // the database, as a DNS record changed after the URL was saved would do.
      const port = new URL(receiver.url).port;
      await em(strict).execute('update platforms set reward_callback_url = ? where id = ?', [
        `http://localhost:${port}/taskgram/reward`,
        app2.id,
      ]);
      const advToken = await login(strict, 'advertiser@demo.local');
      const proj = await createProject(strict, advToken, [tasks.custom()]);
      const camp = await createCampaign(strict, advToken, proj.tasks[0], { budget: 1 });
      const click = await start(strict, app2, { user: newPlayer(), country: 'US' }, camp.id);
      expect((await sdkConversion(strict, proj.secretKey, click.code)).body.value.status).toBe('COMPLETED');
      const list = await until(
        'the refused attempt',
        async () => (await strict.api(`/v1/platforms/${app2.id}/callbacks`, { token: owner })).body.value.data,
        (l: Array<Record<string, any>>) => l[0]?.attempts === 1,
      );
      expect(list[0].lastStatusCode).toBeNull();
      expect(list[0].lastError).toMatch(
        /^Refused: localhost resolves to (127\.0\.0\.1|::1) \(loopback\), which is not allowed$/,
      );
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
