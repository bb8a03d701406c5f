import { FAILURES } from '../../server/failures.ts';
// Idempotent creates: a retried create with the same Idempotency-Key answers the
// first result instead of creating a second object, over REST and GraphQL, under concurrency;
// a key reused for another request is refused; a failed create leaves no key; keys expire.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { purgeIdempotencyKeys } from '../../server/lib/idempotency.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import {
  balances,
  categoryId,
  createPlatform,
  createProject,
  em,
  expectLedgerClean,
  type ProjectJson,
  tasks,
  topUp,
  unique,
  USD,
} from '../helpers/campaigns.ts';

let app: TestApp;
let user: { token: string; userId: number };
let other: { token: string; userId: number };
let category: number;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  [user, other] = await Promise.all([createApprovedUser(app), createApprovedUser(app)]);
  category = await categoryId(app, user.token);
});
afterAll(() => app?.close());
afterEach(() => expectLedgerClean(app));

const post = (path: string, token: string, body: unknown, key?: string) =>
  app.api(path, { token, body, headers: key ? { 'idempotency-key': key } : {} });

async function count(sql: string, params: unknown[]): Promise<number> {
  const [row] = await em(app).execute<{ n: string }[]>(sql, params);
  return Number(row.n);
}
const projectsOf = (userId: number) => count('select count(*) as n from projects where owner_id = ?', [userId]);

const projectBody = (o: Record<string, unknown> = {}) => ({
  title: unique('Project'),
  categoryId: category,
  tasks: [tasks.bot()],
  ...o,
});

describe('projects', () => {
  test('a retry with the same key answers the first project; a new key makes a new one', async () => {
    const before = await projectsOf(user.userId);
    const key = randomUUID();
    const body = projectBody();
    const first = await post('/v1/projects', user.token, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await post('/v1/projects', user.token, body, key);
    expect(retry.status).toBe(201);
    expect(retry.body.value.id).toBe(first.body.value.id);
    expect(retry.body.value.secretKey).toBe(first.body.value.secretKey);
    expect(retry.body.value.tasks).toHaveLength(1);
    expect(await projectsOf(user.userId)).toBe(before + 1);

    const fresh = await post('/v1/projects', user.token, body, randomUUID());
    expect(fresh.status).toBe(201);
    expect(fresh.body.value.id).not.toBe(first.body.value.id);
    expect(await projectsOf(user.userId)).toBe(before + 2);
  });

  test('twenty concurrent requests with one key create one project', async () => {
    const before = await projectsOf(user.userId);
    const key = randomUUID();
    const body = projectBody();
    const all = await Promise.all(Array.from({ length: 20 }, () => post('/v1/projects', user.token, body, key)));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(all.map((r) => r.body.value.id)).size).toBe(1);
    expect(await projectsOf(user.userId)).toBe(before + 1);
  });

  test('the same key with a different request is refused and changes nothing', async () => {
    const key = randomUUID();
    expect((await post('/v1/projects', user.token, projectBody(), key)).status).toBe(201);
    const before = await projectsOf(user.userId);
    const other = await post('/v1/projects', user.token, projectBody(), key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: FAILURES.IDEMPOTENCY_KEY_REUSED.message });
    expect(await projectsOf(user.userId)).toBe(before);
  });

  test('keys belong to their user: another user with the same key gets a project of their own', async () => {
    const key = randomUUID();
    const body = projectBody();
    const mine = await post('/v1/projects', user.token, body, key);
    const theirs = await post('/v1/projects', other.token, body, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.value.id).not.toBe(mine.body.value.id);
  });

  test('a failed create keeps no key: the corrected request with the same key is created', async () => {
    const key = randomUUID();
    const before = await projectsOf(user.userId);
    const bad = await post('/v1/projects', user.token, projectBody({ categoryId: 999_999 }), key);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(await count('select count(*) as n from idempotency_keys where key = ?', [key])).toBe(0);
    const good = await post('/v1/projects', user.token, projectBody(), key);
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(await projectsOf(user.userId)).toBe(before + 1);
  });

  test('a key that is not 1–255 visible ASCII characters is refused', async () => {
    const before = await projectsOf(user.userId);
    for (const key of ['x'.repeat(256), 'has space']) {
      const res = await post('/v1/projects', user.token, projectBody(), key);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: FAILURES.IDEMPOTENCY_KEY_MUST_1_TO.message });
    }
    expect(await projectsOf(user.userId)).toBe(before);
  });

  test('first results expire after 24 hours and are purged', async () => {
    const key = randomUUID();
    const body = projectBody();
    const first = await post('/v1/projects', user.token, body, key);
    expect(first.status).toBe(201);
    await em(app).execute(
      `update idempotency_keys set created_at = now() - interval '24 hours 1 minute' where user_id = ? and key = ?`,
      [user.userId, key],
    );
    const later = await post('/v1/projects', user.token, body, key);
    expect(later.status).toBe(201);
    expect(later.body.value.id).not.toBe(first.body.value.id);

    // The purge job forgets old rows and keeps fresh ones.
    const stale = randomUUID();
    expect((await post('/v1/projects', user.token, projectBody(), stale)).status).toBe(201);
    await em(app).execute(
      `update idempotency_keys set created_at = now() - interval '25 hours' where user_id = ? and key = ?`,
      [user.userId, stale],
    );
    expect(await purgeIdempotencyKeys(em(app))).toBeGreaterThanOrEqual(1);
    expect(await count('select count(*) as n from idempotency_keys where key = ?', [stale])).toBe(0);
    expect(await count('select count(*) as n from idempotency_keys where key = ?', [key])).toBe(1);
  });
});

