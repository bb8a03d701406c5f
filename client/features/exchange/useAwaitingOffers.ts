import { useQuery, useSubscription } from '@apollo/client/react';
import { AwaitingOffersChangedSubscription, AwaitingOffersQuery } from './exchangeApi';

/**
 * The Incoming/Outgoing tab badges: loaded only for exchange-ready users (spec 6), then kept
 * current by `awaitingOffersChanged` written into the cached query, no reload or polling.
 */
export function useAwaitingOffers(enabled: boolean): { incoming: number; outgoing: number } | null {
  const { data } = useQuery(AwaitingOffersQuery, { skip: !enabled });
  useSubscription(AwaitingOffersChangedSubscription, {
    skip: !enabled,
    onData: ({ client, data: event }) => {
      const counts = event.data?.awaitingOffersChanged;
      if (!counts) return;
      client.writeQuery({
        query: AwaitingOffersQuery,
        data: {
          __typename: 'Query',
          awaitingOffers: { __typename: 'AwaitingOffers', incoming: counts.incoming, outgoing: counts.outgoing },
        },
      });
    },
  });
  return enabled && data ? data.awaitingOffers : null;
}
