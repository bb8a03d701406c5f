import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp } from '../helpers/app.ts';
import { fileRegistration, outboxMails, registrationBody, uniqueEmail } from '../helpers/accounts.ts';
import { gql, gqlWs, login, type WsClient, waitUntilLive } from '../helpers/graphql.ts';

const REQUEST = 'id createdAt name email telegram company comment role source status decidedAt declineReason';
const LIST = `query($status: RegistrationStatus, $page: Int!, $limit: Int!) {
  registrationRequests(status: $status, page: $page, limit: $limit) { total data { ${REQUEST} } }
}`;
const APPROVE = `mutation($id: ID!) { approveRegistrationRequest(id: $id) { ${REQUEST} } }`;
const DECLINE = `mutation($id: ID!, $reason: String) { declineRegistrationRequest(id: $id, reason: $reason) { ${REQUEST} } }`;
const CHANGED = `subscription { registrationRequestChanged { id email status source declineReason } }`;

const JWT_SECRET = 'moderation-test-secret-0123456789abcdef';

let app: Awaited<ReturnType<typeof startTestApp>>;
let moderator: string;
let advertiser: string;
const sockets: WsClient[] = [];
const openWs = (token?: string) => {
  const ws = gqlWs(app, token);
  sockets.push(ws);
  return ws;
};

beforeAll(async () => {
  app = await startTestApp({ demo: true, env: { JWT_SECRET } });
  moderator = await login(app, 'moderator@demo.local');
  advertiser = await login(app, 'advertiser@demo.local');
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await app?.close();
});

/** The decisions' mails, without the acknowledgement every request gets when it arrives. */
const withoutAcknowledgement = (mails: string[]) =>
  mails.filter((m) => !m.includes('Subject: We have your registration request'));

