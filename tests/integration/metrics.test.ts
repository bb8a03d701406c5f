import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp } from '../helpers/app.ts';
import {
  approveCampaign,
  createCampaign,
  createPlatform,
  createProject,
  newPlayer,
  sdkConversion,
  start,
  tasks,
} from '../helpers/campaigns.ts';
import { gqlWs, login, type WsClient } from '../helpers/graphql.ts';

/** One sample's value from Prometheus text, e.g. `taskgram_ws_connections` or `x{a="b"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  const sockets: WsClient[] = [];
  const metrics = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}/metrics`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    app = await startTestApp({ demo: true });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await app?.close();
  });

  test('Prometheus text: process metrics, request durations by route template and status', async () => {
    await app.api('/v1/users/self');
    await app.api('/v1/platforms/123456');
    const m = await metrics();
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(m.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(m.text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(
      sample(m.text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/users/self',
        status: '401',
      }),
    ).toBeGreaterThanOrEqual(1);
    // The template, not the id: one series per route however many ids are asked for.
    expect(m.text).toContain('route="/api/v1/platforms/:id"');
    expect(m.text).not.toContain('/api/v1/platforms/123456');
    expect(sample(m.text, 'taskgram_pg_pool_connections', { state: 'max' })).toBeGreaterThan(0);
  });

  test('live sockets and subscriptions are gauges', async () => {
    const before = await metrics();
    const token = await login(app, 'moderator@demo.local');
    const ws = gqlWs(app, token);
    sockets.push(ws);
    await ws.connected;
    ws.subscribe('subscription { registrationRequestChanged { id } }');
    ws.subscribe('subscription { withdrawalQueueChanged { id } }');
    const base = {
      sockets: sample(before.text, 'taskgram_ws_connections') ?? 0,
      subs: sample(before.text, 'taskgram_ws_subscriptions') ?? 0,
    };
    await expect
      .poll(async () => {
        const m = await metrics();
        return [sample(m.text, 'taskgram_ws_connections'), sample(m.text, 'taskgram_ws_subscriptions')];
      })
      .toEqual([base.sockets + 1, base.subs + 2]);
    await ws.close();
    await expect.poll(async () => sample((await metrics()).text, 'taskgram_ws_connections')).toBe(base.sockets);
  });

  test('clicks, conversions and ledger transfers count what happened', async () => {
    const adv = await login(app, 'advertiser@demo.local');
    const pub = await login(app, 'publisher@demo.local');
    const before = (await metrics()).text;
    const project = await createProject(app, adv, [tasks.bot()]);
    const campaign = await createCampaign(app, adv, project.tasks[0], { budget: 1 });
    if (campaign.status === 'MODERATION') await approveCampaign(app, campaign.id);
    const platform = await createPlatform(app, pub);
    const click = await start(app, platform, { user: newPlayer() }, campaign.id);
    expect((await sdkConversion(app, project.secretKey, click.code)).body.value.status).toBe('COMPLETED');
    expect((await sdkConversion(app, project.secretKey, click.code)).body.value.status).toBe('DUPLICATE');
    const after = (await metrics()).text;
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('taskgram_clicks_total', { outcome: 'new' })).toBe(1);
    expect(delta('taskgram_conversions_total', { result: 'COMPLETED' })).toBe(1);
    expect(delta('taskgram_conversions_total', { result: 'DUPLICATE' })).toBe(1);
    // The campaign's funding, the publisher's share and the network fee at least.
    expect(delta('taskgram_ledger_transfers')).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  const TOKEN = 'metrics-token-0123456789abcdef';
  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => app?.close());

  test('401 without the bearer token or with a wrong one; 200 with it', async () => {
    const get = (authorization?: string) =>
      fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });
    expect((await get()).status).toBe(401);
    const wrong = await get('Bearer not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect(await wrong.text()).not.toContain('process_cpu');
    const ok = await get(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_request_duration_seconds');
  });
});
