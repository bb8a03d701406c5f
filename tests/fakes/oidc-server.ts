import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** Who signs in at the fake provider. */
export interface FakeIdentity {
  email: string;
  email_verified?: boolean;
  name?: string;
  sub?: string;
}

interface IssuedCode {
  identity: FakeIdentity;
  clientId: string;
  redirectUri: string;
  /** Sign the id_token with a key the JWKS does not publish (same kid). */
  rogueKey: boolean;
  /** Override the id_token's audience. */
  audience?: string;
}

export interface FakeOidcServer {
  issuer: string;
  /** Token endpoint requests seen, for assertions. */
  tokenRequests: URLSearchParams[];
  /** Issues an authorization code directly (what the browser would bring back from /authorize). */
  issueCode(identity: FakeIdentity, opts?: { rogueKey?: boolean; audience?: string }): string;
  close(): Promise<void>;
}

/**
 * A local OpenID Connect provider speaking the real protocol: discovery, JWKS with an RS256
 * key, an authorization endpoint that redirects back with a code (the signed-in identity is
 * chosen with `login_hint`, registered through `users`), and a token endpoint that checks
 * client id, secret, redirect URI and the single-use code, and answers a signed id_token.
 */
export async function startFakeOidc(opts: {
  clientId: string;
  clientSecret: string;
  /** The redirect URI registered for the client. */
  redirectUri: string;
  /** Identities /authorize can sign in, by e-mail (login_hint). */
  users?: FakeIdentity[];
}): Promise<FakeOidcServer> {
  const kid = `k-${randomBytes(4).toString('hex')}`;
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const rogue = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const tokenRequests: URLSearchParams[] = [];
  let issuer = '';

  const newCode = (c: IssuedCode) => {
    const code = randomBytes(16).toString('base64url');
    codes.set(code, c);
    return code;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  async function token(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') return json(res, 405, { error: 'invalid_request' });
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return json(res, 400, { error: 'invalid_request', error_description: 'form body expected' });
    }
    const form = new URLSearchParams(await readBody(req));
    tokenRequests.push(form);
    // client_secret_post or client_secret_basic
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
      clientId = id;
      clientSecret = secret;
    }
    if (clientId !== opts.clientId || clientSecret !== opts.clientSecret)
      return json(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code); // single use, even when the rest of the request is wrong
    if (!issued) return json(res, 400, { error: 'invalid_grant', error_description: 'unknown or used code' });
    if (issued.clientId !== clientId || issued.redirectUri !== form.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
    }
    const { identity } = issued;
    const idToken = await new SignJWT({
      email: identity.email,
      email_verified: identity.email_verified ?? true,
      ...(identity.name ? { name: identity.name } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(issued.audience ?? opts.clientId)
      .setSubject(identity.sub ?? `sub-${identity.email}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(issued.rogueKey ? rogue.privateKey : privateKey);
    return json(res, 200, {
      access_token: randomBytes(16).toString('hex'),
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        claims_supported: ['sub', 'email', 'email_verified', 'name'],
      });
    }
    if (route === 'GET /jwks') return json(res, 200, { keys: [jwk] });
    if (route === 'GET /authorize') {
      const p = url.searchParams;
      const user = opts.users?.find((u) => u.email === p.get('login_hint'));
      if (p.get('client_id') !== opts.clientId || p.get('response_type') !== 'code') {
        return json(res, 400, { error: 'invalid_request' });
      }
      if (p.get('redirect_uri') !== opts.redirectUri)
        return json(res, 400, { error: 'invalid_request', error_description: 'redirect_uri not registered' });
      if (!p.get('scope')?.split(' ').includes('openid')) return json(res, 400, { error: 'invalid_scope' });
      const back = new URL(opts.redirectUri);
      if (!user) back.searchParams.set('error', 'access_denied');
      else
        back.searchParams.set(
          'code',
          newCode({ identity: user, clientId: opts.clientId, redirectUri: opts.redirectUri, rogueKey: false }),
        );
      if (p.get('state')) back.searchParams.set('state', p.get('state') as string);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token') {
      return void token(req, res).catch((err) =>
        json(res, 500, { error: 'server_error', error_description: String(err) }),
      );
    }
    return json(res, 404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    tokenRequests,
    issueCode(identity, o = {}) {
      return newCode({
        identity,
        clientId: opts.clientId,
        // As if the browser came back to the registered redirect URI.
        redirectUri: opts.redirectUri,
        rogueKey: !!o.rogueKey,
        audience: o.audience,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
