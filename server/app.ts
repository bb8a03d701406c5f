import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApolloServer, type ApolloServerPlugin, HeaderMap } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { useServer as useGraphQLWsServer } from 'graphql-ws/use/ws';
import { announceLive } from './graphql/live.ts';
import { requestOrigin } from './lib/origin.ts';
import { registerDocs } from './modules/docs/docs.http.ts';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { Config } from './config.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrateDatabase, openDatabase } from './database.ts';
import { seedBase, seedDemo } from './demo/seed.ts';
import type { Context } from './graphql/context.ts';
import { formatGraphQLError } from './graphql/errors.ts';
import { jitSubscribe } from './graphql/jit.ts';
import { OutboundPolicy } from './lib/outbound.ts';
import { GRAPHQL_LIMITS, graphqlArmor } from './graphql/limits.ts';
import { NoNulInStrings, refuseNulVariables } from './graphql/input-rules.ts';
import { startJobs } from './jobs.ts';
import { purgeIdempotencyKeys } from './modules/idempotency/idempotency.ts';
import { addMetricsSource, httpDuration, metricsAuthorized, registry as metricsRegistry } from './lib/metrics.ts';
import { documentCache } from './graphql/documents.ts';
import { graphqlFastPath } from './graphql/fast-path.ts';
import { createPubSub, observePublishes, type PubSub } from './graphql/pubsub.ts';
import { databaseUnavailable, isDatabaseUnreachable, RETRY_AFTER_SECONDS, validation } from './errors.ts';
import { schema } from './graphql/schema.ts';
import { createMailer } from './lib/mailer.ts';
import { containsNul, NUL_MESSAGE } from './lib/text.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { createTokenService } from './lib/tokens.ts';
import { AuthService, purgeAccountSafety } from './modules/auth/auth.service.ts';
import { createGoogleClient } from './modules/auth/google.ts';
import { ImagesService, MAX_IMAGE_BYTES, MEDIA_TYPES } from './modules/images/images.service.ts';
import { DiskStorage, type ObjectStorage, S3Storage } from './modules/images/storage.ts';
import { createHmac } from 'node:crypto';
import { CallbacksService } from './modules/campaigns/callbacks.service.ts';
import { CampaignsService } from './modules/campaigns/campaigns.service.ts';
import { ConversionsService, DAY_MS } from './modules/campaigns/conversions.service.ts';
import { registerShowcaseHttp } from './modules/showcase/showcase.rest.ts';
import { ExchangeService } from './modules/exchange/exchange.service.ts';
import { ShowcaseService } from './modules/showcase/showcase.service.ts';
import { Ledger } from './modules/ledger/ledger.service.ts';
import { LookupsService } from './modules/lookups/lookups.service.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { CryptoPayProvider } from './modules/payments/providers/cryptopay.ts';
import { SandboxProvider } from './modules/payments/providers/sandbox.ts';
import { registerSandboxCheckout } from './modules/payments/sandbox.page.ts';
import { PlatformsService } from './modules/platforms/platforms.service.ts';
import { ProjectsService } from './modules/projects/projects.service.ts';
import { TelegramClient } from './lib/telegram.ts';
import { StatisticsService } from './modules/statistics/statistics.service.ts';
import { CampaignReviewService } from './modules/moderation/campaign-review.service.ts';
import { FraudService } from './modules/moderation/fraud.service.ts';
import { PlayerReportsService } from './modules/moderation/reports.service.ts';
import { RegistrationQueueService } from './modules/moderation/registration.service.ts';
import { UsersService } from './modules/users/users.service.ts';
import { openApiDocument } from './rest/openapi.ts';
import { registerRoutes, replyWithError } from './rest/register.ts';
import { routes } from './rest/routes.ts';
import type { Services } from './services.ts';

export const CLIENT_DIST = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../dist/client' : '../client', import.meta.url),
);
/** WebSocket close code for a bad or expired token in connection_init. */
export const WS_CLOSE_FORBIDDEN = 4403;