describe('resources, campaigns and offers', () => {
  let project: ProjectJson;
  beforeAll(async () => {
    project = await createProject(app, user.token, [tasks.bot()]);
  });

  test('a resource is added once per key', async () => {
    const resources = () => count('select count(*) as n from tasks where project_id = ?', [project.id]);
    const before = await resources();
    const key = randomUUID();
    const body = tasks.custom();
    const [a, b] = await Promise.all([
      post(`/v1/projects/${project.id}/tasks`, user.token, body, key),
      post(`/v1/projects/${project.id}/tasks`, user.token, body, key),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.value.id).toBe(a.body.value.id);
    expect(await resources()).toBe(before + 1);
  });

  test('a funded campaign is created and paid for once, however often it is retried', async () => {
    await topUp(app, user.userId, '50');
    const start = await balances(app, user.userId);
    const campaigns = () => count('select count(*) as n from campaigns where project_id = ?', [project.id]);
    const before = await campaigns();
    const key = randomUUID();
    const body = { name: unique('Campaign'), budget: '10' };
    const path = `/v1/projects/${project.id}/tasks/${project.tasks[0].id}/campaigns`;
    const all = await Promise.all(Array.from({ length: 10 }, () => post(path, user.token, body, key)));
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(all.map((r) => r.body.value.id)).size).toBe(1);
    expect(await campaigns()).toBe(before + 1);
    const end = await balances(app, user.userId);
    expect(start.advertiserBalance - end.advertiserBalance).toBe(10n * USD);
  });

  test('an offer is made once per key: the retry answers it instead of "a pending offer exists"', async () => {
    const ready = (token: string) =>
      app.api('/v1/users/self', { method: 'PATCH', token, body: { isExchangeReady: true } });
    const [mine, theirs] = await Promise.all([createPlatform(app, user.token), createPlatform(app, other.token)]);
    const partnerProject = await createProject(app, other.token, [tasks.bot()]);
    expect((await ready(user.token)).status).toBe(200);
    expect((await ready(other.token)).status).toBe(200);
    const body = {
      platformId: mine.id,
      projectId: project.id,
      partnerPlatformId: theirs.id,
      partnerProjectId: partnerProject.id,
      quantity: 5,
    };
    const key = randomUUID();
    const first = await post('/v1/exchanges/offers', user.token, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await post('/v1/exchanges/offers', user.token, body, key);
    expect(retry.status).toBe(201);
    expect(retry.body.value.id).toBe(first.body.value.id);
    // Without the key the same request is a second offer for the pair, which is refused.
    expect((await post('/v1/exchanges/offers', user.token, body)).status).toBe(409);
  });
});

describe('GraphQL', () => {
  const createProjectOp = `mutation($input: ProjectInput!) { createProject(input: $input) { id secretKey } }`;
  const send = async (key: string, input: unknown) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': key },
      body: JSON.stringify({ query: createProjectOp, variables: { input } }),
    });
    return (await res.json()) as { data?: { createProject: { id: string } }; errors?: { message: string }[] };
  };

  test('the Idempotency-Key header on a GraphQL create answers the first result', async () => {
    const before = await projectsOf(user.userId);
    const key = randomUUID();
    const input = { title: unique('Project'), categoryId: String(category), tasks: [tasks.bot()] };
    const [a, b] = await Promise.all([send(key, input), send(key, input)]);
    expect(a.errors).toBeUndefined();
    expect(b.data?.createProject.id).toBe(a.data?.createProject.id);
    expect(await projectsOf(user.userId)).toBe(before + 1);
    const reused = await send(key, { ...input, title: unique('Project') });
    expect(reused.errors?.[0].message).toBe(FAILURES.IDEMPOTENCY_KEY_REUSED.message);
  });
});
