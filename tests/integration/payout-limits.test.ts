import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApprovedUser, outboxMails, provedLongAgo } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';
import { credit, em, expectBooksBalanced, newAddress, type TestApp } from '../helpers/payouts.ts';
import { eventually } from '../helpers/telegram.ts';

// Velocity limits: what the hot wallet sends in an hour (and a day) is capped
// network-wide, across instances; past the cap approved withdrawals wait in order (nothing is
// refused or lost), finance sees why and is told once, and a finance person with a fresh proof
// lifts the limits for the rest of the day (recorded).

// One withdrawal a batch: the two instances' rounds lock different withdrawals at once, so only
// the limits' own lock keeps them from both sending one.
const LIMITS = { PAYOUT_MAX_PER_HOUR_USD: '100', PAYOUT_MAX_PER_DAY_USD: '1000', PAYOUT_BATCH_SIZE: '1' };
let app: TestApp;
let second: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true, env: LIMITS });
  second = await startTestApp({ databaseUrl: app.databaseUrl, env: LIMITS });
  // Both hot wallets made before the race (the first round of an instance makes its own).
  await Promise.all([app.services.payouts.ready(), second.services.payouts.ready()]);
});
afterAll(async () => {
  await second?.close();
  await app?.close();
});

const FINANCE = 'moderator@demo.local';
const db = () => em(app).getConnection();
const stages = async (ids: number[]) =>
  (
    await db().execute<{ id: number; payout_stage: string | null; status: string }[]>(
      'select id, payout_stage, status from payments where id = any(?::int[]) order by id',
      [`{${ids}}`],
    )
  ).map((r) => (r.status === 'IN_PROGRESS' ? r.payout_stage : r.status));
const sentInTheHour = async () =>
  BigInt(
    (
      await db().execute<{ s: string }[]>(
        `select coalesce(sum(amount), 0)::text as s from payout_batches where status <> 'EXPIRED' and created_at > now() - interval '1 hour'`,
      )
    )[0]!.s,
  );
/** The limit mails to finance, from whichever instance's round hit the limit (each has its own outbox). */
const limitMails = async () =>
  [...(await outboxMails(app, FINANCE)), ...(await outboxMails(second, FINANCE))].filter((m) =>
    m.includes('Payouts wait: a payout limit is reached'),
  ).length;
/** The limit notices written for finance staff (each delivered once: mail, and Telegram when linked). */
const limitNotices = async () =>
  (
    await db().execute<{ email: string }[]>(
      `select u.email from notifications n join users u on u.id = n.user_id
        where n.type = 'payoutLimitReached' and n.channel = 'EMAIL' order by u.email`,
    )
  ).map((r) => r.email);

