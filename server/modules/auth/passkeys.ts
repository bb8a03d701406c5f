import { fail, says } from '../../failures.ts';
import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { z } from 'zod';
import type { PASSKEY_CEREMONIES } from './second-factor.entity.ts';

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): the browser's side of each ceremony is
 * @simplewebauthn/browser in the dashboard. A passkey is a second factor of its account (it
 * proves step-ups and stands in for the authenticator's code) and, being discoverable, signs in
 * by itself: "Sign in with a passkey" types no e-mail. User verification (the device's PIN,
 * fingerprint or face) is required, so one passkey is the two factors a password and a code are.
 *
 * The relying party is the dashboard's host: PUBLIC_URL's when set, else the host the browser
 * is at (its `Origin`), which is what a local run and the tests have. Challenges live in
 * `passkey_challenges`, each answered once within CHALLENGE_SECONDS.
 */

const CHALLENGE_SECONDS = 300;
const RP_NAME = 'Taskgram Ads';

/** What the browser answers (RegistrationResponseJSON / AuthenticationResponseJSON), checked loosely: the library checks the rest. */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, says('NOT_BASE64URL'));
export const PasskeyResponseInput = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z
    .object({
      clientDataJSON: base64url,
      attestationObject: base64url.optional(),
      authenticatorData: base64url.optional(),
      signature: base64url.optional(),
      userHandle: base64url.optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
    })
    .loose(),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyResponse = z.infer<typeof PasskeyResponseInput>;

/** Where the ceremony happens: the relying party id and the origins accepted. */
export interface PasskeySite {
  rpId: string;
  origins: string[];
}

/** The relying party for a request: PUBLIC_URL's host, else the host the browser is at. */
export function passkeySite(publicUrl: string | undefined, requestOrigin: string | undefined): PasskeySite {
  const from = publicUrl ?? requestOrigin;
  let url: URL | null = null;
  try {
    url = from ? new URL(from) : null;
  } catch {
    url = null;
  }
  // WebAuthn takes a domain, never an IP address.
  if (!url || /^[\d.]+$|^\[/.test(url.hostname)) throw fail('PASSKEY_NEEDS_SITE_NAME');
  return { rpId: url.hostname, origins: [url.origin] };
}

/**
 * The library's check, refused as one message whichever way it fails (a malformed answer throws,
 * a wrong signature answers `verified: false`): the message tells nobody which part was wrong.
 */
async function checked<T extends { verified: boolean }>(check: () => Promise<T>): Promise<T & { verified: true }> {
  let result: T;
  try {
    result = await check();
  } catch {
    throw fail('PASSKEY_CHECK_FAILED');
  }
  if (!result.verified) throw fail('PASSKEY_CHECK_FAILED');
  return result as T & { verified: true };
}

/** The challenge the browser signed (from its clientDataJSON), or null when unreadable. */
function challengeOf(response: PasskeyResponse): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    return typeof data?.challenge === 'string' && data.challenge.length <= 128 ? data.challenge : null;
  } catch {
    return null;
  }
}

export interface StoredPasskey {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
}

export class Passkeys {
  constructor(private readonly secretsKey: Buffer) {}

  /** A stable, opaque WebAuthn user handle for an account (no e-mail or id in it). */
  userHandle(userId: number): Uint8Array<ArrayBuffer> {
    return new Uint8Array(
      createHmac('sha256', this.secretsKey).update(`passkey-user:${userId}`).digest().subarray(0, 16),
    );
  }

  async registrationOptions(
    em: EntityManager,
    site: PasskeySite,
    user: { id: number; email: string; name?: string | null },
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.ofUser(em, user.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: site.rpId,
      userName: user.email,
      userDisplayName: user.name || user.email,
      userID: this.userHandle(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CHALLENGE_SECONDS * 1000,
    });
    await this.remember(em, options.challenge, 'REGISTER', user.id);
    return options;
  }

