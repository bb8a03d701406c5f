import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatMoney, moneyToJson, parseMoney } from '../../server/lib/money.ts';
import { addAuthenticator, createApprovedUser, outboxMails, provedLongAgo } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { gql, gqlWs, login, waitUntilLive } from '../helpers/graphql.ts';
import {
  createCampaign,
  createPlatform,
  createProject,
  newPlayer,
  platformEditBody,
  sdkConversion,
  start,
  tasks,
  topUp,
} from '../helpers/campaigns.ts';
import { credit, newAddress } from '../helpers/payouts.ts';
import { eventually } from '../helpers/telegram.ts';

// Teams: an account's owner invites people with an access level; a member acts on the account
// with X-Account-Id (REST, GraphQL) or the socket's accountId; the level is enforced by the
// permission module; a removed member loses the account at once, open sockets included.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

type Person = Awaited<ReturnType<typeof createApprovedUser>>;
const as = (p: Person, account: number) => ({ token: p.token, headers: { 'x-account-id': String(account) } });

/** The token of the last invitation mailed to `email` (the link's last path segment). */
async function mailedToken(email: string): Promise<string> {
  const mails = await outboxMails(app, email);
  const m = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '');
  if (!m) throw new Error(`no invitation mailed to ${email}`);
  return m[1];
}

/** `owner` invites `person` with `level`, and `person` accepts: the member's view of the account. */
async function join(owner: Person, person: Person, level: string) {
  const invited = await app.api(`/v1/accounts/${owner.userId}/invitations`, {
    token: owner.token,
    body: { email: person.email, accessLevel: level },
  });
  expect(invited.status).toBe(201);
  const token = await mailedToken(person.email);
  expect(invited.body.value.link).toMatch(new RegExp(`/invitations/${token}$`));
  const accepted = await app.api(`/v1/invitations/${token}/acceptance`, { method: 'POST', token: person.token });
  expect(accepted.status).toBe(201);
  return accepted.body.value;
}

const categoryId = async (p: Person) => (await app.api('/v1/categories', { token: p.token })).body.value.data[0].id;

