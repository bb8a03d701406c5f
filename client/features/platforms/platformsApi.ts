import type { ApolloCache } from '@apollo/client';
import { graphql } from '../../gql';

/** The platform list is paged by 11. */
export const PLATFORM_PAGE_SIZE = 11;

export const PlatformsQuery = graphql(`
  query MyPlatforms($page: Int! = 1, $limit: Int! = 11) {
    platforms(page: $page, limit: $limit) {
      total
      data {
        id
        title
        logo
        status
        isActive
        completed
        revenue
      }
    }
  }
`);

export const PlatformQuery = graphql(`
  query PlatformDetails($id: ID!) {
    platform(id: $id) {
      id
      version
      title
      logo
      categoryId
      webappUrl
      tgBotUrl
      tgBotId
      hasBotToken
      rewardCallbackUrl
      isDarkTheme
      isActive
      rewards {
        id
        title
        logo
      }
      services {
        id
        taskType
        shouldConfirmWithoutPayout
        isExcluded
        defaultPrice
        reward
        rewardIcon
        awards {
          id
          platformRewardId
          platformRewardTitle
          value
        }
        tiers {
          level
          value
          publisherValue
          prices {
            value
            countryId
            country {
              id
              title
            }
          }
        }
      }
    }
  }
`);

export const PlatformKeyQuery = graphql(`
  query PlatformKey($id: ID!) {
    platform(id: $id) {
      id
      secretKey
    }
  }
`);

export const PlatformTierListQuery = graphql(`
  query PlatformTierList {
    settings {
      networkFeePercent
      tierList {
        level
        value
        publisherValue
        prices {
          value
          countryId
          country {
            id
            title
          }
        }
      }
    }
  }
`);

export const PlatformCategoriesQuery = graphql(`
  query PlatformCategories {
    categories(page: 1, limit: 100) {
      data {
        id
        title
      }
    }
  }
`);

export const CreatePlatformMutation = graphql(`
  mutation CreatePlatform($input: PlatformInput!) {
    createPlatform(input: $input) {
      id
      title
    }
  }
`);

export const UpdatePlatformMutation = graphql(`
  mutation UpdatePlatform($id: ID!, $input: PlatformInput!, $expectedVersion: Int) {
    updatePlatform(id: $id, input: $input, expectedVersion: $expectedVersion) {
      id
      version
      title
      logo
      isActive
    }
  }
`);

export const RegeneratePlatformKeyMutation = graphql(`
  mutation RegeneratePlatformKey($id: ID!) {
    regeneratePlatformKey(id: $id)
  }
`);

/** App statistics: the campaigns shown in one app. */
export const PlatformCampaignsQuery = graphql(`
  query PlatformCampaigns($platformId: ID!) {
    platformCampaigns(platformId: $platformId) {
      campaignId
      task {
        type
        title
      }
      completedQuantity
      profitBudget
      isActive
    }
  }
`);

/** Header of App statistics: the app's name and its running totals. */
export const PlatformTotalsQuery = graphql(`
  query PlatformTotals($id: ID!) {
    platform(id: $id) {
      id
      title
      completed
      revenue
    }
  }
`);

const PlatformTotalsFragment = graphql(`
  fragment PlatformLiveTotals on Platform {
    id
    completed
    revenue
  }
`);

/** One conversion in one of my apps: the campaign's row and the app's totals after it. */
export const PlatformStatsSubscription = graphql(`
  subscription PlatformStatsLive($platformId: ID) {
    platformStatsChanged(platformId: $platformId) {
      platformId
      campaignId
      completedQuantity
      profitBudget
      platformCompleted
      platformRevenue
    }
  }
`);

/** Writes an app's new totals into `Platform:<id>`: every card and header showing them re-renders. */
export function writePlatformTotals(
  cache: ApolloCache,
  stats: { platformId: string; platformCompleted: number; platformRevenue: string },
): void {
  cache.writeFragment({
    fragment: PlatformTotalsFragment,
    id: cache.identify({ __typename: 'Platform', id: stats.platformId }),
    data: {
      __typename: 'Platform',
      id: stats.platformId,
      completed: stats.platformCompleted,
      revenue: stats.platformRevenue,
    },
  });
}
