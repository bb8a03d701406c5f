import { dataException, FAILURES } from '../../server/failures.ts';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  balances,
  campaignsPath,
  createCampaign,
  createPlatform,
  createProject,
  em,
  expectLedgerClean,
  newPlayer,
  type PlatformJson,
  type ProjectJson,
  showcase,
  tasks,
  topUp,
} from '../helpers/campaigns.ts';
import { gql, gqlWs, login } from '../helpers/graphql.ts';

// Inputs that answered 500, retries that moved money twice, and what production
// told strangers. Each item has its own describe; the fuzz tests cover the rest of the API.

const TOO_MUCH = 'Enter an amount of at most 9223372036854.775807 USD';
const AS_STRING =
  'Send an amount above 9007199254.740991 USD as a decimal string: a JSON number that large cannot carry every micro-dollar';
const NUL = 'Text must not contain NUL characters';

let app: TestApp;
let adv: string;
let advId: number;
let project: ProjectJson;
let platform: PlatformJson;
let pub: string;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  adv = await login(app, 'advertiser@demo.local');
  advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
  await topUp(app, advId, '100');
  project = await createProject(app, adv, [tasks.bot(), tasks.custom()]);
  const publisher = await createApprovedUser(app, { role: 'PUBLISHER' });
  pub = publisher.token;
  platform = await createPlatform(app, pub);
});
afterAll(() => app?.close());

describe('1. money past what the ledger holds is a 400 that says the limit', () => {
  const over: [string, unknown, string][] = [
    ['1e20 as a number', 1e20, AS_STRING],
    // JSON.parse reads the literal 9007199254740993 as …992, as Number() does.
    ['9007199254740993 as a number', Number('9007199254740993'), AS_STRING],
    ['9007199254740993 as a string', '9007199254740993', TOO_MUCH],
    ['the edge 9223372036854.775808', '9223372036854.775808', TOO_MUCH],
    ['a hundred digits', '9'.repeat(100), TOO_MUCH],
  ];

  test.each(over)('create, fund and return with %s → 400, nothing moves', async (_label, value, message) => {
    const before = await balances(app, advId);
    const created = await app.api(`/v1/projects/${project.id}/tasks/${project.tasks[0].id}/campaigns`, {
      token: adv,
      body: { name: 'Too rich', budget: value },
    });
    expect(created).toMatchObject({ status: 400, body: { error: message } });
    const c = await createCampaign(app, adv, project.tasks[0], { budget: 1 });
    for (const method of ['POST', 'PUT']) {
      const res = await app.api(`${campaignsPath(project.id, c.id)}/payments`, {
        method,
        token: adv,
        body: { value },
      });
      expect(res).toMatchObject({ status: 400, body: { error: message } });
    }
    expect((await balances(app, advId)).advertiserBalance).toBe(before.advertiserBalance - 1_000_000n);
  });

  test('the largest amount the ledger holds is an amount: refused for the balance, not as input', async () => {
    const c = await createCampaign(app, adv, project.tasks[0]);
    const res = await app.api(`${campaignsPath(project.id, c.id)}/payments`, {
      token: adv,
      body: { value: '9223372036854.775807' },
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'Not enough money on the advertiser balance' } });
  });

  test('GraphQL: Money literals and variables past the limit are BAD_USER_INPUT with the limit', async () => {
    const c = await createCampaign(app, adv, project.tasks[0]);
    const literal = await gql(
      app,
      `mutation { fundCampaign(id: ${c.id}, value: "1${'0'.repeat(20)}") { id } }`,
      {},
      adv,
    );
    expect(literal.status).toBe(400);
    expect(literal.errors?.[0].message).toContain(TOO_MUCH);
    const variable = await gql(
      app,
      'mutation($v: Money!) { fundCampaign(id: $v2, value: $v) { id } }'.replace('$v2', String(c.id)),
      { v: '9007199254740993' },
      adv,
    );
    expect(variable.status).toBe(400);
    expect(variable.errors?.[0].message).toContain(TOO_MUCH);
    expect(JSON.stringify([literal.body, variable.body])).not.toContain('INTERNAL_SERVER_ERROR');
  });

  test('a sum past the bigint range (a balance of 9.2 trillion USD) is a 400 that says the limit, not a 500', () => {
    const pg = Object.assign(new Error('bigint out of range'), { code: '22003' });
    expect(dataException({ name: 'DriverException', message: pg.message, previous: pg })?.message).toBe(
      'This would take a balance past the most the ledger holds (9223372036854.775807 USD)',
    );
    expect(dataException(Object.assign(new Error('integer out of range'), { code: '22003' }))?.code).toBe('VALIDATION');
    expect(dataException(Object.assign(new Error('syntax error'), { code: '42601' }))).toBeNull();
  });
});