export interface App {
  http: FastifyInstance;
  orm: MikroORM;
  pubsub: PubSub;
  services: Services;
  log: Logger;
  /** Base URL once listening, e.g. http://127.0.0.1:3000 */
  url: string;
  databaseUrl: string;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Skip listening (port 0 listens on a free port). */
  listen?: boolean;
  logger?: Logger;
  /**
   * Start the background jobs (hold ends, callback retries, …; default true). Tests turn them
   * off unless they test a job: a round that runs when it likes races the test's own calls.
   */
  jobs?: boolean;
}

/** Drops query strings and the id of reset links from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/\?.*$/, (q) => (q.length > 1 ? '?…' : q)).replace(/(\/reset-password\/)[^/?#]+/, '$1…');
}

/**
 * The route label of a request: the route's template; the client's built files (a route each
 * in @fastify/static) as one series, so a deploy does not add a series per file.
 */
function metricsRoute(url: string | undefined): string {
  if (!url) return 'unmatched';
  return url.startsWith('/assets/') ? '/assets/*' : url;
}

/** What /metrics reads of knex's connection pool (tarn). */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

/** A request slower than this is logged at warn whatever its status. */
const SLOW_REQUEST_MS = 1000;

/**
 * Fastify's two info lines per request (incoming, completed) cost more than a cheap request
 * itself under load: one line per request at debug, at warn when it failed on our side or was
 * slow, at error with its error. Errors we answer are logged by the error handler as before.
 */
class QuietRequests extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    const level = error ? 'error' : reply.statusCode >= 500 || ms > SLOW_REQUEST_MS ? 'warn' : 'debug';
    if (!(reply.log as unknown as Logger).isLevelEnabled(level)) return;
    reply.log[level](
      { req, res: { statusCode: reply.statusCode }, responseTime: ms, err: error ?? undefined },
      'request completed',
    );
  }
}

function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m?.[1]?.trim() || undefined;
}

