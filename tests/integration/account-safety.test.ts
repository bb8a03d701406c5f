import { FAILURES } from '../../server/failures.ts';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInLimits } from '../../server/modules/auth/sign-in-guard.ts';
import { createApprovedUser, outboxMails, registrationBody, resetLinkIds, uniqueEmail } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// Sign-in throttling that cannot be turned against the owner (past a limit the password is not
// checked without a code mailed to the owner; the owner's known addresses are never held up), and
// registration and password reset that do not tell a known e-mail from an unknown one.

const CODE_NEEDED = FAILURES.SIGN_IN_CODE_NEEDED.message;
const BAD_CODE = FAILURES.SIGN_IN_CODE_WRONG.message;

/** The sign-in code of the newest code mail to `email` (mailed after the answer: waited for, up to 10 s). */
async function mailedCode(app: TestApp, email: string): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const mails = (await outboxMails(app, email)).filter((m) => m.includes('Subject: Your sign-in code'));
    const code = /Subject: Your sign-in code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(mails.at(-1) ?? '')?.[1];
    if (code) return code;
    if (Date.now() > until) throw new Error(`no sign-in code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The limiter counts in fixed one-minute windows: start a burst with at least `need` ms of it left. */
async function windowWithRoom(need: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < need) await new Promise((r) => setTimeout(r, left + 200));
}

describe('sign-in throttling (RATE_LIMIT_PER_MINUTE=30, behind one trusted proxy)', () => {
  let app: TestApp;
  const limits = signInLimits(30);
  beforeAll(async () => {
    app = await startTestApp({ demo: true, env: { RATE_LIMIT_PER_MINUTE: '30', TRUST_PROXY: '1' } });
  });
  afterAll(() => app?.close());

  const attempt = (email: string, ip: string, password = 'wrong-pass', code?: string) =>
    fetch(`${app.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password, ...(code ? { code } : {}) }),
    }).then(async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: await res.json(),
    }));

  test("an attacker's failures from one address hold that address only: the owner signs in from theirs", async () => {
    await windowWithRoom(12_000);
    const owner = '10.1.0.1';
    expect((await attempt('advertiser@demo.local', owner, 'demo1234')).status).toBe(200);
    // Ten wrong passwords for the owner's e-mail from one address, as the issue found.
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt('advertiser@demo.local', '10.66.0.1')).status);
    // Per address and e-mail: 15 failures a minute at this setting; all ten are tried.
    expect(statuses).toEqual(Array(10).fill(401));
    const more = [];
    for (let i = 0; i < 6; i++) more.push(await attempt('advertiser@demo.local', '10.66.0.1'));
    expect(more.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 403]);
    // Past the limit the password is not checked: the answer says what to do, not "wait".
    expect(more[5].body).toMatchObject({ error: CODE_NEEDED, next: 'EMAIL_CODE' });
    // The right password from the attacker's address gets no further without the mailed code ...
    expect((await attempt('advertiser@demo.local', '10.66.0.1', 'demo1234')).body.next).toBe('EMAIL_CODE');
    const guessed = await attempt('advertiser@demo.local', '10.66.0.1', 'demo1234', 'AAAA-AAAA');
    expect(guessed).toMatchObject({ status: 403, body: { error: BAD_CODE } });
    // ... while the owner signs in from their own address, and from a new one.
    expect((await attempt('advertiser@demo.local', owner, 'demo1234')).status).toBe(200);
    expect((await attempt('advertiser@demo.local', '10.1.0.2', 'demo1234')).status).toBe(200);
  });

  test('refused attempts keep their count: an address over the limit stays held however it goes on', async () => {
    await windowWithRoom(12_000);
    const email = uniqueEmail('held');
    const answers = [];
    for (let i = 0; i < limits.perAddressAndEmail + 10; i++) answers.push((await attempt(email, '10.67.0.1')).status);
    expect(answers.slice(0, limits.perAddressAndEmail)).toEqual(Array(limits.perAddressAndEmail).fill(401));
    // Before, a refused attempt gave its count back, so an attacker alternating was never held.
    expect(answers.slice(limits.perAddressAndEmail)).toEqual(Array(10).fill(403));
  });

  test('on a shared address, failures against other accounts do not keep an owner out of theirs', async () => {
    await windowWithRoom(12_000);
    const shared = '10.68.0.1';
    const owner = await createApprovedUser(app, { password: 'demo1234' });
    // The owner signed in from the shared address (an office, a mobile carrier's NAT) before.
    expect((await attempt(owner.email, shared, 'demo1234')).status).toBe(200);
    // Others behind it fail against many accounts: past the address's limit, they are held ...
    for (let i = 0; i <= limits.perAddress; i++) await attempt(uniqueEmail('other'), shared);
    expect((await attempt(uniqueEmail('other'), shared)).status).toBe(403);
    // ... and the owner's correct password from there still works.
    expect((await attempt(owner.email, shared, 'demo1234')).status).toBe(200);
  });

  test('an attack on one account from many addresses: the owner signs in from anywhere with the mailed code', async () => {
    await windowWithRoom(25_000);
    const email = 'publisher@demo.local';
    const owner = '10.2.0.1';
    expect((await attempt(email, owner, 'demo1234')).status).toBe(200);
    const before = (await outboxMails(app, email)).length;
    // About seven attacking addresses a minute, a few tries each, as the probe found: past
    // perAccount attempts from addresses the owner never used, none is checked without the code.
    const results = [];
    for (let i = 0; i < limits.perAccount + 30; i++) results.push(await attempt(email, `10.77.${i % 40}.${i}`));
    const statuses = results.map((r) => r.status);
    expect(statuses.slice(0, limits.perAccount)).toEqual(Array(limits.perAccount).fill(401));
    expect(statuses.slice(limits.perAccount)).toEqual(Array(30).fill(403));
    expect(results.at(-1)!.body).toMatchObject({ error: CODE_NEEDED, next: 'EMAIL_CODE' });

    // The owner, from where they signed in before, is not held at all.
    for (let i = 0; i < 3; i++) expect((await attempt(email, owner, 'demo1234')).status).toBe(200);
    // From a new address: told to use the code, which is in the owner's mailbox ...
    expect((await attempt(email, '10.2.0.9', 'demo1234')).body).toMatchObject({
      error: CODE_NEEDED,
      next: 'EMAIL_CODE',
    });
    const code = await mailedCode(app, email);
    // ... a wrong password with it is still wrong, the right one signs in, lower case or without the dash too.
    expect((await attempt(email, '10.2.0.9', 'wrong-pass', code)).status).toBe(401);
    expect((await attempt(email, '10.2.0.9', 'demo1234', code.replace('-', '').toLowerCase())).status).toBe(200);
    // The code is spent, and that address is the owner's now.
    expect((await attempt(email, '10.2.0.10', 'demo1234', code)).body.error).toBe(BAD_CODE);
    expect((await attempt(email, '10.2.0.9', 'demo1234')).status).toBe(200);

    // One live code at a time, whoever asked (the attack cannot flood the inbox), and one notice.
    const mails = (await outboxMails(app, email)).slice(before);
    expect(mails.filter((m) => m.includes('Subject: Your sign-in code'))).toHaveLength(1);
    expect(mails.filter((m) => m.includes('Subject: Many failed sign-in attempts on your account'))).toHaveLength(1);
    for (let i = 0; i < 5; i++) await attempt(email, `10.78.0.${i}`);
    // Besides those two, only the security notice of the owner's sign-in from the new address.
    const newSignIn = (m: string) => m.includes('A new sign-in to your Taskgram Ads account');
    await expect
      .poll(async () => (await outboxMails(app, email)).slice(before).filter(newSignIn).length, { timeout: 15_000 })
      .toBe(1);
    const later = (await outboxMails(app, email)).slice(before);
    expect(later.find(newSignIn)).toContain('address 10.2.0.9');
    expect(later.filter((m) => !newSignIn(m))).toHaveLength(2);
  }, 120_000);

  test('wrong codes from many addresses cannot burn the owner’s code: counted per address and account, not per code', async () => {
    const user = await createApprovedUser(app, { password: 'demo1234' });
    // An attack from addresses the owner never used: past perAccount, a code is mailed.
    for (let i = 0; i <= limits.perAccount; i++) await attempt(user.email, `10.81.${i % 40}.${i}`);
    const code = await mailedCode(app, user.email);
    const wrong = code.startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA';
    // 1,000 wrong codes from ten addresses, as the probe sent (it burnt the code on main).
    const answers: { status: number; body: { error: string } }[] = [];
    for (let round = 0; round < 10; round++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, (_, i) => attempt(user.email, `10.82.0.${i % 10}`, 'wrong-pass', wrong)),
        )),
      );
    }
    expect(answers.every((a) => a.status === 403)).toBe(true);
    const errors = new Set(answers.map((a) => a.body.error));
    // Each address has a few tries a minute; the rest are not even checked. The limiter's windows
    // are fixed minutes: an attack that runs across a minute's end gets a second window's tries
    // (the 1,000 take 15–20 s on a busy machine), never more.
    expect(errors).toEqual(new Set([BAD_CODE, FAILURES.SIGN_IN_CODE_TRIES.message]));
    expect(answers.filter((a) => a.body.error === BAD_CODE).length).toBeLessThanOrEqual(
      2 * 10 * limits.perAddressAndEmail,
    );
    // The owner, from a new address while the attack runs, signs in with the mailed code.
    expect((await attempt(user.email, '10.4.0.99', 'demo1234', code)).status).toBe(200);
  }, 120_000);

  test('a password reset makes the address it was done from known', async () => {
    await windowWithRoom(25_000);
    const user = await createApprovedUser(app, { password: 'demo1234' });
    for (let i = 0; i < limits.perAccount; i++) await attempt(user.email, `10.79.${i % 40}.${i}`);
    expect((await attempt(user.email, '10.3.0.1', 'demo1234')).status).toBe(403);
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': '10.3.0.1' };
    await fetch(`${app.url}/api/v1/auth/reset-password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: user.email }),
    });
    const [id] = await resetLinkIds(app, user.email);
    const reset = await fetch(`${app.url}/api/v1/auth/reset-password`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ id, password: 'brandnew1' }),
    });
    expect(reset.status).toBe(200);
    expect((await attempt(user.email, '10.3.0.1', 'brandnew1')).status).toBe(200);
  }, 60_000);

  test('an attack on an unknown e-mail behaves the same (no mail to anybody)', async () => {
    await windowWithRoom(12_000);
    const email = uniqueEmail('ghost');
    const statuses = [];
    for (let i = 0; i < limits.perAccount + 5; i++) statuses.push((await attempt(email, `10.88.0.${i}`)).status);
    expect(statuses.slice(0, limits.perAccount)).toEqual(Array(limits.perAccount).fill(401));
    expect(statuses.slice(limits.perAccount)).toContain(403);
    expect(await outboxMails(app, email)).toEqual([]);
  }, 60_000);
});

/** Two-sample Kolmogorov–Smirnov statistic: the largest gap between the two empirical distributions. */
function ksStatistic(a: number[], b: number[]): number {
  const xs = [...a].sort((p, q) => p - q);
  const ys = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < xs.length && j < ys.length) {
    const v = Math.min(xs[i], ys[j]);
    while (i < xs.length && xs[i] <= v) i++;
    while (j < ys.length && ys[j] <= v) j++;
    d = Math.max(d, Math.abs(i / xs.length - j / ys.length));
  }
  return d;
}

/** The statistic above which two samples of these sizes differ at significance 0.001. */
const ksCritical = (n: number, m: number) => 1.949 * Math.sqrt((n + m) / (n * m));

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];

/** A timing client in its own process (tests/helpers/timed-client.mjs). */
async function timedClient() {
  const child = fork(fileURLToPath(new URL('../helpers/timed-client.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await once(child, 'message');
  return {
    async post(url: string, body: unknown): Promise<{ status: number; ms: number }> {
      const answer = once(child, 'message');
      child.send({ url, body });
      return (await answer)[0] as { status: number; ms: number };
    },
    close: () => child.kill(),
  };
}

/**
 * Times requests for known and unknown e-mails in turns (a slow moment of the machine falls on
 * both), from a client in its own process, each once the server has finished what followed the
 * answer before.
 */
async function timings(
  app: TestApp,
  n: number,
  request: (known: boolean, i: number) => { path: string; body: unknown },
) {
  const client = await timedClient();
  const known: number[] = [];
  const unknown: number[] = [];
  try {
    for (let i = -5; i < n; i++) {
      for (const isKnown of i % 2 ? [true, false] : [false, true]) {
        await app.services.auth.idle();
        const { path, body } = request(isKnown, i);
        const { status, ms } = await client.post(`${app.url}/api${path}`, body);
        expect(status).toBeLessThan(300);
        if (i >= 0) (isKnown ? known : unknown).push(ms);
      }
    }
  } finally {
    client.close();
  }
  return { known, unknown };
}

function report(label: string, { known, unknown }: { known: number[]; unknown: number[] }) {
  const d = ksStatistic(known, unknown);
  const critical = ksCritical(known.length, unknown.length);
  const ms = (x: number) => x.toFixed(2);
  console.log(
    `${label}: ${known.length} known / ${unknown.length} unknown e-mails; median ${ms(quantile(known, 0.5))} / ${ms(quantile(unknown, 0.5))} ms, p90 ${ms(quantile(known, 0.9))} / ${ms(quantile(unknown, 0.9))} ms; KS D = ${d.toFixed(3)} (differ at p < 0.001 above ${critical.toFixed(3)})`,
  );
  return { d, critical };
}

describe('no enumeration: the same answer in the same time for known and unknown e-mails', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ demo: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(() => app?.close());

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('registration: one answer for new, existing and pending e-mails; indistinguishable timing', async () => {
    const pending = registrationBody();
    expect((await post('/v1/auth/registration', pending)).status).toBe(201);
    const answers = await Promise.all(
      [
        registrationBody(),
        registrationBody({ email: 'advertiser@demo.local' }),
        registrationBody({ email: pending.email }),
      ].map(async (body) => {
        const res = await post('/v1/auth/registration', body);
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0].status).toBe(201);

    const known = ['advertiser@demo.local', 'publisher@demo.local', 'moderator@demo.local', pending.email];
    const samples = await timings(app, 60, (isKnown, i) => ({
      path: '/v1/auth/registration',
      body: registrationBody({ email: isKnown ? known[Math.abs(i) % known.length] : uniqueEmail('timing') }),
    }));
    const { d, critical } = report('registration', samples);
    expect(d).toBeLessThan(critical);
  }, 120_000);

  test('password reset: one answer for known and unknown e-mails; indistinguishable timing', async () => {
    const known = await post('/v1/auth/reset-password', { email: 'advertiser@demo.local' });
    const unknown = await post('/v1/auth/reset-password', { email: uniqueEmail('ghost') });
    expect(known.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());

    const samples = await timings(app, 200, (isKnown) => ({
      path: '/v1/auth/reset-password',
      body: { email: isKnown ? 'publisher@demo.local' : uniqueEmail('ghost') },
    }));
    const { d, critical } = report('password reset', samples);
    expect(d).toBeLessThan(critical);
  }, 60_000);
});
