import type { EntityManager, MikroORM, Options } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { SqlDefinition } from '../db/definitions.ts';
import type { PubSub, topics } from '../lib/pubsub.ts';
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

/** Service names, as `Services` keys them. */
export type ServiceName = keyof Services;

/** What an area's own HTTP routes (outside the REST table) are mounted with. */
export interface HttpStep<S extends ServiceName = ServiceName> {
  /** The area's own encapsulated Fastify instance: its hooks apply to its routes only. */
  http: FastifyInstance;
  config: Config;
  em: () => EntityManager;
  /** The services the area provides and declares it needs. */
  services: Pick<Services, S>;
  /** Every area's REST routes (the docs publish them). */
  routes: RouteDef[];
  /** The origin a browser reached this request at: PUBLIC_URL, or the request's own. */
  origin: (req: { protocol: string; host: string }) => string;
}

/** What an area's background jobs run with. */
export interface JobStep<S extends ServiceName = ServiceName> {
  config: Config;
  log: Logger;
  em: () => EntityManager;
  /** The services the area provides and declares it needs. */
  services: Pick<Services, S>;
}

type Entity = NonNullable<Options['entities']>[number];

/**
 * One area of the product as the composition root sees it (the Fastify plugin idea: an area
 * receives its dependencies and brings its parts). An area declares the services it
 * `provides`, those it `needs` while it is built (their areas are built first; a cycle among
 * them is a startup error naming the areas) and those it reaches only `later`, from callbacks
 * that run once everything is built (a conversion tells exchange, fraud and quality). The
 * compiler holds the area to its declarations: a service it did not declare is not in what
 * it receives, and one no area provides fails `server/areas.ts`. Its GraphQL types register
 * with the Pothos builder when its definition file imports its `*.schema.ts` files.
 */
export interface Area<P extends ServiceName = never, N extends ServiceName = never, L extends ServiceName = never> {
  name: string;
  /** The services it builds. */
  provides?: readonly P[];
  /** The services it builds from (their areas are built, and their routes registered, first). */
  needs?: readonly N[];
  /** The services it calls only after start, from callbacks (these may point back at it). */
  later?: readonly L[];
  /** Its MikroORM entities. */
  entities?: Entity[];
  /** Its database functions' source files (db/definitions.ts; `after` orders them across areas). */
  sql?: SqlDefinition[];
  /**
   * Its services, from the infrastructure and the services it needs; `later()` answers the
   * services it reaches later, once every area is built (calling it sooner throws).
   */
  services?: (
    infra: Infrastructure,
    needs: Pick<Services, N>,
    later: () => Pick<Services, L>,
  ) => Pick<Services, P> | Promise<Pick<Services, P>>;
  /** Its rows of the /api route table (the OpenAPI document is generated from them). */
  routes?: RouteDef[];
  /** Its HTTP pages, routes and hooks outside the route table, in its own Fastify plugin. */
  http?: (step: HttpStep<P | N | L>) => void | Promise<void>;
  /** Its background work, one run per round across instances. */
  jobs?: (step: JobStep<P | N | L>) => JobDef[];
  /** The live topics it publishes (lib/pubsub.ts), for a reader looking for who sends what. */
  topics?: (keyof typeof topics)[];
}

/** Any area, as the composition root handles them. */
export type AnyArea = Area<any, any, any>;

/** Types an area's definition: its declarations are inferred and checked against `Services`. */
export function defineArea<
  const P extends ServiceName = never,
  const N extends ServiceName = never,
  const L extends ServiceName = never,
>(area: Area<P, N, L>): Area<P, N, L> {
  return area;
}

/** The services an area provides, needs or reaches later (as a union of names). */
export type Provided<A> = A extends { provides?: readonly (infer P)[] } ? P : never;
export type Needed<A> =
  | (A extends { needs?: readonly (infer N)[] } ? N : never)
  | (A extends { later?: readonly (infer L)[] } ? L : never);
