import { AuthConfigJson } from '../../rest/responses.ts';
import { z } from 'zod';
import { DomainError, ErrorCode } from '../../errors.ts';
import { route } from '../../rest/route.ts';
import { UserJson, userJson } from '../users/users.rest.ts';
import { GoogleInput, LoginInput, RegistrationInput, ResetPasswordInput, ResetRequestInput } from './auth.inputs.ts';
import { REGISTRATION_FILED_MESSAGE, RESET_REQUESTED_MESSAGE } from './auth.service.ts';

const SignIn = z.object({ accessToken: z.string(), user: UserJson });

export const authRoutes = [
  route({
    method: 'POST',
    path: '/v1/auth/registration',
    tag: 'auth',
    summary:
      'File a registration request; a moderator approves or declines it. The answer is the same for every e-mail: the owner of an e-mail that already has an account or a request under review is told by mail instead.',
    access: 'public',
    body: RegistrationInput,
    status: 201,
    response: z.object({ status: z.literal('PENDING'), message: z.string() }),
    handler: async (ctx, { body }) => {
      await ctx.services.auth.requestRegistration(ctx.em, body, ctx.ip);
      return { status: 'PENDING', message: REGISTRATION_FILED_MESSAGE };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/login',
    tag: 'auth',
    summary: 'Sign in with e-mail and password.',
    access: 'public',
    body: LoginInput,
    response: SignIn,
    handler: async (ctx, { body }) => {
      const { accessToken, user } = await ctx.services.auth.login(ctx.em, body, ctx.ip);
      return { accessToken, user: userJson(await ctx.services.users.self(ctx.em, user)) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/reset-password',
    tag: 'auth',
    summary: 'Send a one-hour password reset link. Answers the same whether or not the account exists.',
    access: 'public',
    body: ResetRequestInput,
    response: z.object({ ok: z.literal(true), message: z.string() }),
    handler: async (ctx, { body }) => {
      await ctx.services.auth.requestPasswordReset(ctx.em, body.email, ctx.ip);
      return { ok: true, message: RESET_REQUESTED_MESSAGE };
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/auth/reset-password',
    tag: 'auth',
    summary: 'Set a new password with the id from the reset link.',
    access: 'public',
    body: ResetPasswordInput,
    response: z.object({ ok: z.literal(true) }),
    handler: async (ctx, { body }) => {
      await ctx.services.auth.resetPassword(ctx.em, body.id, body.password, ctx.ip);
      return { ok: true };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/google',
    tag: 'auth',
    summary:
      'Finish Google sign-in with the authorization code. Signs in an approved user, or files a registration request for a new e-mail.',
    access: 'public',
    body: GoogleInput,
    response: z.union([SignIn, z.object({ registrationRequested: z.literal(true) })]),
    handler: async (ctx, { body }) => {
      const result = await ctx.services.auth.googleSignIn(ctx.em, body.code, ctx.ip);
      if ('registrationRequested' in result) return { registrationRequested: true };
      return { accessToken: result.accessToken, user: userJson(await ctx.services.users.self(ctx.em, result.user)) };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/auth/config',
    tag: 'auth',
    summary: 'What the sign-in screen needs: Google sign-in settings (null when off) and support contacts.',
    access: 'public',
    response: AuthConfigJson,
    handler: async (ctx) => {
      let google = null;
      if (ctx.services.google) {
        try {
          google = await ctx.services.google.publicConfig();
        } catch (err) {
          // The button stays hidden while the identity provider cannot be reached.
          if (!(err instanceof DomainError && err.code === ErrorCode.UNAVAILABLE)) throw err;
        }
      }
      return {
        google,
        supportBot: ctx.config.supportBot,
        supportEmail: ctx.config.supportEmail,
        docsUrl: '/api/guide',
      };
    },
  }),
];
