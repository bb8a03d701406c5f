import { accountIdOf } from '../lib/access.ts';
import { databaseUnavailable } from '../failures.ts';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApolloServer, type ApolloServerPlugin, HeaderMap } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Context as WsContext } from 'graphql-ws';
import { useServer as useGraphQLWsServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Config } from '../config.ts';
import { isDatabaseUnreachable, RETRY_AFTER_SECONDS } from '../errors.ts';
import { forgetRequestScopes } from '../graphql/builder.ts';
import type { Context, ContextFactory } from '../graphql/context.ts';
import { listen, SESSIONS_ENDED_CHANNEL, USER_CHANGED_CHANNEL } from '../db/listen.ts';
import { documentCache } from '../graphql/documents.ts';
import { formatGraphQLError } from '../graphql/errors.ts';
import { graphqlFastPath } from '../graphql/fast-path.ts';
import { NoNulInStrings, refuseNulVariables } from '../graphql/input-rules.ts';
import { jitSubscribe } from '../graphql/jit.ts';
import { GRAPHQL_LIMITS, graphqlArmor } from '../graphql/limits.ts';
import { announceLive } from '../graphql/live.ts';
import { type PubSub, topics } from '../lib/pubsub.ts';
import { schema } from '../schema.ts';
import { addMetricsSource } from '../lib/metrics.ts';
import { bearer } from '../lib/tokens.ts';
import { containsNul, NUL_MESSAGE } from '../lib/text.ts';
import type { Services } from '../services.ts';

/** The codes of operations a client got wrong (it did not parse, or does not fit the schema). */
const CLIENT_MISTAKES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST']);

/** WebSocket close code for a bad or expired token in connection_init. */
export const WS_CLOSE_FORBIDDEN = 4403;
/** The user's roles changed: the client reconnects (graphql-ws retries) and its socket reads them anew. */
export const WS_CLOSE_USER_CHANGED = 4001;
/** The account the socket acted on is no longer the person's (removed, or never was): act on their own. */
export const WS_CLOSE_ACCOUNT_GONE = 4404;

/** What /metrics reads of knex's connection pool (tarn). */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

/**
 * Step 5 of buildApp: GraphQL over HTTP (Apollo, with the fast path for repeated queries) and
 * graphql-ws subscriptions on the same port and path, `/graphql`. Answers what the live layer
 * needs afterwards: `resyncLiveClients` (after a Redis outage every socket reconnects).
 */
export async function mountGraphql(
  http: FastifyInstance,
  deps: {
    config: Config;
    log: Logger;
    orm: MikroORM;
    services: Services;
    pubsub: PubSub;
    makeContext: ContextFactory;
    cleanups: (() => Promise<void>)[];
    /** The server's own address once it listens. */
    url: () => string;
    /** For the database's notifications (a user's roles changed: server/db/listen.ts). */
    databaseUrl: string;
  },
) {
  const { config } = deps;
  // Every subscriber sends one of a few documents: parse and validate each once and share the
  // AST, instead of keeping a parsed copy (with its token list) alive per subscription. The
  // HTTP fast path shares the same cache.
  const armor = graphqlArmor();
  const validationRules = [...armor.validationRules, NoNulInStrings];
  const documents = documentCache({
    schema,
    validationRules,
    introspection: config.env !== 'production',
    maxTokens: GRAPHQL_LIMITS.maxTokens,
    suggestions: config.env !== 'production',
  });
  const sockets = acceptWebSockets(http, deps.log);
  const wsServer = serveSubscriptions(sockets.wss, documents, deps);
  await serveHttpGraphql(http, { ...deps, armor, validationRules, documents, sockets, wsServer });
  return { resyncLiveClients: sockets.resyncLiveClients };
}

type Deps = Parameters<typeof mountGraphql>[1];
type Documents = ReturnType<typeof documentCache>;

