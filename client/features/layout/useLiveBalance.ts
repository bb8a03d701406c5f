import { useLiveSubscription } from '../../lib/live';
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
 * Keeps the signed-in user's balances in the cache current; every chip reading them re-renders.
 * `refetch` reloads the balances when the subscription becomes live (a change just before is
 * not an event this subscription sees).
 */
export function useLiveBalance(userId: string | undefined, refetch: () => void): void {
  useLiveSubscription(BalanceChangedSubscription, {
    skip: !userId,
    onLive: refetch,
    onData: ({ client, data }) => {
      const balances = data.data?.balanceChanged;
      if (!balances || !userId) return;
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
