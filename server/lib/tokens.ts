import { errors, jwtVerify, SignJWT } from 'jose';

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
  const key = new TextEncoder().encode(secret);
  return {
    issue: (userId, version = 0) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.exp !== 'number') return null;
        return { userId: id, version: typeof payload.ver === 'number' ? payload.ver : 0, expiresAt: payload.exp };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
