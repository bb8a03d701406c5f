import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './app.ts';
import { gql, login } from './graphql.ts';

/** A unique e-mail for this run, e.g. `uniqueEmail('applicant')`. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${randomBytes(4).toString('hex')}@example.com`;

export function registrationBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Nora Newcomer',
    email: uniqueEmail('applicant'),
    password: 'secret12',
    telegram: '@nora_new',
    role: 'PUBLISHER',
    company: 'Nora Games',
    comment: 'Two clicker games, 10k daily players.',
    ...overrides,
  };
}

/**
 * Files a registration request over REST; returns its id (read from the database: the answer
 * names no request, as it must not tell a new e-mail from a known one).
 */
export async function fileRegistration(app: TestApp, overrides: Record<string, unknown> = {}) {
  const body = registrationBody(overrides);
  const res = await app.api<{ value: { status: string } }>('/v1/auth/registration', { body });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  const [row] = await app.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number }[]>(
      `select id from registration_requests where email = lower(trim(?)) and status = 'PENDING' order by id desc limit 1`,
      [String(body.email)],
    );
  if (!row) throw new Error(`no pending request for ${body.email}: ${JSON.stringify(res.body)}`);
  return { id: row.id, ...body };
}

/**
 * A working account the way production makes one: a registration request approved by the
 * demo moderator (so the app must start with `demo: true`). Returns its token too.
 */
export async function createApprovedUser(app: TestApp, overrides: Record<string, unknown> = {}) {
  const request = await fileRegistration(app, overrides);
  const moderator = await login(app, 'moderator@demo.local');
  const res = await gql(
    app,
    'mutation($id: ID!) { approveRegistrationRequest(id: $id) { status } }',
    { id: request.id },
    moderator,
  );
  if (res.data?.approveRegistrationRequest?.status !== 'APPROVED') {
    throw new Error(`approval failed: ${JSON.stringify(res.body)}`);
  }
  const token = await login(app, request.email, request.password);
  const me = await app.api<{ value: { id: number } }>('/v1/users/self', { token });
  return { ...request, userId: me.body.value.id, token };
}

/**
 * Mails written to the app's outbox for `to`, oldest first, decoded to plain text, once the
 * work that follows answers (reset links, notices) is done.
 */
export async function outboxMails(app: TestApp, to: string): Promise<string[]> {
  await Promise.all([
    app.services.auth.idle(),
    app.services.registrations.idle(),
    app.services.reports.idle(),
    app.services.payouts.idle(),
  ]);
  const dir = join(app.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(`-${to}.eml`))
    .sort()
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        // quoted-printable soft line breaks and escapes, should the mailer pick that encoding
        // (a run of escapes is UTF-8 bytes: Cyrillic takes two each)
        .replace(/=\r?\n/g, '')
        .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
          Buffer.from(
            run
              .slice(1)
              .split('=')
              .map((hex) => Number.parseInt(hex, 16)),
          ).toString('utf8'),
        )
        // base64 bodies (the mailer's choice for mostly non-Latin text), decoded after their headers
        .replace(
          /(Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([A-Za-z0-9+/=\r\n]+)/g,
          (_, head: string, body: string) => head + Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8'),
        ),
    );
}

/** The reset ids of every reset link mailed to `to`, oldest first. */
export async function resetLinkIds(app: TestApp, to: string): Promise<string[]> {
  return (await outboxMails(app, to)).flatMap((mail) => {
    const m = /\/reset-password\/([0-9a-f-]{36})/.exec(mail);
    return m ? [m[1]] : [];
  });
}

/**
 * Makes every session of `email` as old as a stolen token's: its last fresh proof 11 minutes ago,
 * past STEP_UP_SECONDS, so money to a new address and account changes ask for a step-up.
 */
export function provedLongAgo(app: TestApp, email: string) {
  return app.orm.em
    .fork()
    .getConnection()
    .execute(
      `update sessions set proved_at = now() - interval '11 minutes' where user_id = (select id from users where email = ?)`,
      [email],
    );
}

/** Adds an authenticator app to the account of `token` (a fresh session): its factor id, secret and recovery codes. */
export async function addAuthenticator(app: TestApp, token: string, name = 'Phone') {
  const started = await app.api('/v1/users/self/second-factors/totp', { method: 'POST', token });
  if (started.status !== 201) throw new Error(`the authenticator app was not started: ${JSON.stringify(started.body)}`);
  const { id, secret } = started.body.value as { id: number; secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const confirmed = await app.api(`/v1/users/self/second-factors/totp/${id}/confirm`, { token, body: { code, name } });
  if (confirmed.status !== 200)
    throw new Error(`the authenticator app was not added: ${JSON.stringify(confirmed.body)}`);
  return {
    factorId: confirmed.body.value.factor.id as number,
    secret,
    recovery: confirmed.body.value.recoveryCodes as string[],
  };
}
