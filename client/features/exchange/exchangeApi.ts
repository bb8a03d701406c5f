import { graphql } from '../../gql';

/** Catalog page size: four rows of three cards. */
export const CATALOG_PAGE_SIZE = 12;
export const OFFERS_PAGE_SIZE = 10;
export const DEALS_PAGE_SIZE = 10;

export const ExchangeMeQuery = graphql(`
  query ExchangeMe {
    me {
      id
      isExchangeReady
    }
  }
`);

export const JoinExchangeMutation = graphql(`
  mutation JoinExchange($ready: Boolean!) {
    updateMe(input: { isExchangeReady: $ready }) {
      id
      isExchangeReady
    }
  }
`);

export const CatalogQuery = graphql(`
  query ExchangeCatalog($search: String, $page: Int!, $limit: Int!) {
    exchangeCatalog(search: $search, page: $page, limit: $limit) {
      total
      data {
        id
        title
        logo
        ownerName
        taskTypes
        recentCompletions
        category {
          id
          title
        }
      }
    }
  }
`);

/** My apps and projects for the offer form, and the partner's projects. */
export const OfferChoicesQuery = graphql(`
  query OfferChoices($partnerPlatformId: ID!) {
    platforms(page: 1, limit: 100) {
      data {
        id
        title
        isActive
      }
    }
    mine: exchangeProjects {
      id
      title
      resources
    }
    theirs: exchangeProjects(platformId: $partnerPlatformId) {
      id
      title
      resources
      taskTypes
    }
  }
`);

export const CreateOfferMutation = graphql(`
  mutation CreateOffer($input: CreateOfferInput!) {
    createOffer(input: $input) {
      id
      status
    }
  }
`);

export const OfferCardFragment = graphql(`
  fragment OfferCard_offer on Offer {
    id
    createdAt
    status
    quantity
    partnerQuantity
    expiresAt
    message
    dealId
    proposer {
      id
      name
    }
    partner {
      id
      name
    }
    platform {
      id
      title
      logo
    }
    project {
      id
      title
    }
    partnerPlatform {
      id
      title
      logo
    }
    partnerProject {
      id
      title
    }
  }
`);

export const OffersQuery = graphql(`
  query ExchangeOffers($direction: OfferDirection!, $page: Int!, $limit: Int!) {
    exchangeOffers(direction: $direction, page: $page, limit: $limit) {
      total
      data {
        id
        ...OfferCard_offer
      }
    }
  }
`);

export const ExchangeOfferQuery = graphql(`
  query ExchangeOffer($id: ID!) {
    exchangeOffer(id: $id) {
      id
      proposer {
        id
      }
      ...OfferCard_offer
    }
  }
`);

export const ConfirmOfferMutation = graphql(`
  mutation ConfirmOffer($id: ID!) {
    confirmOffer(id: $id) {
      id
      status
      dealId
    }
  }
`);
export const RejectOfferMutation = graphql(`
  mutation RejectOffer($id: ID!) {
    rejectOffer(id: $id) {
      id
      status
    }
  }
`);
export const WithdrawOfferMutation = graphql(`
  mutation WithdrawOffer($id: ID!) {
    withdrawOffer(id: $id) {
      id
      status
    }
  }
`);

export const AwaitingOffersQuery = graphql(`
  query AwaitingOffers {
    awaitingOffers {
      incoming
      outgoing
    }
  }
`);

export const AwaitingOffersChangedSubscription = graphql(`
  subscription AwaitingOffersChanged {
    awaitingOffersChanged {
      incoming
      outgoing
    }
  }
`);

export const DealCardFragment = graphql(`
  fragment DealCard_deal on Deal {
    id
    createdAt
    status
    quantity
    delivered
    partnerQuantity
    partnerDelivered
    proposer {
      id
      name
    }
    partner {
      id
      name
    }
    platform {
      id
      title
      logo
    }
    project {
      id
      title
    }
    partnerPlatform {
      id
      title
      logo
    }
    partnerProject {
      id
      title
    }
  }
`);

export const DealsQuery = graphql(`
  query ExchangeDeals($page: Int!, $limit: Int!) {
    exchangeDeals(page: $page, limit: $limit) {
      total
      data {
        id
        ...DealCard_deal
      }
    }
  }
`);

export const DealUpdatedSubscription = graphql(`
  subscription DealUpdated {
    dealUpdated {
      id
      ...DealCard_deal
    }
  }
`);

export const ChangeDealMutation = graphql(`
  mutation ChangeDeal($id: ID!, $action: DealAction!) {
    changeDeal(id: $id, action: $action) {
      id
      ...DealCard_deal
    }
  }
`);