describe('payout limits', () => {
  test('two instances at once send at most the hour’s limit; the rest wait in order; finance is told once; a lift with a fresh proof lets them go', async () => {
    // The demo's approved withdrawal (50) goes first: 50 of the hour's 100 are used.
    await app.services.payouts.round();
    expect(await sentInTheHour()).toBe(50_000_000n);

    const user = await createApprovedUser(app, { role: 'PUBLISHER' });
    await credit(app, user.userId, '500');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.api('/v1/users/payments/publisher', {
        token: user.token,
        body: { amount: '50', walletAddress: newAddress() },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.value.id);
    }
    const finance = await login(app, FINANCE);
    const approved = await app.api('/v1/finance/withdrawals/approve', { token: finance, body: { ids } });
    expect(approved.body.value.data).toHaveLength(5);

    // Rounds of both instances at once: one more withdrawal fits, the first in line.
    await Promise.all([app, second, app, second].map((a) => a.services.payouts.round()));
    expect(await sentInTheHour()).toBe(100_000_000n);
    expect((await stages(ids))[0]).not.toBe('APPROVED');
    expect((await stages(ids)).slice(1)).toEqual(['APPROVED', 'APPROVED', 'APPROVED', 'APPROVED']);

    // Finance sees why on the wallet card, and is told once however many rounds pass.
    const wallet = async () =>
      (
        await gql(
          app,
          '{ payoutWallet { limit limitHit { kind sent max waiting waitingAmount } limitsSet limitsLifted } }',
          {},
          finance,
        )
      ).data.payoutWallet;
    expect(await wallet()).toEqual({
      limit:
        'Payouts wait: the hot wallet sent 100.00 USD in the last hour, the limit is 100.00 (PAYOUT_MAX_PER_HOUR_USD). 4 approved withdrawals (200.00 USD) wait in order; a finance person can lift the limits for the rest of the day.',
      // The same as figures, for the dashboard to say in its reader's language.
      limitHit: { kind: 'hour', sent: '100.00', max: '100.00', waiting: 4, waitingAmount: '200.00' },
      limitsSet: true,
      limitsLifted: false,
    });
    // REST says the same (amounts as numbers, as its other amounts).
    const rest = await app.api('/v1/finance/payout-wallet', { token: finance });
    expect(rest.body.value.limitHit).toEqual({ kind: 'hour', sent: 100, max: 100, waiting: 4, waitingAmount: 200 });
    await app.services.payouts.round();
    await second.services.payouts.round();
    expect(await sentInTheHour()).toBe(100_000_000n);
    // Every finance person, once (the demo's finance staff: the moderator).
    expect(await limitNotices()).toEqual([FINANCE]);
    await eventually(async () => (await limitMails()) === 1, 20_000, 'the limit mail to finance');

    // The hold is recorded once in the audit trail, by the round, as finance is told once.
    const held = await db().execute<{ actor: string; object_id: string; after: { waiting: number } }[]>(
      `select actor, object_id, after from audit_events where action = 'payouts.limit_reached'`,
    );
    expect(held).toEqual([
      {
        actor: 'payout round',
        object_id: 'PAYOUT_MAX_PER_HOUR_USD',
        after: { sent: '100.00', limit: '100.00', waiting: 4, amount: '200.00' },
      },
    ]);

    // Lifting takes a fresh proof (a stolen session cannot), and is recorded.
    await provedLongAgo(app, FINANCE);
    const stale = await app.api('/v1/finance/payout-limits/lift', { method: 'POST', token: finance });
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('STEP_UP_REQUIRED');
    const publisherLift = await app.api('/v1/finance/payout-limits/lift', { method: 'POST', token: user.token });
    expect(publisherLift.status).toBe(403);
    const fresh = await login(app, FINANCE);
    expect(await app.api('/v1/finance/payout-limits/lift', { method: 'POST', token: fresh })).toEqual({
      status: 200,
      body: { value: { limitsLifted: true } },
    });
    const [lifted] = await db().execute<{ actor: string; after: { liftedUntil: string } }[]>(
      `select actor, after from audit_events where action = 'payouts.limits_lifted'`,
    );
    expect(lifted).toMatchObject({ actor: FINANCE, after: { liftedUntil: expect.stringMatching(/T23:59:59Z$/) } });

    // The waiting ones go, in the next rounds of either instance.
    await second.services.payouts.round();
    await app.services.payouts.round();
    expect(await sentInTheHour()).toBe(300_000_000n);
    expect((await stages(ids)).filter((s) => s === 'APPROVED')).toEqual([]);
    expect(await wallet()).toMatchObject({ limit: null, limitHit: null, limitsLifted: true });
    await expectBooksBalanced(app);
  });
});

describe('a round’s share of the wallet', () => {
  test('PAYOUT_MAX_ROUND_SHARE=0.5: a round sends at most half the hot wallet’s USDT, the rest go in later rounds in order, nobody is told', async () => {
    const small = await startTestApp({
      demo: true,
      env: { PAYOUT_MAX_ROUND_SHARE: '0.5', PAYOUT_SANDBOX_USDT: '400' },
    });
    try {
      const user = await createApprovedUser(small, { role: 'PUBLISHER' });
      await credit(small, user.userId, '300');
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await small.api('/v1/users/payments/publisher', {
          token: user.token,
          body: { amount: '60', walletAddress: newAddress() },
        });
        ids.push(res.body.value.id);
      }
      const finance = await login(small, FINANCE);
      await small.api('/v1/finance/withdrawals/approve', { token: finance, body: { ids } });
      const stageOf = async () =>
        (
          await em(small)
            .getConnection()
            .execute<{ payout_stage: string | null; status: string }[]>(
              'select payout_stage, status from payments where id = any(?::int[]) order by id',
              [`{${ids}}`],
            )
        ).map((r) => (r.status === 'IN_PROGRESS' ? r.payout_stage : r.status));
      // 400 USDT: 200 this round, the demo's 50 first, then 60 + 60; the next two wait in order.
      await small.services.payouts.round();
      expect(await stageOf()).toEqual(['DONE', 'DONE', 'APPROVED', 'APPROVED']);
      // 230 left: 115 this round (one), then 85 (the last).
      await small.services.payouts.round();
      expect(await stageOf()).toEqual(['DONE', 'DONE', 'DONE', 'APPROVED']);
      await small.services.payouts.round();
      expect(await stageOf()).toEqual(['DONE', 'DONE', 'DONE', 'DONE']);
      const wallet = await gql(small, '{ payoutWallet { limit limitsSet } }', {}, finance);
      expect(wallet.data.payoutWallet).toEqual({ limit: null, limitsSet: true });
      const told = await em(small)
        .getConnection()
        .execute(`select 1 from notifications where type = 'payoutLimitReached'`);
      expect(told).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
