import { graphql } from '../../gql';
import type { CampaignSortField, CampaignStatus, TaskType } from '../../gql/graphql';
import { initialTableState, type TableState, tableVariables } from '../../lib/tableState';

/** The campaign list's page size: 20, like the transaction history. */
export const CAMPAIGN_PAGE_SIZE = 20;

/** The table's state on arrival (the page and its route's prefetch start alike). */
export const campaignsFirstState = () => initialTableState<CampaignSortField>({ size: CAMPAIGN_PAGE_SIZE });

/** MyCampaigns' variables for a table state and the filters ('' is every status or task type). */
export function campaignsVariables(
  state: TableState<CampaignSortField>,
  filters: { status: CampaignStatus | ''; taskType: TaskType | '' },
) {
  return {
    ...tableVariables(state),
    filters: {
      status: filters.status ? [filters.status] : null,
      taskType: filters.taskType ? [filters.taskType] : null,
    },
  };
}

export const CampaignRowFragment = graphql(`
  fragment CampaignRow_campaign on Campaign {
    id
    projectId
    taskId
    name
    status
    rejectReason
    isActive
    dailyCap
    isPremiumOnly
    newUsersOnly
    minQuality
    unscoredAllowed
    prices {
      tierLevel
      value
    }
    task {
      id
      type
      title
      logo
      url
    }
    budget
    spend
    conversions
    todayConversions
    todaySpend
    notNew
  }
`);

export const CampaignsQuery = graphql(`
  query MyCampaigns(
    $page: Int!
    $size: Int
    $sortField: CampaignSortField
    $sortOrder: SortOrder
    $filters: CampaignFilters
    $search: String
  ) {
    campaigns(page: $page, size: $size, sortField: $sortField, sortOrder: $sortOrder, filters: $filters, search: $search) {
      totalCount
      data {
        id
        ...CampaignRow_campaign
      }
    }
  }
`);

/** Tiers, languages and the premium-only commission for the create form. */
export const CampaignSettingsQuery = graphql(`
  query CampaignSettings {
    settings {
      onlyPremiumUserCommission
      languages {
        code
        title
      }
      tierList {
        level
        value
        prices {
          countryId
        }
      }
    }
  }
`);

export const CountriesQuery = graphql(`
  query CampaignCountries {
    countries {
      id
      title
    }
  }
`);

export const AdvertiserBalanceQuery = graphql(`
  query CampaignAdvertiserBalance {
    me {
      id
      advertiserBalance
    }
  }
`);

/** The resources of one project, for the create dialog's resource picker. */
export const ProjectResourcesQuery = graphql(`
  query CampaignProjectResources($id: ID!) {
    project(id: $id) {
      id
      tasks {
        id
        type
        title
        logo
      }
    }
  }
`);

export const CreateCampaignMutation = graphql(`
  mutation CreateCampaign($projectId: ID!, $taskId: ID!, $input: CreateCampaignInput!) {
    createCampaign(projectId: $projectId, taskId: $taskId, input: $input) {
      id
      ...CampaignRow_campaign
    }
  }
`);

export const CampaignEditQuery = graphql(`
  query CampaignEdit($id: ID!) {
    campaign(id: $id) {
      id
      version
      countries
      languages
      ...CampaignRow_campaign
    }
  }
`);

export const UpdateCampaignMutation = graphql(`
  mutation UpdateCampaign($id: ID!, $input: UpdateCampaignInput!, $expectedVersion: Int) {
    updateCampaign(id: $id, input: $input, expectedVersion: $expectedVersion) {
      id
      version
      countries
      languages
      ...CampaignRow_campaign
    }
  }
`);

export const SetCampaignActiveMutation = graphql(`
  mutation SetCampaignActive($id: ID!, $isActive: Boolean!) {
    updateCampaign(id: $id, input: { isActive: $isActive }) {
      id
      isActive
      status
    }
  }
`);

export const FundCampaignMutation = graphql(`
  mutation FundCampaign($id: ID!, $value: Money!, $idempotencyKey: String) {
    fundCampaign(id: $id, value: $value, idempotencyKey: $idempotencyKey) {
      id
      budget
      status
      isActive
    }
  }
`);

export const ReturnCampaignBudgetMutation = graphql(`
  mutation ReturnCampaignBudget($id: ID!, $value: Money!, $idempotencyKey: String) {
    returnCampaignBudget(id: $id, value: $value, idempotencyKey: $idempotencyKey) {
      id
      budget
      status
      isActive
    }
  }
`);

/** Live counters of every campaign of the signed-in advertiser (no projectId) or of one project. */
export const CampaignStatsChangedSubscription = graphql(`
  subscription CampaignStatsChanged($projectId: ID) {
    campaignStatsChanged(projectId: $projectId) {
      id
      projectId
      status
      rejectReason
      isActive
      budget
      conversions
      spend
      todayConversions
      todaySpend
      notNew
    }
  }
`);
