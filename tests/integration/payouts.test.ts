// Payouts in USDT on TON, paid by the network's hot wallet (a Highload Wallet v3) through its
// USDT jetton wallet on a `@ton/sandbox` chain: the real contract code, run in-process.
import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { mnemonicNew } from '@ton/crypto';
import { parseMoney } from '../../server/lib/money.ts';
import { encryptSecret } from '../../server/lib/secrets.ts';
import { HotWallet } from '../../server/modules/payouts/chain/hot-wallet.ts';
import { topics } from '../../server/lib/pubsub.ts';
import type { SandboxChain } from '../../server/modules/payouts/chain/sandbox-chain.ts';
import { outboxMails } from '../helpers/accounts.ts';
import {
  credit,
  em,
  expectBooksBalanced,
  newAddress,
  self,
  user,
  usdtAt,
  usdtOf,
  type TestApp,
} from '../helpers/payouts.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';

describe('payouts on the sandbox chain (the embedded default)', () => {
  let app: TestApp;
  let publisher: string;
  let finance: string;
  let advertiser: string;
  let publisherId: number;

  beforeAll(async () => {
    app = await startTestApp({ demo: true, env: { PAYOUT_BATCH_SIZE: '254' } });
    [publisher, finance, advertiser] = await Promise.all(
      ['publisher@demo.local', 'moderator@demo.local', 'advertiser@demo.local'].map((e) => login(app, e)),
    );
    publisherId = (await self(app, publisher)).id;
    // The demo's withdrawal (approved by the seed) is paid by the first round.
    await app.services.payouts.round();
  });
  afterAll(() => app?.close());
  afterEach(() => expectBooksBalanced(app));

  const withdraw = (amount: unknown, walletAddress: unknown, token = publisher) =>
    app.api('/v1/users/payments/publisher', { token, body: { amount, walletAddress } });

  test('request → approve → sent in a batch → DONE on chain, live, with the transaction hash; balances exact', async () => {
    await credit(app, publisherId, '100');
    const before = await self(app, publisher);
    const usdtBefore = await usdtOf(app);
    const to = newAddress();
    const ws = gqlWs(app, publisher);
    const staff = gqlWs(app, finance);
    try {
      await Promise.all([ws.connected, staff.connected]);
      const sub = ws.subscribe('subscription { transactionUpdated { id status payoutStage batchId txHash amount } }');
      const queue = staff.subscribe('subscription { withdrawalQueueChanged { id status payoutStage } }');
      const probe = {
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
      };
      await waitUntilLive(
        sub,
        () => app.pubsub.publish(topics.transactions(publisherId), probe),
        (e) => e.data?.transactionUpdated?.id === '0',
      );
      await waitUntilLive(
        queue,
        () => app.pubsub.publish(topics.withdrawals(), probe),
        (e) => e.data?.withdrawalQueueChanged?.id === '0',
      );

      const created = await withdraw('60.123456', to);
      expect(created.status).toBe(201);
      const id = created.body.value.id as number;
      expect(created.body.value).toMatchObject({ status: 'IN_PROGRESS', payoutStage: 'REQUESTED', walletAddress: to });
      expect(await self(app, publisher)).toMatchObject({ publisherBalance: before.publisherBalance - 60.123456 });

      // Not finance: refused. Finance: approved (REST), then a round sends and confirms it.
      expect(
        (await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: publisher })).status,
      ).toBe(403);
      const approved = await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: finance });
      expect(approved.status).toBe(200);
      expect(approved.body.value).toMatchObject({ id, payoutStage: 'APPROVED' });
      const again = await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: finance });
      expect(again).toMatchObject({ status: 409, body: { error: 'This withdrawal is already approved' } });

      const round = await app.services.payouts.round();
      expect(round).toMatchObject({ batches: 1, confirmed: 1, failed: 0 });

      const stages: string[] = [];
      const done = await sub.nextEvent((e) => {
        const t = e.data?.transactionUpdated;
        if (t?.id === String(id)) stages.push(t.status === 'DONE' ? 'DONE' : t.payoutStage);
        return t?.id === String(id) && t.status === 'DONE';
      });
      expect(stages.slice(-3)).toEqual(['APPROVED', 'SENT', 'DONE']);
      expect(done.data.transactionUpdated).toMatchObject({
        amount: '60.123456',
        txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(done.data.transactionUpdated.batchId).toEqual(expect.any(Number));
      await queue.nextEvent(
        (e) => e.data?.withdrawalQueueChanged?.id === String(id) && e.data.withdrawalQueueChanged.status === 'DONE',
      );

      // The hash links to the sandbox chain's own explorer page: from the hot wallet, to the
      // publisher's address, the amount and the withdrawal, read from the chain itself.
      const hash = done.data.transactionUpdated.txHash as string;
      const listed = await gql(
        app,
        'query($s: String) { transactions(kind: WITHDRAWAL, search: $s) { data { id explorerUrl } } }',
        { s: String(id) },
        publisher,
      );
      expect(listed.data?.transactions.data, JSON.stringify(listed.errors)).toContainEqual({
        id: String(id),
        explorerUrl: `/sandbox/explorer/tx/${hash}`,
      });
      const explorer = await fetch(`${app.url}/sandbox/explorer/tx/${hash}`);
      expect(explorer.status).toBe(200);
      const html = await explorer.text();
      const field = (testId: string) => new RegExp(`data-testid="${testId}">([^<]*)<`).exec(html)?.[1];
      expect(field('explorer-hash')).toBe(hash);
      expect(field('explorer-amount')).toBe('60.123456 USDT');
      expect(field('explorer-to')).toBe(to);
      const hot = (await app.services.payouts.ready()).wallet.address;
      expect(field('explorer-from')).toBe(
        `${hot.toString({ bounceable: false, testOnly: app.services.payouts.network === 'testnet' })} (the network&#39;s hot wallet)`,
      );
      expect(field('explorer-withdrawal')).toBe(`Withdrawal #${id}`);
      expect(field('explorer-time')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
      expect(html).toContain('data-testid="explorer-status">Succeeded<');
      const unknown = await fetch(`${app.url}/sandbox/explorer/tx/${'0'.repeat(64)}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('Transaction not found');

      // Exactly: the recipient got 60.123456 USDT (6 decimals = micro-USD), the hot wallet sent it.
      expect(await usdtAt(app, to)).toBe(60_123_456n);
      expect(usdtBefore - (await usdtOf(app))).toBe(60_123_456n);
      expect(await self(app, publisher)).toMatchObject({ publisherBalance: before.publisherBalance - 60.123456 });
      const list = await app.api('/v1/users/transactions/publisher', { token: publisher });
      expect(list.body.value.data[0]).toMatchObject({
        id,
        status: 'DONE',
        txHash: done.data.transactionUpdated.txHash,
      });

      // Deciding again is refused.
      const fail = await gql(
        app,
        'mutation($id: ID!) { failWithdrawal(id: $id, reason: "late") { id } }',
        { id: String(id) },
        finance,
      );
      expect(fail.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    } finally {
      await Promise.all([ws.close(), staff.close()]);
    }
  });

  test('300 approved withdrawals → two batches (254 + 46) → all DONE, each paid once, the books exact', async () => {
    await credit(app, publisherId, '16000');
    const me = await user(app, 'publisher@demo.local');
    const ids: number[] = [];
    const owners: string[] = [];
    for (let i = 0; i < 300; i++) {
      const to = newAddress();
      owners.push(to);
      const p = await app.services.withdrawals.request(em(app), me, parseMoney(`50.0000${i % 10}`), to);
      ids.push(p.id);
    }
    const total = ids.length;
    const usdtBefore = await usdtOf(app);
    const balance = (await self(app, publisher)).publisherBalance;
    const approved = await gql(
      app,
      'mutation($ids: [ID!]!) { approveWithdrawals(ids: $ids) { id payoutStage } }',
      { ids: ids.map(String) },
      finance,
    );
    expect(approved.errors).toBeUndefined();
    expect(approved.data.approveWithdrawals).toHaveLength(total);

    const round = await app.services.payouts.round();
    expect(round).toMatchObject({ batches: 2, confirmed: 300, failed: 0 });
    const [counts] = await em(app)
      .getConnection()
      .execute<{ done: string; batches: string; sizes: string }[]>(
        `select count(*) filter (where p.status = 'DONE') as done, count(distinct p.batch_id) as batches,
                (select string_agg(count::text, ',' order by id) from payout_batches where id in (select batch_id from payments where id = any(?::int[]))) as sizes
           from payments p where p.id = any(?::int[])`,
        [`{${ids}}`, `{${ids}}`],
      );
    expect(counts).toMatchObject({ done: '300', batches: '2', sizes: '254,46' });
    const sum = ids.reduce((s, _id, i) => s + parseMoney(`50.0000${i % 10}`), 0n);
    expect(usdtBefore - (await usdtOf(app))).toBe(sum);
    for (const i of [0, 150, 299]) expect(await usdtAt(app, owners[i]!)).toBe(parseMoney(`50.0000${i % 10}`));
    expect((await self(app, publisher)).publisherBalance).toBe(balance);
    // A second round finds nothing more to do.
    expect(await app.services.payouts.round()).toMatchObject({ batches: 0, confirmed: 0 });
    // 300 requests, two batches signed and applied on the sandbox chain in this process: a
    // minute or more when other work shares the two cores.
  }, 120_000);

  test('a transfer the chain refuses → FAILED with the reason, the money back in the balance, the publisher told', async () => {
    await credit(app, publisherId, '100');
    const balance = (await self(app, publisher)).publisherBalance;
    const created = await withdraw(70, newAddress());
    const id = created.body.value.id as number;
    // An address the jetton wallet refuses (masterchain): the request checks refuse it, so it is
    // put here as if it had slipped through; the chain's answer is what is tested.
    await em(app)
      .getConnection()
      .execute('update payments set wallet_address = ? where id = ?', [
        new Address(-1, randomBytes(32)).toRawString(),
        id,
      ]);
    await app.services.withdrawals.approve(em(app), await user(app, 'moderator@demo.local'), [id]);
    expect(await app.services.payouts.round()).toMatchObject({ batches: 1, failed: 1, confirmed: 0 });
    const list = await app.api(`/v1/users/transactions/publisher?search=${id}`, { token: publisher });
    expect(list.body.value.data[0]).toMatchObject({
      id,
      status: 'FAILED',
      failureReason: expect.stringMatching(
        /refused the transfer \(exit code \d+\)\. The amount is back in your balance\./,
      ),
    });
    expect((await self(app, publisher)).publisherBalance).toBe(balance);
    // The dashboard gets why as a kind, to say it in its reader's language.
    const listed = await gql(
      app,
      `query($search: String) { transactions(kind: WITHDRAWAL, page: 1, search: $search) { data { id chainFailure { kind exitCode } } } }`,
      { search: String(id) },
      publisher,
    );
    expect(listed.data.transactions.data[0]).toMatchObject({
      id: String(id),
      chainFailure: { kind: 'REFUSED', exitCode: expect.stringMatching(/^\d+$/) },
    });
    // Mailed through the notifications (e-mail is on by default for a failed withdrawal).
    await expect
      .poll(
        async () =>
          (await outboxMails(app, 'publisher@demo.local')).some(
            (m) =>
              m.includes(`Your withdrawal #${id} was not paid`) &&
              m.includes('failed: the hot wallet’s jetton wallet refused the transfer (exit code'),
          ),
        // Delivered by the notifications job behind this file's other notices: only a lost mail fails it.
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  test('a cursor another chain left (npm start restarted: a new sandbox chain) does not hide this chain’s transfers', async () => {
    // The first sandbox chain's transactions had later logical times than a new chain's first ones.
    await em(app).execute(
      `insert into payout_state (key, value, updated_at) values ('cursor', '999999999999999', now())
       on conflict (key) do update set value = excluded.value`,
    );
    await credit(app, publisherId, '60');
    const requested = await withdraw(55, newAddress());
    expect(requested.status).toBe(201);
    await app.services.withdrawals.approve(em(app), await user(app, 'moderator@demo.local'), [requested.body.value.id]);
    await app.services.payouts.round();
    const list = await app.api(`/v1/users/transactions/publisher?search=${requested.body.value.id}`, {
      token: publisher,
    });
    expect(list.body.value.data[0]).toMatchObject({ status: 'DONE', txHash: expect.any(String) });
  });

  test('an invalid address is refused at the request, with a message that says why', async () => {
    await credit(app, publisherId, '100');
    const mainnetForm = new Address(0, randomBytes(32)).toString({ bounceable: false });
    // One character changed (the checksum no longer matches): never the same character again,
    // which a random address ending in A would have been once in 64 runs.
    const valid = newAddress();
    const garbled = `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`;
    for (const [address, message] of [
      ['hello', 'Enter a valid TON wallet address (USDT on TON)'],
      ['0x52908400098527886E0F7030069857D2E4169EE7', 'Enter a valid TON wallet address (USDT on TON)'],
      [garbled, 'Enter a valid TON wallet address (USDT on TON)'],
      [new Address(-1, randomBytes(32)).toRawString(), 'Enter a basechain address (workchain 0): USDT is paid there'],
    ] as const) {
      const res = await withdraw(50, address);
      expect(res, address).toMatchObject({ status: 400, body: { error: message } });
    }
    // The sandbox chain is a testnet: an address in mainnet form is refused, saying why; in its
    // testnet form (raw, or bounceable) it is taken and kept in the network's form.
    expect(await withdraw(50, mainnetForm)).toMatchObject({
      status: 400,
      body: { error: 'This is a mainnet address: payouts are sent on TON testnet' },
    });
    const testnetForm = Address.parse(mainnetForm).toString({ testOnly: true, bounceable: true });
    const ok = await withdraw(50, testnetForm);
    expect(ok.status).toBe(201);
    expect(ok.body.value.walletAddress).toBe(
      Address.parse(mainnetForm).toString({ testOnly: true, bounceable: false }),
    );
    await gql(
      app,
      'mutation($id: ID!) { failWithdrawal(id: $id, reason: "test") { id } }',
      { id: String(ok.body.value.id) },
      finance,
    );
  });

  test('not enough USDT or TON: nothing is sent, finance sees the alert and gets one mail', async () => {
    const chain = (await app.services.payouts.ready()).chain as SandboxChain;
    const rig = await app.services.payouts.ready();
    const usdt = await usdtOf(app);
    await credit(app, publisherId, String(Number(usdt / 1_000_000n) + 100));
    const me = await user(app, 'publisher@demo.local');
    const big = await app.services.withdrawals.request(em(app), me, usdt + parseMoney('1'), newAddress());
    // More than PAYOUT_SECOND_APPROVAL_USD: two finance people approve it.
    await app.services.withdrawals.approve(em(app), await user(app, 'moderator@demo.local'), [big.id]);
    await em(app).getConnection().execute(`update users set is_finance = true where email = 'advertiser@demo.local'`);
    await app.services.withdrawals.approve(em(app), await user(app, 'advertiser@demo.local'), [big.id]);
    await em(app).getConnection().execute(`update users set is_finance = false where email = 'advertiser@demo.local'`);
    const calls = (await chain.transactions(rig.wallet.address, 0n, 100000)).length;
    expect(await app.services.payouts.round()).toMatchObject({ batches: 0, short: true });
    expect((await chain.transactions(rig.wallet.address, 0n, 100000)).length).toBe(calls);
    const wallet = await gql(app, '{ payoutWallet { usdt neededUsdt alert address chain } }', {}, finance);
    expect(wallet.data.payoutWallet.alert).toMatch(/the hot wallet needs 1\.00 USDT more/);
    expect(wallet.data.payoutWallet.chain).toBe('sandbox');
    expect(await gql(app, '{ payoutWallet { alert } }', {}, advertiser)).toMatchObject({
      errors: [{ extensions: { code: 'FORBIDDEN' } }],
    });
    await app.services.payouts.round();
    const mails = (await outboxMails(app, 'moderator@demo.local')).filter((m) => m.includes('short of funds'));
    expect(mails).toHaveLength(1);
    // Refused by finance instead: the reservation is voided, the alert goes.
    await gql(
      app,
      'mutation($id: ID!) { failWithdrawal(id: $id, reason: "Too large") { id } }',
      { id: String(big.id) },
      finance,
    );
    await app.services.payouts.round();
    expect((await gql(app, '{ payoutWallet { alert } }', {}, finance)).data.payoutWallet.alert).toBeNull();
  });
});

describe('the auto-approve rule (PAYOUT_AUTO_APPROVE_MAX)', () => {
  let app: TestApp;
  let publisher: string;
  let publisherId: number;
  let platformId: number;

  beforeAll(async () => {
    app = await startTestApp({
      demo: true,
      env: { PAYOUT_AUTO_APPROVE_MAX: '100', PAYOUT_AUTO_APPROVE_MIN_AGE_DAYS: '30' },
    });
    publisher = await login(app, 'publisher@demo.local');
    publisherId = (await self(app, publisher)).id;
    await credit(app, publisherId, '2000');
    const [p] = await em(app)
      .getConnection()
      .execute<{ id: number }[]>('select id from platforms where owner_id = ? order by id limit 1', [publisherId]);
    platformId = p!.id;
  });
  afterAll(() => app?.close());
  afterEach(() => expectBooksBalanced(app));

  const stageOf = async (amount: number) => {
    const res = await app.api('/v1/users/payments/publisher', {
      token: publisher,
      body: { amount, walletAddress: newAddress() },
    });
    expect(res.status).toBe(201);
    return res.body.value.payoutStage as string;
  };
  const sql = (text: string, params: unknown[] = []) => em(app).getConnection().execute(text, params);

  test('each condition holds it back; all of them met, it is approved without a person and paid', async () => {
    // The demo's own fraud reports and pauses are settled first, so each condition is tried alone.
    const mine = 'platform_id in (select id from platforms where owner_id = ?)';
    await sql(`update player_reports set status = 'RESOLVED' where reason = 'FRAUD_RULE' and ${mine}`, [publisherId]);
    await sql(`update platform_quality_pauses set ended_at = now() where ended_at is null and ${mine}`, [publisherId]);
    // A new account: waits for a person.
    expect(await stageOf(60)).toBe('REQUESTED');
    await sql(`update users set created_at = now() - interval '31 days' where id = ?`, [publisherId]);
    // Above the amount.
    expect(await stageOf(100.000001)).toBe('REQUESTED');
    // An app paused under the quality floor.
    await sql('insert into platform_quality_pauses (platform_id, score) values (?, 10)', [platformId]);
    expect(await stageOf(60)).toBe('REQUESTED');
    await sql('update platform_quality_pauses set ended_at = now() where platform_id = ?', [platformId]);
    // An open fraud report about one of its apps.
    await sql(
      `insert into player_reports (platform_id, reason, status, rule, rule_subject, rule_day)
       values (?, 'FRAUD_RULE', 'NEW', 'test-rule', 'payout-test', current_date)`,
      [platformId],
    );
    expect(await stageOf(60)).toBe('REQUESTED');
    await sql(`update player_reports set status = 'RESOLVED' where rule = 'test-rule'`);
    // All met, at the limit itself: approved by the rule, and the next round pays it.
    expect(await stageOf(100)).toBe('APPROVED');
    const [row] = await sql(
      `select id, approved_by_id, approved_at from payments where kind = 'WITHDRAWAL' order by id desc limit 1`,
    );
    expect(row).toMatchObject({ approved_by_id: null, approved_at: expect.anything() });
    expect(await app.services.payouts.round()).toMatchObject({ confirmed: expect.any(Number) });
    const [paid] = await sql('select status from payments where id = ?', [row.id]);
    expect(paid.status).toBe('DONE');
  });
});

test('the hot wallet key comes from configuration, sealed with SECRETS_KEY', async () => {
  const words = await mnemonicNew();
  const key = randomBytes(32);
  const app = await startTestApp({
    env: { SECRETS_KEY: key.toString('hex'), PAYOUT_WALLET_MNEMONIC: encryptSecret(key, words.join(' ')) },
  });
  try {
    const expected = (await HotWallet.fromMnemonic(words, 3600)).address;
    expect((await app.services.payouts.ready()).wallet.address.equals(expected)).toBe(true);
  } finally {
    await app.close();
  }
});