/** WebSocket upgrades on /graphql; a message over the size limit closes only its socket. */
function acceptWebSockets(http: FastifyInstance, log: Logger) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const resyncLiveClients = () => {
    log.warn({ sockets: wss.clients.size }, 'Redis is back: live clients reconnect and refetch what they missed');
    // 1012 "service restart": graphql-ws clients reconnect (with their backoff) and refetch.
    for (const client of wss.clients) client.close(1012, 'Live events were interrupted');
  };
  http.server.on('upgrade', (req: IncomingMessage, socket, head) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/graphql') return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      wss.emit('connection', ws, req);
      // A message over maxPayload is the client's: ws closes the socket with 1009 itself.
      // graphql-ws would log it to stderr as "Internal error" for anybody to fill the log with.
      const handlers = ws.listeners('error') as ((err: Error) => void)[];
      ws.removeAllListeners('error');
      ws.on('error', (err: Error & { code?: string }) => {
        if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
          return log.debug({ err }, 'WebSocket message over the limit');
        for (const handler of handlers) handler.call(ws, err);
      });
    });
  });
  return { wss, resyncLiveClients };
}

/** What /metrics reads of the live layer: sockets, subscriptions, the pool, the ledger's position. */
function liveMetrics(orm: MikroORM, wss: WebSocketServer) {
  // Connection contexts, for the subscription gauge of /metrics.
  const liveSockets = new Set<{ subscriptions: Record<string, unknown> }>();
  const pool = () =>
    (orm.em.getKnex().client as { pool?: TarnPool }).pool ?? {
      numUsed: () => 0,
      numFree: () => 0,
      numPendingAcquires: () => 0,
      max: 0,
    };
  const removeMetricsSource = addMetricsSource({
    wsConnections: () => wss.clients.size,
    wsSubscriptions: () => [...liveSockets].reduce((n, c) => n + Object.keys(c.subscriptions).length, 0),
    pool: () => {
      const p = pool();
      return { used: p.numUsed(), free: p.numFree(), pending: p.numPendingAcquires(), max: p.max };
    },
    // The id sequence's position: one cheap read whoever made the transfers.
    ledgerTransfers: async () => {
      const [row] = await orm.em
        .getConnection()
        .execute<{ n: string }[]>(
          'select coalesce((select last_value from ledger_transfers_id_seq where is_called), 0)::text as n',
        );
      return Number(row.n);
    },
  });
  return { liveSockets, removeMetricsSource };
}

type WsExtra = {
  user?: Context['user'];
  sessionId?: string;
  /** The account the socket acts on (connection_init's `accountId`); undefined: the person's own. */
  accountId?: number;
  account?: Context['user'];
};

/**
 * The live sockets of each signed-in session on this instance. When sessions end anywhere
 * (`sessionsEnded` on the shared pub/sub) their sockets here close with 4403 at once.
 */
function sessionSockets(pubsub: PubSub, log: Logger, cleanups: (() => Promise<void>)[]) {
  const bySession = new Map<string, Set<WebSocket>>();
  const byUser = new Map<number, Set<WebSocket>>();
  const close = (ids: readonly string[]) => {
    for (const id of ids) {
      for (const socket of bySession.get(id) ?? [])
        socket.close(WS_CLOSE_FORBIDDEN, 'Forbidden: the session has ended');
    }
  };
  const ended = pubsub.subscribe<{ ids: string[] }>(topics.sessionsEnded());
  void ended
    .then(async (events) => {
      for await (const event of events) close(event.ids);
    })
    .catch((err) => log.error({ err }, 'ended sessions are no longer followed'));
  cleanups.push(async () => void (await ended).return?.());
  const track = <K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) => {
    const set = map.get(key) ?? new Set<WebSocket>();
    map.set(key, set);
    set.add(socket);
    socket.once('close', () => {
      set.delete(socket);
      if (!set.size && map.get(key) === set) map.delete(key);
    });
  };
  return {
    add(id: string, userId: number, socket: WebSocket) {
      track(bySession, id, socket);
      track(byUser, userId, socket);
    },
    close,
    /** These users' roles changed: their sockets close, and reconnect with the roles as they are. */
    userChanged(ids: readonly number[]) {
      for (const id of ids) {
        for (const socket of byUser.get(id) ?? [])
          socket.close(WS_CLOSE_USER_CHANGED, 'Your roles changed: reconnecting');
      }
    },
  };
}