describe('2. NUL characters are a 400, wherever they come from', () => {
  test('GraphQL string literals with \\u0000: mutations and search arguments', async () => {
    const moderator = await login(app, 'moderator@demo.local');
    const operations: [string, string][] = [
      [adv, `mutation { updateProject(id: ${project.id}, input: { title: "a\\u0000b", categoryId: 1 }) { id } }`],
      [adv, `mutation { createProject(input: { title: "x\\u0000", categoryId: 1, tasks: [] }) { id } }`],
      [adv, `{ campaigns(search: "\\u0000") { totalCount } }`],
      [adv, `{ transactions(kind: TOP_UP, search: "a\\u0000") { totalCount } }`],
      [pub, `{ exchangeCatalog(search: "\\u0000") { total } }`],
      [moderator, `{ playerReports(search: "\\u0000") { totalCount } }`],
      [moderator, `{ withdrawalQueue(search: "\\u0000") { totalCount } }`],
      [moderator, `{ campaignReviews(search: "\\u0000") { totalCount } }`],
      [moderator, `mutation { declineRegistrationRequest(id: 1, reason: "no\\u0000") { id } }`],
    ];
    for (const [token, query] of operations) {
      const res = await gql(app, query, {}, token);
      expect(res.status, query).toBe(400);
      expect(res.errors?.[0].message, query).toBe(NUL);
    }
    // Over GET too, with the NUL in the variables of the query string.
    const get = await fetch(
      `${app.url}/graphql?query=${encodeURIComponent('query($s: String) { campaigns(search: $s) { totalCount } }')}&variables=${encodeURIComponent('{"s":"\\u0000"}')}`,
      { headers: { authorization: `Bearer ${adv}`, 'apollo-require-preflight': '1' } },
    );
    expect(get.status).toBe(400);
    expect(JSON.stringify(await get.json())).toContain(NUL);
  });

  test('graphql-ws: a subscription whose variables hold NUL is refused with the message; the socket stays', async () => {
    const ws = gqlWs(app, adv);
    try {
      const refused = ws.subscribe('subscription($p: ID!) { campaignStatsChanged(projectId: $p) { id } }', {
        p: 'a\u0000',
      });
      expect(JSON.stringify(await refused.error())).toContain(NUL);
      // The socket is still open: another subscription works on it.
      const fine = ws.subscribe('subscription { balanceChanged { advertiserBalance } }');
      await fine.nextEvent(undefined, 200).catch(() => undefined);
    } finally {
      await ws.close();
    }
  });

  test('search=%00 in a REST query string: lists and CSV exports answer 400, not a cut stream', async () => {
    const moderator = await login(app, 'moderator@demo.local');
    const paths: [string, string][] = [
      [adv, '/v1/campaigns'],
      [adv, '/v1/campaigns.csv'],
      [adv, `/v1/projects/${project.id}/campaigns`],
      [adv, '/v1/users/transactions/advertiser'],
      [adv, '/v1/users/transactions/advertiser.csv'],
      [pub, '/v1/users/transactions/publisher'],
      [pub, '/v1/exchanges/platforms'],
      [moderator, '/v1/player-reports'],
      [moderator, '/v1/finance/withdrawals'],
      [moderator, '/v1/finance/withdrawals.csv'],
      [moderator, '/v1/moderation/campaigns'],
    ];
    for (const [token, path] of paths) {
      const res = await app.api(`${path}?search=%00`, { token });
      expect(res, path).toMatchObject({ status: 400, body: { error: NUL } });
    }
  });

  test('a Telegram player whose signed first_name holds NUL files a report; the name is kept without it', async () => {
    const c = await createCampaign(app, adv, project.tasks[0], { budget: 1 });
    const player = newPlayer({ first_name: 'Pi\u0000a', last_name: 'N\u0000' });
    const res = await showcase(app, platform, { user: player }, '/reports', {
      body: { campaignId: c.id, reason: 'BROKEN' },
    });
    expect(res.status).toBe(201);
    const [row] = await em(app).execute<{ player_name: string }[]>(
      'select player_name from player_reports where id = ?',
      [res.body.value.id],
    );
    expect(row.player_name).toBe('Pia N');
  });
});

