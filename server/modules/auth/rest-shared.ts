import { z } from 'zod';
import { UserJson } from '../users/users.rest.ts';
import { passkeySite } from './passkeys.ts';

/** What the auth area's route tables share: the sign-in answer, the client, the passkeys' site. */

export const SignIn = z.object({ accessToken: z.string(), user: UserJson });

export const client = (ctx: { ip: string; userAgent?: string; acceptLanguage?: string }) => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  acceptLanguage: ctx.acceptLanguage,
});

export type Headers = Record<string, string | string[] | undefined> | undefined;
/** Where the browser is (its Origin, else the Host it asked), for passkeys' relying party. */
export const site = (ctx: { config: { publicUrl?: string } }, headers: Headers) => {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const host = one(headers?.host);
  return passkeySite(ctx.config.publicUrl, one(headers?.origin) ?? (host ? `http://${host}` : undefined));
};

/** The options `navigator.credentials` takes (WebAuthn's JSON form), for @simplewebauthn/browser. */
export const PasskeyOptionsJson = z.object({ challenge: z.string() }).loose();
