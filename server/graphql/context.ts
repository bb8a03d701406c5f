import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../services.ts';
import type { User } from '../modules/users/user.entity.ts';
import type { PubSub } from '../lib/pubsub.ts';
import type { Config } from '../config.ts';

/** What every resolver and REST handler gets: a fresh EntityManager per request. */
export interface Context {
  em: EntityManager;
  user: User | null;
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