/** Builds the whole product: database, migrations, seed, REST, GraphQL, subscriptions, client. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const log =
    opts.logger ??
    pino({
      level: config.logLevel,
      redact: ['req.headers.authorization', '*.password', '*.passwordHash'],
      // Secrets that travel in URLs (reset links, checkout tokens) stay out of the logs.
      serializers: {
        req: (req: { method?: string; url?: string; id?: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url ?? ''),
          id: req.id,
          remoteAddress: req.ip,
        }),
      },
      // Readable lines for a person at a terminal; JSON everywhere else.
      transport:
        config.env === 'development' && process.stdout.isTTY
          ? { target: 'pino-pretty', options: { ignore: 'pid,hostname' } }
          : undefined,
    });
  const cleanups: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const fn of cleanups.reverse()) {
      const t = performance.now();
      await fn().catch((err) => log.error({ err }, 'shutdown step failed'));
      const ms = performance.now() - t;
      if (ms > 1000) log.warn({ ms: Math.round(ms), step: fn.toString().slice(0, 80) }, 'slow shutdown step');
    }
  };

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const dir = join(config.dataDir, 'pg');
      mkdirSync(config.dataDir, { recursive: true });
      log.info({ dir }, 'DATABASE_URL is not set: starting embedded PostgreSQL');
      const embedded = await startEmbeddedPostgres(dir, (m) => log.debug({ pg: m }));
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }

    const orm = await openDatabase(databaseUrl);
    cleanups.push(() => orm.close());
    // The migrations, then the database functions whose source file changed (db/definitions.ts).
    const applied = await migrateDatabase(orm);
    if (applied.migrations.length || applied.definitions.length) log.info(applied, 'database brought up to date');

    // Set once the WebSocket server exists: after a Redis outage its clients reconnect and refetch.
    let resyncLiveClients = () => {};
    const basePubsub = await createPubSub(config.redisUrl, {
      onError: (err) => log.error({ err }, 'Redis unreachable: live events are not delivered until it is back'),
      onResync: () => resyncLiveClients(),
    });
    cleanups.push(() => basePubsub.close());
    // The showcase's caches hear of every change this instance publishes (set below).
    let onPublish: (topic: string, payload: unknown) => void = () => {};
    const pubsub = observePublishes(basePubsub, (topic, payload) => onPublish(topic, payload));
    let redis: Redis | undefined;
    if (config.redisUrl) {
      const client = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
      // Rate limits count in memory while Redis is away (rate-limit.ts); ioredis reconnects.
      let reported = false;
      client.on('error', (err) => {
        if (!reported) log.warn({ err }, 'Redis unreachable: rate limits count per instance until it is back');
        reported = true;
      });
      client.on('ready', () => {
        reported = false;
      });
      redis = client;
      cleanups.push(async () => void client.disconnect());
    }

    let url = config.publicUrl ?? `http://localhost:${config.port}`;
    const google = config.google ? createGoogleClient(config.google) : undefined;
    const ledger = new Ledger(pubsub);
    const lookups = new LookupsService(config);
    const storage: ObjectStorage = config.s3
      ? new S3Storage(config.s3)
      : new DiskStorage(join(config.dataDir, 'uploads'));
    if (storage instanceof S3Storage) cleanups.push(async () => storage.close());
    const images = new ImagesService(storage);
    const telegram = new TelegramClient(config.telegram.token, config.telegram.apiUrl);
    // The sandbox checkout signs with a key derived from the JWT secret: nothing extra to configure.
    const sandbox = new SandboxProvider(
      createHmac('sha256', config.jwtSecret).update('sandbox-payments').digest('hex'),
      () => url,
    );
    const provider = config.cryptoPay
      ? new CryptoPayProvider(config.cryptoPay.token, config.cryptoPay.apiUrl)
      : sandbox;
    const campaigns = new CampaignsService({ pubsub, ledger, lookups });
    const outbound = new OutboundPolicy(config.outboundAllowCidrs);
    const callbacks = new CallbacksService({
      em: () => orm.em.fork() as EntityManager,
      outbound,
      pubsub,
      secretsKey: config.secretsKey,
      maxAttempts: config.rewardCallbackMaxAttempts,
      log,
    });
    const exchange = new ExchangeService({ pubsub, lookups, log });
    const conversions = new ConversionsService({
      pubsub,
      ledger,
      campaigns,
      telegram,
      feePercent: config.networkFeePercent,
      batchesInFlight: config.conversionBatches,
      log,
      onCallback: (id) => callbacks.kick(id),
      onDelivery: (dealId) => void exchange.publishDeal(orm.em.fork() as EntityManager, dealId),
      onConversion: (id) => fraud.afterConversion(id),
      onLeaves: (platformIds) => void fraud.afterLeaves(platformIds),
    });
    const reports = new PlayerReportsService({ pubsub, ledger, conversions });
    const fraud = new FraudService({ em: () => orm.em.fork() as EntityManager, reports, config: config.fraud, log });
    // Before the database closes: the conversions already queued are still checked.
    cleanups.push(() => fraud.flush());
    const showcase = new ShowcaseService({
      secretsKey: config.secretsKey,
      publicKeyHex: config.initDataPublicKey,
      maxAgeSeconds: config.initDataMaxAgeSeconds,
      limiter: createRateLimiter(config.showcaseRatePerMinute, redis),
      telegram,
      lookups,
      campaigns,
      conversions,
      reports,
      pubsub,
      baseUrl: () => config.publicUrl ?? url,
    });
    onPublish = (topic, payload) => showcase.changed(topic, payload);
    cleanups.push(async () => stopWatching());
    const stopWatching = await showcase.watch();
    const services: Services = {
      auth: new AuthService({
        config,
        pubsub,
        tokens: createTokenService(config.jwtSecret, config.jwtExpiresIn),
        mailer: createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          outboxDir: join(config.dataDir, 'outbox'),
          log,
        }),
        limiter: createRateLimiter(config.rateLimitPerMinute, redis),
        google,
        log,
        appUrl: () => config.publicUrl ?? url,
        em: () => orm.em.fork() as EntityManager,
      }),
      users: new UsersService(),
      registrations: new RegistrationQueueService(pubsub),
      lookups,
      images,
      ledger,
      payments: new PaymentsService({ ledger, provider, log }),
      projects: new ProjectsService({ pubsub, secretsKey: config.secretsKey, telegram, images, log, campaigns }),
      platforms: new PlatformsService({ secretsKey: config.secretsKey, telegram, lookups, log, pubsub, outbound }),
      campaigns,
      conversions,
      callbacks,
      showcase,
      exchange,
      reports,
      campaignReview: new CampaignReviewService({ ledger, campaigns }),
      fraud,
      statistics: new StatisticsService(),
      google,
    };

    // Mail and events that follow answers (auth) finish before the database closes.
    cleanups.push(() => services.auth.idle());
    await seedBase(orm.em.fork());
    if (config.demoSeed) await seedDemo(orm.em.fork(), services, log);

    const http: FastifyInstance = Fastify({
      loggerInstance: log,
      // Only the configured number of proxy hops: a client cannot choose its own address.
      trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
      bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
      genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
      logController: new QuietRequests(),
    }) as unknown as FastifyInstance;
    cleanups.push(() => http.close());

    const makeContext = async (req: FastifyRequest): Promise<Context> => {
      const em = orm.em.fork() as EntityManager;
      const user = await services.auth.userFromToken(em, bearer(req.headers.authorization));
      const key = req.headers['idempotency-key'];
      return {
        em,
        user,
        services,
        pubsub,
        config,
        requestId: String(req.id),
        ip: req.ip,
        origin: config.publicUrl ?? requestOrigin(req, url),
        idempotencyKey: Array.isArray(key) ? key[0] : key,
      };
    };

    http.setErrorHandler((err, req, reply) => replyWithError(err, req, reply));
    // PostgreSQL cannot store NUL in text: refuse it up front with a clear message, in the body,
    // the query string (`search=%00`) and the path. GraphQL string literals are refused by a
    // validation rule (graphql/input-rules.ts), graphql-ws variables in onSubscribe.
    http.addHook('preValidation', async (req) => {
      const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : undefined;
      if (containsNul(body) || containsNul(req.query) || containsNul(req.params)) {
        throw validation(NUL_MESSAGE);
      }
    });
    // The SPA's page for client-side routes, read once; served with no-cache so a deploy shows.
    const indexHtmlPath = join(CLIENT_DIST, 'index.html');
    const indexHtml = config.serveClient && existsSync(indexHtmlPath) ? readFileSync(indexHtmlPath) : null;
    http.setNotFoundHandler((req, reply) => {
      // A missing upload or API route is a 404, never the client's page.
      const notSpa = req.url.startsWith('/api/') || req.url.startsWith('/media/') || req.url.startsWith('/graphql');
      if (notSpa || req.method !== 'GET' || !indexHtml) return reply.code(404).send({ error: 'Not found' });
      // Client-side routes: the SPA decides (unknown paths go to /).
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    });

    // Browser security headers on every answer (helmet). The built client has no inline script;
    // Chakra's styles are inline <style> elements. The showcase's script and API and uploaded
    // media are meant for other origins' pages and say so themselves (cross-origin resource
    // policy); media keep their own sandboxing CSP.
    // HSTS and upgrade-insecure-requests only where production is served over https (the
    // compose demo at http://localhost:8080 is production without TLS).
    // The middleware is built once: @fastify/helmet built it anew for every request (parsing
    // the CSP each time, 3 % of a read's CPU in the profile) to allow per-route options, which
    // nothing here uses.
    const httpsOnly = config.env === 'production' && !!config.publicUrl?.startsWith('https://');
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    http.addHook('onRequest', (req, reply, done) => {
      securityHeaders(req.raw, reply.raw, () => done());
    });
    await http.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 },
      throwFileSizeLimit: true,
    });

    http.addHook('onResponse', async (req, reply) => {
      httpDuration.observe(
        { method: req.method, route: metricsRoute(req.routeOptions.url), status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    // Prometheus text format; with METRICS_TOKEN set, only for `Authorization: Bearer <token>`.
    // Production without a token has no /metrics at all: nobody outside should read it.
    http.get('/metrics', async (req, reply) => {
      if (!config.metricsToken && config.env === 'production') return reply.code(404).send({ error: 'Not found' });
      if (!metricsAuthorized(req.headers.authorization, config.metricsToken)) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'Unauthorized' });
      }
      reply.header('Cache-Control', 'no-store');
      return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
    });
    http.get('/healthz', async () => ({ status: 'ok' }));
    http.get('/readyz', async (_req, reply) => {
      try {
        await orm.em.getConnection().execute('select 1');
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'database unreachable' });
      }
    });

    if (provider === sandbox) {
      registerSandboxCheckout(http, { em: () => orm.em.fork() as EntityManager, payments: services.payments, sandbox });
    }

    registerShowcaseHttp(http, { em: () => orm.em.fork() as EntityManager, showcase });
    // The guide, the rendered reference and the OpenAPI JSON (modules/docs).
    await registerDocs(http, {
      openApi: openApiDocument(routes),
      origin: (req) => config.publicUrl ?? requestOrigin(req, url),
    });
    registerRoutes(http, routes, makeContext);

    // Uploaded files, from the data folder or the bucket: never executable in our origin,
    // whatever they contain (SVG may hold script).
    http.get<{ Params: { name: string } }>('/media/:name', async (req, reply) => {
      const m = /^[0-9a-f-]{36}\.([a-z]{3,4})$/.exec(req.params.name);
      const type = m ? MEDIA_TYPES[m[1]] : undefined;
      const object = type ? await storage.get(req.params.name) : null;
      if (!type || !object) return reply.code(404).send({ error: 'Not found' });
      reply
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        // Logos appear in the showcase inside other apps' pages.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('X-Content-Type-Options', 'nosniff')
        // Shown in place, never saved under a name the uploader chose (the name is ours: uuid.ext).
        .header('Content-Disposition', `inline; filename="${req.params.name}"`)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .type(type);
      if (object.length !== undefined) reply.header('Content-Length', object.length);
      return reply.send(object.body);
    });
    if (config.serveClient && existsSync(join(CLIENT_DIST, 'index.html'))) {
      await http.register(fastifyStatic, {
        root: CLIENT_DIST,
        prefix: '/',
        decorateReply: false,
        wildcard: false,
        index: ['index.html'],
        setHeaders: (res, path) => {
          if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
    } else if (config.serveClient) {
      log.warn('dist/client is missing: run `npm run build` to serve the web client');
    }

    // GraphQL over HTTP and graphql-ws on the same port and path.
    const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
    resyncLiveClients = () => {
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
    type WsExtra = { user?: Context['user'] };
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
    cleanups.push(async () => void removeMetricsSource());
    // graphql's CommonJS copy, the one the schema was built with (see graphql/jit.ts).
    const { validate, GraphQLError: GraphQLErrorCjs } = createRequire(import.meta.url)(
      'graphql',
    ) as typeof import('graphql');
    // Only for the sockets' session reads (prepared statements on its connection pool).
    const wsEm = orm.em.fork() as EntityManager;
    const wsServer = useGraphQLWsServer<Record<string, unknown>, WsExtra>(
      {
        schema,
        subscribe: jitSubscribe(),
        parse: documents.parse,
        // A document that does not parse (syntax, or over the token limit) is refused on its
        // subscription with the parser's message; graphql-ws would close the socket for it.
        onSubscribe: (_ctx, _id, payload) => {
          if (containsNul(payload.variables)) return [new GraphQLErrorCjs(NUL_MESSAGE)];
          try {
            documents.parse(payload.query);
            return undefined;
          } catch (err) {
            return [new GraphQLErrorCjs(err instanceof Error ? err.message : 'Syntax Error')];
          }
        },
        // The shared documents are validated once each (validation is pure for a schema).
        validate: (schemaArg, document, rules) =>
          rules || schemaArg !== schema ? validate(schemaArg, document, rules) : documents.validate(document),
        onConnect: async (ctx) => {
          liveSockets.add(ctx);
          ctx.extra.socket.once('close', () => liveSockets.delete(ctx));
          const params = ctx.connectionParams ?? {};
          const raw = (params.authorization ?? params.Authorization ?? params.token) as string | undefined;
          const token = raw && /^Bearer\s/i.test(raw) ? bearer(raw) : raw;
          if (!token) return true; // anonymous: only public operations; scoped fields refuse.
          const session = await services.auth.sessionUserFromToken(wsEm, token);
          if (!session) {
            ctx.extra.socket.close(WS_CLOSE_FORBIDDEN, 'Forbidden: invalid or expired token');
            return false;
          }
          // A plain object, no entity: nothing of an EntityManager lives as long as the socket,
          // and no resolver can mistake it for an entity of its own fork.
          ctx.extra.user = session.user;
          // The socket lives no longer than its token: the client reconnects with a fresh one.
          const socket = ctx.extra.socket;
          const expiry = setTimeout(
            () => socket.close(WS_CLOSE_FORBIDDEN, 'Forbidden: token expired'),
            Math.min(Math.max(session.expiresAt * 1000 - Date.now(), 0), 2 ** 31 - 1),
          );
          expiry.unref();
          socket.once('close', () => clearTimeout(expiry));
          return true;
        },
        // A subscription's context lives as long as the subscription: fork the EntityManager only
        // when a resolver uses it (balanceChanged never does), not for every idle subscriber.
        context: (ctx): Context => {
          let em: EntityManager | undefined;
          return {
            get em() {
              em ??= orm.em.fork() as EntityManager;
              return em;
            },
            user: ctx.extra.user ?? null,
            services,
            pubsub,
            config,
            requestId: randomUUID(),
            get ip() {
              return ctx.extra.request.socket.remoteAddress ?? '';
            },
            get origin() {
              return config.publicUrl ?? url;
            },
          };
        },
        onError: (_ctx, _id, _payload, errors) => {
          for (const e of errors) if (!e.extensions?.code) log.error({ err: e }, 'subscription error');
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

    const formatError = (formatted: GraphQLFormattedError, error: unknown) =>
      formatGraphQLError(formatted, error, (err) => log.error({ err }, 'unexpected GraphQL error'), {
        suggestions: config.env !== 'production',
      });
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

    if (opts.listen !== false) {
      const address = await http.listen({ port: config.port, host: config.host });
      const port = new URL(address).port;
      url = config.publicUrl ?? `http://localhost:${port}`;
    }

    // Background jobs on a PostgreSQL-backed queue (server/jobs.ts): one run per round across
    // instances, retries with backoff, runs and failures on /metrics.
    const jobs = await startJobs({
      enabled: opts.jobs !== false,
      databaseUrl,
      intervalMs: config.jobsIntervalMs,
      log,
      jobs: [
        {
          name: 'hold-end',
          run: async () => {
            const held = await conversions.resolveHolds(orm.em.fork() as EntityManager, config.holdDays * DAY_MS);
            if (held.posted || held.voided) log.info(held, 'hold ended: conversions posted or voided');
          },
        },
        {
          name: 'reward-callbacks',
          run: async () => {
            const delivered = await callbacks.deliverDue();
            if (delivered) log.info({ delivered }, 'reward callbacks delivered on retry');
          },
        },
        {
          name: 'invoice-reconciliation',
          run: async () => {
            const settled = await services.payments.reconcileTopUps(orm.em.fork() as EntityManager, 15 * 60_000);
            if (settled) log.info({ settled }, 'stale top-ups settled with the provider');
          },
        },
        {
          name: 'offer-expiry',
          run: async () => {
            const expired = await exchange.expireOffers(orm.em.fork() as EntityManager);
            if (expired) log.info({ expired }, 'exchange offers expired');
          },
        },
        {
          name: 'idempotency-purge',
          run: async () => {
            const purged = await purgeIdempotencyKeys(orm.em.fork() as EntityManager);
            if (purged) log.debug({ purged }, 'expired idempotency keys purged');
          },
        },
        {
          name: 'account-safety-purge',
          run: async () => {
            const purged = await purgeAccountSafety(orm.em.fork() as EntityManager);
            if (purged.notices || purged.addresses)
              log.debug(purged, 'old account notices and sign-in addresses purged');
          },
        },
      ],
    });
    cleanups.push(() => jobs.stop());

    let closing: Promise<void> | null = null;
    return {
      http,
      orm,
      pubsub,
      services,
      log,
      get url() {
        return url;
      },
      databaseUrl,
      close: () => {
        closing ??= closeAll();
        return closing;
      },
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
