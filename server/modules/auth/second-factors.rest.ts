import { z } from 'zod';
import { route } from '../../rest/route.ts';
import { userJson } from '../users/users.rest.ts';
import {
  AddPasskeyInput,
  ConfirmTotpInput,
  FactorProofInput,
  PasskeySignInInput,
  RenameFactorInput,
} from './auth.inputs.ts';
import { client, type Headers, PasskeyOptionsJson, SignIn, site } from './rest-shared.ts';
import type { SecondFactorView } from './second-factor.service.ts';

const FactorJson = z.object({
  id: z.number(),
  kind: z.enum(['TOTP', 'PASSKEY']),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
const factorJson = (f: SecondFactorView): z.infer<typeof FactorJson> => ({
  ...f,
  createdAt: new Date(f.createdAt).toISOString(),
  lastUsedAt: f.lastUsedAt ? new Date(f.lastUsedAt).toISOString() : null,
});
const FactorId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** A proof from the body, with the site a passkey's answer was given at. */
const proofOf = (
  ctx: { config: { publicUrl?: string }; ip: string; sessionId: string | null },
  body: z.infer<typeof FactorProofInput>,
  headers: Headers,
) => ({
  ...body,
  ...(body.passkey ? { site: site(ctx, headers) } : {}),
  // Wrong codes count against this session and address, not the account.
  source: { ip: ctx.ip, sessionId: ctx.sessionId },
});

/** Passkey sign-in, and the account's second factors, passkeys, recovery codes and step-up proofs. */
export const secondFactorRoutes = [
  route({
    method: 'GET',
    path: '/v1/users/self/second-factors',
    tag: 'auth',
    summary: 'The account’s second factors (authenticator apps and passkeys) and how many recovery codes are left.',
    access: 'user',
    response: z.object({ factors: z.array(FactorJson), recoveryCodesLeft: z.number() }),
    handler: async (ctx) => {
      const { factors, recoveryCodesLeft } = await ctx.services.secondFactors.list(ctx.em, ctx.user!.id);
      return { factors: factors.map(factorJson), recoveryCodesLeft };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/second-factors/totp',
    tag: 'auth',
    summary:
      'Start adding an authenticator app: its secret (`secret`, base32, to type), `uri` (otpauth://) and `qrSvg` (to scan). Finish with `…/totp/:id/confirm`. Needs a fresh proof (403 `STEP_UP_REQUIRED`).',
    access: 'user',
    status: 201,
    response: z.object({ id: z.number(), secret: z.string(), uri: z.string(), qrSvg: z.string() }),
    handler: async (ctx) => {
      return ctx.services.secondFactors.startTotp(ctx.em, ctx.user!);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/second-factors/totp/:id/confirm',
    tag: 'auth',
    summary:
      'Finish adding an authenticator app with the code it shows and a name. The account’s first factor answers ten recovery codes, shown this once. The owner is told by e-mail (and Telegram).',
    access: 'user',
    params: FactorId,
    body: ConfirmTotpInput,
    response: z.object({ factor: FactorJson, recoveryCodes: z.array(z.string()).nullable() }),
    handler: async (ctx, { params, body }) => {
      const done = await ctx.services.secondFactors.confirmTotp(ctx.em, ctx.user!, params.id, body.code, body.name);
      return { factor: factorJson(done.factor), recoveryCodes: done.recoveryCodes };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/passkey/options',
    tag: 'auth',
    summary:
      'Start “Sign in with a passkey”: WebAuthn request options (a challenge good once for 5 minutes, no e-mail: the browser offers the passkeys it holds for this site). Finish with `POST /auth/passkey`.',
    access: 'public',
    response: PasskeyOptionsJson,
    handler: async (ctx, { headers }) => ctx.services.auth.passkeySignInOptions(ctx.em, site(ctx, headers), ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/v1/auth/passkey',
    tag: 'auth',
    summary:
      'Sign in with a passkey: the browser’s answer (`response`, WebAuthn JSON) to `/auth/passkey/options`. The passkey names its account and, verified on the device, stands for both factors; starts a session as `/auth/login` does.',
    access: 'public',
    body: PasskeySignInInput,
    response: SignIn,
    handler: async (ctx, { body, headers }) => {
      const { accessToken, user } = await ctx.services.auth.passkeySignIn(
        ctx.em,
        site(ctx, headers),
        body.response,
        client(ctx),
      );
      return { accessToken, user: userJson(await ctx.services.users.self(ctx.em, user)) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/passkeys/options',
    tag: 'auth',
    summary:
      'Start adding a passkey: WebAuthn creation options for `navigator.credentials.create` (a discoverable credential, user verification required). Needs a fresh proof (403 `STEP_UP_REQUIRED`). Finish with `POST /users/self/passkeys`.',
    access: 'user',
    status: 201,
    response: PasskeyOptionsJson,
    handler: async (ctx, { headers }) => {
      return ctx.services.secondFactors.startPasskey(ctx.em, site(ctx, headers), ctx.user!);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/passkeys',
    tag: 'auth',
    summary:
      'Finish adding a passkey with the browser’s answer (`response`) and a name. The account’s first factor answers ten recovery codes, shown this once. The owner is told by e-mail (and Telegram). 409 when the passkey is added already.',
    access: 'user',
    status: 201,
    body: AddPasskeyInput,
    response: z.object({ factor: FactorJson, recoveryCodes: z.array(z.string()).nullable() }),
    handler: async (ctx, { body, headers }) => {
      const done = await ctx.services.secondFactors.addPasskey(
        ctx.em,
        site(ctx, headers),
        ctx.user!,
        body.response,
        body.name,
      );
      return { factor: factorJson(done.factor), recoveryCodes: done.recoveryCodes };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/passkeys/proof-options',
    tag: 'auth',
    summary:
      'WebAuthn request options to prove it is the owner with one of the account’s passkeys; the answer goes as `{ passkey }` to step-up, removing a factor or renewing recovery codes. 409 when the account has no passkey.',
    access: 'user',
    response: PasskeyOptionsJson,
    handler: async (ctx, { headers }) => ctx.services.secondFactors.proofOptions(ctx.em, site(ctx, headers), ctx.user),
  }),
  route({
    method: 'PATCH',
    path: '/v1/users/self/second-factors/:id',
    tag: 'auth',
    summary: 'Rename a second factor (which phone, app or key it is).',
    access: 'user',
    params: FactorId,
    body: RenameFactorInput,
    response: FactorJson,
    handler: async (ctx, { params, body }) =>
      factorJson(await ctx.services.secondFactors.rename(ctx.em, ctx.user!, params.id, body.name)),
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/second-factors/:id/remove',
    tag: 'auth',
    summary:
      'Remove a second factor, with the password or a second-factor proof (`{ password }`, `{ code }` or `{ passkey }`). The last one takes the recovery codes with it. The owner is told by e-mail (and Telegram).',
    access: 'user',
    params: FactorId,
    body: FactorProofInput,
    response: z.object({ ok: z.literal(true) }),
    handler: async (ctx, { params, body, headers }) => {
      await ctx.services.secondFactors.remove(ctx.em, ctx.user!, params.id, proofOf(ctx, body, headers));
      return { ok: true as const };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/step-up',
    tag: 'auth',
    summary:
      'A fresh proof on this session (step-up): a second-factor code (`{ code }`) or a passkey’s answer to `/users/self/passkeys/proof-options` (`{ passkey }`) when the account has a second factor, else the password (`{ password }`). For STEP_UP_SECONDS after it, actions that answered 403 `code: STEP_UP_REQUIRED` go through. Answers until when.',
    access: 'user',
    body: FactorProofInput,
    response: z.object({ provedUntil: z.string() }),
    handler: async (ctx, { body, headers }) => {
      const until = await ctx.services.secondFactors.stepUp(
        ctx.em,
        ctx.user!,
        ctx.sessionId,
        proofOf(ctx, body, headers),
        ctx.config.stepUpSeconds,
      );
      return { provedUntil: until.toISOString() };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/recovery-codes',
    tag: 'auth',
    summary:
      'Ten new recovery codes (the old ones stop working), with the password or a second-factor code; shown this once.',
    access: 'user',
    body: FactorProofInput,
    response: z.object({ recoveryCodes: z.array(z.string()) }),
    handler: async (ctx, { body, headers }) => ({
      recoveryCodes: await ctx.services.secondFactors.regenerateRecoveryCodes(
        ctx.em,
        ctx.user!,
        proofOf(ctx, body, headers),
      ),
    }),
  }),
];