/** A user's roles changed (on any instance, or by `npm run staff`): their sockets reconnect. */
function followUserChanges(
  databaseUrl: string,
  sessions: ReturnType<typeof sessionSockets>,
  log: Logger,
  cleanups: (() => Promise<void>)[],
) {
  const stopListening = listen(
    databaseUrl,
    USER_CHANGED_CHANNEL,
    (payload) => sessions.userChanged(payload.split(',').map(Number).filter(Number.isInteger)),
    log,
  ).catch((err) => {
    log.error({ err }, 'role changes are not followed: sockets re-read roles at each operation only');
    return async () => {};
  });
  cleanups.push(async () => (await stopListening)());
  // Sessions ended on any instance, Redis or not: their sockets here close.
  const stopEnded = listen(
    databaseUrl,
    SESSIONS_ENDED_CHANNEL,
    (payload) => sessions.close(payload.split(',').filter(Boolean)),
    log,
  ).catch((err) => {
    log.error({ err }, 'ended sessions are not followed through the database');
    return async () => {};
  });
  cleanups.push(async () => (await stopEnded)());
}

/**
 * graphql-ws on the sockets: a token in connection_init (the socket lives no longer than it),
 * one shared parse and validation per document, a lazily forked EntityManager per
 * subscription, and the live ping that tells a client its subscription is on (graphql/live.ts).
 */
function serveSubscriptions(wss: WebSocketServer, documents: Documents, deps: Deps) {
  const { config, log, orm, services, pubsub, cleanups } = deps;
  const { liveSockets, removeMetricsSource } = liveMetrics(orm, wss);
  cleanups.push(async () => void removeMetricsSource());
  // graphql's CommonJS copy, the one the schema was built with (see graphql/jit.ts).
  const { validate, GraphQLError: GraphQLErrorCjs } = createRequire(import.meta.url)(
    'graphql',
  ) as typeof import('graphql');
  // Only for the sockets' session reads (prepared statements on its connection pool).
  const wsEm = orm.em.fork() as EntityManager;
  const sessions = sessionSockets(pubsub, log, cleanups);
  followUserChanges(deps.databaseUrl, sessions, log, cleanups);
  const wsServer = useGraphQLWsServer<Record<string, unknown>, WsExtra>(
    {
      schema,
      subscribe: jitSubscribe(),
      parse: documents.parse,
      // A document that does not parse (syntax, or over the token limit) is refused on its
      // subscription with the parser's message; graphql-ws would close the socket for it.
      // An operation on the socket of a session that has ended is refused, and the socket
      // closed (the pub/sub's notice may not have come: Redis away, a race with the sign-out).
      onSubscribe: async (ctx, _id, payload) => {
        if (containsNul(payload.variables)) return [new GraphQLErrorCjs(NUL_MESSAGE)];
        try {
          documents.parse(payload.query);
        } catch (err) {
          return [new GraphQLErrorCjs(err instanceof Error ? err.message : 'Syntax Error')];
        }
        const { sessionId } = ctx.extra;
        if (!sessionId) return undefined;
        // The user as they are now: a role taken since the socket connected is gone for this
        // operation (and userChanged closes the socket's running subscriptions).
        const user = await services.auth.sessions.sessionUser(wsEm, sessionId);
        if (!user) {
          // Closed once the refusal has gone out, so the client reads why.
          setTimeout(() => sessions.close([sessionId]), 100).unref();
          return [
            new GraphQLErrorCjs('Unauthorized, please sign in again', { extensions: { code: 'UNAUTHENTICATED' } }),
          ];
        }
        ctx.extra.user = user;
        if (ctx.extra.accountId !== undefined) {
          // The membership as it is now: a member removed since the socket connected loses the account.
          try {
            ctx.extra.account = await services.teams.actingFor(wsEm, user, ctx.extra.accountId);
          } catch {
            setTimeout(() => ctx.extra.socket.close(WS_CLOSE_ACCOUNT_GONE, 'Account not found'), 100).unref();
            return [
              new GraphQLErrorCjs('Account not found', {
                extensions: { code: 'NOT_FOUND', messageCode: 'ACCOUNT_NOT_FOUND' },
              }),
            ];
          }
        } else ctx.extra.account = user;
        return undefined;
      },
      // The shared documents are validated once each (validation is pure for a schema).
      validate: (schemaArg, document, rules) =>
        rules || schemaArg !== schema ? validate(schemaArg, document, rules) : documents.validate(document),
      onConnect: connectSocket(services, wsEm, sessions, liveSockets),
      // A subscription's context lives as long as the subscription: fork the EntityManager only
      // when a resolver uses it (balanceChanged never does), not for every idle subscriber.
      context: subscriptionContext(deps),
      // The client's mistakes (a syntax error, a field that does not exist, an operation
      // refused) are the client's: info, the message only. Error level is for our faults.
      onError: (_ctx, _id, payload, errors) => {
        for (const e of errors) {
          const cause = (e as { originalError?: unknown }).originalError;
          if (cause && !e.extensions?.code) log.error({ err: cause }, 'subscription error');
          else log.info({ operation: payload.operationName ?? undefined, reason: e.message }, 'subscription refused');
        }
      },
      // The client refetches when a subscription is live (graphql/live.ts): no change is lost
      // between a page's query and its subscription, or during a reconnect.
      onOperation: (ctx, id, _payload, _args, result) => announceLive(ctx.extra.socket, id, result),
      // Errors in subscription results get the same codes (and no internals) as over HTTP.
      onNext: (_ctx, _id, _payload, _args, result) => {
        if (!result.errors?.length) return;
        return {
          ...result,
          errors: result.errors.map((e) =>
            formatGraphQLError(e.toJSON(), e, (err) => log.error({ err }, 'unexpected subscription error'), {
              suggestions: config.env !== 'production',
            }),
          ),
        };
      },
    },
    wss,
  );

  return wsServer;
}

