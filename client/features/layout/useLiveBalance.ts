import { useSubscription } from '@apollo/client/react';
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

/** Keeps the signed-in user's balances in the cache current; every chip reading them re-renders. */
export function useLiveBalance(userId: string | undefined): void {
  useSubscription(BalanceChangedSubscription, {
    skip: !userId,
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
