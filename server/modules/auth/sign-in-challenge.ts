import { fail, says } from '../../failures.ts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SIGN_IN_METHODS } from './session.entity.ts';

/**
 * The second step of a sign-in that proved only one thing (a Telegram account, a Google
 * account): for an account with a second factor, the first step answers a short-lived token
 * naming the account and the first step's method, and `POST /auth/second-factor` with it and a
 * code starts the session. Signed with the JWT secret (every instance reads it), good for five
 * minutes and once (its nonce is claimed where every instance sees it).
 */
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;

export interface ChallengeClaims {
  userId: number;
  method: Extract<(typeof SIGN_IN_METHODS)[number], 'TELEGRAM' | 'GOOGLE'>;
  nonce: string;
  exp: number;
}

export const SecondFactorSignInInput = z.object({
  signInToken: z
    .string({ error: says('SIGN_IN_TOKEN_REQUIRED') })
    .min(1)
    .max(1000),
  code: z
    .string({ error: says('ENTER_CODE') })
    .min(1, says('ENTER_CODE'))
    .max(20),
});

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`sign-in-challenge:${body}`).digest();

export function signChallenge(
  userId: number,
  method: ChallengeClaims['method'],
  secret: string,
  now = Math.floor(Date.now() / 1000),
): string {
  const claims: ChallengeClaims = {
    userId,
    method,
    nonce: randomBytes(16).toString('base64url'),
    exp: now + SIGN_IN_CHALLENGE_SECONDS,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export function readChallenge(token: string, secret: string, now = Math.floor(Date.now() / 1000)): ChallengeClaims {
  const [body, signature] = token.split('.');
  const given = Buffer.from(signature ?? '', 'base64url');
  const expected = mac(secret, body ?? '');
  if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw fail('SIGN_IN_CHALLENGE_GONE');
  }
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ChallengeClaims;
  if (!(claims.exp >= now)) throw fail('SIGN_IN_CHALLENGE_GONE');
  return claims;
}