describe('an account with members', () => {
  test('an Admin invites a Standard member by e-mail; the member works in the account, not in its money; the Admins are told', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Olga Owner' });
    const sam = await createApprovedUser(app, { role: 'PUBLISHER', name: 'Sam Standard' });
    const account = await join(owner, sam, 'STANDARD');
    expect(account).toMatchObject({ id: owner.userId, name: 'Olga Owner', accessLevel: 'STANDARD', own: false });

    // The member's accounts: their own first, then the owner's.
    const accounts = await app.api('/v1/accounts', { token: sam.token });
    expect(accounts.body.value.map((a: { id: number; own: boolean }) => [a.id, a.own])).toEqual([
      [sam.userId, true],
      [owner.userId, false],
    ]);

    // A project made with X-Account-Id is the account's: the owner sees it, the member's own list does not.
    const made = await app.api('/v1/projects', {
      ...as(sam, owner.userId),
      body: { title: 'Made by Sam', categoryId: await categoryId(sam) },
    });
    expect(made.status).toBe(201);
    const ownerList = await app.api('/v1/projects', { token: owner.token });
    expect(ownerList.body.value.data.map((p: { title: string }) => p.title)).toContain('Made by Sam');
    const samOwn = await app.api('/v1/projects', { token: sam.token });
    expect(samOwn.body.value.data.map((p: { title: string }) => p.title)).not.toContain('Made by Sam');

    // Money is Billing's: a top-up answers 403 naming the level needed, and nothing is made.
    const topUp = await app.api('/v1/users/payments/advertiser', { ...as(sam, owner.userId), body: { amount: '10' } });
    expect(topUp.status).toBe(403);
    expect(topUp.body).toMatchObject({ code: 'ACCESS_LEVEL_TOO_LOW', params: { needed: 'BILLING' } });
    const payments = await app.api('/v1/users/transactions/advertiser', { token: owner.token });
    expect(payments.body.value.data).toEqual([]);
    // People are the Admin's.
    const invite = await app.api(`/v1/accounts/${owner.userId}/invitations`, {
      token: sam.token,
      body: { email: 'someone@example.com', accessLevel: 'ADMIN' },
    });
    expect(invite.status).toBe(403);
    expect(invite.body.code).toBe('ACCESS_LEVEL_TOO_LOW');
    // A member cannot raise their own level.
    const raise = await app.api(`/v1/accounts/${owner.userId}/members/${sam.userId}`, {
      method: 'PATCH',
      token: sam.token,
      body: { accessLevel: 'ADMIN' },
    });
    expect(raise.status).toBe(403);
    expect(raise.body.code).toBe('ACCESS_LEVEL_TOO_LOW');

    // The same over GraphQL: the level is the permission module's answer, whichever transport.
    const gqlTopUp = await gql(app, 'mutation { createTopUp(amount: "10") { url } }', {}, sam.token, {
      'x-account-id': String(owner.userId),
    });
    expect(gqlTopUp.errors?.[0]?.extensions).toMatchObject({ messageCode: 'ACCESS_LEVEL_TOO_LOW' });

    // The owner (the account's Admin) heard that Sam joined, by mail.
    const mails = await outboxMails(app, owner.email);
    expect(
      mails.some((m) => m.includes('Sam Standard joined the Taskgram Ads account Olga Owner with Standard access')),
    ).toBe(true);

    // The members list.
    const members = await app.api(`/v1/accounts/${owner.userId}/members`, { token: sam.token });
    expect(
      members.body.value.map((m: { userId: number; accessLevel: string; owner: boolean }) => [
        m.userId,
        m.accessLevel,
        m.owner,
      ]),
    ).toEqual([
      [owner.userId, 'ADMIN', true],
      [sam.userId, 'STANDARD', false],
    ]);
  });

  test('a Billing member withdraws only with their own second factor and a fresh proof; the ledger names them', async () => {
    const owner = await createApprovedUser(app, { role: 'PUBLISHER' });
    const bill = await createApprovedUser(app, { role: 'PUBLISHER', name: 'Bill Billing' });
    await join(owner, bill, 'BILLING');
    await credit(app, owner.userId, '300');
    const wallet = newAddress();
    const withdraw = () =>
      app.api('/v1/users/payments/publisher', {
        ...as(bill, owner.userId),
        body: { amount: '60', walletAddress: wallet },
      });
    // Without a second factor of their own: refused, saying what to do.
    const bare = await withdraw();
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe('MONEY_OUT_NEEDS_OWN_SECOND_FACTOR');
    // With one (added on a fresh session: the proof is fresh), the withdrawal goes.
    await addAuthenticator(app, bill.token);
    const done = await withdraw();
    expect(done.status).toBe(201);
    // Every entry names the person who caused it: the member, not the owner.
    const entries = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ code: string; caused_by_id: number | null }[]>(
        `select t.code, t.caused_by_id from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
          where a.user_id = ? and t.code = 'WITHDRAWAL'`,
        [owner.userId],
      );
    expect(entries).toEqual([{ code: 'WITHDRAWAL', caused_by_id: bill.userId }]);
    // A stale session of the member is asked for a fresh proof first, the member's own.
    await provedLongAgo(app, bill.email);
    const stale = await withdraw();
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('STEP_UP_REQUIRED');
    // The owner sees it in the account's withdrawals; the member's own account has none.
    const ownerList = await app.api('/v1/users/transactions/publisher', { token: owner.token });
    expect(ownerList.body.value.data.map((p: { id: number }) => p.id)).toContain(done.body.value.id);
    const billOwn = await app.api('/v1/users/transactions/publisher', { token: bill.token });
    expect(billOwn.body.value.data).toEqual([]);
  });

  test('a Read-only member sees everything and changes nothing', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER' });
    const rita = await createApprovedUser(app, { role: 'ADVERTISER' });
    await join(owner, rita, 'READ_ONLY');
    const seen = await app.api('/v1/projects', as(rita, owner.userId));
    expect(seen.status).toBe(200);
    const made = await app.api('/v1/projects', {
      ...as(rita, owner.userId),
      body: { title: 'Nope', categoryId: await categoryId(rita) },
    });
    expect(made.status).toBe(403);
    expect(made.body).toMatchObject({ code: 'ACCESS_LEVEL_TOO_LOW', params: { needed: 'STANDARD' } });
    // The person's own settings stay theirs, whatever account they act on.
    const me = await app.api('/v1/users/self', as(rita, owner.userId));
    expect(me.body.value.id).toBe(rita.userId);
  });

  test('an account the person is not in answers 404, a forged header too; nothing leaks', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER' });
    const stranger = await createApprovedUser(app, { role: 'ADVERTISER' });
    await app.api('/v1/projects', {
      token: owner.token,
      body: { title: 'Secret', categoryId: await categoryId(owner) },
    });
    for (const header of [String(owner.userId), 'abc', '0', '99999999999', `${owner.userId} `]) {
      const res = await app.api('/v1/projects', { token: stranger.token, headers: { 'x-account-id': header } });
      expect(res.status, header).toBe(404);
      expect(res.body.code).toBe('ACCOUNT_NOT_FOUND');
    }
    expect((await app.api(`/v1/accounts/${owner.userId}/members`, { token: stranger.token })).status).toBe(404);
    const gqlRes = await gql(app, '{ projects { data { title } } }', {}, stranger.token, {
      'x-account-id': String(owner.userId),
    });
    expect(gqlRes.errors?.[0]?.extensions).toMatchObject({ messageCode: 'ACCOUNT_NOT_FOUND' });
    // A socket asking for it is closed as not found.
    const ws = gqlWs(app, stranger.token, { accountId: owner.userId });
    await expect(ws.connected).rejects.toMatchObject({ code: 4404 });
  });

  test('invitations: bound to the address, single use, revocable, one open per address, limited per day', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER' });
    const ann = await createApprovedUser(app, { role: 'ADVERTISER' });
    const other = await createApprovedUser(app, { role: 'ADVERTISER' });
    const invite = (email: string, accessLevel = 'STANDARD') =>
      app.api(`/v1/accounts/${owner.userId}/invitations`, { token: owner.token, body: { email, accessLevel } });
    expect((await invite(ann.email, 'OWNER')).body.code).toBe('CHOOSE_ACCESS_LEVEL');
    expect((await invite('not-an-address')).status).toBe(400);
    expect((await invite(owner.email)).body.code).toBe('INVITATION_TO_OWN_ACCOUNT');
    expect((await invite(ann.email)).status).toBe(201);
    expect((await invite(ann.email.toUpperCase())).body.code).toBe('INVITATION_ALREADY_OPEN');
    const token = await mailedToken(ann.email);
    // The link shows what it is for, to anyone holding it.
    const preview = await app.api(`/v1/invitations/${token}`);
    expect(preview.body.value).toMatchObject({ email: ann.email, accessLevel: 'STANDARD', status: 'OPEN' });
    // Another address cannot accept it.
    const wrong = await app.api(`/v1/invitations/${token}/acceptance`, { method: 'POST', token: other.token });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'INVITATION_FOR_ANOTHER_ADDRESS', params: { email: ann.email } });
    expect((await app.api('/v1/accounts', { token: other.token })).body.value).toHaveLength(1);
    // Accepted once; the second time it is used.
    expect((await app.api(`/v1/invitations/${token}/acceptance`, { method: 'POST', token: ann.token })).status).toBe(
      201,
    );
    const again = await app.api(`/v1/invitations/${token}/acceptance`, { method: 'POST', token: ann.token });
    expect(again.body.code).toBe('INVITATION_USED');
    expect((await invite(ann.email)).body.code).toBe('ALREADY_A_MEMBER');
    // Revoked: the link no longer works.
    const sent = await invite(other.email);
    const revoked = await app.api(`/v1/accounts/${owner.userId}/invitations/${sent.body.value.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(revoked.body.value.status).toBe('REVOKED');
    const late = await app.api(`/v1/invitations/${await mailedToken(other.email)}/acceptance`, {
      method: 'POST',
      token: other.token,
    });
    expect(late.body.code).toBe('INVITATION_REVOKED');
    // Expired after 7 days.
    const third = await createApprovedUser(app, { role: 'ADVERTISER' });
    await invite(third.email);
    await app.orm.em
      .fork()
      .getConnection()
      .execute(
        `update account_invitations set expires_at = now() - interval '1 second' where lower(email) = lower(?)`,
        [third.email],
      );
    const expired = await app.api(`/v1/invitations/${await mailedToken(third.email)}/acceptance`, {
      method: 'POST',
      token: third.token,
    });
    expect(expired.body.code).toBe('INVITATION_EXPIRED');
    // An expired invitation no longer holds the address: a new one can be sent.
    expect((await invite(third.email)).status).toBe(201);
    // The day's limit: past it, refused, and nothing is made.
    const count = async () =>
      (
        await app.orm.em
          .fork()
          .getConnection()
          .execute<{ n: number }[]>('select count(*)::int as n from account_invitations where account_id = ?', [
            owner.userId,
          ])
      )[0].n;
    let answer = { status: 201, body: {} as { code?: string } };
    for (let i = 0; answer.status === 201 && i < 100; i++)
      answer = await invite(`bulk.${i}.${owner.userId}@example.com`);
    expect(answer.body.code).toBe('INVITATION_LIMIT_REACHED');
    expect(await count()).toBe(50);
    expect((await app.api(`/v1/accounts/${owner.userId}/invitations`, { token: owner.token })).body.value).toHaveLength(
      50,
    );
  });

  test('registration through an invitation: no queue, the invited address, signed in and in the account; used once', async () => {
    const owner = await createApprovedUser(app, { role: 'PUBLISHER', name: 'Rita Recruiter' });
    const email = `newcomer-${Date.now()}@example.com`;
    const invited = await app.api(`/v1/accounts/${owner.userId}/invitations`, {
      token: owner.token,
      body: { email, accessLevel: 'BILLING' },
    });
    expect(invited.status).toBe(201);
    const token = await mailedToken(email);
    const preview = await app.api(`/v1/invitations/${token}`);
    expect(preview.body.value).toMatchObject({ email, status: 'OPEN', hasAccount: false });
    // Bad input: a clear error, nothing made.
    const weak = await app.api(`/v1/invitations/${token}/registration`, { body: { name: 'Nora New', password: '1' } });
    expect(weak.status).toBe(400);
    const forged = await app.api(`/v1/invitations/${'x'.repeat(43)}/registration`, {
      body: { name: 'Nora New', password: 'Nora-pass-12' },
    });
    expect(forged.body.code).toBe('INVITATION_NOT_FOUND');
    const registered = await app.api(`/v1/invitations/${token}/registration`, {
      body: { name: 'Nora New', password: 'Nora-pass-12' },
    });
    expect(registered.status).toBe(201);
    const { accessToken, account } = registered.body.value;
    expect(account).toMatchObject({ id: owner.userId, accessLevel: 'BILLING', own: false });
    // Signed in at once, with the invited address and the account's kind; no registration request filed.
    const self = await app.api('/v1/users/self', { token: accessToken });
    expect(self.body.value).toMatchObject({ email, name: 'Nora New', defaultRole: 'PUBLISHER' });
    const [{ n }] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from registration_requests where email = ?', [email]);
    expect(n).toBe(0);
    // The password works for a later sign-in; the link is used; the Admin is told.
    const signIn = await app.api('/v1/auth/login', { body: { email, password: 'Nora-pass-12' } });
    expect(signIn.status).toBe(200);
    const again = await app.api(`/v1/invitations/${token}/registration`, {
      body: { name: 'Someone Else', password: 'Other-pass-22' },
    });
    expect(again.body.code).toBe('INVITATION_USED');
    await eventually(async () => (await outboxMails(app, owner.email)).some((m) => m.includes('Nora New')));
    // An address with an account signs in and accepts instead.
    const known = await createApprovedUser(app, { role: 'ADVERTISER' });
    await app.api(`/v1/accounts/${owner.userId}/invitations`, {
      token: owner.token,
      body: { email: known.email, accessLevel: 'READ_ONLY' },
    });
    const knownToken = await mailedToken(known.email);
    expect((await app.api(`/v1/invitations/${knownToken}`)).body.value.hasAccount).toBe(true);
    const taken = await app.api(`/v1/invitations/${knownToken}/registration`, {
      body: { name: 'Impostor', password: 'Impostor-333' },
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'INVITATION_ADDRESS_HAS_ACCOUNT' } });
    expect((await app.api(`/v1/invitations/${knownToken}`)).body.value.status).toBe('OPEN');
  });

  test('removing a member is in force at once: the next request answers 404 and an open socket closes within a second', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER' });
    const max = await createApprovedUser(app, { role: 'ADVERTISER' });
    await join(owner, max, 'STANDARD');
    const ws = gqlWs(app, max.token, { accountId: owner.userId });
    await ws.connected;
    const sub = ws.subscribe('subscription { balanceChanged { advertiserBalance } }');
    // The owner's account's balance reaches the member's socket (credited until the subscription
    // is live: a first credit can be published before the server subscribed).
    await waitUntilLive(
      sub,
      () => credit(app, owner.userId, '5'),
      () => true,
    );
    // The owner cannot be removed or demoted.
    const ownerGone = await app.api(`/v1/accounts/${owner.userId}/members/${owner.userId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(ownerGone.body.code).toBe('OWNER_STAYS_ADMIN');
    const started = Date.now();
    const removed = await app.api(`/v1/accounts/${owner.userId}/members/${max.userId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    const closed = await ws.closed;
    console.log(`[live] a removed member's socket closed after ${Date.now() - started} ms`);
    expect([4001, 4404]).toContain(closed.code);
    const after = await app.api('/v1/projects', as(max, owner.userId));
    expect(after.status).toBe(404);
    await ws.close();
    // The owner was told Max no longer works there.
    await eventually(
      async () =>
        (await outboxMails(app, owner.email)).some((m) => /no longer works in the Taskgram Ads account/.test(m)) ||
        null,
    );
  });

  test('a level change is in force at once and a member may leave', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER' });
    const lee = await createApprovedUser(app, { role: 'ADVERTISER' });
    await join(owner, lee, 'READ_ONLY');
    const cat = await categoryId(lee);
    const make = () => app.api('/v1/projects', { ...as(lee, owner.userId), body: { title: 'Lee’s', categoryId: cat } });
    expect((await make()).status).toBe(403);
    const changed = await app.api(`/v1/accounts/${owner.userId}/members/${lee.userId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { accessLevel: 'STANDARD' },
    });
    expect(changed.body.value).toMatchObject({ userId: lee.userId, accessLevel: 'STANDARD' });
    expect((await make()).status).toBe(201);
    const left = await app.api(`/v1/accounts/${owner.userId}/members/${lee.userId}`, {
      method: 'DELETE',
      token: lee.token,
    });
    expect(left.status).toBe(204);
    expect((await app.api('/v1/accounts', { token: lee.token })).body.value).toHaveLength(1);
  });

  test('the account’s history: who changed what, when and from where, before and after; filters; CSV; members only', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Hana Holder' });
    const sam = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Sam Changer' });
    await join(owner, sam, 'STANDARD');
    const made = await app.api('/v1/projects', {
      ...as(sam, owner.userId),
      body: { title: 'Before', categoryId: await categoryId(sam) },
    });
    expect(made.status).toBe(201);
    const changed = await app.api(`/v1/projects/${made.body.value.id}`, {
      ...as(sam, owner.userId),
      method: 'PATCH',
      body: { title: 'After', categoryId: made.body.value.categoryId ?? (await categoryId(sam)) },
    });
    expect(changed.status).toBe(200);
    const history = await app.api(`/v1/accounts/${owner.userId}/activity?objectType=project`, { token: owner.token });
    expect(history.status).toBe(200);
    const [latest, first] = history.body.value.data;
    expect(latest).toMatchObject({
      user: { id: sam.userId, name: 'Sam Changer' },
      action: 'changed',
      objectType: 'project',
      objectId: made.body.value.id,
      before: { title: 'Before' },
      after: { title: 'After' },
    });
    expect(latest.ip).toEqual(expect.any(String));
    expect(first).toMatchObject({ action: 'created', after: { title: 'Before' } });
    // Secrets are never in it.
    expect(JSON.stringify(history.body.value)).not.toMatch(/secret_key|secretKey"?:\s*"[^•]/);
    // The member joining is in it too; filtered by person, only Sam's changes.
    const people = await app.api(`/v1/accounts/${owner.userId}/activity?objectType=member`, { token: owner.token });
    expect(people.body.value.data[0]).toMatchObject({
      action: 'created',
      objectId: sam.userId,
      after: { accessLevel: 'STANDARD' },
    });
    const bySam = await app.api(`/v1/accounts/${owner.userId}/activity?userId=${sam.userId}`, { token: owner.token });
    expect(bySam.body.value.data.every((a: { user: { id: number } }) => a.user.id === sam.userId)).toBe(true);
    // CSV, and GraphQL's view of the same.
    const csv = await fetch(`${app.url}/api/v1/accounts/${owner.userId}/activity.csv?objectType=project`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toMatch(/changed,project,\d+,"\{""title"":""Before""\}","\{""title"":""After""\}"/);
    const viaGraphql = await gql(
      app,
      'query($a: ID!) { activity(accountId: $a, objectType: project) { total data { userName action changes { field before after } } } }',
      { a: String(owner.userId) },
      owner.token,
    );
    expect(viaGraphql.data.activity.data[0]).toEqual({
      userName: 'Sam Changer',
      action: 'changed',
      changes: [{ field: 'title', before: '"Before"', after: '"After"' }],
    });
    // One thing's page: a project's history takes its resources with it, not other projects'.
    const resource = await app.api(`/v1/projects/${made.body.value.id}/tasks`, {
      ...as(sam, owner.userId),
      body: tasks.channel(),
    });
    expect(resource.status).toBe(201);
    const other = await createProject(app, owner.token, [tasks.bot()]);
    const ofProject = await app.api(
      `/v1/accounts/${owner.userId}/activity?objectType=project&objectId=${made.body.value.id}`,
      { token: owner.token },
    );
    expect(
      ofProject.body.value.data.map((a: { objectType: string; action: string }) => [a.objectType, a.action]),
    ).toEqual([
      ['resource', 'created'],
      ['project', 'changed'],
      ['project', 'created'],
    ]);
    expect(JSON.stringify(ofProject.body.value)).not.toContain(`"objectId":${other.id}`);
    // Live: the owner's open list hears each change a member makes, through the database's NOTIFY.
    const ownerWs = gqlWs(app, owner.token);
    const grew = ownerWs.subscribe<{ activityAdded: number }>(
      'subscription($a: ID!) { activityAdded(accountId: $a) }',
      {
        a: String(owner.userId),
      },
    );
    const rename = (title: string) =>
      app.api(`/v1/projects/${made.body.value.id}`, {
        ...as(sam, owner.userId),
        method: 'PATCH',
        body: { title, categoryId: made.body.value.categoryId },
      });
    // The subscription is live once a first change is heard (the subscribe runs after this call returns).
    await eventually(async () => {
      await rename('Warm-up');
      return grew
        .nextEvent(() => true, 500)
        .then(
          () => true,
          () => false,
        );
    });
    await rename('Live');
    const changedAt = Date.now();
    expect((await grew.nextEvent(() => true, 10_000)).data?.activityAdded).toBe(owner.userId);
    console.log(`[live] a member's change heard on the owner's Activity list after ${Date.now() - changedAt} ms`);
    // Nobody outside the account reads it or hears it; a bad filter is a clear 400.
    const stranger = await createApprovedUser(app, { role: 'ADVERTISER' });
    expect((await app.api(`/v1/accounts/${owner.userId}/activity`, { token: stranger.token })).status).toBe(404);
    const strangerWs = gqlWs(app, stranger.token);
    const spy = strangerWs.subscribe('subscription($a: ID!) { activityAdded(accountId: $a) }', {
      a: String(owner.userId),
    });
    expect(JSON.stringify(await spy.error())).toMatch(/ACCOUNT_NOT_FOUND/);
    await Promise.all([ownerWs.close(), strangerWs.close()]);
    const bad = await app.api(`/v1/accounts/${owner.userId}/activity?objectType=planet`, { token: owner.token });
    expect(bad.status).toBe(400);
  });

  test('no lost edits: a change on a stale version answers 412 with the campaign as it is and who saved it; without a version it applies', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Olly Owner' });
    const sam = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Sam Saver' });
    await join(owner, sam, 'STANDARD');
    const project = await createProject(app, owner.token, [tasks.bot()]);
    const campaign = await createCampaign(app, owner.token, project.tasks[0], { dailyCap: 20 });
    const path = `${app.url}/api/v1/projects/${project.id}/campaigns/${campaign.id}`;
    const read = await fetch(path, { headers: { authorization: `Bearer ${owner.token}` } });
    const etag = read.headers.get('etag');
    expect(etag).toBe(`"${campaign.version}"`);
    const patch = (who: Person, body: object, ifMatch?: string) =>
      fetch(path, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${who.token}`,
          'content-type': 'application/json',
          ...(who === sam ? { 'x-account-id': String(owner.userId) } : {}),
          ...(ifMatch ? { 'if-match': ifMatch } : {}),
        },
        body: JSON.stringify(body),
      });
    // Sam saves first, on the version both read.
    const first = await patch(sam, { dailyCap: 35 }, etag!);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe(`"${campaign.version + 1}"`);
    // The owner's change on the old version: 412, nothing of theirs applied, the campaign as it is.
    const stale = await patch(owner, { dailyCap: 50, name: 'Mine' }, etag!);
    expect(stale.status).toBe(412);
    const said = await stale.json();
    expect(said).toMatchObject({
      code: 'STALE_VERSION',
      params: { by: 'Sam Saver', thing: 'campaign', version: String(campaign.version + 1) },
      current: { id: campaign.id, dailyCap: 35, name: campaign.name, version: campaign.version + 1 },
    });
    // Applied on top (the version it now has), or without a version at all, it goes through.
    const onTop = await patch(owner, { name: 'Mine' }, `"${campaign.version + 1}"`);
    expect(onTop.status).toBe(200);
    expect((await onTop.json()).value).toMatchObject({ name: 'Mine', dailyCap: 35 });
    expect((await patch(owner, { dailyCap: 40 })).status).toBe(200);
    expect((await patch(owner, { dailyCap: 40 }, 'yesterday')).status).toBe(400);
    // GraphQL: expectedVersion, the same answer.
    const viaGraphql = await gql(
      app,
      'mutation($id: ID!, $v: Int) { updateCampaign(id: $id, input: { dailyCap: 60 }, expectedVersion: $v) { version } }',
      { id: String(campaign.id), v: campaign.version },
      owner.token,
    );
    expect(viaGraphql.errors?.[0]?.extensions).toMatchObject({
      code: 'STALE_VERSION',
      messageCode: 'STALE_VERSION',
      current: { dailyCap: 40 },
    });
    // The history says who changed the daily cap from what to what.
    const history = await app.api(`/v1/accounts/${owner.userId}/activity?objectType=campaign&userId=${sam.userId}`, {
      token: owner.token,
    });
    expect(history.body.value.data[0]).toMatchObject({
      user: { name: 'Sam Saver' },
      action: 'changed',
      before: { dailyCap: 20 },
      after: { dailyCap: 35 },
    });
    // The campaign's own history (its page) takes its budget moves with it.
    await topUp(app, owner.userId, '5');
    const funded = await app.api(`/v1/projects/${project.id}/campaigns/${campaign.id}/payments`, {
      token: owner.token,
      body: { value: 1.5 },
    });
    expect(funded).toMatchObject({ status: 200 });
    const ofCampaign = await app.api(
      `/v1/accounts/${owner.userId}/activity?objectType=campaign&objectId=${campaign.id}&limit=2`,
      { token: owner.token },
    );
    expect(ofCampaign.body.value.data[0]).toMatchObject({
      user: { name: 'Olly Owner' },
      action: 'funded',
      objectType: 'budget',
      objectId: campaign.id,
      after: { amount: '1.50' },
    });
    expect(ofCampaign.body.value.data[1]).toMatchObject({ objectType: 'campaign', objectId: campaign.id });
  });

  test('the Accounts overview: each account’s day so far — spend, revenue, conversions — and its campaigns running', async () => {
    const adv = await login(app, 'advertiser@demo.local');
    const pub = await createApprovedUser(app, { role: 'PUBLISHER', name: 'Paula Publisher' });
    const viewer = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Vic Viewer' });
    await join(pub, viewer, 'READ_ONLY');
    const accountOf = async (token: string, id: number) =>
      (await app.api('/v1/accounts', { token })).body.value.find((a: { id: number }) => a.id === id);
    const advId = (await app.api('/v1/users/self', { token: adv })).body.value.id;
    // Money compared exactly: GraphQL's Money strings, read as micro-USD.
    const spentToday = async () => {
      const { data } = await gql(app, '{ accounts { id todaySpend } }', {}, adv);
      return parseMoney(data.accounts.find((a: { id: string }) => a.id === String(advId)).todaySpend);
    };
    const before = await accountOf(adv, advId);
    const spentBefore = await spentToday();
    expect(await accountOf(viewer.token, pub.userId)).toMatchObject({
      todaySpend: 0,
      todayRevenue: 0,
      todayConversions: 0,
      openCampaigns: 0,
    });
    const platform = await createPlatform(app, pub.token);
    const project = await createProject(app, adv, [tasks.custom()]);
    const campaign = await createCampaign(app, adv, project.tasks[0], { budget: 2 });
    expect(campaign.status).toBe('ACTIVE');
    const click = await start(app, platform, { user: newPlayer() }, campaign.id);
    expect((await sdkConversion(app, project.secretKey, click.code)).status).toBe(200);
    const [{ price, publisher_amount }] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select price::text, publisher_amount::text from conversions where click_id = ?', [click.clickId]);
    // The member sees the publisher's account earn; the advertiser's own spends, one more campaign running.
    expect(await accountOf(viewer.token, pub.userId)).toMatchObject({
      todayRevenue: moneyToJson(BigInt(publisher_amount)),
      todayConversions: 1,
      openCampaigns: 0,
    });
    const after = await accountOf(adv, advId);
    expect((await spentToday()) - spentBefore).toBe(BigInt(price));
    expect(after.todayConversions - before.todayConversions).toBe(1);
    expect(after.openCampaigns - before.openCampaigns).toBe(1);
    const viaGraphql = await gql(
      app,
      '{ accounts { id todayRevenue todayConversions openCampaigns } }',
      {},
      viewer.token,
    );
    expect(viaGraphql.data.accounts.find((a: { id: string }) => a.id === String(pub.userId))).toMatchObject({
      todayRevenue: formatMoney(BigInt(publisher_amount)),
      todayConversions: 1,
      openCampaigns: 0,
    });
  });

  test('the Accounts overview is pushed: a change in any account the person is in, and none of one they left', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER' });
    const studio = await createApprovedUser(app, { role: 'PUBLISHER' });
    const agent = await createApprovedUser(app, { role: 'ADVERTISER' });
    await join(owner, agent, 'STANDARD');
    await join(studio, agent, 'BILLING');
    const ws = gqlWs(app, agent.token);
    await ws.connected;
    const sub = ws.subscribe<{ accountsChanged: number }>('subscription { accountsChanged }');
    await waitUntilLive(
      sub,
      () => credit(app, owner.userId, '1'),
      (e) => e.data?.accountsChanged === owner.userId,
    );
    // Another account the agent is in: its change is said too.
    await credit(app, studio.userId, '2');
    expect((await sub.nextEvent((e) => e.data?.accountsChanged === studio.userId, 15_000)).errors).toBeUndefined();
    // A stranger's account never reaches the agent.
    const stranger = await createApprovedUser(app, { role: 'ADVERTISER' });
    await credit(app, stranger.userId, '1');
    // Once the agent is removed from the studio, its changes are heard no more; the owner's still
    // are. The removal closes the person's sockets (their roles changed); the new one follows the
    // accounts they are in now.
    const removed = await app.api(`/v1/accounts/${studio.userId}/members/${agent.userId}`, {
      method: 'DELETE',
      token: studio.token,
    });
    expect(removed.status).toBe(204);
    expect((await ws.closed).code).toBe(4001);
    const again = gqlWs(app, agent.token);
    await again.connected;
    const resumed = again.subscribe<{ accountsChanged: number }>('subscription { accountsChanged }');
    await waitUntilLive(
      resumed,
      () => credit(app, owner.userId, '1'),
      (e) => e.data?.accountsChanged === owner.userId,
    );
    await credit(app, studio.userId, '3');
    // Everything said in the next 1.5 s (an account is said at most once a second): no studio.
    const heard: (number | undefined)[] = [];
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      const e = await resumed.nextEvent(() => true, Math.max(1, until - Date.now())).catch(() => null);
      if (e) heard.push(e.data?.accountsChanged);
    }
    expect(heard).not.toContain(studio.userId);
    expect(heard).not.toContain(stranger.userId);
    await credit(app, owner.userId, '1');
    expect((await resumed.nextEvent(() => true, 15_000)).data?.accountsChanged).toBe(owner.userId);
    resumed.dispose();
    await again.close();
  });

  test('no lost edits on projects and apps: ETag on read, 412 with the thing as it is on a stale If-Match or expectedVersion', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Vera Owner' });
    const sam = await createApprovedUser(app, { role: 'PUBLISHER', name: 'Sam Second' });
    await join(owner, sam, 'STANDARD');
    const call = (who: Person, path: string, init: { method?: string; body?: object; ifMatch?: string } = {}) =>
      fetch(`${app.url}/api${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${who.token}`,
          'content-type': 'application/json',
          ...(who === sam ? { 'x-account-id': String(owner.userId) } : {}),
          ...(init.ifMatch ? { 'if-match': init.ifMatch } : {}),
        },
        body: init.body && JSON.stringify(init.body),
      });

    // A project: both read version 1; Sam renames it first; the owner's rename on 1 is refused.
    const project = await createProject(app, owner.token, [tasks.bot()]);
    const read = await call(owner, `/v1/projects/${project.id}`);
    const etag = read.headers.get('etag')!;
    expect(etag).toBe('"1"');
    const categoryId = project.categoryId;
    const renamed = await call(sam, `/v1/projects/${project.id}`, {
      method: 'PATCH',
      body: { title: 'Sam’s name', categoryId },
      ifMatch: etag,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).toBe('"2"');
    const stale = await call(owner, `/v1/projects/${project.id}`, {
      method: 'PATCH',
      body: { title: 'Olga’s name', categoryId },
      ifMatch: etag,
    });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({
      code: 'STALE_VERSION',
      params: { by: 'Sam Second', thing: 'project', version: '2' },
      current: { id: project.id, title: 'Sam’s name', version: 2 },
    });
    expect((await (await call(owner, `/v1/projects/${project.id}`)).json()).value.title).toBe('Sam’s name');
    // GraphQL: the same answer with expectedVersion; without one it applies.
    const viaGraphql = await gql(
      app,
      'mutation($id: ID!, $c: ID!, $v: Int) { updateProject(id: $id, input: { title: "Late", categoryId: $c }, expectedVersion: $v) { version } }',
      { id: String(project.id), c: String(categoryId), v: 1 },
      owner.token,
    );
    expect(viaGraphql.errors?.[0]?.extensions).toMatchObject({ code: 'STALE_VERSION', current: { version: 2 } });
    const unversioned = await call(owner, `/v1/projects/${project.id}`, {
      method: 'PATCH',
      body: { title: 'Olga’s name', categoryId },
    });
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers.get('etag')).toBe('"3"');

    // An app: the edit screen's save and a service's change bump the same version.
    const created = await createPlatform(app, owner.token);
    const appRead = await call(sam, `/v1/platforms/${created.id}`);
    expect(appRead.headers.get('etag')).toBe('"1"');
    const shown = (await appRead.json()).value;
    const service = shown.services.find((x: { taskType: string }) => x.taskType === 'BOT');
    const excluded = await call(owner, `/v1/platforms/${created.id}/services/${service.id}`, {
      method: 'PATCH',
      body: { isExcluded: true },
      ifMatch: '"1"',
    });
    expect(excluded.status).toBe(200);
    const staleApp = await call(sam, `/v1/platforms/${created.id}/complex`, {
      method: 'PATCH',
      body: platformEditBody(shown, { title: 'Sam’s app' }),
      ifMatch: '"1"',
    });
    expect(staleApp.status).toBe(412);
    const saidApp = await staleApp.json();
    expect(saidApp).toMatchObject({
      code: 'STALE_VERSION',
      params: { by: 'Vera Owner', thing: 'app', version: '2' },
      current: { id: created.id, title: shown.title, version: 2 },
    });
    // The service the owner excluded is still excluded: nothing of Sam's applied.
    const after = (await (await call(owner, `/v1/platforms/${created.id}`)).json()).value;
    expect(after.services.find((x: { taskType: string }) => x.taskType === 'BOT').isExcluded).toBe(true);
    expect(after.title).toBe(shown.title);
    const onTop = await call(sam, `/v1/platforms/${created.id}/complex`, {
      method: 'PATCH',
      body: platformEditBody(after, { title: 'Sam’s app' }),
      ifMatch: '"2"',
    });
    expect(onTop.status).toBe(200);
    expect(onTop.headers.get('etag')).toBe('"3"');
  });

  test('live presence: who else from the account has the campaign open, editing or not, within 2 s; nobody outside sees it', async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Pia Owner' });
    const max = await createApprovedUser(app, { role: 'ADVERTISER', name: 'Max Member' });
    await join(owner, max, 'STANDARD');
    const project = await createProject(app, owner.token, [tasks.bot()]);
    const campaign = await createCampaign(app, owner.token, project.tasks[0]);
    const query =
      'subscription($id: ID!, $e: Boolean) { presence(objectType: campaign, objectId: $id, editing: $e) { userId name editing } }';
    const ownerWs = gqlWs(app, owner.token);
    const maxWs = gqlWs(app, max.token, { accountId: owner.userId });
    const names = (e: { data?: { presence: { name: string; editing: boolean }[] } }) =>
      (e.data?.presence ?? []).map((p) => `${p.name}${p.editing ? ' (editing)' : ''}`).join(', ');
    const ownerSub = ownerWs.subscribe<{ presence: { name: string; editing: boolean }[] }>(query, {
      id: String(campaign.id),
    });
    await ownerSub.nextEvent((e) => names(e) === 'Pia Owner');
    const started = Date.now();
    const maxSub = maxWs.subscribe<{ presence: { name: string; editing: boolean }[] }>(query, {
      id: String(campaign.id),
      e: true,
    });
    await ownerSub.nextEvent((e) => names(e) === 'Max Member (editing), Pia Owner', 10_000);
    console.log(`[live] a viewer appeared on the other's page after ${Date.now() - started} ms`);
    await maxSub.nextEvent((e) => names(e) === 'Max Member (editing), Pia Owner', 10_000);
    // Max closes the page: gone from the owner's within 2 s.
    const left = Date.now();
    maxSub.dispose();
    await ownerSub.nextEvent((e) => names(e) === 'Pia Owner', 10_000);
    console.log(`[live] a viewer left the other's page after ${Date.now() - left} ms`);
    // Someone outside the account: refused, and never listed.
    const stranger = await createApprovedUser(app, { role: 'ADVERTISER' });
    const strangerWs = gqlWs(app, stranger.token);
    const spy = strangerWs.subscribe(query, { id: String(campaign.id) });
    expect(JSON.stringify(await spy.error())).toMatch(/PRESENCE_OBJECT_NOT_FOUND/);
    await Promise.all([ownerWs.close(), maxWs.close(), strangerWs.close()]);
  });
});
