import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { topics } from '../../server/lib/pubsub.ts';
import { parseMoney } from '../../server/lib/money.ts';
import { DEMO_BOT_ID } from '../../server/demo/seed.ts';
import { DEV_TEST_PRIVATE_KEY, playerInitData } from '../../server/lib/init-data.ts';
import { balancesOf } from '../../server/modules/ledger/balances.ts';
import { DAY_MS } from '../../server/modules/campaigns/conversions.service.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import { CRYPTO_PAY_SIGNATURE_HEADER } from '../../server/modules/payments/providers/cryptopay.ts';
import { SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from '../../server/modules/payments/providers/sandbox.ts';
import { type CryptoPayFake, startCryptoPayFake } from '../fakes/cryptopay.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const WALLET = 'kQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74pzE8';
// The same address with its last character changed: the CRC16 checksum no longer matches.
const BAD_CHECKSUM = 'kQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74pzE9';

const self = async (app: TestApp, token: string) => (await app.api('/v1/users/self', { token })).body.value;
const expectBooksBalanced = async (app: TestApp) => {
  for (const c of await checkLedger(app.orm.em.fork() as EntityManager))
    expect(c, c.detail).toMatchObject({ ok: true });
};

describe('sandbox provider (default)', () => {
  let app: TestApp;
  let advertiser: string;
  let publisher: string;
  let finance: string;

  beforeAll(async () => {
    app = await startTestApp({ demo: true });
    [advertiser, publisher, finance] = await Promise.all(
      ['advertiser@demo.local', 'publisher@demo.local', 'moderator@demo.local'].map((e) => login(app, e)),
    );
    // The demo's approved withdrawal is paid by the first payout round.
    await app.services.payouts.round();
  });
  afterAll(() => app?.close());
  afterEach(() => expectBooksBalanced(app));

  const topUp = (amount: unknown, token = advertiser) =>
    app.api('/v1/users/payments/advertiser', { token, body: amount === undefined ? {} : { amount } });

  test('top-up amount validation messages', async () => {
    for (const [amount, message] of [
      [undefined, 'Enter required value'],
      ['', 'Enter required value'],
      ['   ', 'Enter required value'],
      [null, 'Enter required value'],
      ['abc', 'Enter correct value'],
      ['1e3', 'Enter correct value'],
      ['12.1234567', 'Enter correct value'],
      // Finer than the ledger's micro-dollar as a JSON number too (it was rounded to 50 silently).
      [50.0000004, 'Enter correct value'],
      [1e-7, 'Enter correct value'],
      [1, 'The value must be greater than 1'],
      ['1.00', 'The value must be greater than 1'],
      [0.5, 'The value must be greater than 1'],
      [-20, 'The value must be greater than 1'],
    ] as const) {
      const res = await topUp(amount);
      expect(res.status, `${JSON.stringify(amount)}`).toBe(400);
      expect(res.body, `${JSON.stringify(amount)}`).toMatchObject({ error: message });
    }
    expect((await app.api('/v1/users/payments/advertiser', { body: { amount: 10 } })).status).toBe(401);
  });

  test('sandbox checkout end to end: page, Pay, DONE, balance up once', async () => {
    const before = (await self(app, advertiser)).advertiserBalance;
    const res = await topUp('12.5');
    expect(res.status).toBe(200);
    const { url, transaction } = res.body.value;
    expect(transaction).toMatchObject({ status: 'IN_PROGRESS', value: 12.5 });
    expect(url).toMatch(new RegExp(`/pay/sandbox/${transaction.id}\\?token=[0-9a-f]{32}$`));

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('12.50 $');
    const action =
      /action="([^"]*\/pay)"/.exec(html.replaceAll('&amp;', '&'))?.[1] ??
      /action="([^"]*\/pay\?[^"]*)"/.exec(html)?.[1];
    expect(action).toBeTruthy();

    // As a browser submits the page's form: an empty url-encoded body.
    const paid = await fetch(new URL(action!, app.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/advertiser/payments?payment=${transaction.id}&status=paid`);

    expect((await self(app, advertiser)).advertiserBalance).toBe(before + 12.5);
    const list = await app.api('/v1/users/transactions/advertiser', { token: advertiser });
    expect(list.body.value.data[0]).toMatchObject({ id: transaction.id, status: 'DONE', value: 12.5 });

    // Pressing Pay again (a replayed webhook) changes nothing; the page says it is paid.
    const again = await fetch(new URL(action!, app.url), { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    expect((await self(app, advertiser)).advertiserBalance).toBe(before + 12.5);
    expect(await (await fetch(url)).text()).toContain('already paid');
  });

  test('sandbox Fail: FAILED and the balance unchanged', async () => {
    const before = (await self(app, advertiser)).advertiserBalance;
    const { url, transaction } = (await topUp(30)).body.value;
    const failUrl = url.replace(`/pay/sandbox/${transaction.id}?`, `/pay/sandbox/${transaction.id}/fail?`);
    const failed = await fetch(failUrl, { method: 'POST', redirect: 'manual' });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toContain('status=failed');
    expect((await self(app, advertiser)).advertiserBalance).toBe(before);
    const list = await app.api('/v1/users/transactions/advertiser?status=FAILED', { token: advertiser });
    expect(list.body.value.data.map((t: { id: number }) => t.id)).toContain(transaction.id);
    // A later Pay on a failed payment credits nothing.
    await fetch(failUrl.replace('/fail?', '/pay?'), { method: 'POST', redirect: 'manual' });
    expect((await self(app, advertiser)).advertiserBalance).toBe(before);
  });

  test('a top-up waiting for payment: its checkout to go back to, Cancel (its owner only, once), expiry after an hour; paid after all, it is credited', async () => {
    const before = (await self(app, advertiser)).advertiserBalance;
    const { url, transaction } = (await topUp(25)).body.value;
    const row = async (token = advertiser) =>
      (
        await gql(
          app,
          'query { transactions(kind: TOP_UP, size: 50) { data { id status payUrl failureReason } } }',
          {},
          token,
        )
      ).data?.transactions.data.find((t: { id: string }) => t.id === String(transaction.id));
    expect(await row()).toMatchObject({ status: 'IN_PROGRESS', payUrl: url, failureReason: null });
    const cancel = (id: number, token = advertiser) =>
      gql(
        app,
        'mutation($id: ID!) { cancelTopUp(id: $id) { id status failureReason payUrl } }',
        { id: String(id) },
        token,
      );
    // Not another's: refused as not found, nothing changes.
    const foreign = await cancel(transaction.id, publisher);
    expect(foreign.errors?.[0]?.message).toBe('Payment not found');
    const cancelled = await cancel(transaction.id);
    expect(cancelled.data?.cancelTopUp).toEqual({
      id: String(transaction.id),
      status: 'FAILED',
      failureReason: 'Cancelled',
      payUrl: null,
    });
    expect((await cancel(transaction.id)).errors?.[0]?.message).toBe('This top-up is already ended');
    // Its checkout takes no payment now (as a real provider's closed invoice).
    const pay = await fetch(url.replace(`/pay/sandbox/${transaction.id}?`, `/pay/sandbox/${transaction.id}/pay?`), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.headers.get('location')).toContain('status=failed');
    expect((await self(app, advertiser)).advertiserBalance).toBe(before);
    // The provider confirming it after all (a payment already under way): credited, once.
    const sandbox = app.services.payments.provider as SandboxProvider;
    for (let i = 0; i < 2; i++) {
      const { body, signature } = sandbox.webhook(transaction.id, 'paid');
      await app.services.payments.handleWebhook(app.orm.em.fork() as EntityManager, body, {
        [SANDBOX_SIGNATURE_HEADER]: signature,
      });
    }
    expect(await row()).toMatchObject({ status: 'DONE', failureReason: null, payUrl: null });
    expect((await self(app, advertiser)).advertiserBalance).toBe(before + 25);

    // Left unpaid for an hour: expired by the reconciliation job (the sandbox has no expiry of its own).
    const left = (await topUp(7)).body.value.transaction;
    const fresh = (await topUp(8)).body.value.transaction;
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update payments set created_at = now() - interval '61 minutes' where id = ?`, [left.id]);
    expect(await app.services.payments.reconcileTopUps(app.orm.em.fork() as EntityManager, 15 * 60_000)).toBe(1);
    const list = (await app.api('/v1/users/transactions/advertiser', { token: advertiser })).body.value.data;
    const byId = (id: number) => list.find((t: { id: number }) => t.id === id);
    expect(byId(left.id)).toMatchObject({ status: 'FAILED' });
    expect(
      (
        await gql(app, 'query { transactions(kind: TOP_UP, size: 50) { data { id failureReason } } }', {}, advertiser)
      ).data.transactions.data.find((t: { id: string }) => t.id === String(left.id)).failureReason,
    ).toBe('Expired: not paid within an hour. Start a new top-up.');
    expect(byId(fresh.id)).toMatchObject({ status: 'IN_PROGRESS' });
    await cancel(fresh.id);
  });

  test('sandbox page and buttons with a bad token → 404', async () => {
    const { url, transaction } = (await topUp(5)).body.value;
    const bad = url.replace(/token=[0-9a-f]+/, 'token=00000000000000000000000000000000');
    expect((await fetch(bad)).status).toBe(404);
    expect((await fetch(url.replace(/\?token=.*/, ''))).status).toBe(404);
    const post = await fetch(bad.replace(`/pay/sandbox/${transaction.id}?`, `/pay/sandbox/${transaction.id}/pay?`), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(post.status).toBe(404);
    const list = await app.api('/v1/users/transactions/advertiser', { token: advertiser });
    expect(list.body.value.data.find((t: { id: number }) => t.id === transaction.id).status).toBe('IN_PROGRESS');
  });

  test('a webhook with a bad signature is refused (401) and credits nothing', async () => {
    const before = (await self(app, advertiser)).advertiserBalance;
    const { transaction } = (await topUp(40)).body.value;
    const sandbox = app.services.payments.provider as SandboxProvider;
    const { body, signature } = sandbox.webhook(transaction.id, 'paid');
    const send = (headers: Record<string, string>, b: Uint8Array | string = new Uint8Array(body)) =>
      fetch(`${app.url}/api/v1/payments/webhooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: b as unknown as BodyInit,
      });
    for (const headers of [
      {} as Record<string, string>,
      { [SANDBOX_SIGNATURE_HEADER]: 'deadbeef' },
      { [SANDBOX_SIGNATURE_HEADER]: signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
    ]) {
      const res = await send(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    }
    // A valid signature over a different body (amount tampered) is refused too.
    const tampered = body.toString().replace(`"paymentId":${transaction.id}`, `"paymentId":${transaction.id - 1}`);
    expect((await send({ [SANDBOX_SIGNATURE_HEADER]: signature }, tampered)).status).toBe(401);
    // The Crypto Pay endpoint is not enabled here.
    const cryptopay = await fetch(`${app.url}/api/v1/payments/webhooks/cryptopay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body.toString(),
    });
    expect(cryptopay.status).toBe(404);
    expect((await self(app, advertiser)).advertiserBalance).toBe(before);
    const ok = await send({ [SANDBOX_SIGNATURE_HEADER]: signature });
    expect(ok.status).toBe(200);
    expect((await self(app, advertiser)).advertiserBalance).toBe(before + 40);
  });

  test('transaction history pages: limit 20 with total', async () => {
    const res = await app.api('/v1/users/transactions/advertiser', { token: advertiser });
    expect(res.status).toBe(200);
    expect(res.body.value.data.length).toBeLessThanOrEqual(20);
    expect(res.body.value.total).toBeGreaterThanOrEqual(res.body.value.data.length);
    const page2 = await app.api('/v1/users/transactions/advertiser?page=2&limit=2', { token: advertiser });
    expect(page2.body.value.data).toHaveLength(2);
    expect(page2.body.value.data[0].id).toBe(res.body.value.data[2].id);
  });

  describe('withdrawals', () => {
    const withdraw = (amount: unknown, walletAddress: unknown = WALLET, token = publisher) =>
      app.api('/v1/users/payments/publisher', { token, body: { amount, walletAddress } });

    test('validation: wallet checked by checksum, at least 50, at most the available balance (on-hold money cannot go)', async () => {
      const me = await self(app, publisher);
      expect(me).toMatchObject({ publisherBalance: 70, publisherOnHoldBalance: 35.74 });
      for (const [amount, wallet, message] of [
        [60, BAD_CHECKSUM, 'Enter a valid TON wallet address (USDT on TON)'],
        [60, '0x52908400098527886E0F7030069857D2E4169EE7', 'Enter a valid TON wallet address (USDT on TON)'],
        [60, 'hello', 'Enter a valid TON wallet address (USDT on TON)'],
        [60, '', 'Enter required value'],
        [undefined, WALLET, 'Enter required value'],
        ['x', WALLET, 'Enter correct value'],
        [49.99, WALLET, 'The value must be at least 50'],
        // Demo publisher: 70 available + 35.74 on hold (35.50 seeded, 0.24 from the moderation demo's
        // conversions): above 70, the message says how much can go and what waits.
        [
          200,
          WALLET,
          'You can withdraw up to 70.00 $ now: 35.74 $ more is on hold until its conversions are confirmed',
        ],
        [
          105.74,
          WALLET,
          'You can withdraw up to 70.00 $ now: 35.74 $ more is on hold until its conversions are confirmed',
        ],
        [
          70.01,
          WALLET,
          'You can withdraw up to 70.00 $ now: 35.74 $ more is on hold until its conversions are confirmed',
        ],
      ] as const) {
        const res = await withdraw(amount, wallet);
        expect(res.status, `${amount} ${wallet}`).toBe(400);
        expect(res.body.error, `${amount} ${wallet}`).toBe(message);
      }
      expect(await self(app, publisher)).toMatchObject({ publisherBalance: 70, publisherOnHoldBalance: 35.74 });
      const list = await app.api('/v1/users/transactions/publisher?status=IN_PROGRESS', { token: publisher });
      expect(list.body.value.total).toBe(0);
    });

    test('a refusal carries its own code and parameters on both transports, with the code it had before', async () => {
      const below = await withdraw(49.99);
      expect(below).toMatchObject({
        status: 400,
        body: { code: 'WITHDRAWAL_BELOW_MINIMUM', legacyCode: 'VALUE_MUST_AT_LEAST_50' },
      });
      const over = await withdraw(200);
      expect(over.body).toMatchObject({
        code: 'WITHDRAWAL_OVER_AVAILABLE_WITH_HOLD',
        params: { available: '70.00', onHold: '35.74' },
        legacyCode: 'WITHDRAW_UP_TO_ON_HOLD',
      });
      const answer = await gql(
        app,
        'mutation($w: String!) { requestWithdrawal(amount: "200", walletAddress: $w) { id } }',
        { w: WALLET },
        publisher,
      );
      expect(answer.errors?.[0]).toMatchObject({
        message: over.body.error,
        extensions: {
          messageCode: 'WITHDRAWAL_OVER_AVAILABLE_WITH_HOLD',
          params: { available: '70.00', onHold: '35.74' },
          legacyCode: 'WITHDRAW_UP_TO_ON_HOLD',
          field: 'amount',
        },
      });
    });

    test('request → in the finance queue (staff only) → approved → paid on chain → DONE live over graphql-ws', async () => {
      const publisherId = (await self(app, publisher)).id;
      const ws = gqlWs(app, publisher);
      try {
        await ws.connected;
        const sub = ws.subscribe('subscription { transactionUpdated { id status txHash amount } }');
        await waitUntilLive(
          sub,
          () =>
            app.pubsub.publish(topics.transactions(publisherId), {
              id: 0,
              createdAt: new Date().toISOString(),
              updatedAt: new Date().toISOString(),
              userId: publisherId,
              kind: 'WITHDRAWAL',
              status: 'IN_PROGRESS',
              amount: '0',
              walletAddress: null,
              txHash: null,
              failureReason: null,
              provider: null,
              payoutStage: null,
              batchId: null,
              approvedAt: null,
            }),
          (e) => e.data?.transactionUpdated?.id === '0',
        );

        const created = await withdraw(50);
        expect(created.status).toBe(201);
        expect(created.body.value).toMatchObject({
          status: 'IN_PROGRESS',
          amount: 50,
          walletAddress: expect.any(String),
        });
        const id = created.body.value.id;
        expect(await self(app, publisher)).toMatchObject({ publisherBalance: 20, publisherOnHoldBalance: 35.74 });
        const created_event = await sub.nextEvent((e) => e.data?.transactionUpdated?.id === String(id));
        expect(created_event.data.transactionUpdated.status).toBe('IN_PROGRESS');

        const queue = await gql(
          app,
          '{ withdrawalQueue(status: IN_PROGRESS) { total data { id amount walletAddress user { email } } } }',
          {},
          finance,
        );
        const row = queue.data.withdrawalQueue.data.find((t: { id: string }) => t.id === String(id));
        expect(row.user).toEqual({ email: 'publisher@demo.local' });

        // Not finance staff: refused.
        const forbidden = await gql(
          app,
          'mutation($id: ID!) { approveWithdrawal(id: $id) { id } }',
          { id: String(id) },
          publisher,
        );
        expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        const queueForbidden = await gql(app, '{ withdrawalQueue { total } }', {}, advertiser);
        expect(queueForbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

        const approved = await gql(
          app,
          'mutation($id: ID!) { approveWithdrawal(id: $id) { id status payoutStage } }',
          { id: String(id) },
          finance,
        );
        expect(approved.data.approveWithdrawal).toMatchObject({ status: 'IN_PROGRESS', payoutStage: 'APPROVED' });
        await app.services.payouts.round();

        const live = await sub.nextEvent(
          (e) => e.data?.transactionUpdated?.id === String(id) && e.data.transactionUpdated.status === 'DONE',
        );
        expect(live.data.transactionUpdated).toMatchObject({ status: 'DONE', amount: '50.00' });
        const txHash = live.data.transactionUpdated.txHash;
        expect(txHash).toMatch(/^[0-9a-f]{64}$/);

        // Posted: the money left for good; deciding again is refused.
        expect(await self(app, publisher)).toMatchObject({ publisherBalance: 20, publisherOnHoldBalance: 35.74 });
        const twice = await gql(
          app,
          'mutation($id: ID!, $r: String!) { failWithdrawal(id: $id, reason: $r) { id } }',
          { id: String(id), r: 'late' },
          finance,
        );
        expect(twice.errors?.[0]?.extensions?.code).toBe('CONFLICT');
        const list = await app.api('/v1/users/transactions/publisher', { token: publisher });
        expect(list.body.value.data[0]).toMatchObject({ id, status: 'DONE', amount: 50, txHash });
      } finally {
        await ws.close();
      }
    });

    test('finance fails a withdrawal with a reason → FAILED and the money is back', async () => {
      const publisherId = (await self(app, publisher)).id;
      const ledger = app.services.ledger;
      await ledger.run(app.orm.em.fork() as EntityManager, (tx, emit) =>
        ledger.transfer(tx, emit, {
          key: `test:earnings:${publisherId}`,
          code: 'ADJUSTMENT',
          debit: { kind: 'DEPOSITS' },
          credit: { kind: 'PUBLISHER', userId: publisherId },
          amount: parseMoney('100'),
        }),
      );
      const before = (await self(app, publisher)).publisherBalance;
      const created = await withdraw(60);
      expect(created.status).toBe(201);
      expect((await self(app, publisher)).publisherBalance).toBe(before - 60);
      const res = await gql(
        app,
        'mutation($id: ID!, $r: String!) { failWithdrawal(id: $id, reason: $r) { id status failureReason } }',
        { id: String(created.body.value.id), r: 'Wallet does not accept USDT' },
        finance,
      );
      expect(res.data.failWithdrawal).toMatchObject({ status: 'FAILED', failureReason: 'Wallet does not accept USDT' });
      expect((await self(app, publisher)).publisherBalance).toBe(before);
      const empty = await gql(
        app,
        'mutation($id: ID!, $r: String!) { failWithdrawal(id: $id, reason: $r) { id } }',
        { id: String(created.body.value.id), r: '   ' },
        finance,
      );
      expect(empty.errors?.[0]?.message).toBeTruthy();
    });
  });

  test('hold job: matured conversions are posted exactly once by two instances at once', async () => {
    const em = app.orm.em.fork() as EntityManager;
    // The demo advertiser's Farm Hero bot campaign, shown in the demo publisher's Clicker Quest.
    const projects = (await app.api('/v1/projects', { token: advertiser })).body.value.data;
    const farm = projects.find((p: { title: string }) => p.title === 'Farm Hero');
    const { secretKey } = (await app.api(`/v1/projects/${farm.id}`, { token: advertiser })).body.value;
    const campaigns = (await app.api(`/v1/projects/${farm.id}/campaigns`, { token: advertiser })).body.value.data;
    const campaign = campaigns.find((c: { task: { type: string } }) => c.task.type === 'BOT');
    const platforms = (await app.api('/v1/platforms', { token: publisher })).body.value.data;
    const quest = platforms.find((p: { title: string }) => p.title === 'Clicker Quest');
    const publisherId = (await self(app, publisher)).id;
    const before = await balancesOf(em, publisherId);

    // Three players do the task (no country: the cheapest tier, 0.05 USD, 0.04 to the publisher).
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const user = { id: randomInt(10_000_000, 2 ** 40), first_name: `Player ${i}` };
      const initData = playerInitData(user, { botId: DEMO_BOT_ID, privateKeyHex: DEV_TEST_PRIVATE_KEY });
      const started = await app.api(`/v1/showcase/platforms/${quest.id}/tasks/${campaign.id}/start`, {
        method: 'POST',
        headers: { authorization: `tma ${initData}` },
      });
      expect(started.status).toBe(200);
      const click = new URL(started.body.value.link).searchParams.get('startapp');
      const done = await app.api('/v1/sdk/events', {
        body: { type: 'conversion', click },
        headers: { 'x-api-key': secretKey },
      });
      expect(done.body.value.status).toBe('COMPLETED');
      ids.push(done.body.value.conversionId);
    }
    expect((await balancesOf(em, publisherId)).publisherOnHoldBalance).toBe(before.publisherOnHoldBalance + 120_000n);
    // Two of them happened 8 and 9 days ago; the third yesterday.
    for (const [id, days] of [
      [ids[0], 8],
      [ids[1], 9],
      [ids[2], 1],
    ]) {
      await em.execute(`update conversions set created_at = now() - (? * interval '1 day') where id = ?`, [days, id]);
    }

    const [a, b] = await Promise.all([
      app.services.conversions.resolveHolds(app.orm.em.fork() as EntityManager, 7 * DAY_MS),
      app.services.conversions.resolveHolds(app.orm.em.fork() as EntityManager, 7 * DAY_MS),
    ]);
    expect({ posted: a.posted + b.posted, voided: a.voided + b.voided }).toEqual({ posted: 2, voided: 0 });
    // Each pending transfer of a matured conversion (the publisher's share and the fee) is resolved once.
    const rows = await em.execute<{ id: string; status: string; resolutions: number }[]>(
      `select v.id, v.status, (select count(*)::int from ledger_transfers r
                               where r.pending_id in (v.publisher_transfer_id, v.fee_transfer_id)) as resolutions
         from conversions v where v.id in (?, ?, ?) order by v.id`,
      ids,
    );
    expect(rows.map((r) => [Number(r.id), r.status, r.resolutions])).toEqual([
      [ids[0], 'POSTED', 2],
      [ids[1], 'POSTED', 2],
      [ids[2], 'HOLD', 0],
    ]);
    expect(await balancesOf(em, publisherId)).toMatchObject({
      publisherBalance: before.publisherBalance + 80_000n,
      publisherOnHoldBalance: before.publisherOnHoldBalance + 40_000n,
    });
    // Running again finds nothing more to post.
    expect(await app.services.conversions.resolveHolds(app.orm.em.fork() as EntityManager, 7 * DAY_MS)).toEqual({
      posted: 0,
      voided: 0,
    });
  });
});

