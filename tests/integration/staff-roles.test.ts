import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAILURES } from '../../server/failures.ts';
import { outboxMails } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { gql, gqlWs, login } from '../helpers/graphql.ts';

// Staff roles granted and taken through the product (the Staff page's GraphQL, `npm run
// staff`), in force at once for requests and for sockets opened before the change.

const run = promisify(execFile);
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  admin = await login(app, 'moderator@demo.local');
});
afterAll(() => app?.close());

/** `npm run staff -- …` against this app's database and data folder (its outbox). */
const staffCommand = (...args: string[]) =>
  run('npx', ['tsx', 'scripts/staff.ts', ...args], {
    env: { ...process.env, DATABASE_URL: app.databaseUrl, DATA_DIR: app.dataDir, NODE_ENV: 'test' },
  });

const setRole = (token: string, email: string, role: string, granted: boolean) =>
  gql(
    app,
    'mutation($email: String!, $role: StaffRole!, $granted: Boolean!) { setStaffRole(email: $email, role: $role, granted: $granted) { email isModerator isFinance isAdmin } }',
    { email, role, granted },
    token,
  );

describe('staff roles', () => {
  test('taken by `npm run staff`: an open socket is closed by the change and loses the role, requests at once; mailed and recorded', async () => {
    const granted = await staffCommand('grant', 'moderator2@demo.local', 'finance');
    expect(granted.stdout).toBe('done: moderator2@demo.local is moderator, finance\n');
    const token = await login(app, 'moderator2@demo.local');
    // The socket opened while the role stood, as the probe had it: a queue that streams.
    const ws = gqlWs(app, token);
    await ws.connected;
    const queue = ws.subscribe('subscription { withdrawalQueueChanged { id } }');
    expect(
      (await gql(app, '{ withdrawalQueue(page: 1) { totalCount } }', {}, token)).data?.withdrawalQueue.totalCount,
    ).toBeGreaterThanOrEqual(0);

    const revoked = await staffCommand('revoke', 'moderator2@demo.local', 'finance');
    expect(revoked.stdout).toBe('done: moderator2@demo.local is moderator\n');
    // Its sockets close (and a browser's reconnect with the roles as they are now) ...
    expect(await ws.closed).toEqual({ code: 4001, reason: 'Your roles changed: reconnecting' });
    // The queue's stream ended with it.
    expect(await queue.error()).toMatchObject({ code: 4001 });
    // ... where the queue is refused, over HTTP and on a new socket alike.
    const http = await gql(app, 'mutation { approveWithdrawal(id: "1") { id } }', {}, token);
    expect(http.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const again = gqlWs(app, token);
    const refused = await again.subscribe('subscription { withdrawalQueueChanged { id } }').error();
    expect(refused[0].extensions.code).toBe('FORBIDDEN');
    await again.close();

    // The person hears of both, and the Staff page shows who did it.
    const mails = await outboxMails(app, 'moderator2@demo.local');
    expect(mails.filter((m) => m.includes('Subject: You are now finance staff on Taskgram Ads'))).toHaveLength(1);
    expect(mails.filter((m) => m.includes('Subject: Your finance role on Taskgram Ads was taken away'))).toHaveLength(
      1,
    );
    const history = await gql(app, '{ staffRoleChanges { email role granted by } }', {}, admin);
    expect(history.data.staffRoleChanges.slice(0, 2)).toEqual([
      { email: 'moderator2@demo.local', role: 'finance', granted: false, by: 'npm run staff' },
      { email: 'moderator2@demo.local', role: 'finance', granted: true, by: 'npm run staff' },
    ]);
  }, 120_000);

  test('an operation on an old socket runs with the roles as they are now, even when no notice came', async () => {
    await setRole(admin, 'moderator2@demo.local', 'finance', true);
    const token = await login(app, 'moderator2@demo.local');
    const ws = gqlWs(app, token);
    await ws.connected;
    // Taken behind the product's back (no notice): the next operation reads the user anew.
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update users set is_finance = false where email = 'moderator2@demo.local'`);
    const refused = await ws.subscribe('subscription { withdrawalQueueChanged { id } }').error();
    expect(refused[0].extensions.code).toBe('FORBIDDEN');
    await ws.close();
  });

  test('the Staff page: administrators only; grant and take; the last administrator stays', async () => {
    const publisher = await login(app, 'publisher@demo.local');
    expect((await gql(app, '{ staffMembers { email } }', {}, publisher)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect((await setRole(publisher, 'publisher@demo.local', 'finance', true)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    const members = await gql(app, '{ staffMembers { email isModerator isFinance isAdmin } }', {}, admin);
    expect(members.data.staffMembers).toContainEqual({
      email: 'moderator@demo.local',
      isModerator: true,
      isFinance: true,
      isAdmin: true,
    });
    const made = await setRole(admin, 'Publisher@Demo.Local', 'moderator', true);
    expect(made.data.setStaffRole).toEqual({
      email: 'publisher@demo.local',
      isModerator: true,
      isFinance: false,
      isAdmin: false,
    });
    expect((await gql(app, '{ moderationCounts { registrations } }', {}, publisher)).errors).toBeUndefined();
    await setRole(admin, 'publisher@demo.local', 'moderator', false);
    expect((await setRole(admin, 'nobody@demo.local', 'finance', true)).errors?.[0]?.message).toBe(
      FAILURES.STAFF_EMAIL_UNKNOWN.message,
    );
    expect((await setRole(admin, 'moderator@demo.local', 'admin', false)).errors?.[0]?.message).toBe(
      FAILURES.LAST_STAFF_ADMIN.message,
    );
    const history = await gql(app, '{ staffRoleChanges { email role granted by } }', {}, admin);
    expect(history.data.staffRoleChanges[0]).toEqual({
      email: 'publisher@demo.local',
      role: 'moderator',
      granted: false,
      by: 'moderator@demo.local',
    });
  });
});