describe('3. money moves once per key, over REST and GraphQL; a malformed key is a 400', () => {
  const fund = (c: { id: number; projectId: number }, headers: Record<string, string>, body: object = { value: 1 }) =>
    app.api(`${campaignsPath(c.projectId, c.id)}/payments`, { token: adv, body, headers });

  test('a short key (abc123) is a key: the retry moves the money once', async () => {
    const c = await createCampaign(app, adv, project.tasks[0]);
    const before = (await balances(app, advId)).advertiserBalance;
    const first = await fund(c, { 'idempotency-key': 'abc123' });
    const again = await fund(c, { 'idempotency-key': 'abc123' });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect((await balances(app, advId)).advertiserBalance).toBe(before - 1_000_000n);
    // Return is the same.
    const back = () =>
      app.api(`${campaignsPath(c.projectId, c.id)}/payments`, {
        method: 'PUT',
        token: adv,
        body: { value: 0.5 },
        headers: { 'idempotency-key': 'r1' },
      });
    await back();
    await back();
    expect((await balances(app, advId)).advertiserBalance).toBe(before - 500_000n);
  });

  test.each([
    ['10 KB', 'k'.repeat(10_240)],
    ['with a space', 'my key'],
    ['empty', ''],
    ['not ASCII', 'ключ-12345'],
  ])('a malformed key (%s) → 400 with the rule, nothing moves', async (_label, key) => {
    const c = await createCampaign(app, adv, project.tasks[0]);
    const before = (await balances(app, advId)).advertiserBalance;
    // fetch cannot send every byte in a header: what it cannot send goes in the body's field.
    const viaHeader = /^[\x20-\x7e]*$/.test(key);
    const res = viaHeader
      ? await fund(c, { 'idempotency-key': key })
      : await fund(c, {}, { value: 1, idempotencyKey: key });
    expect(res).toMatchObject({ status: 400, body: { error: FAILURES.IDEMPOTENCY_KEY_MUST_1_TO.message } });
    expect((await balances(app, advId)).advertiserBalance).toBe(before);
  });

  test('a header and a body field that differ → 400', async () => {
    const c = await createCampaign(app, adv, project.tasks[0]);
    const res = await fund(c, { 'idempotency-key': 'one-key-1' }, { value: 1, idempotencyKey: 'another-key-2' });
    expect(res).toMatchObject({
      status: 400,
      body: { error: FAILURES.IDEMPOTENCY_KEY_HEADER_AND_IDEMPOTENCYKEY.message },
    });
  });

  test('GraphQL fundCampaign honours the Idempotency-Key header', async () => {
    const c = await createCampaign(app, adv, project.tasks[0]);
    const before = (await balances(app, advId)).advertiserBalance;
    const send = () =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${adv}`,
          'idempotency-key': 'gql-fund-1',
        },
        body: JSON.stringify({ query: `mutation { fundCampaign(id: ${c.id}, value: "2") { budget } }` }),
      }).then((r) => r.json());
    const [a, b] = await Promise.all([send(), send()]);
    expect(a).toEqual({ data: { fundCampaign: { budget: '2.00' } } });
    expect(b).toEqual(a);
    expect((await balances(app, advId)).advertiserBalance).toBe(before - 2_000_000n);
  });

  test('a top-up retried with its key answers the same payment page; one payment', async () => {
    const send = () =>
      app.api('/v1/users/payments/advertiser', {
        token: adv,
        body: { amount: 25 },
        headers: { 'idempotency-key': 'top-up-1' },
      });
    const page = (r: { status: number; body: any }) => ({
      status: r.status,
      url: r.body.value?.url,
      id: r.body.value?.transaction.id,
    });
    const [a, b, c] = (await Promise.all([send(), send(), send()])).map(page);
    expect(a).toEqual({ status: 200, url: expect.stringContaining('/pay/sandbox/'), id: expect.any(Number) });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(page(await send())).toEqual(a);
    const rows = await em(app).execute<{ n: string }[]>(
      `select count(*) as n from payments where user_id = ? and kind = 'TOP_UP' and amount = 25000000`,
      [advId],
    );
    expect(Number(rows[0].n)).toBe(1);
    // GraphQL, argument or header: the same rule.
    const viaGql = await gql(
      app,
      'mutation { createTopUp(amount: "30", idempotencyKey: "top-up-2") { url } }',
      {},
      adv,
    );
    const again = await gql(app, 'mutation { createTopUp(amount: "30", idempotencyKey: "top-up-2") { url } }', {}, adv);
    expect(again.data).toEqual(viaGql.data);
    const malformed = await gql(app, 'mutation { createTopUp(amount: "30", idempotencyKey: "a b") { url } }', {}, adv);
    expect(malformed.errors?.[0]).toMatchObject({
      message: FAILURES.IDEMPOTENCY_KEY_MUST_1_TO.message,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  test('a withdrawal retried with its key reserves the amount once', async () => {
    const publisher = await createApprovedUser(app, { role: 'PUBLISHER' });
    const ledger = app.services.ledger;
    await ledger.run(em(app), (tx, emit) =>
      ledger.transfer(tx, emit, {
        key: `test:earned:${publisher.userId}`,
        code: 'ADJUSTMENT',
        debit: { kind: 'DEPOSITS' },
        credit: { kind: 'PUBLISHER', userId: publisher.userId },
        amount: 200_000_000n,
      }),
    );
    const send = (key: string) =>
      app.api('/v1/users/payments/publisher', {
        token: publisher.token,
        body: { amount: 60, walletAddress: '0QDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p2z5' },
        headers: { 'idempotency-key': key },
      });
    const results = await Promise.all([send('w-1'), send('w-1'), send('w-1')]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body.value.id)).size).toBe(1);
    expect((await balances(app, publisher.userId)).publisherBalance).toBe(140_000_000n);
    // The same key for another amount is refused.
    const other = await app.api('/v1/users/payments/publisher', {
      token: publisher.token,
      body: { amount: 70, walletAddress: '0QDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p2z5' },
      headers: { 'idempotency-key': 'w-1' },
    });
    expect(other).toMatchObject({ status: 409, body: { error: FAILURES.IDEMPOTENCY_KEY_REUSED.message } });
    await expectLedgerClean(app);
  });
});

describe('6. production gives no field suggestions', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({
      env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: 'ab'.repeat(32), PAYMENTS_SANDBOX: '1' },
    });
  });
  afterAll(() => prod?.close());

  test('misspelt fields, arguments, types and enum values: no "Did you mean", over HTTP and graphql-ws', async () => {
    const documents = [
      '{ mee { id } }',
      'mutation { fundCampain(id: 1, value: "1") { id } }',
      '{ campaigns(serch: "x") { totalCount } }',
      '{ transactions(kind: TOP_UPP) { totalCount } }',
      'query($k: TransactionKnd!) { transactions(kind: $k) { totalCount } }',
    ];
    for (const query of documents) {
      const res = await gql(prod, query);
      expect(res.status, query).toBe(400);
      expect(res.errors?.length, query).toBeGreaterThan(0);
      expect(JSON.stringify(res.body), query).not.toMatch(/Did you mean/);
    }
    // A bad enum value in variables (coercion, not validation).
    const token = await loginAnyUser(prod);
    const coerced = await gql(
      prod,
      'query($k: TransactionKind!) { transactions(kind: $k) { totalCount } }',
      { k: 'TOP_UPP' },
      token,
    );
    expect(coerced.status).toBe(400);
    expect(JSON.stringify(coerced.body)).not.toMatch(/Did you mean/);
    const ws = gqlWs(prod);
    try {
      const sub = ws.subscribe('subscription { balanceChangd { advertiserBalance } }');
      const refused = JSON.stringify(await sub.error());
      expect(refused).toMatch(/Cannot query field \\"balanceChangd\\"/);
      expect(refused).not.toMatch(/Did you mean/);
    } finally {
      await ws.close();
    }
  });

  test('development still suggests (for developers)', async () => {
    const res = await gql(app, '{ mee { id } }');
    expect(res.errors?.[0].message).toBe('Cannot query field "mee" on type "Query". Did you mean "me"?');
  });

  test('9. /metrics in production without METRICS_TOKEN → 404', async () => {
    const res = await fetch(`${prod.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('process_cpu');
  });
});

/** A user of a production instance (no demo accounts there): registered, approved in the database. */
async function loginAnyUser(target: TestApp): Promise<string> {
  const email = `prod.${Date.now()}@example.com`;
  const res = await target.api('/v1/auth/registration', {
    body: { name: 'Prod', email, password: 'secret12', role: 'ADVERTISER' },
  });
  expect(res.status).toBe(201);
  const tx = em(target);
  const [request] = await tx.execute<{ id: number; password_hash: string }[]>(
    'select id, password_hash from registration_requests where email = ?',
    [email],
  );
  await tx.execute(`insert into users (name, email, password_hash, default_role) values ('Prod', ?, ?, 'ADVERTISER')`, [
    email,
    request.password_hash,
  ]);
  return login(target, email, 'secret12');
}

describe('9. /metrics with METRICS_TOKEN in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'y'.repeat(32),
        SECRETS_KEY: 'cd'.repeat(32),
        PAYMENTS_SANDBOX: '1',
        METRICS_TOKEN: 'metrics-token-0123456789',
      },
    });
  });
  afterAll(() => prod?.close());

  test('401 without the token, 200 with it', async () => {
    expect((await fetch(`${prod.url}/metrics`)).status).toBe(401);
    const ok = await fetch(`${prod.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('process_cpu');
  });
});

describe('8. answers match the schemas the published API document gives them', () => {
  test('transaction histories and the finance queue validate against /api/docs', async () => {
    const doc = await (await fetch(`${app.url}/api/docs`)).json();
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const schemaOf = (path: string) =>
      doc.paths[path].get.responses['200'].content['application/json'].schema as Record<string, unknown>;
    const moderator = await login(app, 'moderator@demo.local');
    await app.api('/v1/users/payments/advertiser', { token: adv, body: { amount: 12 } });
    const checks: [string, string][] = [
      ['/v1/users/transactions/advertiser', adv],
      ['/v1/users/transactions/publisher', await login(app, 'publisher@demo.local')],
      ['/v1/finance/withdrawals', moderator],
    ];
    for (const [path, token] of checks) {
      const res = await app.api(path, { token });
      expect(res.status).toBe(200);
      expect(res.body.value.data.length, path).toBeGreaterThan(0);
      const validate = ajv.compile(schemaOf(path));
      expect(validate(res.body), `${path}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });
});
