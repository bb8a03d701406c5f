import { graphql } from '../../gql';

/** The signed-in layout's account: the header, the menus and the balance (its route prefetches it). */
export const LayoutMeQuery = graphql(`
  query LayoutMe {
    me {
      id
      defaultRole
      isModerator
      isFinance
      isAdmin
      isExchangeReady
      language
      ...BalanceChip_user
      ...UserMenu_user
      ...MobileDrawer_user
    }
  }
`);
