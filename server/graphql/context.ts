import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import type { User } from '../modules/users/user.entity.ts';
import type { PubSub } from '../lib/pubsub.ts';
import type { Config } from '../config.ts';

/** What every resolver and REST handler gets: a fresh EntityManager per request. */
export interface Context {
  em: EntityManager;
  /** The signed-in person: their identity, sessions, second factors, staff roles and settings. */
  user: User | null;
  /**
   * The account the request acts on (`X-Account-Id`; the socket's `accountId`): the person's own
   * (the same object as `user`) or, for a member, the owner's row with the person and their level
   * on it (`actingOn`, server/lib/access.ts). Every account thing — projects, campaigns, apps,
   * offers, money, statistics — is read and changed through it. Reading it throws
   * ACCOUNT_NOT_FOUND (404) when the header named an account the person is not in.
   */
  readonly account: User | null;
  /** The signed-in session the request's token names (null when signed out). */
  sessionId: string | null;
  services: Services;
  config: Config;
  pubsub: PubSub;
  requestId: string;
  ip: string;
  /** The client's User-Agent, for the sessions list (only sign-in reads it). */
  userAgent?: string;
  /** The request's Accept-Language (the account's mails follow it when the account chose no language). */
  acceptLanguage?: string;
  /**
   * Where links for the requesting browser point: PUBLIC_URL, or without it the origin the
   * request came to (lib/origin.ts). Not for mailed links.
   */
  origin: string;
  /** The request's `Idempotency-Key` header, unchecked (creates check and honour it). */
  idempotencyKey?: string;
}

/** A request's Context: at once when nothing has to be read for it (no bearer token). */
export type ContextFactory = (req: FastifyRequest) => Context | Promise<Context>;
