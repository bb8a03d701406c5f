import { graphql } from '../../gql';

export const QualityFieldsFragment = graphql(`
  fragment QualityFields on PlatformQuality {
    platformId
    score
    conversions
    minSample
    retention
    retentionSample
    retention30d
    retention30dSample
    voidRate
    reportsPer1000
    fraudHitsPer1000
    fastShare
    penalties {
      component
      points
    }
  }
`);

export const AppQualityFieldsFragment = graphql(`
  fragment AppQualityFields on AppQuality {
    platformId
    excludedByCampaigns
    pause {
      since
      score
      floor
      liftedAt
      liftNote
    }
    quality {
      ...QualityFields
    }
  }
`);

export const AppQualityQuery = graphql(`
  query AppQuality($platformId: ID!) {
    appQuality(platformId: $platformId) {
      platformId
      ...AppQualityFields
    }
  }
`);

export const AppQualitySubscription = graphql(`
  subscription AppQualityChanged($platformId: ID) {
    platformQualityChanged(platformId: $platformId) {
      platformId
      ...AppQualityFields
    }
  }
`);

export const ExcludedPlatformsQuery = graphql(`
  query ExcludedPlatforms($campaignId: ID) {
    excludedPlatforms(campaignId: $campaignId) {
      platformId
      title
      logo
      createdAt
    }
  }
`);

export const SetPlatformExcludedMutation = graphql(`
  mutation SetPlatformExcluded($platformId: ID!, $campaignId: ID, $excluded: Boolean!) {
    setPlatformExcluded(platformId: $platformId, campaignId: $campaignId, excluded: $excluded) {
      platformId
      title
      logo
      createdAt
    }
  }
`);