describe('Crypto Pay provider against a local fake of its API', () => {
  let fake: CryptoPayFake;
  let app: TestApp;
  let advertiser: string;

  beforeAll(async () => {
    fake = await startCryptoPayFake();
    app = await startTestApp({
      demo: true,
      env: { CRYPTO_PAY_TOKEN: fake.token, CRYPTO_PAY_API_URL: fake.url },
    });
    advertiser = await login(app, 'advertiser@demo.local');
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  afterEach(() => expectBooksBalanced(app));

  const webhook = (body: string, signature?: string) =>
    fetch(`${app.url}/api/v1/payments/webhooks/cryptopay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { [CRYPTO_PAY_SIGNATURE_HEADER]: signature } : {}),
      },
      body,
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  const createTopUp = async (amount: number) => {
    const res = await app.api('/v1/users/payments/advertiser', { token: advertiser, body: { amount } });
    expect(res.status).toBe(200);
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'createInvoice', token: fake.token });
    expect(call.body).toMatchObject({
      currency_type: 'fiat',
      fiat: 'USD',
      payload: String(res.body.value.transaction.id),
    });
    const invoice = [...fake.invoices.values()].find((i) => i.payload === String(res.body.value.transaction.id))!;
    return { ...res.body.value, invoice };
  };

  test('top-up returns the invoice URL; a signed invoice_paid credits once, replays credit nothing', async () => {
    const before = (await self(app, advertiser)).advertiserBalance;
    const { url, transaction, invoice } = await createTopUp(20);
    expect(url).toBe(invoice.bot_invoice_url);
    expect(invoice.amount).toBe('20.00');
    expect(transaction.status).toBe('IN_PROGRESS');
    // The sandbox checkout is not mounted when Crypto Pay is on.
    expect((await fetch(`${app.url}/pay/sandbox/${transaction.id}`)).status).toBe(404);

    const { body, signature } = fake.pay(invoice.invoice_id);
    const first = await webhook(body, signature);
    expect(first).toEqual({ status: 200, body: { value: { applied: true } } });
    const replays = await Promise.all(Array.from({ length: 5 }, () => webhook(body, signature)));
    expect(replays.every((r) => r.status === 200 && r.body.value.applied === false)).toBe(true);
    expect((await self(app, advertiser)).advertiserBalance).toBe(before + 20);
    const list = await app.api('/v1/users/transactions/advertiser', { token: advertiser });
    expect(list.body.value.data[0]).toMatchObject({ id: transaction.id, status: 'DONE', value: 20 });
  });

  test('a webhook signed with the wrong key, or unsigned, is refused and credits nothing', async () => {
    const before = (await self(app, advertiser)).advertiserBalance;
    const { transaction, invoice } = await createTopUp(15);
    const { body, signature } = fake.pay(invoice.invoice_id);
    for (const sig of [undefined, fake.sign(body, 'another-token-000000'), signature.toUpperCase(), `${signature}00`]) {
      const res = await webhook(body, sig);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: expect.any(String) });
    }
    // Signature over the original body, amount changed in transit.
    expect((await webhook(body.replace('"15.00"', '"1500.00"'), signature)).status).toBe(401);
    expect((await self(app, advertiser)).advertiserBalance).toBe(before);
    const list = await app.api('/v1/users/transactions/advertiser', { token: advertiser });
    expect(list.body.value.data.find((t: { id: number }) => t.id === transaction.id).status).toBe('IN_PROGRESS');
    fake.expire(invoice.invoice_id); // the buyer never really paid: left for reconcile to fail
  });

  test('reconcile: an expired invoice becomes FAILED, a paid one whose webhook was lost is credited once', async () => {
    const before = (await self(app, advertiser)).advertiserBalance;
    const expired = await createTopUp(11);
    const lost = await createTopUp(12);
    fake.expire(expired.invoice.invoice_id);
    fake.pay(lost.invoice.invoice_id); // the webhook never arrives
    const settled = await app.services.payments.reconcileTopUps(app.orm.em.fork() as EntityManager, 0);
    expect(settled).toBeGreaterThanOrEqual(2);
    expect(fake.calls.some((c) => c.method === 'getInvoices' && c.token === fake.token)).toBe(true);
    const list = await app.api('/v1/users/transactions/advertiser', { token: advertiser });
    const status = (id: number) => list.body.value.data.find((t: { id: number }) => t.id === id).status;
    expect(status(expired.transaction.id)).toBe('FAILED');
    expect(status(lost.transaction.id)).toBe('DONE');
    expect((await self(app, advertiser)).advertiserBalance).toBe(before + 12);
    // Reconciling again, and the late webhook, change nothing.
    await app.services.payments.reconcileTopUps(app.orm.em.fork() as EntityManager, 0);
    const late = fake.pay(lost.invoice.invoice_id);
    expect((await webhook(late.body, late.signature)).body.value.applied).toBe(false);
    expect((await self(app, advertiser)).advertiserBalance).toBe(before + 12);
  });
});
