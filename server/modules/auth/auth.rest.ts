import { fail, says } from '../../failures.ts';
import { AuthConfigJson } from './auth.responses.ts';
import { z } from 'zod';
import { DomainError, ErrorCode } from '../../errors.ts';
import { route } from '../../rest/route.ts';
import { UserJson, userJson } from '../users/users.rest.ts';
import {
  ChangePasswordInput,
  GoogleInput,
  LoginInput,
  RegistrationInput,
  ResetPasswordInput,
  ResetRequestInput,
  TelegramLinkInput,
} from './auth.inputs.ts';
import { client, SignIn } from './rest-shared.ts';
import { REGISTRATION_FILED_MESSAGE } from './registrations.ts';
import { RESET_REQUESTED_MESSAGE } from './resets.ts';
import type { SessionView } from './sessions.ts';
import { SIGN_IN_METHODS } from './session.entity.ts';
import { SecondFactorSignInInput } from './sign-in-challenge.ts';
import {
  TELEGRAM_SIGN_IN_MESSAGES,
  TELEGRAM_STATE_COOKIE,
  TELEGRAM_STATE_SECONDS,
  TelegramSignInInput,
} from './telegram-sign-in.ts';

const SessionJson = z.object({
  id: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  lastIp: z.string(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});

const sessionJson = (s: SessionView): z.infer<typeof SessionJson> => ({
  ...s,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
});

/** One cookie's value from a Cookie header. */
function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A first sign-in step that proved one thing: the second factor comes next (`/auth/second-factor`). */
const SecondFactorAskedJson = z.object({
  secondFactorRequired: z.literal(true),
  signInToken: z.string(),
  methods: z.array(z.string()),
  message: z.string(),
});

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
      await ctx.services.auth.registrations.request(ctx.em, body, ctx.ip, ctx.acceptLanguage);
      return { status: 'PENDING', message: REGISTRATION_FILED_MESSAGE };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/login',
    tag: 'auth',
    summary:
      'Sign in with e-mail and password; starts a session. When the account or the address has seen many failed attempts, the answer is 403 with `"next": "EMAIL_CODE"`: the owner of the account was mailed a code, and the same call with `code` signs in. An account with a second factor answers 403 with `"next": "SECOND_FACTOR"` to the right password: the same call with `secondFactorCode` (the authenticator app’s 6-digit code, or a recovery code) signs in.',
    access: 'public',
    body: LoginInput,
    response: SignIn,
    handler: async (ctx, { body }) => {
      const { accessToken, user } = await ctx.services.auth.login(ctx.em, body, client(ctx));
      return { accessToken, user: userJson(await ctx.services.users.self(ctx.em, user)) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/logout',
    tag: 'auth',
    summary: 'End this session: its token stops working and its live sockets close.',
    access: 'user',
    response: z.object({ ok: z.literal(true) }),
    handler: async (ctx) => {
      await ctx.services.auth.sessions.signOut(ctx.em, ctx.user, ctx.sessionId);
      return { ok: true };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/logout-all',
    tag: 'auth',
    summary: 'End every session of the account, this one included, on every device.',
    access: 'user',
    response: z.object({ ok: z.literal(true), ended: z.number().int() }),
    handler: async (ctx) => ({
      ok: true,
      ended: await ctx.services.auth.sessions.endOwn(ctx.em, ctx.user!, ctx.sessionId, { all: true }),
    }),
  }),
  route({
    method: 'GET',
    path: '/v1/users/self/sessions',
    tag: 'auth',
    summary: 'The sessions of the account that stand (device, address, last seen), the current one marked.',
    access: 'user',
    response: z.array(SessionJson),
    handler: async (ctx) =>
      (await ctx.services.auth.sessions.list(ctx.em, ctx.user!.id, ctx.sessionId)).map(sessionJson),
  }),
  route({
    method: 'DELETE',
    path: '/v1/users/self/sessions/:id',
    tag: 'auth',
    summary: 'End one session of the account (sign a device out).',
    access: 'user',
    params: z.object({ id: z.uuid(says('SESSION_NOT_FOUND')) }),
    response: z.object({ ok: z.literal(true) }),
    handler: async (ctx, { params }) => {
      const ended = await ctx.services.auth.sessions.endOwn(ctx.em, ctx.user!, ctx.sessionId, { id: params.id });
      if (!ended) throw fail('SESSION_NOT_FOUND');
      return { ok: true };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/email',
    tag: 'auth',
    summary:
      'Change the account’s e-mail (a fresh proof): a link to the new address confirms it within 24 hours; the old address is told then, with a “This was not me” link.',
    access: 'user',
    body: ResetRequestInput,
    response: z.object({ ok: z.literal(true), message: z.string() }),
    handler: async (ctx, { body }) => ({
      ok: true as const,
      ...(await ctx.services.auth.emailChanges.request(ctx.em, ctx.user!, body.email, ctx.acceptLanguage)),
    }),
  }),
  route({
    method: 'POST',
    path: '/v1/auth/confirm-email',
    tag: 'auth',
    summary: 'Confirm a new e-mail with the id from the link sent to it: the account’s e-mail becomes it.',
    access: 'public',
    body: z.object({ id: z.uuid(says('LINK_NOT_VALID')) }),
    response: z.object({ ok: z.literal(true), email: z.string() }),
    handler: async (ctx, { body }) => ({
      ok: true as const,
      ...(await ctx.services.auth.emailChanges.confirm(ctx.em, body.id)),
    }),
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/password',
    tag: 'auth',
    summary: 'Change the password with the current one; every other session of the account ends.',
    access: 'user',
    body: ChangePasswordInput,
    response: z.object({ ok: z.literal(true), endedSessions: z.number().int() }),
    handler: async (ctx, { body }) => {
      return {
        ok: true,
        endedSessions: await ctx.services.auth.changePassword(ctx.em, ctx.user!, ctx.sessionId, body),
      };
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
      await ctx.services.auth.resets.request(ctx.em, body.email, ctx.ip, ctx.acceptLanguage);
      return { ok: true, message: RESET_REQUESTED_MESSAGE };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/auth/reset-password/:id',
    tag: 'auth',
    summary:
      'What a reset link’s page asks: whether the account has a second factor (then a code from one older than the change it answers), the event a “This was not me” link answered, and what was added to the account in the last 30 days.',
    access: 'public',
    params: z.object({ id: z.uuid(says('LINK_NOT_VALID')) }),
    response: z.object({
      secondFactor: z.boolean(),
      since: z.string().nullable(),
      changes: z.array(z.object({ kind: z.string(), at: z.string(), label: z.string() })),
    }),
    handler: async (ctx, { params }) => {
      const info = await ctx.services.auth.resets.info(ctx.em, params.id);
      return {
        secondFactor: info.secondFactor,
        since: info.since?.toISOString() ?? null,
        changes: info.changes.map((c) => ({ ...c, at: c.at.toISOString() })),
      };
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/auth/reset-password',
    tag: 'auth',
    summary:
      'Set a new password with the id from the reset link. An account with a second factor also sends `code` (its authenticator app’s or a recovery code) from before `since`, the first change that was not the owner’s; what was added since then is undone.',
    access: 'public',
    body: ResetPasswordInput,
    response: z.object({ ok: z.literal(true) }),
    handler: async (ctx, { body }) => {
      await ctx.services.auth.resets.reset(ctx.em, body.id, body.password, ctx.ip, {
        code: body.code,
        since: body.since ? new Date(body.since) : undefined,
      });
      return { ok: true };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/google',
    tag: 'auth',
    summary:
      'Finish Google sign-in with the authorization code. Signs in an approved user (one with a second factor answers `{ secondFactorRequired: true, signInToken, methods, message }`: finish with `POST /auth/second-factor`), or files a registration request for a new e-mail.',
    access: 'public',
    body: GoogleInput,
    response: z.union([SignIn, SecondFactorAskedJson, z.object({ registrationRequested: z.literal(true) })]),
    handler: async (ctx, { body }) => {
      const result = await ctx.services.auth.googleSignIn(ctx.em, body.code, client(ctx));
      if ('registrationRequested' in result) return { registrationRequested: true };
      if ('secondFactorRequired' in result) return result;
      return { accessToken: result.accessToken, user: userJson(await ctx.services.users.self(ctx.em, result.user)) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/telegram/start',
    tag: 'auth',
    summary:
      'Start a sign-in with Telegram’s Login Widget: `{ state }`, also kept in an HttpOnly cookie for 15 minutes. `/auth/telegram` takes the widget’s fields only with this state from the same browser, so a Telegram return that another person started (a link to `/login#tgAuthResult=…`) signs nobody in and links nothing. 404 when the bot is not configured.',
    access: 'public',
    response: z.object({ state: z.string() }),
    handler: async (ctx, { setHeader }) => {
      const { state } = ctx.services.auth.startTelegramSignIn();
      const secure = ctx.config.publicUrl?.startsWith('https:') ? '; Secure' : '';
      setHeader?.(
        'set-cookie',
        `${TELEGRAM_STATE_COOKIE}=${state}; Max-Age=${TELEGRAM_STATE_SECONDS}; Path=/api/v1/auth/telegram; HttpOnly; SameSite=Lax${secure}`,
      );
      return { state };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/telegram',
    tag: 'auth',
    summary:
      'Sign in with Telegram: `{ initData }` from the dashboard opened as a Mini App, or the Telegram Login Widget’s signed fields (`id`, `first_name`, …, `auth_date`, `hash`) with the `state` of `/auth/telegram/start` (and its cookie), validated with the system bot’s token, at most 10 minutes old, each accepted once. A linked account signs in as with `/auth/login` — one with a second factor answers `{ secondFactorRequired: true, signInToken, methods, message }` and signs in with `POST /auth/second-factor`; an unlinked Telegram user gets `{ linkRequired: true, linkToken, account, message }`: once signed in, the owner confirms the link with `POST /users/self/telegram/link`. Throttled with the password sign-ins. 404 when the bot is not configured.',
    access: 'public',
    body: TelegramSignInInput,
    response: z.union([
      SignIn,
      SecondFactorAskedJson,
      z.object({
        linkRequired: z.literal(true),
        linkToken: z.string(),
        account: z.object({ username: z.string().nullable(), name: z.string() }),
        message: z.string(),
      }),
    ]),
    handler: async (ctx, { body, headers, setHeader }) => {
      const result = await ctx.services.auth.telegramSignIn(
        ctx.em,
        body,
        client(ctx),
        readCookie(headers?.cookie, TELEGRAM_STATE_COOKIE),
      );
      // The state is spent: the cookie goes.
      if (!('initData' in body))
        setHeader?.(
          'set-cookie',
          `${TELEGRAM_STATE_COOKIE}=; Max-Age=0; Path=/api/v1/auth/telegram; HttpOnly; SameSite=Lax`,
        );
      if ('secondFactorRequired' in result) return result;
      if ('linkToken' in result) {
        return {
          linkRequired: true as const,
          linkToken: result.linkToken,
          account: result.account,
          message: TELEGRAM_SIGN_IN_MESSAGES.unlinked,
        };
      }
      return { accessToken: result.accessToken, user: userJson(await ctx.services.users.self(ctx.em, result.user)) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/second-factor',
    tag: 'auth',
    summary:
      'The second step of a sign-in with Telegram or Google of an account with a second factor: the `signInToken` that step answered (5 minutes, once) and `code`, the authenticator app’s 6-digit code or a recovery code. Starts a session as `/auth/login` does. Wrong codes count against this address, never the account.',
    access: 'public',
    body: SecondFactorSignInInput,
    response: SignIn,
    handler: async (ctx, { body }) => {
      const { accessToken, user } = await ctx.services.auth.finishSecondFactor(ctx.em, body, client(ctx));
      return { accessToken, user: userJson(await ctx.services.users.self(ctx.em, user)) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/telegram/link/preview',
    tag: 'auth',
    summary:
      'Which Telegram account a link token (from `/auth/telegram`) names: `{ id, username, name }`, for the dialog that asks the signed-in owner to confirm. Changes nothing.',
    access: 'user',
    body: TelegramLinkInput,
    response: z.object({ id: z.number(), username: z.string().nullable(), name: z.string() }),
    handler: async (ctx, { body }) => ctx.services.auth.telegramLinkPreview(ctx.user, body.linkToken),
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/telegram/link',
    tag: 'auth',
    summary:
      'The signed-in owner confirms the link of the Telegram account a sign-in with Telegram named (`linkToken`, 15 minutes): it signs in to this account from then on. The owner is told by e-mail and in Telegram. 409 when another account has it.',
    access: 'user',
    body: TelegramLinkInput,
    response: UserJson,
    handler: async (ctx, { body }) => {
      const user = ctx.user!;
      await ctx.services.auth.confirmTelegramLink(ctx.em, user, body.linkToken);
      return userJson(await ctx.services.users.self(ctx.em, user));
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/not-me',
    tag: 'auth',
    summary:
      '“This was not me”, with the token of a security notice’s link: every session of the account ends, its withdrawals stop until its owner signs in with a second factor or sets a new password, and what was added since the event (Telegram link, second factors, payout addresses, staff grants, an e-mail change) is undone. Answers a reset link’s id: the owner sets a new password with it and a factor older than the event. Each link acts once.',
    access: 'public',
    body: z.object({ token: z.string().min(1, says('ENTER_REQUIRED_VALUE')).max(200) }),
    response: z.object({ ok: z.literal(true), resetId: z.string() }),
    handler: async (ctx, { body }) => ({
      ok: true as const,
      ...(await ctx.services.auth.resets.notMe(ctx.em, body.token)),
    }),
  }),
  route({
    method: 'GET',
    path: '/v1/auth/config',
    tag: 'auth',
    summary:
      'What the sign-in screen needs: Google sign-in settings and the system bot for “Sign in with Telegram” (each null when off) and support contacts.',
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
        telegram: await ctx.services.notifications.signInBot(),
        supportBot: ctx.config.supportBot,
        supportEmail: ctx.config.supportEmail,
        docsUrl: '/api/guide',
      };
    },
  }),
];
