import { defineArea } from '../../app/area.ts';
import { notifyLater } from '../notifications/notify.ts';
import { Deal, Offer } from './exchange.entity.ts';
import { exchangeRoutes } from './exchange.rest.ts';
import './exchange.schema.ts';
import { ExchangeService } from './exchange.service.ts';

/** Traffic exchange: offers between publishers, and the swap deals they agree to. */
export const exchangeArea = defineArea({
  name: 'exchange',
  provides: ['exchange'],
  needs: ['lookups'],
  later: ['notifications'],
  entities: [Offer, Deal],
  services: ({ log, pubsub }, { lookups }, later) => ({
    exchange: new ExchangeService({
      pubsub,
      lookups,
      log,
      notify: notifyLater(later),
    }),
  }),
  routes: exchangeRoutes,
  jobs: ({ log, em, services }) => [
    {
      name: 'offer-expiry',
      run: async () => {
        const expired = await services.exchange.expireOffers(em());
        if (expired) log.info({ expired }, 'exchange offers expired');
      },
    },
  ],
  topics: ['awaitingOffers', 'deals'],
});