type SocketContext = WsContext<Record<string, unknown>, WsExtra & { socket: WebSocket; request: IncomingMessage }>;

/**
 * graphql-ws's onConnect: the token's session read once (anonymous sockets may run public
 * operations only); the socket lives no longer than its session: ended, or at its token's expiry.
 */
function connectSocket(
  services: Services,
  wsEm: EntityManager,
  sessions: ReturnType<typeof sessionSockets>,
  liveSockets: Set<{ subscriptions: Record<string, unknown> }>,
) {
  return async (ctx: SocketContext) => {
    liveSockets.add(ctx);
    ctx.extra.socket.once('close', () => liveSockets.delete(ctx));
    const params = ctx.connectionParams ?? {};
    const raw = (params.authorization ?? params.Authorization ?? params.token) as string | undefined;
    const token = raw && /^Bearer\s/i.test(raw) ? bearer(raw) : raw;
    if (!token) return true; // anonymous: only public operations; scoped fields refuse.
    // No address: behind a proxy the socket's peer is the proxy; HTTP requests record it.
    const session = await services.auth.sessions.sessionUserFromToken(wsEm, token);
    if (!session) {
      ctx.extra.socket.close(WS_CLOSE_FORBIDDEN, 'Forbidden: invalid or expired token');
      return false;
    }
    // A plain object, no entity: nothing of an EntityManager lives as long as the socket,
    // and no resolver can mistake it for an entity of its own fork.
    ctx.extra.user = session.user;
    ctx.extra.sessionId = session.sessionId;
    // The account acted on (teams): one the person is not in closes the socket (4404).
    const named = params.accountId ?? params['X-Account-Id'];
    if (named !== undefined && named !== null && accountIdOf(named) !== session.user.id) {
      try {
        ctx.extra.accountId = accountIdOf(named);
        ctx.extra.account = await services.teams.actingFor(wsEm, session.user, ctx.extra.accountId);
      } catch {
        ctx.extra.socket.close(WS_CLOSE_ACCOUNT_GONE, 'Account not found');
        return false;
      }
    } else ctx.extra.account = session.user;
    // The socket lives no longer than its session: ended, or at its token's expiry.
    const socket = ctx.extra.socket;
    sessions.add(session.sessionId, session.user.id, socket);
    const expiry = setTimeout(
      () => socket.close(WS_CLOSE_FORBIDDEN, 'Forbidden: token expired'),
      Math.min(Math.max(session.expiresAt * 1000 - Date.now(), 0), 2 ** 31 - 1),
    );
    expiry.unref();
    socket.once('close', () => clearTimeout(expiry));
    return true;
  };
}

/**
 * A subscription's context lives as long as the subscription: the EntityManager is forked only
 * when a resolver uses it (balanceChanged never does), not for every idle subscriber.
 */
