import { FAILURES } from '../../server/failures.ts';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp } from '../helpers/app.ts';
import {
  createApprovedUser,
  fileRegistration,
  outboxMails,
  registrationBody,
  resetLinkIds,
  uniqueEmail,
} from '../helpers/accounts.ts';
import { gql, login } from '../helpers/graphql.ts';

const JWT_SECRET = 'integration-test-secret-0123456789abcdef';
const UNDER_REVIEW = 'Your registration request is still under review. We will contact you once it is approved.';
/** Mails but the registration decision's (every approved test user was mailed one). */
/** Leaves out the mails about the registration request (its acknowledgement, its approval). */
const notDecision = (mail: string) =>
  !mail.includes('Subject: Your Taskgram Ads account is ready') &&
  !mail.includes('Subject: We have your registration request');
const WRONG_CREDENTIALS = 'Incorrect e-mail or password';
const RESET_ANSWER =
  'If an account exists for this e-mail, we have sent it a link to reset the password. The link is valid for one hour.';
const LINK_USED = 'The link has expired or was already used. Request a new one.';
const SIGN_IN_AGAIN = 'Unauthorized, please sign in again';
const FILED = 'Thank you! We have received your request and will contact you by e-mail once it is reviewed.';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp({ demo: true, env: { JWT_SECRET } });
});
afterAll(() => app?.close());

