import { z } from 'zod';
import { parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { ChangePasswordInput } from './auth.inputs.ts';
import type { SessionView } from './sessions.ts';
import { SIGN_IN_METHODS } from './session.entity.ts';
import { says } from '../../failures.ts';

const SignInMethodEnum = builder.enumType('SignInMethod', { values: SIGN_IN_METHODS });

const SessionRef = builder.objectRef<SessionView>('Session').implement({
  description: 'A signed-in session of the account: a browser or device that holds a token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    method: t.expose('method', { type: SignInMethodEnum }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    ip: t.exposeString('ip', { description: 'The address it signed in from.' }),
    lastIp: t.exposeString('lastIp', { description: 'The address it was last seen at.' }),
    userAgent: t.exposeString('userAgent', { nullable: true }),
    current: t.exposeBoolean('current', { description: 'The session making this request.' }),
  }),
});

builder.queryField('mySessions', (t) =>
  t.field({
    type: [SessionRef],
    description: 'The sessions of the account that stand, most recently used first.',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.auth.sessions.list(ctx.em, ctx.user!.id, ctx.sessionId),
  }),
);

builder.mutationField('logout', (t) =>
  t.boolean({
    description: 'Ends this session: its token stops working and its live sockets close.',
    authScopes: { authenticated: true },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.auth.sessions.signOut(ctx.em, ctx.user, ctx.sessionId);
      return true;
    },
  }),
);

builder.mutationField('logoutAll', (t) =>
  t.int({
    description: 'Ends every session of the account, this one included; answers how many ended.',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.auth.sessions.endOwn(ctx.em, ctx.user!, ctx.sessionId, { all: true }),
  }),
);

builder.mutationField('endSession', (t) =>
  t.boolean({
    description: 'Ends one session of the account (signs a device out). False when it had already ended.',
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const sessionId = parseInput(z.uuid(says('SESSION_NOT_FOUND')), String(id));
      return (await ctx.services.auth.sessions.endOwn(ctx.em, ctx.user!, ctx.sessionId, { id: sessionId })) > 0;
    },
  }),
);

const ChangePasswordInputRef = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    password: t.string({ required: true, description: '6 to 128 characters; spaces allowed (a passphrase).' }),
  }),
});

builder.mutationField('changePassword', (t) =>
  t.int({
    description: 'Sets a new password with the current one; every other session ends. Answers how many ended.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ChangePasswordInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => {
      return ctx.services.auth.changePassword(ctx.em, ctx.user!, ctx.sessionId, parseInput(ChangePasswordInput, input));
    },
  }),
);