function subscriptionContext({ orm, services, pubsub, config, url }: Deps) {
  return (ctx: SocketContext): Context => {
    let em: EntityManager | undefined;
    return {
      get em() {
        em ??= orm.em.fork() as EntityManager;
        return em;
      },
      user: ctx.extra.user ?? null,
      account: ctx.extra.account ?? ctx.extra.user ?? null,
      sessionId: ctx.extra.sessionId ?? null,
      services,
      pubsub,
      config,
      requestId: randomUUID(),
      get ip() {
        return ctx.extra.request.socket.remoteAddress ?? '';
      },
      get origin() {
        return config.publicUrl ?? url();
      },
    };
  };
}

/** Apollo over HTTP on /graphql, behind the fast path for repeated queries (graphql/fast-path.ts). */
async function serveHttpGraphql(
  http: FastifyInstance,
  deps: Deps & {
    armor: ReturnType<typeof graphqlArmor>;
    validationRules: ReturnType<typeof graphqlArmor>['validationRules'];
    documents: Documents;
    sockets: ReturnType<typeof acceptWebSockets>;
    wsServer: ReturnType<typeof serveSubscriptions>;
  },
) {
  const { config, log, makeContext, cleanups, armor, validationRules, documents, wsServer } = deps;
  const { wss } = deps.sockets;
  const formatError = (formatted: GraphQLFormattedError, error: unknown) => {
    const result = formatGraphQLError(formatted, error, (err) => log.error({ err }, 'unexpected GraphQL error'), {
      suggestions: config.env !== 'production',
    });
    // An operation the client got wrong: info, the message only (error level is for our faults).
    const code = result.extensions?.code;
    if (typeof code === 'string' && CLIENT_MISTAKES.has(code)) {
      log.info({ code, reason: result.message }, 'GraphQL operation refused');
    }
    return result;
  };
  const apollo = new ApolloServer<Context>({
    // Aliases, depth, directives and cost are limited before execution, tokens while parsing.
    validationRules,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    schema,
    introspection: config.env !== 'production',
    includeStacktraceInErrorResponses: false,
    // main.ts stops everything in order on SIGINT/SIGTERM; Apollo's own handler stopped it
    // first and left our second stop waiting until the 15 s forced exit.
    stopOnTerminationSignals: false,
    formatError,
    plugins: [
      ...(armor.plugins as ApolloServerPlugin<Context>[]),
      refuseNulVariables,
      // What the scope-auth plugin kept for the request goes with its answer (graphql/builder.ts).
      {
        async requestDidStart() {
          return {
            async willSendResponse({ contextValue }) {
              forgetRequestScopes(contextValue);
            },
          };
        },
      },
      fastifyApolloDrainPlugin(http),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              // 1001 "going away": clients reconnect to another instance.
              for (const client of wss.clients) client.close(1001, 'Server shutting down');
              await wsServer.dispose();
            },
          };
        },
      },
      // No HTTP cache hints (every answer is per user) and no federation traces: per-field
      // work on every request that nothing here reads.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ...(config.env === 'production' ? [ApolloServerPluginLandingPageDisabled()] : []),
    ],
  });
  await apollo.start();
  cleanups.push(() => apollo.stop());
  const apolloHandler = fastifyApolloHandler(apollo, {
    context: async (req) => {
      try {
        return await makeContext(req);
      } catch (err) {
        // The token's user could not be read: 503 with a retry hint, as REST answers.
        if (!isDatabaseUnreachable(err)) throw err;
        throw new GraphQLError(databaseUnavailable().message, {
          extensions: {
            code: 'SERVICE_UNAVAILABLE',
            http: { status: 503, headers: new HeaderMap([['retry-after', String(RETRY_AFTER_SECONDS)]]) },
          },
        });
      }
    },
  });
  // Repeated queries skip Apollo's pipeline (graphql/fast-path.ts); everything else is Apollo's.
  const fastPath = graphqlFastPath({ schema, documents, makeContext, formatError });
  http.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/graphql',
    handler: async function (req, reply) {
      if (await fastPath(req, reply)) return reply;
      return apolloHandler.call(this, req as never, reply as never);
    },
  });
}
