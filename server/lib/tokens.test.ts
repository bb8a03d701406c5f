import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, verifyHs256 } from './tokens.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const key = new TextEncoder().encode(SECRET);
const sign = (claims: Record<string, unknown>, alg = 'HS256', secret = key) =>
  new SignJWT(claims).setProtectedHeader({ alg }).setSubject('7').sign(secret);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('verifyHs256', () => {
  const secret = Buffer.from(SECRET);

  it('accepts what jose signs with the secret', async () => {
    const token = await sign({ ver: 2, exp: now() + 60 });
    expect(verifyHs256(token, secret)).toMatchObject({ sub: '7', ver: 2 });
  });

  it('refuses another secret, a changed payload, other algorithms and malformed tokens', async () => {
    const token = await sign({ exp: now() + 60 });
    expect(
      verifyHs256(await sign({ exp: now() + 60 }, 'HS256', new TextEncoder().encode(`${SECRET}x`)), secret),
    ).toBeNull();
    const [h, , s] = token.split('.');
    expect(verifyHs256(`${h}.${b64({ sub: '1', exp: now() + 60 })}.${s}`, secret)).toBeNull();
    expect(verifyHs256(`${b64({ alg: 'none' })}.${token.split('.')[1]}.`, secret)).toBeNull();
    expect(verifyHs256(await sign({ exp: now() + 60 }, 'HS512', new Uint8Array(64).fill(1)), secret)).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c', `${h}.${token.split('.')[1]}`, `${h}.!!.${s}`]) {
      expect(verifyHs256(bad, secret)).toBeNull();
    }
  });

  it('refuses an expired token and one not valid yet', async () => {
    expect(verifyHs256(await sign({ exp: now() - 1 }), secret)).toBeNull();
    expect(verifyHs256(await sign({ exp: now() + 60, nbf: now() + 30 }), secret)).toBeNull();
  });
});

describe('the token service', () => {
  it('verifies what it issues, and nothing signed with another secret', async () => {
    const service = createTokenService(SECRET, '1h');
    const sid = '0b6e8c4e-1111-4a2b-9f00-123456789abc';
    const issued = await service.issue(42, sid);
    const claims = await service.verify(issued.token);
    expect(claims).toEqual({ userId: 42, sessionId: sid, expiresAt: issued.expiresAt });
    expect(claims!.expiresAt).toBeGreaterThan(now());
    const other = createTokenService(`${SECRET}-other`, '1h');
    expect(await service.verify((await other.issue(42, sid)).token)).toBeNull();
  });

  it('refuses a token that names no session (issued before server-side sessions)', async () => {
    expect(
      await createTokenService(SECRET, '1h').verify(await sign({ sub: '42', ver: 0, exp: now() + 60 })),
    ).toBeNull();
  });
});
