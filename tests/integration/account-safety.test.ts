import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInLimits } from '../../server/modules/auth/auth.service.ts';
import { outboxMails, registrationBody, uniqueEmail } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// Issue 25, items 4 and 5: sign-in throttling that cannot be turned against the owner, and
// registration and password reset that do not tell a known e-mail from an unknown one.

const SLOWED = 'This account is receiving many sign-in attempts, so they are slowed down. Try again in a few seconds.';
const FROM_ADDRESS = 'Too many failed sign-in attempts from your address. Wait a minute and try again.';

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

  const attempt = (email: string, ip: string, password = 'wrong-pass') =>
    fetch(`${app.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    }).then(async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: await res.json(),
    }));

  test("an attacker's failures from one address throttle that address only: the owner signs in from theirs", async () => {
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
    expect(more.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(more[5].body).toEqual({ error: FROM_ADDRESS });
    expect(Number(more[5].retryAfter)).toBeGreaterThan(0);
    // The right password from the attacker's address is refused too (it is that address that is throttled) ...
    expect((await attempt('advertiser@demo.local', '10.66.0.1', 'demo1234')).status).toBe(429);
    // ... while the owner signs in from their own address, and from a new one.
    expect((await attempt('advertiser@demo.local', owner, 'demo1234')).status).toBe(200);
    expect((await attempt('advertiser@demo.local', '10.1.0.2', 'demo1234')).status).toBe(200);
  });

  test('an attack on one account from many addresses is slowed, never a lockout; the owner gets one mail', async () => {
    await windowWithRoom(25_000);
    const email = 'publisher@demo.local';
    const owner = '10.2.0.1';
    expect((await attempt(email, owner, 'demo1234')).status).toBe(200);
    const before = (await outboxMails(app, email)).length;
    // Many addresses, a few tries each: past perAccount failures the account's attempts from
    // addresses it never signed in from are slowed to one per slowedEveryMs.
    const results = [];
    for (let i = 0; i < limits.perAccount + 30; i++) results.push(await attempt(email, `10.77.${i % 40}.${i}`));
    const statuses = results.map((r) => r.status);
    expect(statuses.slice(0, limits.perAccount)).toEqual(Array(limits.perAccount).fill(401));
    const slowed = results.filter((r) => r.status === 429);
    expect(slowed.length).toBeGreaterThan(20);
    expect(slowed[0].body).toEqual({ error: SLOWED });
    expect(slowed[0].retryAfter).toBe(String(Math.ceil(limits.slowedEveryMs / 1000)));
    // Slowed, not blocked: the account is still tried now and then.
    expect(statuses.slice(limits.perAccount).filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);

    // The owner, from where they signed in before, is not slowed at all.
    for (let i = 0; i < 3; i++) expect((await attempt(email, owner, 'demo1234')).status).toBe(200);
    // From a new address the owner waits for a turn, then gets in.
    let fresh = await attempt(email, '10.2.0.9', 'demo1234');
    for (let i = 0; fresh.status === 429 && i < 10; i++) {
      expect(fresh.body).toEqual({ error: SLOWED });
      await new Promise((r) => setTimeout(r, limits.slowedEveryMs));
      fresh = await attempt(email, '10.2.0.9', 'demo1234');
    }
    expect(fresh.status).toBe(200);

    // One mail about it, however long the attack goes on.
    const mails = (await outboxMails(app, email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Many failed sign-in attempts on your account');
    for (let i = 0; i < 5; i++) await attempt(email, `10.78.0.${i}`);
    expect((await outboxMails(app, email)).slice(before)).toHaveLength(1);
  }, 120_000);

  test('an attack on an unknown e-mail behaves the same (no mail to anybody)', async () => {
    await windowWithRoom(12_000);
    const email = uniqueEmail('ghost');
    const statuses = [];
    for (let i = 0; i < limits.perAccount + 5; i++) statuses.push((await attempt(email, `10.88.0.${i}`)).status);
    expect(statuses.slice(0, limits.perAccount)).toEqual(Array(limits.perAccount).fill(401));
    expect(statuses.slice(limits.perAccount)).toContain(429);
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
