import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { PubSub } from '../graphql/pubsub.ts';
import { createMailer } from '../lib/mailer.ts';
import { OutboundPolicy } from '../lib/outbound.ts';
import { createRateLimiter } from '../lib/rate-limit.ts';
import { TelegramClient } from '../lib/telegram.ts';
import { createTokenService } from '../lib/tokens.ts';
import { AuthService } from '../modules/auth/auth.service.ts';
import { createGoogleClient } from '../modules/auth/google.ts';
import { CallbacksService } from '../modules/campaigns/callbacks.service.ts';
import { CampaignsService } from '../modules/campaigns/campaigns.service.ts';
import { ConversionsService } from '../modules/campaigns/conversions.service.ts';
import { ExchangeService } from '../modules/exchange/exchange.service.ts';
import { ImagesService } from '../modules/images/images.service.ts';
import { DiskStorage, type ObjectStorage, S3Storage } from '../modules/images/storage.ts';
import { Ledger } from '../modules/ledger/ledger.service.ts';
import { LookupsService } from '../modules/lookups/lookups.service.ts';
import { CampaignReviewService } from '../modules/moderation/campaign-review.service.ts';
import { FraudService } from '../modules/moderation/fraud.service.ts';
import { PlayerReportsService } from '../modules/moderation/reports.service.ts';
import { RegistrationQueueService } from '../modules/moderation/registration.service.ts';
import { PaymentsService } from '../modules/payments/payments.service.ts';
import { CryptoPayProvider } from '../modules/payments/providers/cryptopay.ts';
import { SandboxProvider } from '../modules/payments/providers/sandbox.ts';
import { PlatformsService } from '../modules/platforms/platforms.service.ts';
import { ProjectsService } from '../modules/projects/projects.service.ts';
import { ShowcaseService } from '../modules/showcase/showcase.service.ts';
import { StatisticsService } from '../modules/statistics/statistics.service.ts';
import { UsersService } from '../modules/users/users.service.ts';
import type { Services } from '../services.ts';

export interface ServiceDeps {
  config: Config;
  log: Logger;
  orm: MikroORM;
  pubsub: PubSub;
  /** Shared rate limits across instances, when Redis is configured. */
  redis?: Redis;
  /** The server's own address once it listens (links without PUBLIC_URL). */
  url: () => string;
  /** Shutdown steps, run in reverse order. */
  cleanups: (() => Promise<void>)[];
}

/**
 * Step 3 of buildApp: every area's service, given what it depends on. The areas call each
 * other only through what is passed here (conversions tell callbacks, exchange and fraud).
 * Also answers the pieces the HTTP layer mounts itself: the payment provider and its sandbox
 * checkout, the object storage behind /media, the showcase.
 */
export async function createServices(deps: ServiceDeps) {
  const { config, log, orm, pubsub, redis, cleanups } = deps;
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
    () => deps.url(),
  );
  const provider = config.cryptoPay ? new CryptoPayProvider(config.cryptoPay.token, config.cryptoPay.apiUrl) : sandbox;
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
    baseUrl: () => config.publicUrl ?? deps.url(),
  });
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
      appUrl: () => config.publicUrl ?? deps.url(),
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

  return { services, sandbox, provider, storage, showcase };
}
