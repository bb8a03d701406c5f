import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';
import { TtlCache } from './ttl-cache.ts';

export interface TokenClaims {
  userId: number;
  /** The server-side session the token is a handle of (`sid`): it stands only while that does. */
  sessionId: string;
  /** Unix seconds. */
  expiresAt: number;
}

export interface TokenService {
  /** A signed handle of session `sessionId`, with its expiry (Unix seconds). */
  issue(userId: number, sessionId: string): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a valid token, or null for a bad or expired one. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string, expiresIn: string): TokenService {
  // A WebCrypto key imported once: given raw bytes (or a KeyObject) jose imports one per call.
  const key = webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token's signature is checked once; its claims are reused until it expires. Its session
  // is still read on every request, so a sign-out or a password reset ends cached tokens too.
  const verified = new TtlCache<string, TokenClaims>(20_000);
  const secretBytes = Buffer.from(secret, 'utf8');
  return {
    async issue(userId, sessionId) {
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(await key);
      return { token, expiresAt: decodeJson(token.split('.')[1])?.exp as number };
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) return hit;
      const payload = verifyHs256(token, secretBytes);
      if (!payload) return null;
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.exp !== 'number') return null;
      // Tokens from before server-side sessions name none: they no longer sign anybody in.
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
      const claims = { userId: id, sessionId: payload.sid, expiresAt: payload.exp };
      verified.set(token, claims, claims.expiresAt * 1000);
      return claims;
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const decodeJson = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * The payload of a compact JWS signed with HS256 by `secret` and not expired, else null. What
 * jose's jwtVerify checks for our tokens (header `alg` HS256 only and no `crit`, the signature
 * in constant time, `exp` and `nbf` against now), done synchronously: WebCrypto's HMAC runs as
 * a thread-pool job per token, which a burst of reconnecting sockets pays thousands of times.
 */
export function verifyHs256(token: string, secret: Buffer): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts;
  const header = decodeJson(head);
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(body);
  if (!payload) return null;
  const now = Math.floor(Date.now() / 1000);
  if (payload.exp !== undefined && (typeof payload.exp !== 'number' || payload.exp <= now)) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  return payload;
}

/** The token of an `Authorization: Bearer <token>` header, if that is what it holds. */
export function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m?.[1]?.trim() || undefined;
}
