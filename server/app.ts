import { mkdirSync } from 'node:fs';
import { appRoleUrl } from './db/app-role.ts';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { mountGraphql } from './app/graphql.ts';
import { createHttp } from './app/http.ts';
import { startLive } from './app/live.ts';
import { createLogger, shutdownSteps } from './app/log.ts';
import { buildServices } from './app/services.ts';
import { areas, routes } from './areas.ts';
import type { Config } from './config.ts';
import { migrateDatabase, openDatabase } from './database.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { seedBase, seedDemo } from './demo/seed.ts';
import type { PubSub } from './lib/pubsub.ts';
import { startJobs } from './jobs.ts';
import type { Services } from './services.ts';

export { redactUrl } from './app/log.ts';

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

/**
 * Builds the whole product from the areas (server/areas.ts) in named steps: database, live
 * events, services, HTTP, GraphQL, listening, jobs. Every step adds its shutdown; a failing
 * step closes what the steps before it opened.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const log = opts.logger ?? createLogger(config);
  const shutdown = shutdownSteps(log);
  const cleanups = shutdown.steps;
  let url = config.publicUrl ?? `http://localhost:${config.port}`;
  try {
    // 1. Database (openAppDatabase).
    const { databaseUrl, orm } = await openAppDatabase(config, log, cleanups);
    const em = () => orm.em.fork() as EntityManager;

    // 2. Live events and Redis (app/live.ts).
    const live = await startLive(config, log, cleanups);
    const { pubsub } = live;

    // 3. Every area's services (app/services.ts), then the base data and the demo.
    const services = await buildServices(areas, {
      config,
      log,
      orm,
      em,
      pubsub,
      redis: live.redis,
      url: () => url,
      cleanups,
      onPublish: live.onPublish,
    });
    await seedBase(em());
    if (config.demoSeed) await seedDemo(em(), services, log);

    // 4. HTTP: every route but GraphQL, with each area's pages (app/http.ts).
    const { http, makeContext } = await createHttp({
      config,
      log,
      orm,
      services,
      pubsub,
      areas,
      routes,
      clientDist: CLIENT_DIST,
      cleanups,
      url: () => url,
    });

    // 5. GraphQL and graphql-ws on /graphql (app/graphql.ts).
    const graphql = await mountGraphql(http, {
      config,
      log,
      orm,
      services,
      pubsub,
      makeContext,
      cleanups,
      url: () => url,
      databaseUrl,
    });
    live.onResync(graphql.resyncLiveClients);

    // 6. Listening.
    if (opts.listen !== false) {
      const address = await http.listen({ port: config.port, host: config.host });
      url = config.publicUrl ?? `http://localhost:${new URL(address).port}`;
    }

    // 7. Each area's background jobs on a PostgreSQL-backed queue (server/jobs.ts): one run
    //    per round across instances, retries with backoff, runs and failures on /metrics.
    const jobs = await startJobs({
      enabled: opts.jobs !== false,
      databaseUrl,
      intervalMs: config.jobsIntervalMs,
      log,
      jobs: areas.flatMap((area) => area.jobs?.({ config, log, em, services }) ?? []),
    });
    cleanups.push(() => jobs.stop());

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
      close: shutdown.close,
    };
  } catch (err) {
    await shutdown.close();
    throw err;
  }
}

/**
 * The database: embedded PostgreSQL without DATABASE_URL; migrations, then the SQL functions
 * whose source file changed (db/definitions.ts), as the owner; then the server's connection as
 * a role that owns nothing (db/app-role.ts): it cannot switch a trigger off nor rewrite the
 * audit trail.
 */
async function openAppDatabase(config: Config, log: Logger, cleanups: (() => Promise<void>)[]) {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = join(config.dataDir, 'pg');
    mkdirSync(config.dataDir, { recursive: true });
    log.info({ dir }, 'DATABASE_URL is not set: starting embedded PostgreSQL');
    const embedded = await startEmbeddedPostgres(dir, (m) => log.debug({ pg: m }));
    cleanups.push(() => embedded.stop());
    databaseUrl = embedded.url;
  }
  const owner = await openDatabase(databaseUrl);
  const applied = await migrateDatabase(owner).finally(() => owner.close());
  if (applied.migrations.length || applied.definitions.length) log.info(applied, 'database brought up to date');
  const orm = await openDatabase(await appRoleUrl(databaseUrl, log));
  cleanups.push(() => orm.close());
  return { databaseUrl, orm };
}
