import { FAILURES } from '../../server/failures.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInitDataHmac } from '../../server/lib/init-data.ts';
import { signTelegramWidget, TELEGRAM_SIGN_IN_MESSAGES } from '../../server/modules/auth/telegram-sign-in.ts';
import { type FakeBotApi, type FakeTelegramUser, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { outboxMails } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { gql, gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';
import {
  botEnv,
  eventually,
  linkTelegram,
  messagesOf,
  postUpdate,
  telegramUser,
  WEBHOOK_SECRET,
} from '../helpers/telegram.ts';

// The system bot and linking a Telegram account, against the fake Bot API: updates come
// through the webhook here (and through long polling in the last block).

let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof startTestApp>>;
let publisher: string;
let advertiser: string;

beforeAll(async () => {
  fake = await startFakeBotApi({ botUsername: 'taskgram_test_bot' });
  app = await startTestApp({ demo: true, env: botEnv(fake) });
  [publisher, advertiser] = await Promise.all([
    login(app, 'publisher@demo.local'),
    login(app, 'advertiser@demo.local'),
  ]);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const self = async (token: string) => (await app.api('/v1/users/self', { token })).body.value;
const startLink = async (token: string) =>
  (await app.api('/v1/users/self/telegram', { method: 'POST', token })).body.value;
const tokenOf = (url: string) => new URL(url).searchParams.get('start')!;

describe('linking', () => {
  test('a one-time link; /start <token> links the account, the bot confirms, the dashboard hears it live', async () => {
    const started = await app.api('/v1/users/self/telegram', { method: 'POST', token: publisher });
    expect(started.status).toBe(200);
    const { url, expiresAt } = started.body.value;
    expect(url).toMatch(/^https:\/\/t\.me\/taskgram_test_bot\?start=[A-Za-z0-9_-]{1,64}$/);
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    const ws = gqlWs(app, publisher);
    const live = ws.subscribe('subscription { telegramLinkChanged { telegram { id username } } }');
    const userId = (await self(publisher)).id;
    await waitUntilLive(
      live,
      () => app.pubsub.publish(`telegram-link:${userId}`, { telegram: { id: 1, username: 'probe' } }),
      (e) => e.data?.telegramLinkChanged.telegram?.username === 'probe',
    );
    const user = telegramUser({ first_name: 'Pat', username: 'pat_pub' });
    expect((await postUpdate(app, fake.userWrites(user, `/start ${tokenOf(url)}`))).status).toBe(200);

    const [confirm] = await messagesOf(fake, user.id);
    expect(confirm.text).toBe(
      'Linked to publisher@demo.local. You will get notifications here; /settings chooses which, /stop turns them off.',
    );
    expect(confirm.buttons).toEqual([{ text: 'Open the dashboard', url: `${app.url}/notifications` }]);
    const event = await live.nextEvent((e) => e.data?.telegramLinkChanged.telegram?.username !== 'probe');
    expect(event.data!.telegramLinkChanged.telegram).toEqual({ id: String(user.id), username: 'pat_pub' });
    await ws.close();
    expect((await self(publisher)).telegram).toEqual({ id: user.id, username: 'pat_pub' });
    const me = await gql(app, '{ me { telegram { id username } } }', {}, publisher);
    expect(me.data.me.telegram).toEqual({ id: String(user.id), username: 'pat_pub' });

    // Used once: the same link again is refused in the chat, and the account stays linked.
    await postUpdate(app, fake.userWrites(user, `/start ${tokenOf(url)}`));
    const [, again] = await messagesOf(fake, user.id, 2);
    expect(again.text).toBe(
      'This link has expired or was already used. Open the dashboard and press “Link Telegram” again.',
    );
    expect((await self(publisher)).telegram?.id).toBe(user.id);

    // Unlink from the dashboard.
    const unlinked = await app.api('/v1/users/self/telegram', { method: 'DELETE', token: publisher });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.value).toEqual({ telegram: null });
    expect((await self(publisher)).telegram).toBeNull();
  });

  test('an expired token, a garbled one and one Telegram account for two users get clear messages', async () => {
    const user = telegramUser({ language_code: 'ru' });
    const expired = tokenOf((await startLink(advertiser)).url);
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update telegram_link_tokens set expires_at = now() - interval '1 second'`);
    await postUpdate(app, fake.userWrites(user, `/start ${expired}`));
    await postUpdate(app, fake.userWrites(user, '/start not*a*token'));
    const [first, second] = await messagesOf(fake, user.id, 2);
    // In the user's language (Telegram's language_code).
    expect(first.text).toBe(
      'Ссылка устарела или уже использована. Откройте кабинет и нажмите «Привязать Telegram» ещё раз.',
    );
    expect(second.text).toBe(first.text);
    expect((await self(advertiser)).telegram).toBeNull();

    // The Telegram account links the advertiser; the publisher's link for it is refused.
    const shared = telegramUser();
    await linkTelegram(app, fake, advertiser, shared);
    const other = tokenOf((await startLink(publisher)).url);
    await postUpdate(app, fake.userWrites(shared, `/start ${other}`));
    const messages = await messagesOf(fake, shared.id, 2);
    expect(messages[1].text).toBe(
      'This Telegram account is already linked to another dashboard account. Unlink it there first.',
    );
    expect((await self(publisher)).telegram).toBeNull();
    expect((await self(advertiser)).telegram?.id).toBe(shared.id);
    // Unlinked there (the chat is told), the refused link (still valid) works.
    await app.api('/v1/users/self/telegram', { method: 'DELETE', token: advertiser });
    expect((await messagesOf(fake, shared.id, 3))[2].text).toMatch(/^🔐 The Telegram account @\w+ was unlinked from/);
    await postUpdate(app, fake.userWrites(shared, `/start ${other}`));
    expect((await messagesOf(fake, shared.id, 4))[3].text).toMatch(/^Linked to publisher@demo\.local/);
    expect((await self(publisher)).telegram?.id).toBe(shared.id);
    await app.api('/v1/users/self/telegram', { method: 'DELETE', token: publisher });
  });

  test('/start alone explains and offers the dashboard; /settings; /stop unlinks; blocking the bot unlinks', async () => {
    const user = telegramUser();
    await postUpdate(app, fake.userWrites(user, '/start'));
    const [welcome] = await messagesOf(fake, user.id);
    expect(welcome.text).toMatch(/^This is the Taskgram Ads system bot\. Link it from the dashboard/);
    expect(welcome.buttons).toEqual([{ text: 'Open the dashboard', url: `${app.url}/` }]);

    await postUpdate(app, fake.userWrites(user, '/settings'));
    expect((await messagesOf(fake, user.id, 2))[1].text).toBe(
      'This chat is not linked to a dashboard account yet. Link it from the Notifications page.',
    );

    await linkTelegram(app, fake, publisher, user);
    await postUpdate(app, fake.userWrites(user, '/settings'));
    const settings = (await messagesOf(fake, user.id, 4))[3];
    expect(settings.text).toBe('Choose which notifications you get on the Notifications page of the dashboard.');
    expect(settings.buttons).toEqual([{ text: 'Notification settings', url: `${app.url}/notifications` }]);

    await postUpdate(app, fake.userWrites(user, '/stop'));
    expect((await messagesOf(fake, user.id, 5))[4].text).toMatch(/^Notifications are off and this chat is unlinked/);
    expect((await self(publisher)).telegram).toBeNull();

    await linkTelegram(app, fake, publisher, user);
    expect((await self(publisher)).telegram?.id).toBe(user.id);
    expect((await postUpdate(app, fake.userBlocks(user))).status).toBe(200);
    await eventually(async () => (await self(publisher)).telegram === null, 5000, 'the block to unlink');
  });

  test('/start for an unlinked user follows Telegram’s language_code: Spanish, Persian; an unknown one reads English', async () => {
    const answers: Record<string, RegExp> = {
      es: /^Este es el bot del sistema de Taskgram Ads\./,
      fa: /^این ربات سیستمی Taskgram Ads است\./,
      de: /^This is the Taskgram Ads system bot\./,
    };
    for (const [code, welcome] of Object.entries(answers)) {
      const user = telegramUser({ language_code: code });
      await postUpdate(app, fake.userWrites(user, '/start'));
      const [answer] = await messagesOf(fake, user.id);
      expect(answer.text).toMatch(welcome);
    }
    const spanish = telegramUser({ language_code: 'es-MX' });
    await postUpdate(app, fake.userWrites(spanish, '/start'));
    expect((await messagesOf(fake, spanish.id))[0].buttons).toEqual([{ text: 'Abrir el panel', url: `${app.url}/` }]);
  });

  test('the webhook refuses a wrong or missing secret token; a garbled message is answered as handled', async () => {
    const update = fake.userWrites(telegramUser(), '/start');
    expect((await postUpdate(app, update, 'wrong-secret-token-000000')).status).toBe(401);
    expect((await app.api('/v1/telegram/webhook', { body: update })).status).toBe(401);
    expect((await postUpdate(app, { update_id: 99, message: { text: 'no chat' } }, WEBHOOK_SECRET)).status).toBe(200);
  });

  test('GraphQL: startTelegramLink, notificationSettings, unlinkTelegram', async () => {
    const started = await gql(app, 'mutation { startTelegramLink { url expiresAt } }', {}, advertiser);
    expect(started.data.startTelegramLink.url).toMatch(/^https:\/\/t\.me\/taskgram_test_bot\?start=/);
    const user = telegramUser({ username: undefined });
    await postUpdate(app, fake.userWrites(user, `/start ${tokenOf(started.data.startTelegramLink.url)}`));
    await messagesOf(fake, user.id);
    const settings = await gql(
      app,
      '{ notificationSettings { telegramConfigured telegram { id username } } }',
      {},
      advertiser,
    );
    expect(settings.data.notificationSettings).toEqual({
      telegramConfigured: true,
      telegram: { id: String(user.id), username: null },
    });
    const unlinked = await gql(app, 'mutation { unlinkTelegram { telegram { id } } }', {}, advertiser);
    expect(unlinked.data.unlinkTelegram).toEqual({ telegram: null });
  });
});

describe('sign in with Telegram', () => {
  const initData = (user: FakeTelegramUser, token = fake.token, authDate = Math.floor(Date.now() / 1000)) =>
    signInitDataHmac({ user: JSON.stringify(user), auth_date: String(authDate), query_id: 'AAtest' }, token);
  const widget = (user: FakeTelegramUser, token = fake.token, authDate = Math.floor(Date.now() / 1000)) =>
    signTelegramWidget(
      { id: user.id, first_name: user.first_name, username: user.username, auth_date: authDate },
      token,
    );
  const signIn = (body: unknown, cookie?: string) =>
    app.api('/v1/auth/telegram', { body, ...(cookie ? { headers: { cookie } } : {}) });
  /** A browser's start of the Login Widget's round trip: the state, and the cookie that holds it. */
  const started = async () => {
    const res = await fetch(`${app.url}/api/v1/auth/telegram/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const { state } = (await res.json()).value;
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^tg_state=[\w-]+; Max-Age=900; Path=\/api\/v1\/auth\/telegram; HttpOnly; SameSite=Lax$/);
    return { state: state as string, cookie: setCookie.split(';')[0] };
  };
  /** The widget's fields as the browser that started the sign-in sends them back. */
  const widgetIn = async (fields: ReturnType<typeof widget>) => {
    const { state, cookie } = await started();
    return signIn({ ...fields, state }, cookie);
  };

  test('a linked account signs in with the Mini App’s initData and with the Login Widget', async () => {
    const user = await linkTelegram(app, fake, advertiser);
    for (const send of [() => signIn({ initData: initData(user) }), () => widgetIn(widget(user))]) {
      const res = await send();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value.user).toMatchObject({ email: 'advertiser@demo.local', telegram: { id: user.id } });
      const sessions = await app.api('/v1/users/self/sessions', { token: res.body.value.accessToken });
      expect(sessions.body.value.find((x: { current: boolean }) => x.current).method).toBe('TELEGRAM');
    }
    await app.api('/v1/users/self/telegram', { method: 'DELETE', token: advertiser });
  });

  test('forged, expired and garbled sign-ins are refused with what to do', async () => {
    const user = telegramUser();
    const other = '123456:AAanother-bot-token-xxxxxxxxxx';
    const forged = FAILURES.TELEGRAM_SIGN_IN_FORGED.message;
    const stale = FAILURES.TELEGRAM_SIGN_IN_STALE.message;
    const twoDaysAgo = Math.floor(Date.now() / 1000) - 2 * 86_400;
    expect(await signIn({ initData: initData(user, other) })).toMatchObject({ status: 401, body: { error: forged } });
    expect(await widgetIn(widget(user, other))).toMatchObject({ status: 401, body: { error: forged } });
    expect(await widgetIn({ ...widget(user), first_name: 'Mallory' })).toMatchObject({
      status: 401,
      body: { error: forged },
    });
    expect(await signIn({ initData: initData(user, fake.token, twoDaysAgo) })).toMatchObject({
      status: 401,
      body: { error: stale },
    });
    expect(await widgetIn(widget(user, fake.token, twoDaysAgo))).toMatchObject({ status: 401, body: { error: stale } });
    expect((await signIn({ initData: 'garbage' })).status).toBe(401);
    expect((await signIn({ id: 'x' })).status).toBe(400);
  });

  test('an unlinked Telegram user signs in with e-mail, confirms which Telegram account, and is linked then (told by mail and in Telegram)', async () => {
    const user = telegramUser({ username: 'studio_tg', first_name: 'Studio' });
    const first = await widgetIn(widget(user));
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({
      linkRequired: true,
      linkToken: expect.any(String),
      account: { username: 'studio_tg', name: 'Studio' },
      message: TELEGRAM_SIGN_IN_MESSAGES.unlinked,
    });
    const { linkToken } = first.body.value;
    // A password sign-in links nothing by itself (the old `telegramLinkToken` is not read).
    const signedIn = await app.api('/v1/auth/login', {
      body: { email: 'studio@demo.local', password: 'demo1234', telegramLinkToken: linkToken },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.value.user.telegram).toBeNull();
    const token = signedIn.body.value.accessToken;
    // The dashboard shows which account is about to be linked ...
    expect(
      await app.api('/v1/users/self/telegram/link/preview', { method: 'POST', token, body: { linkToken } }),
    ).toEqual({ status: 200, body: { value: { id: user.id, username: 'studio_tg', name: 'Studio' } } });
    const tampered = await app.api('/v1/users/self/telegram/link', {
      method: 'POST',
      token,
      body: { linkToken: `${linkToken}x` },
    });
    expect(tampered).toMatchObject({ status: 401, body: { error: FAILURES.TELEGRAM_LINK_EXPIRED.message } });
    // ... and links it once its owner confirms.
    const before = fake.messagesTo(user.id).length;
    const linked = await app.api('/v1/users/self/telegram/link', { method: 'POST', token, body: { linkToken } });
    expect(linked.status).toBe(200);
    expect(linked.body.value.telegram).toEqual({ id: user.id, username: 'studio_tg' });
    const again = await signIn({ initData: initData(user) });
    expect(again.body.value.user.email).toBe('studio@demo.local');
    // Told in Telegram, to the account linked, and by e-mail (whatever the choices).
    const [told] = (await messagesOf(fake, user.id, before + 1)).slice(before);
    expect(told.text).toMatch(
      /^🔐 The Telegram account @studio_tg was linked to your Taskgram Ads account \(studio@demo\.local\)/,
    );
    await eventually(
      async () =>
        (await outboxMails(app, 'studio@demo.local')).some((m) =>
          m.includes('Subject: Telegram was linked to your Taskgram Ads account'),
        ),
      15_000,
      'the mail',
    );
    // Unlinking tells the chat that was linked, and the mailbox.
    await app.api('/v1/users/self/telegram', { method: 'DELETE', token });
    const unlinked = (await messagesOf(fake, user.id, before + 2)).at(-1)!;
    expect(unlinked.text).toMatch(/^🔐 The Telegram account @studio_tg was unlinked from your Taskgram Ads account/);
    await eventually(
      async () =>
        (await outboxMails(app, 'studio@demo.local')).some((m) =>
          m.includes('Subject: Telegram was unlinked from your Taskgram Ads account'),
        ),
      15_000,
      'the mail',
    );
  });

  test('the takeover by link: an attacker’s signed Telegram return sent to a victim gives nobody a session', async () => {
    // The attacker signs in their own Telegram account through the widget, in their own browser,
    // and sends the victim /login#tgAuthResult=<those fields>. The victim's browser never started
    // a Telegram sign-in: it has no state cookie (or another one).
    const attacker = telegramUser({ username: 'mallory_tg', first_name: 'Taskgram Support' });
    const fields = widget(attacker);
    const victimBrowser = await started();
    for (const attempt of [
      signIn(fields),
      signIn({ ...fields, state: 'guessed' }),
      signIn({ ...fields, state: 'guessed' }, victimBrowser.cookie),
      signIn({ ...fields, state: victimBrowser.state }),
    ]) {
      expect(await attempt).toMatchObject({ status: 401, body: { error: FAILURES.TELEGRAM_SIGN_IN_FOREIGN.message } });
    }
    // Whatever the victim then does, a password sign-in links nothing: the attacker's Telegram
    // account signs in to no account.
    const victim = await app.api('/v1/auth/login', {
      body: { email: 'studio@demo.local', password: 'demo1234', telegramLinkToken: 'anything' },
    });
    expect(victim.status).toBe(200);
    const attackerTries = await widgetIn(widget(attacker));
    expect(attackerTries.body.value).toMatchObject({ linkRequired: true });
    expect(attackerTries.body.value.accessToken).toBeUndefined();
  });

  test('a Telegram sign-in is good for 10 minutes, and once', async () => {
    const user = await linkTelegram(app, fake, advertiser);
    const now = Math.floor(Date.now() / 1000);
    const eleven = now - 11 * 60;
    const stale = { status: 401, body: { error: FAILURES.TELEGRAM_SIGN_IN_STALE.message } };
    expect(await signIn({ initData: initData(user, fake.token, eleven) })).toMatchObject(stale);
    expect(await widgetIn(widget(user, fake.token, eleven))).toMatchObject(stale);
    // Nine minutes old: signs in, and only once (the same payload again is refused).
    const nine = now - 9 * 60;
    const replayed = { status: 401, body: { error: FAILURES.TELEGRAM_SIGN_IN_REPLAYED.message } };
    const data = initData(user, fake.token, nine);
    expect((await signIn({ initData: data })).status).toBe(200);
    expect(await signIn({ initData: data })).toMatchObject(replayed);
    const fields = widget(user, fake.token, nine);
    expect((await widgetIn(fields)).status).toBe(200);
    expect(await widgetIn(fields)).toMatchObject(replayed);
    await app.api('/v1/users/self/telegram', { method: 'DELETE', token: advertiser });
  });

  test('the sign-in screen learns the bot; without a token there is none', async () => {
    const config = await app.api('/v1/auth/config');
    expect(config.body.value.telegram).toEqual({ bot: 'taskgram_test_bot', botId: fake.bot.id });
  });
});

describe('without a bot token', () => {
  let bare: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    bare = await startTestApp({ demo: true });
  });
  afterAll(() => bare?.close());

  test('linking answers 404 saying what to set; the settings say Telegram is off', async () => {
    const token = await login(bare, 'publisher@demo.local');
    const res = await bare.api('/v1/users/self/telegram', { method: 'POST', token });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/set TELEGRAM_BOT_TOKEN/);
    const settings = await bare.api('/v1/users/self/notifications', { token });
    expect(settings.body.value.telegramConfigured).toBe(false);
    expect((await bare.api('/v1/auth/config')).body.value.telegram).toBeNull();
    const signIn = await bare.api('/v1/auth/telegram', { body: { initData: 'user=1' } });
    expect(signIn).toMatchObject({
      status: 404,
      body: { error: 'Sign-in with Telegram is not configured on this server' },
    });
  });
});