  /** Checks a new passkey of `userId` against the challenge it was given: its credential to store. */
  async verifyRegistration(em: EntityManager, site: PasskeySite, userId: number, response: PasskeyResponse) {
    const challenge = await this.take(em, response, 'REGISTER', userId);
    const verified = await checked(() =>
      verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: site.origins,
        expectedRPID: site.rpId,
        requireUserVerification: true,
      }),
    );
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? response.response.transports ?? []).join(','),
    };
  }

  /**
   * Options for a sign-in (no user: any passkey of this site, the browser lists them) or for a
   * proof by a signed-in user (only theirs).
   */
  async authenticationOptions(
    em: EntityManager,
    site: PasskeySite,
    userId: number | null,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allow = userId === null ? undefined : await this.ofUser(em, userId);
    if (allow && !allow.length) throw fail('ACCOUNT_HAS_NO_PASSKEY');
    const options = await generateAuthenticationOptions({
      rpID: site.rpId,
      userVerification: 'required',
      allowCredentials: allow?.map((k) => ({ id: k.credentialId, transports: k.transports })),
      timeout: CHALLENGE_SECONDS * 1000,
    });
    await this.remember(em, options.challenge, userId === null ? 'SIGN_IN' : 'PROVE', userId);
    return options;
  }

  /**
   * Checks an assertion against its challenge and the stored passkey (of `userId` for a proof);
   * the passkey's counter and last use are kept. Answers the passkey's account.
   */
  async verifyAuthentication(
    em: EntityManager,
    site: PasskeySite,
    response: PasskeyResponse,
    userId: number | null,
  ): Promise<{ userId: number; factorId: number }> {
    const challenge = await this.take(em, response, userId === null ? 'SIGN_IN' : 'PROVE', userId);
    const [stored] = await this.find(em, 'credential_id = ?', [response.id]);
    if (!stored || (userId !== null && stored.userId !== userId)) {
      throw fail('PASSKEY_UNKNOWN');
    }
    const handle = response.response.userHandle;
    if (handle && handle !== Buffer.from(this.userHandle(stored.userId)).toString('base64url')) {
      throw fail('PASSKEY_UNKNOWN');
    }
    const verified = await checked(() =>
      verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: site.origins,
        expectedRPID: site.rpId,
        credential: {
          id: stored.credentialId,
          publicKey: new Uint8Array(stored.publicKey),
          counter: stored.counter,
          transports: stored.transports,
        },
        requireUserVerification: true,
      }),
    );
    // A counter that went back means a cloned authenticator; the library refuses it above.
    await em.execute('update second_factors set counter = ?, last_used_at = now() where id = ?', [
      verified.authenticationInfo.newCounter,
      stored.id,
    ]);
    return { userId: stored.userId, factorId: stored.id };
  }

  async ofUser(em: EntityManager, userId: number): Promise<StoredPasskey[]> {
    return this.find(em, 'user_id = ?', [userId]);
  }

  private async find(em: EntityManager, where: string, params: unknown[]): Promise<StoredPasskey[]> {
    const rows = await em.execute<
      {
        id: number;
        user_id: number;
        credential_id: string;
        public_key: Buffer;
        counter: string;
        transports: string | null;
      }[]
    >(
      `select id, user_id, credential_id, public_key, counter, transports from second_factors
        where kind = 'PASSKEY' and confirmed_at is not null and ${where} order by id`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      credentialId: r.credential_id,
      publicKey: r.public_key,
      counter: Number(r.counter),
      transports: r.transports ? r.transports.split(',') : [],
    }));
  }

  private async remember(
    em: EntityManager,
    challenge: string,
    ceremony: (typeof PASSKEY_CEREMONIES)[number],
    userId: number | null,
  ) {
    await em.execute(
      `insert into passkey_challenges (challenge, ceremony, user_id, expires_at)
       values (?, ?, ?, now() + make_interval(secs => ?))`,
      [challenge, ceremony, userId, CHALLENGE_SECONDS],
    );
  }

  /** The challenge the response answers, spent: each is answered once, in its ceremony, in time. */
  private async take(
    em: EntityManager,
    response: PasskeyResponse,
    ceremony: (typeof PASSKEY_CEREMONIES)[number],
    userId: number | null,
  ): Promise<string> {
    const challenge = challengeOf(response);
    if (!challenge) throw fail('PASSKEY_ANSWER_UNREADABLE');
    const rows = await em.execute<{ expired: boolean }[]>(
      `delete from passkey_challenges
        where challenge = ? and ceremony = ? and user_id is not distinct from ?
        returning expires_at <= now() as expired`,
      [challenge, ceremony, userId],
    );
    if (!rows.length || rows[0].expired) throw fail('PASSKEY_REQUEST_EXPIRED');
    return challenge;
  }
}

/** Old challenges nobody answered go (the account-safety purge). */
export async function purgePasskeyChallenges(em: EntityManager): Promise<number> {
  const rows = await em.execute(
    "delete from passkey_challenges where expires_at < now() - interval '1 hour' returning id",
  );
  return rows.length;
}
