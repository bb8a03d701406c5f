import type { RateLimitCode } from '../../failures.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Language } from '../../../shared/languages.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PubSub } from '../../lib/pubsub.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { NotifyEvent } from '../notifications/notify.ts';
import type { SecondFactorService } from './second-factor.service.ts';
import type { Sessions } from './sessions.ts';

/** What the parts of the auth area share, from AuthService: its helpers and its outside services. */
export interface AuthKit {
  /** Work that must not change how long the answer takes (mail, a reset link): after it. */
  afterAnswer(what: string, work: () => Promise<void>): void;
  /** Counts one attempt under every key; refuses when any key is over the limit. */
  limit(keys: string[], code: RateLimitCode): Promise<void>;
  hashPassword(password: string): Promise<string>;
  /** Marks `ip` as one of the user's own addresses (a sign-in or a reset from it). */
  rememberAddress(em: EntityManager, userId: number, ip: string): Promise<void>;
  /** A sign-in page's address in `language` (`/ru/login`; English has no prefix). */
  pageLink(path: string, language: Language): string;
  sessions: Sessions;
}

/** The outside services those parts use (a subset of AuthService's). */
export interface AuthPartDeps {
  pubsub: PubSub;
  mailer: Mailer;
  limiter: RateLimiter;
  log: Logger;
  em: () => EntityManager;
  secondFactors?: SecondFactorService;
  notify?: (em: EntityManager, event: NotifyEvent) => Promise<void>;
  deliver?: () => void;
  claimNotMe?: (em: EntityManager, token: string) => Promise<{ userId: number; since: Date } | null>;
}
