import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrateDatabase, openDatabase } from './database.ts';
import { seedBase, seedDemo } from './demo/seed.ts';
import { startJobs } from './jobs.ts';
import { createPubSub, observePublishes, type PubSub } from './graphql/pubsub.ts';
import type { Services } from './services.ts';
import { createServices } from './app/services.ts';
import { mountGraphql } from './app/graphql.ts';
import { createHttp } from './app/http.ts';
import { productJobs } from './app/jobs.ts';

export const CLIENT_DIST = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../dist/client' : '../client', import.meta.url),
);

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
    const { services, sandbox, provider, storage, showcase } = await createServices({
      config,
      log,
      orm,
      pubsub,
      redis,
      url: () => url,
      cleanups,
    });
    // The showcase's caches hear of every change this instance publishes.
    onPublish = (topic, payload) => showcase.changed(topic, payload);
    // Mail and events that follow answers (auth) finish before the database closes.
    cleanups.push(() => services.auth.idle());
    await seedBase(orm.em.fork());
    if (config.demoSeed) await seedDemo(orm.em.fork(), services, log);

    // The HTTP server with every route but GraphQL (app/http.ts).
    const { http, makeContext } = await createHttp({
      config,
      log,
      orm,
      services,
      pubsub,
      provider,
      sandbox,
      storage,
      showcase,
      clientDist: CLIENT_DIST,
      cleanups,
      url: () => url,
    });

    // GraphQL and graphql-ws on /graphql (app/graphql.ts).
    const live = await mountGraphql(http, {
      config,
      log,
      orm,
      services,
      pubsub,
      makeContext,
      cleanups,
      url: () => url,
    });
    resyncLiveClients = live.resyncLiveClients;

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
      jobs: productJobs({ config, log, orm, services }),
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
