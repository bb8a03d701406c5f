import { useQuery } from '@apollo/client/react';
import { LIVE_QUERY, useLiveSubscription } from '../../lib/live';
import { AwaitingOffersChangedSubscription, AwaitingOffersQuery } from './exchangeApi';

/**
 * The Incoming/Outgoing tab badges: loaded only for exchange-ready users (spec 6), then kept
 * current by `awaitingOffersChanged` written into the cached query, no reload or polling.
 */
export function useAwaitingOffers(enabled: boolean): { incoming: number; outgoing: number } | null {
  const { data, refetch } = useQuery(AwaitingOffersQuery, {
    skip: !enabled,
    context: LIVE_QUERY,
    // A badge: a refetch in flight changes nothing on screen.
    notifyOnNetworkStatusChange: false,
  });
  useLiveSubscription(AwaitingOffersChangedSubscription, {
    skip: !enabled,
    onLive: () => void refetch(),
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
