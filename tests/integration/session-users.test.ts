// Session reads are batched per event-loop turn (server/modules/auth/session-users.ts): each
// request must still get its own user, a missing id nothing, and a ws session a plain object.
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

test('concurrent reads in one turn each get their own row; a missing id gets none', async () => {
  const users = await em(app).execute<{ id: number; email: string }[]>('select id, email from users order by id');
  expect(users.length).toBeGreaterThanOrEqual(5);
  const reader = new SessionUsers();
  const ids = [...users.map((u) => u.id), 99_999_999, users[0].id];
  const rows = await Promise.all(ids.map((id) => reader.read(em(app), id)));
  for (const [i, u] of users.entries()) expect(rows[i]?.email).toBe(u.email);
  expect(rows[users.length]).toBeUndefined();
  expect(rows[users.length + 1]?.email).toBe(users[0].email);
  expect(plainUser<{ tokenVersion: number; isModerator: boolean }>(rows[0]!)).toMatchObject({
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
