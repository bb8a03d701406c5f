import { randomUUID } from 'node:crypto';
import { accountIdOf } from '../lib/access.ts';
import { enterRequestScope, setRequestPerson } from '../lib/request-scope.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Context, ContextFactory } from '../graphql/context.ts';
import type { User } from '../modules/users/user.entity.ts';
import type { PubSub } from '../lib/pubsub.ts';
import { httpDuration, metricsAuthorized, registry as metricsRegistry } from '../lib/metrics.ts';
import { requestOrigin } from '../lib/origin.ts';
import {
  acceptedEncoding,
  compressNow,
  type Precompressed,
  pickEncoding,
  readPrecompressed,
} from '../lib/precompressed.ts';
import { containsNul, wellFormedDeep } from '../lib/text.ts';
import { bearer } from '../lib/tokens.ts';
import { MAX_IMAGE_BYTES } from '../modules/images/images.service.ts';
import { registerRoutes, replyWithError } from '../rest/register.ts';
import type { RouteDef } from '../rest/route.ts';
import type { Services } from '../services.ts';
import fp from 'fastify-plugin';
import type { AnyArea } from './area.ts';
import { neededAreas } from './services.ts';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { fail, failureBody } from '../failures.ts';

/** Fastify's client error handler with the envelope and a message code (Fastify's default has neither). */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT' as const]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'REQUEST_TOO_LONG' as const]
        : [400, 'REQUEST_UNREADABLE' as const];
  const body = JSON.stringify(failureBody(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * An address the router cannot take (a path parameter over its length, a bad escape): the
 * envelope with a code too (Fastify's own answer has neither).
 */
function answerFrameworkError(err: { code: string }, _req: unknown, reply: unknown) {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return (reply as FastifyReply)
    .code(tooLong ? 414 : 400)
    .send(failureBody(tooLong ? 'REQUEST_TOO_LONG' : 'REQUEST_UNREADABLE'));
}

/** The path a page is looked up by: no query, no trailing slash but the root's (`/ru/?x` → `/ru`). */
function pagePath(url: string): string {
  return url.split('?')[0].replace(/(.)\/+$/, '$1');
}

/** What a path that is no route answers (REST's envelope, with the message's code). */
const NOT_FOUND_BODY = failureBody('ROUTE_NOT_FOUND');

/**
 * The route label of a request: the route's template; the client's built files (a route each
 * in @fastify/static) as one series, so a deploy does not add a series per file.
 */
function metricsRoute(url: string | undefined): string {
  if (!url) return 'unmatched';
  return url.startsWith('/assets/') ? '/assets/*' : url;
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

/**
 * Step 4 of buildApp: the HTTP server. Request ids, logging and proxy hops; the error handler
 * and the NUL check; security headers; uploads; metrics and health; each area's own pages
 * (the sandbox checkout, the showcase, the docs, /media) and the REST route table; the built
 * client with its SPA fallback. Answers the server and how a request becomes a resolver's
 * Context.
 */
export async function createHttp(deps: {
  config: Config;
  log: Logger;
  orm: MikroORM;
  services: Services;
  pubsub: PubSub;
  /** The areas, in build order (every area after the areas it needs). */
  areas: AnyArea[];
  /** Every area's REST routes. */
  routes: RouteDef[];
  /** Where the built client is (dist/client). */
  clientDist: string;
  cleanups: (() => Promise<void>)[];
  /** The server's own address once it listens. */
  url: () => string;
}) {
  const { config, log, orm, services, pubsub, cleanups } = deps;
  const CLIENT_DIST = deps.clientDist;
  const http: FastifyInstance = Fastify({
    loggerInstance: log,
    // Only the configured number of proxy hops: a client cannot choose its own address.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    logController: new QuietRequests(),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }) as unknown as FastifyInstance;
  cleanups.push(() => http.close());

  /** The origin a browser reached this request at: PUBLIC_URL, or the request's own. */
  const origin = (req: { protocol: string; host: string }) => config.publicUrl ?? requestOrigin(req, deps.url());
  const makeContext = contextFactory({ config, orm, services, pubsub, origin });

  http.setErrorHandler((err, req, reply) => replyWithError(err, req, reply));
  // PostgreSQL cannot store NUL in text: refuse it up front with a clear message, in the body,
  // the query string (`search=%00`) and the path. GraphQL string literals are refused by a
  // validation rule (graphql/input-rules.ts), graphql-ws variables in onSubscribe.
  http.addHook('preValidation', async (req) => {
    const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : undefined;
    if (containsNul(body) || containsNul(req.query) || containsNul(req.params)) {
      throw fail('TEXT_MUST_NOT_CONTAIN_NUL');
    }
    // Lone surrogates (half a character) become U+FFFD, as a text column stores them anyway.
    if (body) wellFormedDeep(body);
  });
  // The client's pages, read once; served with no-cache so a deploy shows. The public pages come
  // as the build rendered them (scripts/prerender.mjs), every other path as the SPA's shell.
  const pages = config.serveClient ? readClientPages(CLIENT_DIST) : null;
  http.setNotFoundHandler((req, reply) => {
    // A missing upload or API route is a 404, never the client's page.
    // (A chunk of an earlier build is a 404 too: the page that asked for it reloads, not parses HTML.)
    const notSpa = ['/api/', '/media/', '/graphql', '/assets/'].some((prefix) => req.url.startsWith(prefix));
    if (notSpa || req.method !== 'GET' || !pages) return reply.code(404).send(NOT_FOUND_BODY);
    // Client-side routes: the SPA decides (unknown paths go to /).
    const page = pickEncoding(req.headers['accept-encoding'], pages.byPath.get(pagePath(req.url)) ?? pages.shell);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .headers(page.headers)
      .send(page.body);
  });

  if (pages) linkLanguageVersions(http, pages.alternates, origin);

  // The request's address, for what records it without being passed it (the audit trail).
  http.addHook('onRequest', (req, _reply, done) => enterRequestScope({ ip: req.ip }, done));
  const securityHeaders = browserSecurityHeaders(config, pages?.scriptHashes ?? []);
  http.addHook('onRequest', (req, reply, done) => {
    // Over TLS through a trusted proxy (its X-Forwarded-Proto; fastify reads it only from the
    // TRUST_PROXY hops), the browser is told to come back over https only, whatever PUBLIC_URL says.
    if (req.protocol === 'https' && !securityHeaders.hsts) reply.raw.setHeader('strict-transport-security', HSTS);
    securityHeaders.apply(req.raw, reply.raw, () => done());
  });
  compressAnswersInMemory(http);
  // Answers over 1 KB compressed on the fly (brotli at a fast level, or gzip), with Vary; what
  // is already compressed (the built files, the SPA page, the showcase script) goes as it is.
  await http.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await http.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 },
    throwFileSizeLimit: true,
  });

  registerOperations(http, config, orm);

  await registerAreas(http, { config, orm, services, areas: deps.areas, routes: deps.routes, origin, makeContext });

  await registerClient(http, config, CLIENT_DIST, log);

  return { http, makeContext };
}

/**
 * A request's Context (graphql/context.ts). A class, so its getters are its prototype's: an
 * object literal with getters built them anew for every request (the showcase list's).
 */
class RequestContext implements Context {
  readonly user: User | null;
  readonly sessionId: string | null;

  constructor(
    private readonly req: FastifyRequest,
    private readonly deps: ContextDeps,
    session: { user: User; sessionId: string } | null,
    private readonly acting: User | null,
    private readonly refused: unknown,
    private forked?: EntityManager,
  ) {
    this.user = session?.user ?? null;
    this.sessionId = session?.sessionId ?? null;
    if (this.user) setRequestPerson(this.user.id);
  }

  /** Forked when first used: a public read served from memory (the showcase list) needs none. */
  get em(): EntityManager {
    this.forked ??= this.deps.orm.em.fork() as EntityManager;
    return this.forked;
  }

  get account(): User | null {
    if (this.refused) throw this.refused;
    return this.acting;
  }

  get services() {
    return this.deps.services;
  }
  get pubsub() {
    return this.deps.pubsub;
  }
  get config() {
    return this.deps.config;
  }
  get requestId() {
    return String(this.req.id);
  }
  get ip() {
    return this.req.ip;
  }
  get userAgent() {
    return this.req.headers['user-agent'];
  }
  get acceptLanguage() {
    return this.req.headers['accept-language'];
  }
  /** Read only by the few calls that build a link for the browser (a top-up's checkout). */
  get origin() {
    return this.deps.origin(this.req);
  }
  get idempotencyKey() {
    const key = this.req.headers['idempotency-key'];
    return Array.isArray(key) ? key[0] : key;
  }
}

interface ContextDeps {
  config: Config;
  orm: MikroORM;
  services: Services;
  pubsub: PubSub;
  origin: (req: { protocol: string; host: string }) => string;
}

/**
 * How a request becomes a resolver's or handler's Context: its user (by token), its services.
 * At once for a request with no bearer token (a player's, a public page's): nothing to read, so
 * no promise on the way (the showcase list answered from memory).
 */
function contextFactory(deps: ContextDeps): ContextFactory {
  const { orm, services } = deps;
  return (req) => {
    const token = bearer(req.headers.authorization);
    if (!token) return new RequestContext(req, deps, null, null, null);
    return (async () => {
      const em = orm.em.fork() as EntityManager;
      const session = await services.auth.sessions.userFromToken(em, token, req.ip);
      const user = session?.user ?? null;
      // The account acted on: the person's own unless X-Account-Id names another they are in.
      let account = user;
      let refused: unknown = null;
      const named = req.headers['x-account-id'];
      if (user && named !== undefined) {
        try {
          const id = accountIdOf(named);
          account = services.teams.actingKnown(user, id) ?? (await services.teams.actingFor(em, user, id));
        } catch (err) {
          refused = err;
        }
      }
      return new RequestContext(req, deps, session, account, refused, em);
    })();
  };
}

/**
 * Each area in its own encapsulated plugin, named for it and after the areas it needs: its
 * pages, hooks and routes outside the route table, then its rows of the route table. A hook
 * an area adds applies to its own routes only.
 */
async function registerAreas(
  http: FastifyInstance,
  deps: {
    config: Config;
    orm: MikroORM;
    services: Services;
    areas: AnyArea[];
    routes: RouteDef[];
    origin: (req: { protocol: string; host: string }) => string;
    makeContext: ContextFactory;
  },
) {
  const { config, orm, services, origin, makeContext } = deps;
  const em = () => orm.em.fork() as EntityManager;
  const needed = neededAreas(deps.areas);
  for (const area of deps.areas) {
    const dependencies = (needed.get(area) ?? []).map((dep) => dep.name);
    const plugin = async (scope: FastifyInstance) => {
      await area.http?.({ http: scope, config, em, services, routes: deps.routes, origin });
      if (area.routes?.length) registerRoutes(scope, area.routes, makeContext);
    };
    await http.register(fp(plugin, { name: area.name, dependencies, encapsulate: true }));
  }
}

/** The built client's files, with long caching for hashed assets; a warning when it was not built. */
async function registerClient(http: FastifyInstance, config: Config, CLIENT_DIST: string, log: Logger) {
  if (config.serveClient && existsSync(join(CLIENT_DIST, 'index.html'))) {
    await http.register(fastifyStatic, {
      root: CLIENT_DIST,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: ['index.html'],
      // The build's brotli and gzip files (scripts/compress-assets.mjs), by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/\.html(\.(br|gz))?$/.test(path)) res.header('Cache-Control', 'no-cache');
      },
    });
  } else if (config.serveClient) {
    log.warn('dist/client is missing: run `npm run build` to serve the web client');
  }
}

/**
 * A public page's versions in the nine languages, for search engines (hreflang): absolute
 * addresses, which only the server knows, hence a header rather than the built HTML; on the
 * page whoever answers it (the static files, or the not-found handler).
 */
function linkLanguageVersions(
  http: FastifyInstance,
  alternates: Map<string, Record<string, string>>,
  origin: (req: FastifyRequest) => string,
): void {
  if (alternates.size === 0) return;
  http.addHook('onSend', async (req, reply) => {
    const versions = alternates.get(pagePath(req.url));
    if (versions && reply.statusCode === 200) reply.header('Link', alternateLinks(versions, origin(req)));
  });
}

/** The `Link` header of a page's language versions: hreflang per language, and English as the default. */
export function alternateLinks(versions: Record<string, string>, origin: string): string {
  const link = (href: string, lang: string) => `<${origin}${href}>; rel="alternate"; hreflang="${lang}"`;
  return [...Object.entries(versions).map(([lang, href]) => link(href, lang)), link(versions.en, 'x-default')].join(
    ', ',
  );
}

/**
 * The built client's pages: by path, the public pages the build rendered to HTML and the shells
 * of the dashboard pages with a fixed heading; the shell for every other path; and the hashes
 * of the inline scripts the rendered pages hold. A build without prerendered.json (or
 * none at all) serves index.html everywhere.
 */
function readClientPages(dir: string) {
  const indexHtmlPath = join(dir, 'index.html');
  if (!existsSync(indexHtmlPath)) return null;
  const manifestPath = join(dir, 'prerendered.json');
  if (!existsSync(manifestPath)) {
    return {
      byPath: new Map<string, Precompressed>(),
      alternates: new Map<string, Record<string, string>>(),
      shell: readPrecompressed(indexHtmlPath),
      scriptHashes: [],
    };
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    pages: Record<string, string>;
    shell: string;
    shells?: Record<string, string>;
    /** A public page's path → its versions by language (`{ en: '/', ru: '/ru/', … }`). */
    alternates?: Record<string, Record<string, string>>;
    scriptHashes: string[];
  };
  const byPath = { ...manifest.pages, ...manifest.shells };
  return {
    byPath: new Map(Object.entries(byPath).map(([path, file]) => [path, readPrecompressed(join(dir, file))])),
    alternates: new Map(Object.entries(manifest.alternates ?? {})),
    shell: readPrecompressed(join(dir, manifest.shell)),
    scriptHashes: manifest.scriptHashes,
  };
}

/**
 * Browser security headers on every answer (helmet), built once. The built client's only
 * inline scripts are those of the prerendered pages (the theme, set before the first paint),
 * allowed by their hashes; Chakra's styles are inline <style> elements. The showcase's script and API
 * and uploaded media are meant for other origins' pages and say so themselves
 * (cross-origin resource policy); media keep their own sandboxing CSP. HSTS and
 * upgrade-insecure-requests only where production is served over https (the compose demo at
 * http://localhost:8080 is production without TLS), and HSTS besides on a request a trusted proxy says
 * came over TLS (createHttp's hook). @fastify/helmet built the middleware
 * anew for every request (parsing the CSP each time, 3 % of a read's CPU in the profile) to
 * allow per-route options, which nothing here uses.
 */
function browserSecurityHeaders(config: Config, scriptHashes: string[]) {
  const httpsOnly = config.env === 'production' && !!config.publicUrl?.startsWith('https://');
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
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
    hsts: httpsOnly ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Helmet's headers do not depend on the request (no nonces): what its middleware does is
  // recorded once and replayed, not run as a chain of a dozen middlewares per request.
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let ran = false;
  apply({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    ran = true;
  });
  if (!ran) throw new Error('helmet did not finish synchronously: its headers cannot be replayed');
  const replay = (_req: IncomingMessage, res: ServerResponse, done: () => void) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  };
  return { apply: replay, hsts: httpsOnly };
}

/** The largest answer compressed in the request's own turn (compressAnswersInMemory). */
const COMPRESSED_IN_TURN_MAX = 64 * 1024;
const COMPRESSIBLE = /^(application\/([\w.-]+\+)?json|text\/)/i;

/**
 * API answers (JSON made per request, 1–64 KB: a showcase list, a page of a table, a GraphQL
 * result) compressed in the request's own turn (compressNow), before @fastify/compress sees
 * them: its stream per answer (the thread pool, chunked transfer) cost the showcase list
 * ~350 µs of server CPU per answer against ~40 µs this way (docs/performance.md). Larger
 * and streamed answers, and what is already encoded, are left to it.
 */
function compressAnswersInMemory(http: FastifyInstance) {
  http.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < 1024 || size > COMPRESSED_IN_TURN_MAX) return done(null, payload);
    if (reply.hasHeader('content-encoding') || req.headers['x-no-compression'] !== undefined)
      return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'Accept-Encoding');
    else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    done(null, compressNow(payload, encoding));
  });
}

const HSTS_MAX_AGE = 31_536_000;
const HSTS = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;

/** What operators read: request durations, /metrics (Prometheus), /healthz and /readyz. */
function registerOperations(http: FastifyInstance, config: Config, orm: MikroORM) {
  http.addHook('onResponse', async (req, reply) => {
    httpDuration.observe(
      { method: req.method, route: metricsRoute(req.routeOptions.url), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  // Prometheus text format; with METRICS_TOKEN set, only for `Authorization: Bearer <token>`.
  // Production without a token has no /metrics at all: nobody outside should read it.
  http.get('/metrics', async (req, reply) => {
    if (!config.metricsToken && config.env === 'production') return reply.code(404).send(NOT_FOUND_BODY);
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
}