describe('registration', () => {
  test('a valid request is filed as PENDING (201)', async () => {
    const body = registrationBody();
    const res = await app.api('/v1/auth/registration', { body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ value: { status: 'PENDING', message: FILED } });

    // Stored as given, with the Telegram contact normalised and the password hashed.
    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select * from registration_requests where email = ?', [body.email]);
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      telegram: 'nora_new',
      role: 'PUBLISHER',
      company: body.company,
      comment: body.comment,
      source: 'FORM',
      status: 'PENDING',
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  test('optional fields may be left out; e-mail is stored lower-case', async () => {
    const email = uniqueEmail('Mixed.Case').replace('example', 'EXAMPLE');
    const res = await app.api('/v1/auth/registration', {
      body: { name: 'Min', email, password: 'secret12', role: 'ADVERTISER' },
    });
    expect(res.status).toBe(201);
    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select email, telegram, company, comment from registration_requests where email = ?', [
        email.toLowerCase(),
      ]);
    expect(row).toEqual({ email: email.toLowerCase(), telegram: null, company: null, comment: null });
  });

  test.each([
    ['name missing', { name: undefined }, 'Name is required'],
    ['name blank', { name: '   ' }, 'Name is required'],
    ['name too long', { name: 'n'.repeat(121) }, 'At most 120 characters'],
    // Refused for its length at once: the link check once read it back from every letter (minutes).
    ['name of nearly a megabyte', { name: 'n'.repeat(1_000_000) }, 'At most 120 characters'],
    ['a megabyte of dotted labels', { name: 'a.'.repeat(500_000) }, 'At most 120 characters'],
    ['e-mail missing', { email: undefined }, 'Enter required value'],
    ['e-mail empty', { email: '' }, 'Enter required value'],
    ['e-mail malformed', { email: 'nora@localhost' }, 'Enter a valid e-mail'],
    ['e-mail with spaces', { email: 'no ra@example.com' }, 'Enter a valid e-mail'],
    ['password missing', { password: undefined }, 'Enter required value'],
    ['password of 5', { password: '12345' }, 'Password must be 6 to 128 characters'],
    ['password of 129', { password: 'p'.repeat(129) }, 'Password must be 6 to 128 characters'],
    ['telegram malformed', { telegram: '@a b' }, 'Enter a Telegram username like @name'],
    ['telegram too short', { telegram: '@abc' }, 'Enter a Telegram username like @name'],
    ['role missing', { role: undefined }, 'Choose advertiser or publisher'],
    ['role unknown', { role: 'ADMIN' }, 'Choose advertiser or publisher'],
    [
      'name carrying a link (it would reach others in bot messages)',
      { name: 'Taskgram Support: your payout is on hold, verify at https://taskgram-verify.example/claim' },
      'The name must not contain a web address or a link',
    ],
    [
      'name carrying a domain',
      { name: 'Support taskgram-verify.example' },
      'The name must not contain a web address or a link',
    ],
    ['company too long', { company: 'c'.repeat(201) }, 'At most 200 characters'],
    ['comment too long', { comment: 'c'.repeat(2001) }, 'At most 2000 characters'],
  ])('%s → 400 %j', async (_label, overrides, message) => {
    const res = await app.api('/v1/auth/registration', { body: registrationBody(overrides) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });

  test('the password boundaries 6 and 128 are accepted', async () => {
    for (const password of ['123456', 'p'.repeat(128)]) {
      const res = await app.api('/v1/auth/registration', { body: registrationBody({ password }) });
      expect(res.status).toBe(201);
    }
  });

  test('a password manager’s 64 characters and a passphrase with spaces both work, whole, at sign-in', async () => {
    const generated = 'Xq7#mV2$pL9@wR4!tY6&zK1*bN8^cH3%'.repeat(2);
    const phrase = '🐎 correct horse battery staple, said the ошибка';
    for (const password of [generated, phrase]) {
      const user = await createApprovedUser(app, { password });
      const ok = await app.api('/v1/auth/login', { body: { email: user.email, password } });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      // Nothing is cut: the same password without its last character is wrong.
      const cut = await app.api('/v1/auth/login', { body: { email: user.email, password: password.slice(0, -1) } });
      expect(cut.status).toBe(401);
    }
  });

  test('an e-mail that already has an account: the same 201, no request, the owner gets one mail', async () => {
    const res = await app.api('/v1/auth/registration', {
      body: registrationBody({ email: 'Publisher@Demo.Local' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ value: { status: 'PENDING', message: FILED } });
    const [{ count }] = await app.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as count from registration_requests where email = 'publisher@demo.local'`);
    expect(count).toBe(0);
    const mails = await outboxMails(app, 'publisher@demo.local');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: You already have an account');
    expect(mails[0]).toContain(`${app.url}/reset-password`);
    // Asked again the same day: still the same answer, no second mail.
    await app.api('/v1/auth/registration', { body: registrationBody({ email: 'publisher@demo.local' }) });
    expect(await outboxMails(app, 'publisher@demo.local')).toHaveLength(1);
  });

  test('an e-mail with a request under review: the same 201, still one request, a mail about it', async () => {
    const first = await fileRegistration(app);
    const res = await app.api('/v1/auth/registration', { body: registrationBody({ email: first.email }) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ value: { status: 'PENDING', message: FILED } });
    // The first request was acknowledged; the second only says the first is under review.
    const mails = await outboxMails(app, first.email);
    expect(mails).toHaveLength(2);
    const received = mails.find((m) => m.includes('Subject: We have your registration request'));
    expect(received).toContain(`Hello ${first.name},`);
    expect(mails.find((m) => m !== received)).toContain('Subject: Your registration request is under review');
  });

  test('concurrent requests for one e-mail: one request is filed, every answer is the same', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => app.api('/v1/auth/registration', { body: registrationBody({ email }) })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const [{ count }] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as count from registration_requests where email = ?', [email]);
    expect(count).toBe(1);
  });
});

describe('login', () => {
  test('success returns an access token and the user', async () => {
    const res = await app.api('/v1/auth/login', { body: { email: ' Advertiser@Demo.Local ', password: 'demo1234' } });
    expect(res.status).toBe(200);
    expect(res.body.value.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.value.user).toMatchObject({
      id: expect.any(Number),
      name: 'Alex Advertiser',
      email: 'advertiser@demo.local',
      defaultRole: 'ADVERTISER',
      advertiserBalance: expect.any(Number),
      publisherBalance: expect.any(Number),
      publisherOnHoldBalance: expect.any(Number),
      isExchangeReady: true,
      isModerator: false,
      isFinance: false,
    });
    // The token works.
    const self = await app.api('/v1/users/self', { token: res.body.value.accessToken });
    expect(self.status).toBe(200);
    expect(self.body.value.email).toBe('advertiser@demo.local');
  });

  test('wrong password → 401', async () => {
    const res = await app.api('/v1/auth/login', { body: { email: 'advertiser@demo.local', password: 'demo12345' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: WRONG_CREDENTIALS });
  });

  test('unknown e-mail → the same 401', async () => {
    const res = await app.api('/v1/auth/login', { body: { email: uniqueEmail('nobody'), password: 'demo1234' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: WRONG_CREDENTIALS });
  });

  test('missing fields → 400', async () => {
    expect((await app.api('/v1/auth/login', { body: { email: 'advertiser@demo.local' } })).body).toMatchObject({
      error: 'Enter required value',
    });
    expect((await app.api('/v1/auth/login', { body: { password: 'x' } })).body).toMatchObject({
      error: 'Enter required value',
    });
    const res = await app.api('/v1/auth/login', { body: { email: 'not-an-email', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Enter a valid e-mail' });
  });

  test('a request under review: 403 with the right password, the usual 401 with a wrong one', async () => {
    const request = await fileRegistration(app);
    const right = await app.api('/v1/auth/login', { body: { email: request.email, password: request.password } });
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ error: UNDER_REVIEW });
    const wrong = await app.api('/v1/auth/login', { body: { email: request.email, password: 'other-pass' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: WRONG_CREDENTIALS });
  });

  test('a declined request → 403 with the declined message', async () => {
    const request = await fileRegistration(app);
    const moderator = await login(app, 'moderator@demo.local');
    const declined = await gql(
      app,
      'mutation($id: ID!) { declineRegistrationRequest(id: $id, reason: "Not a fit") { status } }',
      { id: request.id },
      moderator,
    );
    expect(declined.data).toEqual({ declineRegistrationRequest: { status: 'DECLINED' } });
    const res = await app.api('/v1/auth/login', { body: { email: request.email, password: request.password } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error:
        'Your registration request was declined. The moderator wrote: “Not a fit”. Contact support if you think this is a mistake.',
    });
  });
});

describe('rate limit', () => {
  let limited: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    // Behind one trusted proxy: X-Forwarded-For names the client.
    limited = await startTestApp({ demo: true, env: { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' } });
  });
  afterAll(() => limited?.close());

  /** The limiter counts in fixed one-minute windows: start a burst well inside one. */
  async function awayFromWindowEdge() {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((r) => setTimeout(r, left + 100));
  }

  const attempt = (email: string, ip: string, password = 'wrong-pass') =>
    limited.api('/v1/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

  test('per address and e-mail: past two failures from one address the code is needed there; other addresses still sign in', async () => {
    await awayFromWindowEdge();
    // RATE_LIMIT_PER_MINUTE=3: two failures per address and e-mail.
    expect((await attempt('publisher@demo.local', '10.0.0.1')).status).toBe(401);
    expect((await attempt('publisher@demo.local', '10.0.0.1')).status).toBe(401);
    const third = await attempt('publisher@demo.local', '10.0.0.1', 'demo1234');
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ error: FAILURES.SIGN_IN_CODE_NEEDED.message, next: 'EMAIL_CODE' });
    expect((await attempt('publisher@demo.local', '10.0.0.4', 'demo1234')).status).toBe(200);
  });

  test('per address: the 4th attempt from one IP needs the code, whatever the e-mail', async () => {
    await awayFromWindowEdge();
    for (let i = 0; i < 3; i++) expect((await attempt(uniqueEmail('spray'), '10.0.1.1')).status).toBe(401);
    const fourth = await attempt('advertiser@demo.local', '10.0.1.1', 'demo1234');
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({ error: FAILURES.SIGN_IN_CODE_NEEDED.message, next: 'EMAIL_CODE' });
    // Another address and e-mail are unaffected.
    expect((await attempt('advertiser@demo.local', '10.0.1.2', 'demo1234')).status).toBe(200);
  });

  test('password reset requests are limited per address; one inbox gets at most 3 links a minute', async () => {
    await awayFromWindowEdge();
    const email = 'advertiser@demo.local';
    const ask = (ip: string) =>
      limited.api('/v1/auth/reset-password', { body: { email }, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await ask('10.0.2.1')).status).toBe(200);
    const fourth = await ask('10.0.2.1');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ error: 'Too many reset requests. Wait a minute and try again.' });
    // Another address is not refused (nobody can stop the owner from asking), but the inbox
    // is not flooded: the same answer, no fourth link.
    const other = await ask('10.0.2.2');
    expect(other.status).toBe(200);
    const links = (await outboxMails(limited, email)).filter((m) => m.includes('Subject: Reset your password'));
    expect(links).toHaveLength(3);
  });
});

describe('rate limit without a trusted proxy', () => {
  let direct: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    direct = await startTestApp({ demo: true, env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => direct?.close());

  test('a client cannot dodge the per-address limit by inventing X-Forwarded-For', async () => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((r) => setTimeout(r, left + 100));
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await direct.api('/v1/auth/login', {
        body: { email: uniqueEmail('rotate'), password: 'wrong-pass' },
        headers: { 'x-forwarded-for': `10.9.0.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 403]);
  });

  test('registration requests are limited per address', async () => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((r) => setTimeout(r, left + 100));
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await direct.api('/v1/auth/registration', {
        body: registrationBody({ email: uniqueEmail('flood') }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('reset password', () => {
  test('the answer is the same for known and unknown e-mails; only the known one gets mail', async () => {
    const user = await createApprovedUser(app);
    const unknown = uniqueEmail('ghost');
    const known = await app.api('/v1/auth/reset-password', { body: { email: user.email.toUpperCase() } });
    const missing = await app.api('/v1/auth/reset-password', { body: { email: unknown } });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(known.body).toEqual({ value: { ok: true, message: RESET_ANSWER } });
    expect(missing.body).toEqual(known.body);
    expect(await outboxMails(app, unknown)).toEqual([]);
    const mails = (await outboxMails(app, user.email)).filter(notDecision);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Reset your password');
    expect(mails[0]).toContain(`${app.url}/reset-password/`);
  });

  test("in the account's language, else the asking browser's: the text and the link's page", async () => {
    // No language chosen: the browser's first of the nine (Russian), its page /ru/reset-password/….
    const user = await createApprovedUser(app);
    await app.api('/v1/auth/reset-password', {
      body: { email: user.email },
      headers: { 'accept-language': 'de-DE,ru;q=0.8,en;q=0.5' },
    });
    const [ru] = (await outboxMails(app, user.email)).filter(notDecision);
    expect(ru).toContain('Откройте эту ссылку в течение часа');
    expect(ru).toContain(`${app.url}/ru/reset-password/`);
    // Chosen on the account (Persian): it wins over the browser's.
    const chosen = await createApprovedUser(app);
    const patched = await app.api('/v1/users/self', { method: 'PATCH', token: chosen.token, body: { language: 'fa' } });
    expect(patched.status).toBe(200);
    await app.api('/v1/auth/reset-password', { body: { email: chosen.email }, headers: { 'accept-language': 'ru' } });
    const [fa] = (await outboxMails(app, chosen.email))
      .filter(notDecision)
      .filter((m) => m.includes('reset-password/'));
    expect(fa).toContain('برای تعیین رمز عبور جدید');
    expect(fa).toContain(`${app.url}/fa/reset-password/`);
  });

  test('a pending applicant (no account yet) gets no reset mail, only the request’s acknowledgement', async () => {
    const request = await fileRegistration(app);
    const res = await app.api('/v1/auth/reset-password', { body: { email: request.email } });
    expect(res.body).toEqual({ value: { ok: true, message: RESET_ANSWER } });
    const mails = await outboxMails(app, request.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: We have your registration request');
  });

  test('invalid e-mail → 400', async () => {
    const res = await app.api('/v1/auth/reset-password', { body: { email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Enter a valid e-mail' });
  });

  test('the link works once; the old password stops working and the new one works', async () => {
    const user = await createApprovedUser(app);
    await app.api('/v1/auth/reset-password', { body: { email: user.email } });
    const [id] = await resetLinkIds(app, user.email);
    expect(id).toBeDefined();

    const res = await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'fresh-pass1' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: { ok: true } });

    const again = await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'fresh-pass2' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: LINK_USED });

    const old = await app.api('/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ error: WRONG_CREDENTIALS });
    const fresh = await app.api('/v1/auth/login', { body: { email: user.email, password: 'fresh-pass1' } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.value.user.email).toBe(user.email);
  });

  test('using one link ends the other outstanding links', async () => {
    const user = await createApprovedUser(app);
    await app.api('/v1/auth/reset-password', { body: { email: user.email } });
    await new Promise((r) => setTimeout(r, 5)); // outbox files are named by millisecond
    await app.api('/v1/auth/reset-password', { body: { email: user.email } });
    const ids = await resetLinkIds(app, user.email);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(
      (await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id: ids[1], password: 'newpass123' } }))
        .status,
    ).toBe(200);
    const other = await app.api('/v1/auth/reset-password', {
      method: 'PATCH',
      body: { id: ids[0], password: 'newpass456' },
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: LINK_USED });
  });

  test('an expired link fails', async () => {
    const user = await createApprovedUser(app);
    await app.api('/v1/auth/reset-password', { body: { email: user.email } });
    const [id] = await resetLinkIds(app, user.email);
    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select expires_at, created_at from password_resets where id = ?', [id]);
    // Valid for one hour.
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(60 * 60 * 1000);
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update password_resets set expires_at = now() - interval '1 second' where id = ?`, [id]);
    const res = await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'fresh-pass1' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: LINK_USED });
    expect((await app.api('/v1/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(
      200,
    );
  });

  test('password rules and link format', async () => {
    const id = randomUUID();
    const cases: [unknown, string][] = [
      [{ id, password: '12345' }, 'Password must be 6 to 128 characters'],
      [{ id, password: 'p'.repeat(129) }, 'Password must be 6 to 128 characters'],
      [{ id, password: undefined }, 'Enter required value'],
      [{ id: 'not-a-uuid', password: 'fresh-pass1' }, 'The link is not valid'],
      // A well-formed id that was never issued.
      [{ id, password: 'fresh-pass1' }, LINK_USED],
    ];
    for (const [body, error] of cases) {
      const res = await app.api('/v1/auth/reset-password', { method: 'PATCH', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error });
    }
  });

  test('a rejected new password leaves the link usable', async () => {
    const user = await createApprovedUser(app);
    await app.api('/v1/auth/reset-password', { body: { email: user.email } });
    const [id] = await resetLinkIds(app, user.email);
    expect(
      (await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'short' } })).status,
    ).toBe(400);
    expect(
      (await app.api('/v1/auth/reset-password', { method: 'PATCH', body: { id, password: 'long-enough' } })).status,
    ).toBe(200);
    expect((await app.api('/v1/auth/login', { body: { email: user.email, password: 'long-enough' } })).status).toBe(
      200,
    );
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(JWT_SECRET);
  let userId: number;
  /** The session the forged tokens name: a real one, so only what is forged decides. */
  let sid: string;
  beforeAll(async () => {
    const token = await login(app, 'publisher@demo.local');
    userId = (await app.api('/v1/users/self', { token })).body.value.id;
    sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
  });

  const expect401 = async (token: string) => {
    const res = await app.api('/v1/users/self', { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: SIGN_IN_AGAIN });
  };

  test('a token signed with the app secret works (sanity check of the forged ones below)', async () => {
    const token = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    const res = await app.api('/v1/users/self', { token });
    expect(res.status).toBe(200);
    expect(res.body.value.email).toBe('publisher@demo.local');
  });

  test('an expired token → 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(key);
    await expect401(token);
  });

  test('garbage, another secret, alg none, unknown user → 401', async () => {
    await expect401('garbage');
    await expect401('a.b.c');
    const otherKey = new TextEncoder().encode('another-secret-another-secret-0123456789');
    await expect401(
      await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setExpirationTime('5m')
        .sign(otherKey),
    );
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: String(userId), sid, exp: Math.floor(Date.now() / 1000) + 300 }),
    ).toString('base64url');
    await expect401(`${header}.${payload}.`);
    await expect401(
      await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('999999')
        .setExpirationTime('5m')
        .sign(key),
    );
    await expect401(
      await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('not-a-number')
        .setExpirationTime('5m')
        .sign(key),
    );
  });

  test('a malformed Authorization header is treated as no token', async () => {
    const res = await app.api('/v1/users/self', { headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: SIGN_IN_AGAIN });
  });
});
