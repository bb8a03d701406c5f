import { defineArea } from '../../app/area.ts';
import { notifyLater } from '../notifications/notify.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { CallbacksService } from './callbacks.service.ts';
import { ConversionNotices } from './conversion-notices.ts';
import {
  Campaign,
  Click,
  Conversion,
  PlatformCampaignStats,
  PlayerReport,
  RewardCallback,
  RewardCallbackAttempt,
} from './campaign.entity.ts';
import { campaignsRoutes } from './campaigns.rest.ts';
import './campaigns.schema.ts';
import { CampaignsService } from './campaigns.service.ts';
import { ConversionsService, DAY_MS } from './conversions.service.ts';

/**
 * Campaigns, clicks and the conversion loop: a conversion pays the publisher (on hold), tells
 * the app's reward callback, counts toward an exchange deal and is checked by the fraud rules.
 */
export const campaignsArea = defineArea({
  name: 'campaigns',
  provides: ['campaigns', 'callbacks', 'conversions'],
  needs: ['ledger', 'lookups'],
  // Conversions tell the exchange, fraud and quality areas, which are built from campaigns.
  later: ['exchange', 'fraud', 'quality', 'notifications'],
  entities: [Campaign, Click, Conversion, PlatformCampaignStats, RewardCallback, RewardCallbackAttempt, PlayerReport],
  sql: [
    sqlDefinition(import.meta.url, './sql/record_conversion.sql'),
    sqlDefinition(import.meta.url, './sql/record_conversions.sql'),
  ],
  services: ({ config, log, pubsub, em, telegram, outbound }, { ledger, lookups }, later) => {
    const campaigns = new CampaignsService({ pubsub, ledger, lookups });
    const callbacks = new CallbacksService({
      em,
      outbound,
      pubsub,
      secretsKey: config.secretsKey,
      maxAttempts: config.rewardCallbackMaxAttempts,
      log,
    });
    const notices = new ConversionNotices();
    const notify = notifyLater(later);
    // Exchange, fraud and quality are told of conversions once every area is built.
    const conversions = new ConversionsService({
      pubsub,
      ledger,
      campaigns,
      telegram,
      feePercent: config.networkFeePercent,
      batchesInFlight: config.conversionBatches,
      log,
      onCallback: (id) => callbacks.kick(id),
      onDelivery: (dealId) => void later().exchange.publishDeal(em(), dealId),
      onConversion: (id) => later().fraud.afterConversion(id),
      onLeaves: (platformIds) => void later().fraud.afterLeaves(platformIds),
      onHoldsEnded: (platformIds) => later().quality.soon(platformIds),
    });
    // Budget, daily cap and first-conversion notices, after the commit (keyed: sent once).
    conversions.afterResults(
      (results) =>
        void notices
          .events(em(), results)
          .then((events) =>
            events.length ? inTransaction(em(), pubsub, (tx, emit) => notify(tx, events, emit)) : undefined,
          )
          .catch((err) => log.warn({ err }, 'conversion notices not written')),
    );
    return { campaigns, callbacks, conversions };
  },
  routes: campaignsRoutes,
  jobs: ({ config, log, em, services }) => [
    {
      name: 'hold-end',
      run: async () => {
        const held = await services.conversions.resolveHolds(em(), config.holdDays * DAY_MS);
        if (held.posted || held.voided) log.info(held, 'hold ended: conversions posted or voided');
      },
    },
    {
      name: 'reward-callbacks',
      run: async () => {
        const delivered = await services.callbacks.deliverDue();
        if (delivered) log.info({ delivered }, 'reward callbacks delivered on retry');
      },
    },
  ],
  topics: ['campaignStats', 'ownerCampaignStats', 'platformStats', 'ownerPlatformStats', 'rewardCallbacks'],
});
