import { FAILURES } from '../../server/failures.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApprovedUser, provedLongAgo, outboxMails } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/telegram.ts';
import { SoftAuthenticator } from '../helpers/webauthn.ts';

// Passkeys (WebAuthn): added from a signed-in session with a fresh proof, a second factor that
// proves step-ups, and a sign-in by themselves ("Sign in with a passkey", no e-mail typed). The
// browser's side is played by a software authenticator that signs as a platform one would.

let app: TestApp;
let origin: string;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  // WebAuthn takes a host name, never an IP address: the browser is at localhost.
  const url = new URL(app.url);
  url.hostname = 'localhost';
  origin = url.origin;
});
afterAll(() => app?.close());

type Opts = { method?: string; body?: unknown; token?: string };
/** A call as the dashboard in a browser at `from` makes it (with its Origin). */
const call = (path: string, o: Opts = {}, from = origin) => app.api(path, { ...o, headers: { origin: from } });
const signIn = (email: string, extra: Record<string, string> = {}) =>
  call('/v1/auth/login', { body: { email, password: 'demo1234', ...extra } });
const age = (email: string) => provedLongAgo(app, email);

/** A mail's text with its headers unfolded and a quoted-printable or base64 body decoded. */
function decodeMail(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const qp = unfolded
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  const base64 = [...unfolded.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{20,})/g)]
    .map((m) => Buffer.from(m[1].replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${base64}`;
}

async function withPasskey(name = 'Laptop') {
  const user = await createApprovedUser(app, { password: 'demo1234' });
  const token = (await signIn(user.email)).body.value.accessToken as string;
  const device = new SoftAuthenticator({ origin });
  const options = await call('/v1/users/self/passkeys/options', { method: 'POST', token });
  expect(options.status).toBe(201);
  const added = await call('/v1/users/self/passkeys', {
    token,
    body: { response: device.create(options.body.value), name },
  });
  expect(added.status).toBe(201);
  return { user, token, device, added: added.body.value };
}

describe('passkeys', () => {
  test('added with the browser’s answer: a second factor with recovery codes, the owner is told', async () => {
    const { user, token, added } = await withPasskey('Laptop');
    expect(added.factor).toMatchObject({ kind: 'PASSKEY', name: 'Laptop', lastUsedAt: null });
    expect(added.recoveryCodes).toHaveLength(10);
    const list = (await call('/v1/users/self/second-factors', { token })).body.value;
    expect(list.factors.map((f: { kind: string; name: string }) => [f.kind, f.name])).toEqual([['PASSKEY', 'Laptop']]);
    expect(list.recoveryCodesLeft).toBe(10);
    await eventually(
      async () =>
        (await outboxMails(app, user.email)).some((m) => {
          const text = decodeMail(m);
          return text.includes('A second factor was added') && /Passkey \W+Laptop\W/.test(text);
        }),
      15_000,
      'the notice of the new passkey',
    );
    // Renamed.
    const renamed = await call(`/v1/users/self/second-factors/${added.factor.id}`, {
      method: 'PATCH',
      token,
      body: { name: 'Work laptop' },
    });
    expect(renamed.body.value).toMatchObject({ id: added.factor.id, name: 'Work laptop' });
  });

  test('“Sign in with a passkey”: no e-mail typed, a session of its account; each challenge answers once', async () => {
    const { user, device } = await withPasskey();
    const options = await call('/v1/auth/passkey/options', { method: 'POST' });
    expect(options.status).toBe(200);
    expect(options.body.value.allowCredentials ?? []).toEqual([]);
    expect(options.body.value.userVerification).toBe('required');
    const answer = device.get(options.body.value);
    const signedIn = await call('/v1/auth/passkey', { body: { response: answer } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.value.user.email).toBe(user.email);
    const sessions = await call('/v1/users/self/sessions', { token: signedIn.body.value.accessToken });
    expect(sessions.body.value.find((s: { current: boolean }) => s.current).method).toBe('PASSKEY');
    // The same answer again (a replay): the challenge is spent.
    expect(await call('/v1/auth/passkey', { body: { response: answer } })).toMatchObject({
      status: 403,
      body: { error: FAILURES.PASSKEY_REQUEST_EXPIRED.message },
    });
  });

  test('a password sign-in of an account with a passkey asks for it (or a code); the passkey then signs in', async () => {
    const { user } = await withPasskey();
    expect(await signIn(user.email)).toMatchObject({
      status: 403,
      body: {
        error: FAILURES.SECOND_FACTOR_ASKED_PASSKEY.message,
        next: 'SECOND_FACTOR',
        methods: ['PASSKEY', 'TOTP', 'RECOVERY_CODE'],
      },
    });
  });

  test('refused: another origin, an unverified user, a forged signature, an IP address', async () => {
    const { device } = await withPasskey();
    const ask = async () => (await call('/v1/auth/passkey/options', { method: 'POST' })).body.value;
    // A page elsewhere relaying the challenge (phishing) signs with its own origin.
    const elsewhere = new SoftAuthenticator({ origin: 'http://localhost.evil.example' });
    elsewhere.passkeys.push(...device.passkeys);
    expect((await call('/v1/auth/passkey', { body: { response: elsewhere.get(await ask()) } })).body).toMatchObject({
      error: FAILURES.PASSKEY_CHECK_FAILED.message,
    });
    const unverified = new SoftAuthenticator({ origin, verified: false });
    unverified.passkeys.push(...device.passkeys);
    expect((await call('/v1/auth/passkey', { body: { response: unverified.get(await ask()) } })).status).toBe(403);
    const forged = device.get(await ask());
    forged.response.signature = Buffer.from('not a signature').toString('base64url');
    expect((await call('/v1/auth/passkey', { body: { response: forged } })).body).toMatchObject({
      error: FAILURES.PASSKEY_CHECK_FAILED.message,
    });
    // At a bare IP address there is no relying party: the answer says where passkeys work.
    const atAddress = new URL(app.url);
    atAddress.hostname = '127.0.0.1';
    expect(await call('/v1/auth/passkey/options', { method: 'POST' }, atAddress.origin)).toMatchObject({
      status: 400,
      body: { error: FAILURES.PASSKEY_NEEDS_SITE_NAME.message },
    });
  });

  test('a step-up with the passkey; a stolen token cannot add a factor of its own; removing takes a proof', async () => {
    const { user, token, device, added } = await withPasskey();
    await age(user.email);
    // With the proof 11 minutes old, a new passkey or authenticator app needs a step-up first.
    const stepUp = {
      status: 403,
      body: {
        error: FAILURES.STEP_UP_REQUIRED.byProof.PASSKEY,
        code: 'STEP_UP_REQUIRED',
        methods: ['PASSKEY', 'TOTP', 'RECOVERY_CODE'],
        params: { act: 'secondFactor.add' },
      },
    };
    expect(await call('/v1/users/self/passkeys/options', { method: 'POST', token })).toEqual(stepUp);
    expect(await call('/v1/users/self/second-factors/totp', { method: 'POST', token })).toEqual(stepUp);
    // The passkey proves it: options for this account's passkeys only, then step-up.
    const proof = await call('/v1/users/self/passkeys/proof-options', { method: 'POST', token });
    expect(proof.body.value.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      device.passkeys[0].credentialId.toString('base64url'),
    ]);
    const proved = await call('/v1/users/self/step-up', { token, body: { passkey: device.get(proof.body.value) } });
    expect(proved.status).toBe(200);
    expect((await call('/v1/users/self/second-factors/totp', { method: 'POST', token })).status).toBe(201);

    // Another account's passkey does not prove this one.
    const other = await withPasskey();
    const theirs = await call('/v1/users/self/passkeys/proof-options', { method: 'POST', token });
    expect(
      (
        await call('/v1/users/self/step-up', {
          token,
          body: { passkey: other.device.get({ ...theirs.body.value, allowCredentials: [] }) },
        })
      ).body,
    ).toMatchObject({ error: FAILURES.PASSKEY_UNKNOWN.message });

    // Removing it: the password is no proof; the passkey is. Then it signs in no more.
    expect(
      (await call(`/v1/users/self/second-factors/${added.factor.id}/remove`, { token, body: { password: 'demo1234' } }))
        .body,
    ).toMatchObject({ error: FAILURES.PROOF_NEEDS_FACTOR.message });
    const removeProof = await call('/v1/users/self/passkeys/proof-options', { method: 'POST', token });
    const removed = await call(`/v1/users/self/second-factors/${added.factor.id}/remove`, {
      token,
      body: { passkey: device.get(removeProof.body.value) },
    });
    expect(removed.status).toBe(200);
    const options = await call('/v1/auth/passkey/options', { method: 'POST' });
    expect((await call('/v1/auth/passkey', { body: { response: device.get(options.body.value) } })).body).toMatchObject(
      {
        error: FAILURES.PASSKEY_UNKNOWN.message,
      },
    );
  });
});
