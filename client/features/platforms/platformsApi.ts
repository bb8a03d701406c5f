import { graphql } from '../../gql';
import { api } from '../../lib/api';

/** Spec 9: the platform list is paged by 11. */
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
      }
    }
  }
`);

export const PlatformQuery = graphql(`
  query PlatformDetails($id: ID!) {
    platform(id: $id) {
      id
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
      tierList {
        level
        value
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
  mutation UpdatePlatform($id: ID!, $input: PlatformInput!) {
    updatePlatform(id: $id, input: $input) {
      id
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

export interface PlatformCampaignRow {
  id?: string | number;
  task: { type: string; title: string };
  completedQuantity: number;
  profitBudget: string | number;
  isActive: boolean;
}

/** GET /api/v1/platforms/:id/campaigns (rows are filled once campaigns run on the app). */
export async function fetchPlatformCampaigns(id: string): Promise<PlatformCampaignRow[]> {
  const value = await api<{ data: PlatformCampaignRow[] } | PlatformCampaignRow[]>(
    'GET',
    `/v1/platforms/${encodeURIComponent(id)}/campaigns`,
  );
  return Array.isArray(value) ? value : (value?.data ?? []);
}
