import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConversionNotices } from '../../server/modules/campaigns/conversion-notices.ts';
import type { NotifyEvent } from '../../server/modules/notifications/notify.ts';
import { moderationQueueAlert } from '../../server/modules/notifications/queue-alert.ts';
import { type FakeBotApi, type FakeSentMessage, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { createApprovedUser, fileRegistration, outboxMails } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';
import {
  approveCampaign,
  createCampaign,
  createPlatform,
  createProject,
  em,
  newPlayer,
  sdkConversion,
  start,
  tasks,
  topUp,
} from '../helpers/campaigns.ts';
import { gql, login } from '../helpers/graphql.ts';
import { credit, newAddress, user } from '../helpers/payouts.ts';
import { botEnv, eventually, linkTelegram, messagesOf } from '../helpers/telegram.ts';

// Notifications in Telegram against the fake Bot API, which keeps Telegram's limits here
// (30 messages a second, one a second per chat: more answers 429 with retry_after).

let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof startTestApp>>;
let moderator: string;

beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'notify_test_bot', limits: { perSecond: 30, perChatMs: 900 } });
  app = await startTestApp({ demo: true, env: botEnv(fake, { FRAUD_MIN_SECONDS: '0' }) });
  moderator = await login(app, 'moderator@demo.local');
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** A new approved account linked to a new Telegram user; its first message (the link's) left out. */
async function linkedUser(role: 'ADVERTISER' | 'PUBLISHER' = 'PUBLISHER') {
  const account = await createApprovedUser(app, { role });
  const tg = await linkTelegram(app, fake, account.token);
  return { ...account, tg, messages: () => fake.messagesTo(tg.id).slice(1) };
}

/** The messages after the link's, once there are `count`; no more arrive in the next half second. */
async function exactly(u: { tg: { id: number } }, count: number): Promise<FakeSentMessage[]> {
  const all = await messagesOf(fake, u.tg.id, count + 1);
  await new Promise((r) => setTimeout(r, 500));
  expect(fake.messagesTo(u.tg.id).length, 'no message more than expected').toBe(count + 1);
  return all.slice(1);
}

describe('publisher', () => {
  test('a withdrawal: approved, sent and confirmed, each once, each with a button to the withdrawal', async () => {
    const pub = await linkedUser();
    await credit(app, pub.userId, '100');
    const requested = await app.api('/v1/users/payments/publisher', {
      token: pub.token,
      body: { amount: 60.5, walletAddress: newAddress() },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const id = requested.body.value.id;
    await app.services.withdrawals.approve(em(app), await user(app, 'moderator@demo.local'), [id]);
    await app.services.payouts.round();
    await app.services.payouts.round();
    const [asked, approved, sent, confirmed] = await exactly(pub, 4);
    // First the security notice of the request (always on), with its "This was not me" link.
    expect(asked.text).toMatch(
      /^🔐 A withdrawal of 60\.50 \$ to \S+ was requested from your Taskgram Ads account \(.+\)\. This address is new: the account has not been paid at it before\.\n\nThis was not you\? Open \S+\/not-me#[\w-]{32} to end every session of the account and stop its withdrawals\.$/,
    );
    expect(asked.text).toContain(`${app.url}/not-me#`);
    expect(approved.text).toBe('👍 Your withdrawal of 60.50 $ was approved; it is sent in USDT on TON shortly.');
    expect(sent.text).toMatch(
      /^📤 Your withdrawal of 60\.50 \$ was sent to \S+…\S{4}; waiting for the chain to confirm\.$/,
    );
    expect(confirmed.text).toBe('✅ Your withdrawal of 60.50 $ arrived: 60.50 USDT are in your wallet.');
    for (const m of [approved, sent, confirmed]) {
      expect(m.buttons).toEqual([
        { text: 'Open the withdrawal', url: `${app.url}/publisher/payments?withdrawal=${id}` },
      ]);
    }
  });

  test('a withdrawal finance rejects: one message and the mail, with the reason', async () => {
    const pub = await linkedUser();
    await credit(app, pub.userId, '80');
    const requested = await app.api('/v1/users/payments/publisher', {
      token: pub.token,
      body: { amount: 70, walletAddress: newAddress() },
    });
    const id = requested.body.value.id;
    const rejected = await gql(
      app,
      'mutation($id: ID!, $reason: String!) { failWithdrawal(id: $id, reason: $reason) { status } }',
      // Typed with its own full stop: the message does not double it.
      { id: String(id), reason: 'The wallet belongs to a sanctioned exchange.' },
      moderator,
    );
    expect(rejected.data?.failWithdrawal.status, JSON.stringify(rejected.errors)).toBe('FAILED');
    const [asked, failed] = await exactly(pub, 2);
    expect(asked.text).toMatch(/^🔐 A withdrawal of 70\.00 \$ to /);
    expect(failed.text).toBe(
      '❌ Your withdrawal of 70.00 $ was rejected: The wallet belongs to a sanctioned exchange. The amount is back in your balance.',
    );
    // E-mail is on by default for this type (the product mailed failed payouts before).
    await eventually(
      async () => {
        const mails = await outboxMails(app, pub.email as string);
        return mails.some((m) => m.includes(`Subject: Your withdrawal #${id} was rejected`));
      },
      10_000,
      'the failure mail',
    );
  });

  test('an app’s first conversion is told once, not per conversion; an advertiser’s budget: low once, spent once', async () => {
    const pub = await linkedUser();
    const adv = await linkedUser('ADVERTISER');
    await topUp(app, adv.userId, '10');
    const platform = await createPlatform(app, pub.token);
    const project = await createProject(app, adv.token, [tasks.bot()]);
    // 0.20 $ a conversion everywhere and 20.5 of them: low after the 19th, spent after the 20th.
    const prices = [1, 2, 3].map((tierLevel) => ({ tierLevel, value: 0.2 }));
    const campaign = await createCampaign(app, adv.token, project.tasks[0], { budget: 4.1, prices });
    // A new advertiser's first campaign waits for a moderator.
    expect(await approveCampaign(app, campaign.id)).toBe('ACTIVE');
    const [approvedMsg] = await exactly(adv, 1);
    expect(approvedMsg.text).toBe(`✅ Your campaign “${campaign.name}” was approved and is running.`);
    expect(approvedMsg.buttons).toEqual([
      { text: 'Open the campaign', url: `${app.url}/advertiser/projects/${project.id}` },
    ]);

    // Conversions (in the US, at that price) until the budget pays no more.
    for (let i = 0; i < 20; i++) {
      const click = await start(app, platform, { user: newPlayer(), country: 'US' }, campaign.id);
      expect((await sdkConversion(app, project.secretKey, click.code)).body.value.status).toBe('COMPLETED');
    }
    const advMessages = await exactly(adv, 3);
    expect(advMessages[1].text).toBe(
      `⚠️ “${campaign.name}” has 0.30 $ of its 4.10 $ budget left. Top it up to keep buying.`,
    );
    expect(advMessages[2].text).toBe(`⛔ “${campaign.name}” spent its 4.10 $ budget and stopped buying.`);

    const [first] = await exactly(pub, 1);
    expect(first.text).toBe(`🎉 “${platform.title}” earned its first conversion.`);
    expect(first.buttons).toEqual([{ text: 'Open the app', url: `${app.url}/publisher/${platform.id}/campaigns` }]);
  });
  test('an app’s first conversion is told when the next one commits before the notice is written', async () => {
    const pub = await createApprovedUser(app, { role: 'PUBLISHER' });
    const adv = await createApprovedUser(app, { role: 'ADVERTISER' });
    await topUp(app, adv.userId, '5');
    const platform = await createPlatform(app, pub.token);
    const project = await createProject(app, adv.token, [tasks.bot()]);
    const campaign = await createCampaign(app, adv.token, project.tasks[0], { budget: 2 });
    await approveCampaign(app, campaign.id);
    for (let i = 0; i < 2; i++) {
      const click = await start(app, platform, { user: newPlayer(), country: 'US' }, campaign.id);
      expect((await sdkConversion(app, project.secretKey, click.code)).body.value.status).toBe('COMPLETED');
    }
    const ids = (
      await em(app).execute<{ id: string }[]>('select id from conversions where platform_id = ? order by id', [
        platform.id,
      ])
    ).map((r) => Number(r.id));
    expect(ids).toHaveLength(2);
    // Each batch's answer as the conversion path hands it over, read only now: both are committed.
    const answer = (conversionId: number, completedQuantity: number) => ({
      result: 'COMPLETED' as const,
      conversionId,
      deal: null,
      campaign: { id: campaign.id, status: 'ACTIVE', budget: '1000000', spend: '400000', todayConversions: 2 },
      platform: { platformId: platform.id, completedQuantity },
    });
    const firsts = (events: NotifyEvent[]) => events.filter((e) => e.type === 'firstConversion');
    // The second conversion's batch is not the app's first, whichever process reads it.
    expect(firsts(await new ConversionNotices().events(em(app), [answer(ids[1], 2)]))).toEqual([]);
    expect(firsts(await new ConversionNotices().events(em(app), [answer(ids[0], 1)]))).toMatchObject([
      { userId: pub.userId, type: 'firstConversion', key: `first-conversion:${platform.id}` },
    ]);
  });
});

describe('advertiser', () => {
  test('rejected with the reason; the daily cap once a day; a confirmed top-up', async () => {
    const adv = await linkedUser('ADVERTISER');
    const pub = await createApprovedUser(app, { role: 'PUBLISHER' });
    await topUp(app, adv.userId, '20');
    const platform = await createPlatform(app, pub.token);
    const project = await createProject(app, adv.token, [tasks.bot(), tasks.bot()]);
    const rejectedOne = await createCampaign(app, adv.token, project.tasks[0], { budget: 2 });
    for (const [action, body] of [
      ['claim', {}],
      ['reject', { reason: 'The bot does not answer /start' }],
    ] as const) {
      const res = await app.api(`/v1/moderation/campaigns/${rejectedOne.id}/${action}`, {
        method: 'PATCH',
        token: moderator,
        body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const [rejected] = await exactly(adv, 1);
    expect(rejected.text).toBe(`❌ Your campaign “${rejectedOne.name}” was rejected: The bot does not answer /start`);

    const capped = await createCampaign(app, adv.token, project.tasks[1], { budget: 5, dailyCap: 2 });
    expect(await approveCampaign(app, capped.id)).toBe('ACTIVE');
    for (let i = 0; i < 3; i++) {
      const click = await start(app, platform, { user: newPlayer(), country: 'US' }, capped.id).catch(() => null);
      if (click) await sdkConversion(app, project.secretKey, click.code);
    }
    const messages = await exactly(adv, 3);
    expect(messages[2].text).toBe(
      `⏸ “${capped.name}” reached its daily cap of 2 conversions; it resumes tomorrow (UTC).`,
    );

    // A top-up through the payment provider (the sandbox), confirmed.
    const invoice = await app.api('/v1/users/payments/advertiser', { token: adv.token, body: { amount: 25 } });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    const settled = await app.services.payments.settleTopUp(
      em(app),
      invoice.body.value.transaction.id,
      'paid',
      'test-ref',
    );
    expect(settled.applied).toBe(true);
    expect((await exactly(adv, 4))[3].text).toBe('💰 Your top-up of 25.00 $ is confirmed.');
  });
});

describe('exchange', () => {
  test('a new offer, accepted and declined, and a finished swap', async () => {
    const [a, b] = await Promise.all([linkedUser(), linkedUser()]);
    const setUp = async (m: Awaited<ReturnType<typeof linkedUser>>) => {
      const platform = await createPlatform(app, m.token);
      const project = await createProject(app, m.token, [tasks.bot()]);
      await app.api('/v1/users/self', { method: 'PATCH', token: m.token, body: { isExchangeReady: true } });
      return { platform, project };
    };
    const [sa, sb] = [await setUp(a), await setUp(b)];
    const body = {
      platformId: sa.platform.id,
      projectId: sa.project.id,
      partnerPlatformId: sb.platform.id,
      partnerProjectId: sb.project.id,
      quantity: 1,
    };
    const declined = await app.api('/v1/exchanges/offers', { token: a.token, body });
    await app.api(`/v1/exchanges/offers/${declined.body.value.id}/rejection`, { method: 'PATCH', token: b.token });
    const made = await app.api('/v1/exchanges/offers', { token: a.token, body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await app.api(`/v1/exchanges/offers/${made.body.value.id}/confirmation`, { method: 'PATCH', token: b.token });

    const [offer1, offer2] = await exactly(b, 2);
    expect(offer1.text).toBe(`🤝 New exchange offer from ${a.name}: 1 user each way.`);
    expect(offer1.buttons[0].url).toBe(`${app.url}/exchange/incoming`);
    expect(offer2.text).toBe(offer1.text);
    const [no, yes] = await exactly(a, 2);
    expect(no.text).toBe(`❌ ${b.name} declined your exchange offer.`);
    expect(yes.text).toBe(`✅ ${b.name} accepted your exchange offer: the swap has started.`);

    // Each side delivers its one user: the swap is finished, both hear of it once.
    const swapTask = async (host: typeof sa, guest: typeof sb) => {
      const [row] = await em(app).execute<{ id: number }[]>(
        'select id from campaigns where deal_id is not null and project_id = ?',
        [guest.project.id],
      );
      const click = await start(app, host.platform, { user: newPlayer() }, row.id);
      expect((await sdkConversion(app, guest.project.secretKey, click.code)).body.value.status).toBe('COMPLETED');
    };
    await swapTask(sa, sb);
    await swapTask(sb, sa);
    expect((await exactly(a, 3))[2].text).toBe(`🏁 Your swap with ${b.name} is finished.`);
    expect((await exactly(b, 3))[2].text).toBe(`🏁 Your swap with ${a.name} is finished.`);
  });
});

describe('moderators', () => {
  test('the queue waiting longer than the set time: one message an hour', async () => {
    const mod = await linkTelegram(app, fake, moderator);
    const request = await fileRegistration(app);
    await em(app).execute(`update registration_requests set created_at = now() - interval '45 minutes' where id = ?`, [
      request.id,
    ]);
    await moderationQueueAlert(em(app), app.services.notifications, 30);
    await moderationQueueAlert(em(app), app.services.notifications, 30);
    const [alert] = (await messagesOf(fake, mod.id, 2)).slice(1);
    expect(alert.text).toMatch(/^🕑 \d+ items? in the moderation queue, the oldest waiting \d+ min\.$/);
    expect(alert.buttons).toEqual([{ text: 'Open the queue', url: `${app.url}/moderation` }]);
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.messagesTo(mod.id)).toHaveLength(2);
    await app.api('/v1/users/self/telegram', { method: 'DELETE', token: moderator });
  });
});

describe('choices and delivery', () => {
  test('a type switched off is not sent; e-mail switched on is mailed', async () => {
    const adv = await linkedUser('ADVERTISER');
    const bad = await app.api('/v1/users/self/notifications', {
      method: 'PUT',
      token: adv.token,
      body: { data: [{ type: 'noSuchType', telegram: false }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Unknown notification type: noSuchType');
    const changed = await app.api('/v1/users/self/notifications', {
      method: 'PUT',
      token: adv.token,
      body: { data: [{ type: 'topUpConfirmed', telegram: false, email: true }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.value.data.find((p: { type: string }) => p.type === 'topUpConfirmed')).toEqual({
      type: 'topUpConfirmed',
      group: 'ADVERTISER',
      label: 'Top-up confirmed',
      telegram: false,
      email: true,
      alwaysOn: false,
    });
    // A security notice cannot be switched off (a stolen session must not silence it).
    const silenced = await app.api('/v1/users/self/notifications', {
      method: 'PUT',
      token: adv.token,
      body: { data: [{ type: 'telegramLinked', email: false }] },
    });
    expect(silenced).toMatchObject({
      status: 400,
      body: {
        error:
          '“Telegram linked to the account” is a security notice: it always goes by e-mail, and to Telegram when linked',
      },
    });
    const alwaysOn = changed.body.value.data.filter((p: { alwaysOn: boolean }) => p.alwaysOn);
    expect(alwaysOn.map((p: { type: string }) => p.type)).toEqual([
      'telegramLinked',
      'secondFactorAdded',
      'secondFactorRemoved',
      'telegramUnlinked',
      'signInNew',
      'passwordChanged',
      'emailChanged',
      'withdrawalRequested',
      'teamMemberJoined',
      'teamMemberLeft',
      'teamLevelChanged',
    ]);
    // Security notices, on both channels, whatever was chosen.
    for (const p of alwaysOn) expect(p).toMatchObject({ group: 'SECURITY', telegram: true, email: true });
    // Moderators' types are not offered to others.
    expect(changed.body.value.data.some((p: { group: string }) => p.group === 'MODERATION')).toBe(false);
    const invoice = await app.api('/v1/users/payments/advertiser', { token: adv.token, body: { amount: 12 } });
    await app.services.payments.settleTopUp(em(app), invoice.body.value.transaction.id, 'paid', 'ref-2');
    await eventually(
      async () => {
        const mails = await outboxMails(app, adv.email as string);
        return mails.some((m) => m.includes('Your top-up of 12.00 $ is confirmed'));
      },
      10_000,
      'the top-up mail',
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(adv.messages()).toEqual([]);
  });

  test('the language the account chose: Telegram and mail follow it, whatever Telegram’s own language', async () => {
    const adv = await linkedUser('ADVERTISER');
    const chose = async (language: string) =>
      expect(
        (await app.api('/v1/users/self', { method: 'PATCH', token: adv.token, body: { language } })).body.value
          .language,
      ).toBe(language);
    await app.api('/v1/users/self/notifications', {
      method: 'PUT',
      token: adv.token,
      body: { data: [{ type: 'topUpConfirmed', telegram: true, email: true }] },
    });
    await chose('ru');
    const topUp = async (amount: number, ref: string) => {
      const invoice = await app.api('/v1/users/payments/advertiser', { token: adv.token, body: { amount } });
      await app.services.payments.settleTopUp(em(app), invoice.body.value.transaction.id, 'paid', ref);
    };
    await topUp(13, 'ref-lang-1');
    const [ru] = await exactly(adv, 1);
    expect(ru.text).toContain('💰 Пополнение на 13.00 $ подтверждено.');
    await eventually(
      async () => (await outboxMails(app, adv.email as string)).some((m) => m.includes('Пополнение на 13.00 $')),
      10_000,
      'the Russian mail',
    );
    // Chosen back to English: the Telegram account's language (English here) no longer decides alone.
    await chose('en');
    await topUp(14, 'ref-lang-2');
    await eventually(
      async () => adv.messages().some((m) => m.text.includes('💰 Your top-up of 14.00 $ is confirmed.')),
      10_000,
      'the English message',
    );
  });

  test('a user who blocked the bot (403) is unlinked and not retried; a 429’s retry_after is waited', async () => {
    const pub = await linkedUser();
    fake.block(pub.tg.id);
    const notifyOne = (key: string) =>
      app.services.ledger.run(em(app), (tx, emit) =>
        app.services.notifications.notify(
          tx,
          { userId: pub.userId, type: 'firstConversion', key, params: { app: 'Blocked' }, path: '/publisher' },
          emit,
        ),
      );
    const sendsBefore = fake.callsOf('sendMessage').filter((c) => Number(c.params.chat_id) === pub.tg.id).length;
    await notifyOne('blocked:1');
    await eventually(async () => (await app.api('/v1/users/self', { token: pub.token })).body.value.telegram === null);
    await new Promise((r) => setTimeout(r, 2500));
    const sends = fake.callsOf('sendMessage').filter((c) => Number(c.params.chat_id) === pub.tg.id).length;
    expect(sends - sendsBefore).toBe(1);
    const [row] = await em(app).execute<{ state: string; error: string }[]>(
      `select state, error from notifications where user_id = ? and event_key = 'blocked:1'`,
      [pub.userId],
    );
    expect(row).toMatchObject({ state: 'SKIPPED', error: '403 Forbidden: bot was blocked by the user' });

    fake.block(pub.tg.id, false);
    await linkTelegram(app, fake, pub.token, pub.tg);
    const throttledBefore = fake.throttled;
    fake.failNext('sendMessage', 1, { code: 429, description: 'Too Many Requests: retry after 2', retryAfter: 2 });
    const asked = Date.now();
    await notifyOne('after-429');
    const last = (await messagesOf(fake, pub.tg.id, 3)).at(-1)!;
    expect(last.text).toBe('🎉 “Blocked” earned its first conversion.');
    expect(fake.throttled - throttledBefore).toBe(1);
    expect(last.at - asked).toBeGreaterThanOrEqual(2000);
  });

  test('Telegram away: nothing is lost, each message goes once it is back', async () => {
    const pub = await linkedUser();
    fake.failNext('sendMessage', 2, { code: 502, description: 'Bad Gateway' });
    await app.services.ledger.run(em(app), (tx, emit) =>
      app.services.notifications.notify(
        tx,
        { userId: pub.userId, type: 'appResumed', key: 'down:1', params: { app: 'Down' }, path: '/publisher' },
        emit,
      ),
    );
    const [back] = await exactly(pub, 1);
    expect(back.text).toMatch(/“Down” again/);
    const [row] = await em(app).execute<{ state: string; attempts: number }[]>(
      `select state, attempts from notifications where user_id = ? and event_key = 'down:1'`,
      [pub.userId],
    );
    expect(row).toEqual({ state: 'SENT', attempts: 3 });
  });
});

test('a burst of 500 under Telegram’s limits, across a second instance and a stop of the first: each message once', async () => {
  // Its own database, shared by the two instances (a test app drops only a database it made).
  const db = await createTestDatabase();
  const first = await startTestApp({ databaseUrl: db.url, env: botEnv(fake) });
  let second: Awaited<ReturnType<typeof startTestApp>> | null = null;
  try {
    // 100 linked users (chats), 5 events each.
    const users = await em(first).execute<{ id: number; chat: string }[]>(
      `insert into users (name, email, telegram_user_id, telegram_chat_id)
       select 'Burst ' || g, 'burst' || g || '@example.com', 6100000000 + g, 6100000000 + g
         from generate_series(1, 100) g returning id, telegram_chat_id::text as chat`,
    );
    const throttledBefore = fake.throttled;
    const events = users.flatMap(({ id }) =>
      Array.from({ length: 5 }, (_, n) => ({
        userId: id,
        type: 'firstConversion' as const,
        key: `burst:${n}`,
        params: { app: `Burst app ${n}` },
        path: '/publisher',
      })),
    );
    const { ledger, notifications } = first.services;
    await ledger.run(em(first), (tx, emit) => notifications.notify(tx, events, emit));
    // Told again (a retried request): still one message each.
    await ledger.run(em(first), (tx, emit) => notifications.notify(tx, events, emit));

    const burst = () => fake.messages.filter((m) => m.text.includes('Burst app'));
    await eventually(() => burst().length >= 60, 20_000, 'the burst to start');
    // A second instance on the same database joins, then the first stops mid-burst.
    second = await startTestApp({ databaseUrl: db.url, env: botEnv(fake), jobs: true });
    await first.close();
    expect(burst().length).toBeLessThan(500);
    await eventually(() => burst().length >= 500, 60_000, 'all 500 messages');
    await new Promise((r) => setTimeout(r, 1500));
    const sent = burst();
    expect(sent).toHaveLength(500);
    expect(new Set(sent.map((m) => `${m.chatId}:${m.text}`)).size).toBe(500);
    for (const u of users) expect(sent.filter((m) => m.chatId === Number(u.chat))).toHaveLength(5);
    // The limits, as the instances kept them between them (their claims, dated by the database's
    // clock under one lock): never more than TELEGRAM_MAX_PER_SECOND (25) claimed in a second,
    // never two for one chat within a second. What reaches Telegram can bunch up by network
    // jitter; the fake then answers 429 as Telegram does, and the 429 is waited and retried
    // (each message still arrives once, above).
    const claims = await em(second).execute<{ user_id: number; at: string }[]>(
      `select user_id, (extract(epoch from claimed_at) * 1000000)::bigint::text as at
         from notifications where event_key like 'burst:%' order by claimed_at`,
    );
    const micros = claims.map((c) => BigInt(c.at));
    for (let i = 0; i < micros.length; i++) {
      const inSecond = micros.filter((t) => t > micros[i] - 1_000_000n && t <= micros[i]).length;
      expect(inSecond).toBeLessThanOrEqual(25);
    }
    const lastOf = new Map<number, bigint>();
    for (const c of claims) {
      const before = lastOf.get(c.user_id);
      if (before !== undefined) expect(BigInt(c.at) - before).toBeGreaterThanOrEqual(1_000_000n);
      lastOf.set(c.user_id, BigInt(c.at));
    }
    console.log(`burst: 500 messages; Telegram (the fake) answered 429 ${fake.throttled - throttledBefore} time(s)`);
  } finally {
    await first.close().catch(() => {});
    await second?.close();
    await db.drop();
  }
}, 120_000);
