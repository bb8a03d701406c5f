import { fail } from '../../failures.ts';
import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface GoogleIdentity {
  email: string;
  name: string;
  subject: string;
}

export interface GoogleClient {
  /** What the browser needs to start the code flow. */
  publicConfig(): Promise<{ clientId: string; authorizationEndpoint: string; redirectUri: string; scope: string }>;
  exchange(code: string): Promise<GoogleIdentity>;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** OpenID Connect code flow against a configurable issuer (Google, or a local one in tests). */
export function createGoogleClient(opts: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): GoogleClient {
  let discovery: Promise<Discovery> | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  const discover = () => {
    discovery ??= fetch(`${opts.issuer}/.well-known/openid-configuration`)
      .then(async (res) => {
        if (!res.ok) throw new Error(`discovery answered ${res.status}`);
        return (await res.json()) as Discovery;
      })
      .catch((err) => {
        discovery = null;
        throw fail('GOOGLE_UNAVAILABLE', { message: err.message });
      });
    return discovery;
  };

  return {
    async publicConfig() {
      const d = await discover();
      return {
        clientId: opts.clientId,
        authorizationEndpoint: d.authorization_endpoint,
        redirectUri: opts.redirectUri,
        scope: 'openid email profile',
      };
    },
    async exchange(code) {
      const d = await discover();
      const res = await fetch(d.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: opts.clientId,
          client_secret: opts.clientSecret,
          redirect_uri: opts.redirectUri,
        }),
      });
      const body = (await res.json().catch(() => ({}))) as { id_token?: string; error?: string };
      if (!res.ok || !body.id_token) {
        throw fail('GOOGLE_CODE_INVALID');
      }
      jwks ??= createRemoteJWKSet(new URL(d.jwks_uri));
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(body.id_token, jwks, { issuer: d.issuer, audience: opts.clientId }));
      } catch {
        throw fail('GOOGLE_TOKEN_UNVERIFIED');
      }
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!email || claims.email_verified !== true) {
        throw fail('GOOGLE_EMAIL_UNVERIFIED');
      }
      return { email, name: typeof claims.name === 'string' ? claims.name : '', subject: String(claims.sub) };
    },
  };
}
