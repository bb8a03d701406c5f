import { graphql } from '../../gql';

export const PlayerReportRowFragment = graphql(`
  fragment PlayerReportRow_report on PlayerReport {
    id
    createdAt
    updatedAt
    status
    reason
    text
    playerId
    playerName
    rule
    evidence
    app {
      id
      title
    }
    campaign {
      id
      name
      taskTitle
      taskType
      ownerName
    }
    claimedBy {
      id
      name
    }
    claimedAt
  }
`);

export const PlayerReportsQuery = graphql(`
  query PlayerReports(
    $page: Int!
    $size: Int!
    $sortField: PlayerReportSortField
    $sortOrder: SortOrder
    $search: String
    $filters: PlayerReportFilters
  ) {
    playerReports(
      page: $page
      size: $size
      sortField: $sortField
      sortOrder: $sortOrder
      search: $search
      filters: $filters
    ) {
      totalCount
      data {
        id
        ...PlayerReportRow_report
      }
    }
  }
`);

export const PlayerReportDetailQuery = graphql(`
  query PlayerReportDetail($id: ID!) {
    playerReport(id: $id) {
      report {
        id
        ...PlayerReportRow_report
      }
      blocked
      conversions {
        id
        createdAt
        status
        price
        campaignId
        campaignName
        appTitle
        taskType
      }
      history {
        ...ModerationHistory_entry
      }
    }
  }
`);

export const ModerationHistoryFragment = graphql(`
  fragment ModerationHistory_entry on ModerationHistoryEntry {
    id
    at
    action
    from
    to
    note
    effects
    actor {
      id
      name
    }
  }
`);

export const PlayerReportChangedSubscription = graphql(`
  subscription PlayerReportChanged {
    playerReportChanged {
      id
      ...PlayerReportRow_report
    }
  }
`);

export const ClaimPlayerReportMutation = graphql(`
  mutation ClaimPlayerReport($id: ID!) {
    claimPlayerReport(id: $id) {
      id
      ...PlayerReportRow_report
    }
  }
`);

export const ReleasePlayerReportMutation = graphql(`
  mutation ReleasePlayerReport($id: ID!) {
    releasePlayerReport(id: $id) {
      id
      ...PlayerReportRow_report
    }
  }
`);

export const DecidePlayerReportMutation = graphql(`
  mutation DecidePlayerReport(
    $id: ID!
    $status: PlayerReportDecision!
    $note: String
    $voidConversion: Boolean
    $blockPlayer: Boolean
    $pauseCampaign: Boolean
    $askAdvertiser: Boolean
  ) {
    decidePlayerReport(
      id: $id
      status: $status
      note: $note
      voidConversion: $voidConversion
      blockPlayer: $blockPlayer
      pauseCampaign: $pauseCampaign
      askAdvertiser: $askAdvertiser
    ) {
      id
      ...PlayerReportRow_report
    }
  }
`);

export const CampaignReviewRowFragment = graphql(`
  fragment CampaignReviewRow_campaign on CampaignReview {
    id
    createdAt
    name
    status
    rejectReason
    approvedAt
    budget
    advertiser {
      id
      name
      email
    }
    project {
      id
      title
    }
    task {
      type
      title
      url
      logo
    }
    prices {
      tierLevel
      value
    }
    targeting {
      countries
      languages
      dailyCap
      premiumOnly
      newUsersOnly
      minQuality
      unscoredAllowed
    }
    claimedBy {
      id
      name
    }
    claimedAt
  }
`);

export const CampaignReviewsQuery = graphql(`
  query CampaignReviews(
    $page: Int!
    $size: Int!
    $sortField: CampaignReviewSortField
    $sortOrder: SortOrder
    $search: String
    $filters: CampaignReviewFilters
  ) {
    campaignReviews(
      page: $page
      size: $size
      sortField: $sortField
      sortOrder: $sortOrder
      search: $search
      filters: $filters
    ) {
      totalCount
      data {
        id
        ...CampaignReviewRow_campaign
      }
    }
  }
`);

export const CampaignReviewDetailQuery = graphql(`
  query CampaignReviewDetail($id: ID!) {
    campaignReview(id: $id) {
      campaign {
        id
        ...CampaignReviewRow_campaign
      }
      history {
        ...ModerationHistory_entry
      }
    }
  }
`);

export const CampaignReviewChangedSubscription = graphql(`
  subscription CampaignReviewChanged {
    campaignReviewChanged {
      id
      ...CampaignReviewRow_campaign
    }
  }
`);

export const ClaimCampaignReviewMutation = graphql(`
  mutation ClaimCampaignReview($id: ID!) {
    claimCampaignReview(id: $id) {
      id
      ...CampaignReviewRow_campaign
    }
  }
`);

export const ReleaseCampaignReviewMutation = graphql(`
  mutation ReleaseCampaignReview($id: ID!) {
    releaseCampaignReview(id: $id) {
      id
      ...CampaignReviewRow_campaign
    }
  }
`);

export const ApproveCampaignMutation = graphql(`
  mutation ApproveCampaign($id: ID!) {
    approveCampaign(id: $id) {
      id
      ...CampaignReviewRow_campaign
    }
  }
`);

export const RejectCampaignMutation = graphql(`
  mutation RejectCampaign($id: ID!, $reason: String!) {
    rejectCampaign(id: $id, reason: $reason) {
      id
      ...CampaignReviewRow_campaign
    }
  }
`);

export const ModerationCountsQuery = graphql(`
  query ModerationCounts {
    moderationCounts {
      newReports
      myReports
      campaignsToReview
      registrations
    }
  }
`);

export const RegistrationRequestChangedSubscription = graphql(`
  subscription RegistrationRequestChanged {
    registrationRequestChanged {
      id
      ...RegistrationRequestCard_request
    }
  }
`);
