import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { TtlCache } from './ttl-cache.ts';

export interface TokenClaims {
  userId: number;
  /** The user's token version when it was issued: a password change bumps it. */
  version: number;
  /** Unix seconds. */
  expiresAt: number;
}

export interface TokenService {
  issue(userId: number, version?: number): Promise<string>;
  /** The claims of a valid token, or null for a bad or expired one. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string, expiresIn: string): TokenService {
  // A WebCrypto key imported once: given raw bytes (or a KeyObject) jose imports one per call.
  const key = webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token's signature is checked once; its claims are reused until it expires. The version
  // in the claims is still compared with the user's on every request, so a password change
  // (or sign-out everywhere) ends cached tokens as before.
  const verified = new TtlCache<string, TokenClaims>(20_000);
  return {
    issue: async (userId, version = 0) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(await key),
    async verify(token) {
      const hit = verified.get(token);
      if (hit) return hit;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.exp !== 'number') return null;
        const claims = {
          userId: id,
          version: typeof payload.ver === 'number' ? payload.ver : 0,
          expiresAt: payload.exp,
        };
        verified.set(token, claims, claims.expiresAt * 1000);
        return claims;
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
