import { refetchAgainIfInFlight, useLiveSubscription } from '../../lib/live';
import { graphql } from '../../gql';

const BalanceChangedSubscription = graphql(`
  subscription BalanceChanged {
    balanceChanged {
      advertiserBalance
      publisherBalance
      publisherOnHoldBalance
    }
  }
`);

/**
 * Keeps the signed-in user's balances in the cache current; every chip and card reading them
 * re-renders. `refetch` reloads the balances (quietly, `refetchQuietly`, the query `observable`)
 * when the subscription becomes live (a change just before is not an event this subscription
 * sees). An event that lands while that reload is in flight is followed by one more: the reload
 * may have read the balances before the event's change, and its answer, written last, would
 * leave the chip and the Withdraw page one event behind until the next one.
 * The server sends the events of one subscription in account-version order (`newestBalances`).
 */
export function useLiveBalance(userId: string | undefined, refetch: () => void, observable: object): void {
  useLiveSubscription(BalanceChangedSubscription, {
    skip: !userId,
    onLive: refetch,
    onData: ({ client, data }) => {
      const balances = data.data?.balanceChanged;
      if (!balances || !userId) return;
      refetchAgainIfInFlight(observable);
      client.cache.modify({
        id: client.cache.identify({ __typename: 'User', id: userId }),
        fields: {
          advertiserBalance: () => balances.advertiserBalance,
          publisherBalance: () => balances.publisherBalance,
          publisherOnHoldBalance: () => balances.publisherOnHoldBalance,
        },
      });
    },
  });
}
