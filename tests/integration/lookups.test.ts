import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';

const SIGN_IN_AGAIN = 'Unauthorized, please sign in again';

let app: Awaited<ReturnType<typeof startTestApp>>;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  token = await login(app, 'publisher@demo.local');
});
afterAll(() => app?.close());

describe('GET /v1/settings', () => {
  test('tier list sorted by level with per-country prices in USD numbers', async () => {
    const res = await app.api('/v1/settings', { token });
    expect(res.status).toBe(200);
    const { tierList, languages, onlyPremiumUserCommission, telegramSystemBot } = res.body.value;
    expect(Object.keys(res.body.value).sort()).toEqual([
      'languages',
      'networkFeePercent',
      'onlyPremiumUserCommission',
      'telegramSystemBot',
      'tierList',
    ]);

    expect(tierList.map((t: { level: number }) => t.level)).toEqual([1, 2, 3]);
    expect(tierList.map((t: { value: number }) => t.value)).toEqual([0.15, 0.1, 0.05]);
    // The floor the landing page promises: 0.05 USD per action.
    const allPrices = tierList.flatMap((t: { prices: { value: number }[] }) => t.prices.map((p) => p.value));
    expect(Math.min(...allPrices)).toBe(0.05);
    for (const tier of tierList) {
      expect(tier.prices.length).toBeGreaterThan(0);
      for (const p of tier.prices) {
        expect(typeof p.value).toBe('number');
        expect(p.value).toBe(tier.value);
        expect(p.country).toEqual({ id: p.countryId, title: expect.any(String) });
      }
    }
    const us = tierList[0].prices.find((p: { countryId: string }) => p.countryId === 'US');
    expect(us).toEqual({ value: 0.15, countryId: 'US', country: { id: 'US', title: 'United States of America' } });
    const br = tierList[2].prices.find((p: { countryId: string }) => p.countryId === 'BR');
    expect(br).toEqual({ value: 0.05, countryId: 'BR', country: { id: 'BR', title: 'Brazil' } });
    // A country sits in one tier only.
    const ids = tierList.flatMap((t: { prices: { countryId: string }[] }) => t.prices.map((p) => p.countryId));
    expect(new Set(ids).size).toBe(ids.length);

    expect(languages).toContainEqual({ code: 'en', title: 'English' });
    expect(languages).toContainEqual({ code: 'ru', title: 'Russian' });
    for (const l of languages)
      expect(l).toEqual({ code: expect.stringMatching(/^[a-z]{2}$/), title: expect.any(String) });
    expect(onlyPremiumUserCommission).toBe(20);
    expect(telegramSystemBot).toBe('taskgram_system_bot');
  });

  test('GraphQL settings carries the same figures as exact Money strings', async () => {
    const res = await gql(
      app,
      '{ settings { tierList { level value prices { value countryId country { id title } } } languages { code } onlyPremiumUserCommission telegramSystemBot } }',
      {},
      token,
    );
    expect(res.errors).toBeUndefined();
    const rest = (await app.api('/v1/settings', { token })).body.value;
    expect(res.data.settings.tierList.map((t: { level: number; value: string }) => [t.level, t.value])).toEqual([
      [1, '0.15'],
      [2, '0.10'],
      [3, '0.05'],
    ]);
    expect(res.data.settings.tierList[0].prices.length).toBe(rest.tierList[0].prices.length);
    expect(res.data.settings.languages.length).toBe(rest.languages.length);
    expect(res.data.settings.telegramSystemBot).toBe(rest.telegramSystemBot);
  });

  test('unauthenticated → 401', async () => {
    const res = await app.api('/v1/settings');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: SIGN_IN_AGAIN });
    expect((await gql(app, '{ settings { telegramSystemBot } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /v1/categories', () => {
  test('defaults to page 1, limit 100, sorted by title', async () => {
    const res = await app.api('/v1/categories', { token });
    expect(res.status).toBe(200);
    const { data, total } = res.body.value;
    expect(total).toBe(12);
    expect(data).toHaveLength(12);
    for (const c of data) expect(c).toEqual({ id: expect.any(Number), title: expect.any(String) });
    const titles = data.map((c: { title: string }) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(titles).toContain('Games');
  });

  test('pages with page and limit', async () => {
    const all = (await app.api('/v1/categories?limit=100', { token })).body.value.data;
    const first = await app.api('/v1/categories?page=1&limit=5', { token });
    const third = await app.api('/v1/categories?page=3&limit=5', { token });
    const beyond = await app.api('/v1/categories?page=4&limit=5', { token });
    expect(first.body.value).toEqual({ data: all.slice(0, 5), total: 12 });
    expect(third.body.value).toEqual({ data: all.slice(10), total: 12 });
    expect(beyond.body.value).toEqual({ data: [], total: 12 });
  });

  test.each([
    ['limit=101', 'limit must be at most 100'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=2.5', 'limit must be a whole number'],
    ['page=0', 'page must be at least 1'],
    ['page=abc', 'page must be a number'],
  ])('%s → 400 %s', async (query, error) => {
    const res = await app.api(`/v1/categories?${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error });
  });

  test('GraphQL categories pages the same way', async () => {
    const res = await gql(app, '{ categories(page: 2, limit: 5) { total data { id title } } }', {}, token);
    const rest = (await app.api('/v1/categories?page=2&limit=5', { token })).body.value;
    expect(res.data.categories).toEqual({
      total: 12,
      data: rest.data.map((c: { id: number; title: string }) => ({ id: String(c.id), title: c.title })),
    });
    const tooMany = await gql(app, '{ categories(limit: 101) { total } }', {}, token);
    expect(tooMany.errors?.[0]).toMatchObject({
      message: 'limit must be from 1 to 100',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  test('unauthenticated → 401', async () => {
    const res = await app.api('/v1/categories');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: SIGN_IN_AGAIN });
  });
});

describe('GET /v1/countries', () => {
  test('all ISO 3166-1 countries, sorted by name, from the data package', async () => {
    const res = await app.api('/v1/countries');
    expect(res.status).toBe(200);
    const { data, total } = res.body.value;
    expect(total).toBe(data.length);
    expect(total).toBeGreaterThanOrEqual(245);
    expect(total).toBeLessThanOrEqual(255);
    for (const c of data) expect(c).toEqual({ id: expect.stringMatching(/^[A-Z]{2}$/), title: expect.any(String) });
    expect(new Set(data.map((c: { id: string }) => c.id)).size).toBe(total);
    const titles = data.map((c: { title: string }) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(data).toContainEqual({ id: 'DE', title: 'Germany' });
    expect(data).toContainEqual({ id: 'UA', title: 'Ukraine' });
  });

  test('search filters by name (any case) or exact code', async () => {
    const res = await app.api('/v1/countries?search=GERM');
    expect(res.body.value).toEqual({ data: [{ id: 'DE', title: 'Germany' }], total: 1 });
    const byCode = await app.api('/v1/countries?search=ua');
    expect(byCode.body.value.data.map((c: { id: string }) => c.id)).toContain('UA');
    const none = await app.api('/v1/countries?search=atlantis');
    expect(none.body.value).toEqual({ data: [], total: 0 });
  });

  test('ids selects by code', async () => {
    const res = await app.api('/v1/countries?ids=us,DE');
    expect(res.body.value.data.map((c: { id: string }) => c.id).sort()).toEqual(['DE', 'US']);
  });

  test('GraphQL countries needs a user and filters the same way', async () => {
    const res = await gql(app, '{ countries(search: "germ") { id title } }', {}, token);
    expect(res.data).toEqual({ countries: [{ id: 'DE', title: 'Germany' }] });
    expect((await gql(app, '{ countries { id } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('what a publisher earns per tier', () => {
  test('Tier.publisherValue is the tier price less the network fee, as a conversion credits it', async () => {
    const res = await gql(app, '{ settings { networkFeePercent tierList { level value publisherValue } } }', {}, token);
    expect(res.errors).toBeUndefined();
    const { networkFeePercent, tierList } = res.data.settings;
    expect(networkFeePercent).toBe(20);
    const micro = (usd: string) => BigInt(usd.replace('.', '').padEnd(usd.indexOf('.') + 7, '0'));
    for (const t of tierList) {
      expect(micro(t.publisherValue)).toBe((micro(t.value) * 80n) / 100n);
    }
    // Tier 1 of the demo: 0.15 paid, 0.12 earned (the e2e money loop sees 0.12 credited).
    expect(tierList.find((t: { level: number }) => t.level === 1)).toMatchObject({ publisherValue: '0.12' });
    const rest = await app.api('/v1/settings', { token });
    expect(rest.body.value.networkFeePercent).toBe(20);
  });
});
