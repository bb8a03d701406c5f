import { expect } from 'vitest';
import type { FakeBotApi, FakeSentMessage, FakeTelegramUser } from '../fakes/telegram-bot-api.ts';
import type { startTestApp } from './app.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

/** What a test app needs to talk to the fake Bot API through its webhook. */
export const botEnv = (fake: FakeBotApi, extra: Record<string, string> = {}) => ({
  TELEGRAM_BOT_TOKEN: fake.token,
  TELEGRAM_API_URL: fake.url,
  TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
  ...extra,
});

/** Posts an update to the app's webhook as Telegram does. */
export const postUpdate = (app: TestApp, update: unknown, secret = WEBHOOK_SECRET) =>
  app.api('/v1/telegram/webhook', { body: update, headers: { 'x-telegram-bot-api-secret-token': secret } });

let nextUser = 5_100_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
export const telegramUser = (o: Partial<FakeTelegramUser> = {}): FakeTelegramUser => {
  const id = nextUser++;
  return { id, first_name: `Tg ${id}`, username: `tg_${id}`, language_code: 'en', ...o };
};

/** Waits until `check` answers something truthy (polling), or fails after `ms`. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  ms = 15_000,
  what = 'the condition',
): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Messages the bot sent to a chat once there are at least `count` of them. */
export const messagesOf = (fake: FakeBotApi, chatId: number, count = 1): Promise<FakeSentMessage[]> =>
  eventually(
    () => {
      const list = fake.messagesTo(chatId);
      return list.length >= count ? list : null;
    },
    15_000,
    `${count} message(s) to chat ${chatId}`,
  );

/** Links the dashboard user (REST token) to a Telegram user the way a person does: link, then Start. */
export async function linkTelegram(app: TestApp, fake: FakeBotApi, token: string, user = telegramUser()) {
  const started = await app.api('/v1/users/self/telegram', { method: 'POST', token });
  expect(started.status).toBe(200);
  const start = new URL(started.body.value.url).searchParams.get('start')!;
  const before = fake.messagesTo(user.id).length;
  expect((await postUpdate(app, fake.userWrites(user, `/start ${start}`))).status).toBe(200);
  const [confirm] = (await messagesOf(fake, user.id, before + 1)).slice(before);
  expect(confirm.text).toMatch(/^Linked to /);
  return user;
}
