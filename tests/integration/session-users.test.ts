// Session reads are batched per event-loop turn (server/modules/auth/session-users.ts): each
// request must still get its own session and user, an unknown or ended one nothing, and a ws
// session a plain object.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { plainUser, SessionUsers } from '../../server/modules/auth/session-users.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { em } from '../helpers/campaigns.ts';
import { gql, login } from '../helpers/graphql.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

test('concurrent reads in one turn each get their own session and user; an unknown or ended session gets none', async () => {
  const emails = ['advertiser@demo.local', 'publisher@demo.local', 'moderator@demo.local', 'moderator2@demo.local'];
  const tokens = await Promise.all(emails.map((e) => login(app, e)));
  const sessionOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
  const ids = tokens.map(sessionOf);
  const ended = sessionOf(await login(app, 'advertiser@demo.local'));
  await em(app).execute('update sessions set ended_at = now() where id = ?', [ended]);
  const reader = new SessionUsers();
  const asked = [...ids, '00000000-0000-4000-8000-000000000000', ended, ids[0]];
  const rows = await Promise.all(asked.map((id) => reader.read(em(app), id)));
  for (const [i, email] of emails.entries()) expect(rows[i]?.user.email).toBe(email);
  expect(rows[emails.length]).toBeUndefined();
  expect(rows[emails.length + 1]).toBeUndefined();
  expect(rows[emails.length + 2]?.user.email).toBe(emails[0]);
  expect(rows[0]?.lastSeenAt).toBeInstanceOf(Date);
  expect(plainUser<{ tokenVersion: number; isModerator: boolean }>(rows[0]!.user)).toMatchObject({
    tokenVersion: expect.any(Number),
    isModerator: expect.any(Boolean),
  });
});

test('many users signed in at once each see themselves', async () => {
  const emails = ['advertiser@demo.local', 'publisher@demo.local', 'moderator@demo.local', 'moderator2@demo.local'];
  const tokens = await Promise.all(emails.map((e) => login(app, e)));
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => gql(app, '{ me { email } }', {}, tokens[i % tokens.length])),
  );
  for (const [i, a] of answers.entries()) expect(a.data.me.email).toBe(emails[i % emails.length]);
});