describe('queue', () => {
  test('the moderator lists pending requests, newest first, with paging', async () => {
    const request = await fileRegistration(app, { name: 'Queue Tester' });
    const res = await gql(app, LIST, { status: 'PENDING', page: 1, limit: 50 }, moderator);
    expect(res.errors).toBeUndefined();
    const { total, data } = res.data.registrationRequests;
    // The demo seed's two requests plus this one.
    expect(total).toBeGreaterThanOrEqual(3);
    expect(data).toHaveLength(total);
    expect(data.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
    expect(data.map((r: { email: string }) => r.email)).toEqual(
      expect.arrayContaining(['daria@arcade-mini.app', 'ivan@coinwise.io']),
    );
    expect(data[0]).toEqual({
      id: String(request.id),
      createdAt: expect.any(String),
      name: 'Queue Tester',
      email: request.email,
      telegram: 'nora_new',
      company: request.company,
      comment: request.comment,
      role: 'PUBLISHER',
      source: 'FORM',
      status: 'PENDING',
      decidedAt: null,
      declineReason: null,
    });
    // Never the password hash.
    expect(JSON.stringify(res.body)).not.toContain('argon2');

    const page2 = await gql(app, LIST, { status: 'PENDING', page: 2, limit: 1 }, moderator);
    expect(page2.data.registrationRequests.total).toBe(total);
    expect(page2.data.registrationRequests.data).toEqual([data[1]]);
  });

  test('bad paging → BAD_USER_INPUT', async () => {
    const res = await gql(app, LIST, { page: 1, limit: 101 }, moderator);
    expect(res.errors?.[0]).toMatchObject({
      message: 'limit must be from 1 to 100',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const page = await gql(app, LIST, { page: 0, limit: 10 }, moderator);
    expect(page.errors?.[0]).toMatchObject({
      message: 'page must be a whole number from 1',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  test('approval activates the account with the password the applicant chose', async () => {
    const request = await fileRegistration(app, { password: 'my-own-pw', role: 'PUBLISHER', name: 'Paula Approved' });
    const res = await gql(app, APPROVE, { id: request.id }, moderator);
    expect(res.errors).toBeUndefined();
    expect(res.data.approveRegistrationRequest).toMatchObject({
      id: String(request.id),
      status: 'APPROVED',
      decidedAt: expect.stringMatching(/Z$/),
      declineReason: null,
    });

    const signIn = await app.api('/v1/auth/login', { body: { email: request.email, password: 'my-own-pw' } });
    expect(signIn.status).toBe(200);
    // The applicant heard the request arrived, then was mailed the decision with a sign-in link, once.
    const mails = withoutAcknowledgement(await outboxMails(app, request.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Your Taskgram Ads account is ready');
    expect(mails[0]).toContain(`${app.url}/login`);
    expect(signIn.body.value.user).toMatchObject({
      name: 'Paula Approved',
      email: request.email,
      defaultRole: 'PUBLISHER',
      isModerator: false,
      isFinance: false,
    });

    const approved = await gql(app, LIST, { status: 'APPROVED', page: 1, limit: 100 }, moderator);
    expect(approved.data.registrationRequests.data.map((r: { id: string }) => r.id)).toContain(String(request.id));
    const pending = await gql(app, LIST, { status: 'PENDING', page: 1, limit: 100 }, moderator);
    expect(pending.data.registrationRequests.data.map((r: { id: string }) => r.id)).not.toContain(String(request.id));
  });

  test('the decision is mailed in the language the request was sent in, its link to the sign-in page in it', async () => {
    const body = registrationBody({ name: 'Пётр' });
    const sent = await app.api('/v1/auth/registration', {
      body,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect(sent.status).toBe(201);
    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ id: number; language: string }[]>(
        `select id, language from registration_requests where email = ? and status = 'PENDING'`,
        [body.email],
      );
    expect(row!.language).toBe('ru');
    expect((await gql(app, APPROVE, { id: row!.id }, moderator)).errors).toBeUndefined();
    // The acknowledgement went out in it too (the two may arrive in either order here, a second apart).
    const all = await outboxMails(app, String(body.email));
    expect(all).toHaveLength(2);
    const received = all.find((m) => m.includes('Спасибо за заявку на подключение к Taskgram Ads'));
    expect(received).toContain('Здравствуйте, Пётр!');
    const mail = all.find((m) => m !== received);
    expect(mail).toContain('Ваша заявка на регистрацию одобрена');
    expect(mail).toContain(`${app.url}/ru/login`);
  });

  test('decline stores the reason; the applicant cannot sign in', async () => {
    const request = await fileRegistration(app);
    const res = await gql(app, DECLINE, { id: request.id, reason: '  Not our audience  ' }, moderator);
    expect(res.errors).toBeUndefined();
    expect(res.data.declineRegistrationRequest).toMatchObject({
      status: 'DECLINED',
      declineReason: 'Not our audience',
      decidedAt: expect.any(String),
    });
    const signIn = await app.api('/v1/auth/login', { body: { email: request.email, password: request.password } });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({
      error:
        'Your registration request was declined. The moderator wrote: “Not our audience”. Contact support if you think this is a mistake.',
    });
    // The applicant was told by mail, with the reason, once (after the request's acknowledgement).
    const mails = withoutAcknowledgement(await outboxMails(app, request.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Your Taskgram Ads registration request was declined');
    expect(mails[0]).toContain('Not our audience');
    expect(mails[0]).toContain(`${app.url}/register`);
    // A declined applicant may apply again.
    const again = await app.api('/v1/auth/registration', {
      body: { name: 'Again', email: request.email, password: 'secret12', role: 'ADVERTISER' },
    });
    expect(again.status).toBe(201);
  });

  test('a decision whose mail did not go out is mailed by the job, once; one already mailed is not', async () => {
    const request = await fileRegistration(app);
    await gql(app, DECLINE, { id: request.id, reason: null }, moderator);
    expect(await outboxMails(app, request.email)).toHaveLength(2); // the acknowledgement, the decision
    // As if the send had failed two minutes ago.
    await app.orm.em
      .fork()
      .getConnection()
      .execute(
        `update registration_requests set decision_mailed_at = null, decided_at = now() - interval '2 minutes' where id = ?`,
        [request.id],
      );
    const registrations = app.services.registrations;
    expect(await registrations.mailMissedDecisions(app.orm.em.fork())).toBeGreaterThanOrEqual(1);
    expect(await registrations.mailMissedDecisions(app.orm.em.fork())).toBe(0);
    expect(await registrations.mailDecision(app.orm.em.fork(), request.id)).toBe(false);
    const mails = await outboxMails(app, request.email);
    expect(mails).toHaveLength(3);
    // Declined without a reason: the mail says so plainly.
    const [, again] = withoutAcknowledgement(mails);
    expect(again).toContain('Your registration request was declined.');
    expect(again).not.toContain('reason:');
  });

  test('a decline reason longer than 500 characters → BAD_USER_INPUT; 500 fit', async () => {
    const request = await fileRegistration(app);
    const tooLong = await gql(app, DECLINE, { id: request.id, reason: 'r'.repeat(501) }, moderator);
    expect(tooLong.errors?.[0]).toMatchObject({
      message: 'At most 500 characters',
      extensions: { code: 'BAD_USER_INPUT', field: 'reason' },
    });
    const fits = await gql(app, DECLINE, { id: request.id, reason: 'r'.repeat(500) }, moderator);
    expect(fits.errors).toBeUndefined();
    expect(fits.data.declineRegistrationRequest.declineReason).toHaveLength(500);
  });

  test('deciding twice → CONFLICT', async () => {
    const a = await fileRegistration(app);
    expect((await gql(app, APPROVE, { id: a.id }, moderator)).errors).toBeUndefined();
    const approveAgain = await gql(app, APPROVE, { id: a.id }, moderator);
    expect(approveAgain.errors?.[0]).toMatchObject({
      message: 'This request was already approved by Morgan Moderator',
      extensions: { code: 'CONFLICT' },
    });
    const declineApproved = await gql(app, DECLINE, { id: a.id }, moderator);
    expect(declineApproved.errors?.[0]).toMatchObject({
      message: 'This request was already approved by Morgan Moderator',
      extensions: { code: 'CONFLICT' },
    });

    const d = await fileRegistration(app);
    expect((await gql(app, DECLINE, { id: d.id }, moderator)).errors).toBeUndefined();
    const approveDeclined = await gql(app, APPROVE, { id: d.id }, moderator);
    expect(approveDeclined.errors?.[0]).toMatchObject({
      message: 'This request was already declined by Morgan Moderator',
      extensions: { code: 'CONFLICT' },
    });
  });

  test('two concurrent approvals: one wins, the other gets CONFLICT', async () => {
    const request = await fileRegistration(app);
    const results = await Promise.all([
      gql(app, APPROVE, { id: request.id }, moderator),
      gql(app, APPROVE, { id: request.id }, moderator),
      gql(app, DECLINE, { id: request.id }, moderator),
    ]);
    const winners = results.filter((r) => !r.errors);
    const losers = results.filter((r) => r.errors);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(2);
    for (const l of losers) expect(l.errors?.[0].extensions?.code).toBe('CONFLICT');
    const [{ count }] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as count from users where email = ?', [request.email]);
    expect(count).toBe(winners[0].data.approveRegistrationRequest ? 1 : 0);
  });

  test('unknown or malformed id', async () => {
    const missing = await gql(app, APPROVE, { id: '999999' }, moderator);
    expect(missing.errors?.[0]).toMatchObject({
      message: 'Registration request not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const bad = await gql(app, DECLINE, { id: 'abc' }, moderator);
    expect(bad.errors?.[0]).toMatchObject({ message: 'Invalid id', extensions: { code: 'BAD_USER_INPUT' } });
  });

  test('non-moderators and guests cannot decide', async () => {
    const request = await fileRegistration(app);
    const asUser = await gql(app, APPROVE, { id: request.id }, advertiser);
    expect(asUser.errors?.[0]).toMatchObject({
      message: 'You do not have access to this',
      extensions: { code: 'FORBIDDEN' },
    });
    const asGuest = await gql(app, DECLINE, { id: request.id });
    expect(asGuest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const list = await gql(app, LIST, { page: 1, limit: 10 }, moderator);
    expect(list.data.registrationRequests.data.find((r: { id: string }) => r.id === String(request.id))?.status).toBe(
      'PENDING',
    );
  });
});

describe('live: registrationRequestChanged over graphql-ws', () => {
  test('the moderator receives the request filed over REST, then its approval', async () => {
    const ws = openWs(moderator);
    await ws.connected;
    const sub = ws.subscribe(CHANGED);
    // Probe until the server is listening: file throwaway requests until one shows up.
    await waitUntilLive(
      sub,
      async () => void (await fileRegistration(app, { email: uniqueEmail('probe') })),
      (e) => !!e.data?.registrationRequestChanged.email.startsWith('probe.'),
    );

    const email = uniqueEmail('live');
    const request = await fileRegistration(app, { email });
    const filed = await sub.nextEvent((e) => e.data?.registrationRequestChanged.email === email);
    expect(filed).toEqual({
      data: {
        registrationRequestChanged: {
          id: String(request.id),
          email,
          status: 'PENDING',
          source: 'FORM',
          declineReason: null,
        },
      },
    });

    expect((await gql(app, APPROVE, { id: request.id }, moderator)).errors).toBeUndefined();
    const approved = await sub.nextEvent((e) => e.data?.registrationRequestChanged.email === email);
    expect(approved.data.registrationRequestChanged).toMatchObject({ id: String(request.id), status: 'APPROVED' });

    const other = await fileRegistration(app);
    await gql(app, DECLINE, { id: other.id, reason: 'Spam' }, moderator);
    const declined = await sub.nextEvent(
      (e) =>
        e.data?.registrationRequestChanged.email === other.email &&
        e.data.registrationRequestChanged.status === 'DECLINED',
    );
    expect(declined.data.registrationRequestChanged.declineReason).toBe('Spam');
    sub.dispose();
  });

  test('a failed decision publishes nothing', async () => {
    const ws = openWs(moderator);
    const sub = ws.subscribe(CHANGED);
    await waitUntilLive(
      sub,
      async () => void (await fileRegistration(app, { email: uniqueEmail('probe') })),
      (e) => !!e.data?.registrationRequestChanged.email.startsWith('probe.'),
    );
    const request = await fileRegistration(app);
    await sub.nextEvent((e) => e.data?.registrationRequestChanged.email === request.email);
    await gql(app, APPROVE, { id: request.id }, moderator);
    await sub.nextEvent((e) => e.data?.registrationRequestChanged.status === 'APPROVED');
    // A second approval fails with CONFLICT and must not emit; a later event proves the order.
    expect((await gql(app, APPROVE, { id: request.id }, moderator)).errors?.[0].extensions?.code).toBe('CONFLICT');
    const marker = await fileRegistration(app, { email: uniqueEmail('marker') });
    const next = await sub.nextEvent(
      (e) =>
        e.data?.registrationRequestChanged.email !== undefined &&
        !e.data.registrationRequestChanged.email.startsWith('probe.'),
    );
    expect(next.data.registrationRequestChanged.email).toBe(marker.email);
    sub.dispose();
  });

  test('a non-moderator is refused with FORBIDDEN', async () => {
    const ws = openWs(advertiser);
    await ws.connected;
    const errors = await ws.subscribe(CHANGED).error();
    expect(errors).toMatchObject([
      {
        message: 'You do not have access to this',
        extensions: { code: 'FORBIDDEN', messageCode: 'STAFF_ROLE_REQUIRED', legacyCode: 'YOU_DO_NOT_HAVE_ACCESS' },
      },
    ]);
  });

  test('an anonymous socket may connect but is refused with UNAUTHENTICATED', async () => {
    const ws = openWs();
    await ws.connected;
    const errors = await ws.subscribe(CHANGED).error();
    expect(errors).toMatchObject([
      {
        message: 'Unauthorized, please sign in again',
        extensions: {
          code: 'UNAUTHENTICATED',
          messageCode: 'SIGN_IN_REQUIRED',
          legacyCode: 'UNAUTHORIZED_PLEASE_SIGN_IN_AGAIN',
        },
      },
    ]);
  });

  test('a bad token closes the socket with 4403', async () => {
    const ws = openWs('garbage');
    await expect(ws.connected).rejects.toMatchObject({ code: 4403 });
    expect(await ws.closed).toMatchObject({ code: 4403 });
  });

  test('an expired token closes the socket with 4403', async () => {
    const secret = new TextEncoder().encode(JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(now - 600)
      .setExpirationTime(now - 1)
      .sign(secret);
    const ws = openWs(expired);
    expect((await ws.closed).code).toBe(4403);
  });
});
