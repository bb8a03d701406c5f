import { useLiveQuery } from '../../lib/live';
import { AwaitingOffersChangedSubscription, AwaitingOffersQuery } from './exchangeApi';

/**
 * The Incoming/Outgoing tab badges: loaded only for exchange-ready users, then kept
 * current by `awaitingOffersChanged` written into the cached query, no reload or polling.
 */
export function useAwaitingOffers(enabled: boolean): { incoming: number; outgoing: number } | null {
  const awaiting = useLiveQuery(
    AwaitingOffersQuery,
    { skip: !enabled },
    {
      subscription: AwaitingOffersChangedSubscription,
      skip: !enabled,
      onEvent: (event, { client }) => {
        const counts = event?.awaitingOffersChanged;
        if (!counts) return;
        client.writeQuery({
          query: AwaitingOffersQuery,
          data: {
            __typename: 'Query',
            awaitingOffers: { __typename: 'AwaitingOffers', incoming: counts.incoming, outgoing: counts.outgoing },
          },
        });
      },
    },
  );
  return enabled && awaiting.data ? awaiting.data.awaitingOffers : null;
}
