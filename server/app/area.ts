import type { EntityManager, MikroORM, Options } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { SqlDefinition } from '../db/definitions.ts';
import type { PubSub, topics } from '../graphql/pubsub.ts';
import type { JobDef } from '../jobs.ts';
import type { OutboundPolicy } from '../lib/outbound.ts';
import type { TelegramClient } from '../lib/telegram.ts';
import type { RouteDef } from '../rest/route.ts';
import type { Services } from '../services.ts';

/** What every area's services may be built from: the infrastructure buildApp made first. */
export interface Infrastructure {
  config: Config;
  log: Logger;
  orm: MikroORM;
  /** A fresh EntityManager for work outside a request (jobs, callbacks, checks). */
  em: () => EntityManager;
  pubsub: PubSub;
  /** Shared rate limits across instances, when Redis is configured. */
  redis?: Redis;
  /** The server's own address once it listens (links without PUBLIC_URL). */
  url: () => string;
  /** Shutdown steps, run in reverse order (so an area's run before the database closes). */
  cleanups: (() => Promise<void>)[];
  /** The system bot's Bot API client, shared by the areas that check members. */
  telegram: TelegramClient;
  /** Which addresses an outbound request (callbacks, webhooks) may reach. */
  outbound: OutboundPolicy;
  /** Tells `listener` of every topic this instance publishes to, at once. */
  onPublish(listener: (topic: string, payload: unknown) => void): void;
}

/** What an area's own HTTP routes (outside the REST table) are mounted with. */
export interface HttpStep {
  http: FastifyInstance;
  config: Config;
  em: () => EntityManager;
  services: Services;
  /** Every area's REST routes (the docs publish them). */
  routes: RouteDef[];
  /** The origin a browser reached this request at: PUBLIC_URL, or the request's own. */
  origin: (req: { protocol: string; host: string }) => string;
}

/** What an area's background jobs run with. */
export interface JobStep {
  config: Config;
  log: Logger;
  em: () => EntityManager;
  services: Services;
}

type Entity = NonNullable<Options['entities']>[number];

/**
 * One area of the product as the composition root sees it (the Fastify plugin idea: an area
 * receives its dependencies and brings its parts). Everything is optional; an area lists what
 * it has. Its GraphQL types register with the Pothos builder when its definition file imports
 * its `*.schema.ts` files.
 */
export interface Area<K extends keyof Services = never> {
  name: string;
  /** Its MikroORM entities. */
  entities?: Entity[];
  /** Its database functions' source files, applied after the migrations in list order. */
  sql?: SqlDefinition[];
  /**
   * Its services, from the infrastructure and the services of the areas listed before it. A
   * service of an area listed later may be reached only lazily (inside a callback), through
   * `services`, which holds every area's services by the time anything runs.
   */
  services?: (infra: Infrastructure, services: Services) => Pick<Services, K> | Promise<Pick<Services, K>>;
  /** Its rows of the /api route table (the OpenAPI document is generated from them). */
  routes?: RouteDef[];
  /** Its HTTP pages and routes outside the route table. */
  http?: (step: HttpStep) => void | Promise<void>;
  /** Its background work, one run per round across instances. */
  jobs?: (step: JobStep) => JobDef[];
  /** The live topics it publishes (graphql/pubsub.ts), for a reader looking for who sends what. */
  topics?: (keyof typeof topics)[];
}

/** Types an area's definition (the services it adds are checked against `Services`). */
export function defineArea<K extends keyof Services = never>(area: Area<K>): Area<K> {
  return area;
}