describe('long polling and the webhook at start', () => {
  test('TELEGRAM_UPDATES=polling: the bot reads getUpdates and links', async () => {
    const polling = await startTestApp({
      demo: true,
      env: { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_URL: fake.url, TELEGRAM_UPDATES: 'polling' },
    });
    try {
      await eventually(() => fake.callsOf('getUpdates').length > 0, 10_000, 'getUpdates');
      expect(fake.callsOf('setMyCommands').length).toBeGreaterThan(0);
      const token = await login(polling, 'studio@demo.local');
      const started = await polling.api('/v1/users/self/telegram', { method: 'POST', token });
      // The simulator's way: the t.me link with the fake's address presses Start as its demo user.
      const link = started.body.value.url.replace('https://t.me', fake.url);
      const pressed = await fetch(link);
      expect(await pressed.text()).toMatch(/^Sent “\/start [A-Za-z0-9_-]+” to @taskgram_test_bot as Demo\.$/m);
      const [confirm] = await messagesOf(fake, 424242);
      expect(confirm.text).toBe(
        'Linked to studio@demo.local. You will get notifications here; /settings chooses which, /stop turns them off.',
      );
    } finally {
      await polling.close();
    }
  });

  test('TELEGRAM_UPDATES=webhook with PUBLIC_URL: setWebhook with the secret; the menu button opens the Mini App', async () => {
    const hooked = await startTestApp({
      demo: true,
      env: botEnv(fake, { TELEGRAM_UPDATES: 'webhook', PUBLIC_URL: 'https://ads.example.com' }),
    });
    try {
      await eventually(() => fake.webhook, 10_000, 'setWebhook');
      expect(fake.webhook).toEqual({
        url: 'https://ads.example.com/api/v1/telegram/webhook',
        secretToken: WEBHOOK_SECRET,
        allowedUpdates: ['message', 'my_chat_member', 'chat_member'],
      });
      const menu = fake.callsOf('setChatMenuButton').at(-1)!.params.menu_button;
      expect(menu).toEqual({ type: 'web_app', text: 'Dashboard', web_app: { url: 'https://ads.example.com' } });
    } finally {
      await hooked.close();
    }
  });
});
