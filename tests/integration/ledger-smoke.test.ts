import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import { startTestApp } from '../helpers/app.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

test('demo money goes through the ledger and the books balance', async () => {
  const adv = await app.api('/v1/auth/login', { body: { email: 'advertiser@demo.local', password: 'demo1234' } });
  // 350 topped up, 150 of it moved into the four demo campaigns' budgets.
  expect(adv.body.value.user.advertiserBalance).toBe(200);
  const pub = await app.api('/v1/auth/login', { body: { email: 'publisher@demo.local', password: 'demo1234' } });
  expect(pub.body.value.user.publisherBalance).toBe(70);
  expect(pub.body.value.user.publisherOnHoldBalance).toBe(35.74);
  for (const c of await checkLedger(app.orm.em.fork() as EntityManager))
    expect(c, c.detail).toMatchObject({ ok: true });
});
