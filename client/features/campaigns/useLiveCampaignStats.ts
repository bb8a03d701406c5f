import { useLiveSubscription } from '../../lib/live';
import { CampaignStatsChangedSubscription } from './campaignsApi';

/**
 * Writes every `campaignStatsChanged` event into the cached `Campaign:<id>`, so counters,
 * budgets and statuses on screen tick without a refetch. Campaigns not in the cache are left
 * alone (they load with their page). Without `projectId`: all of the advertiser's campaigns.
 * `onLive` runs whenever the subscription becomes live: the page refetches what it shows.
 */
export function useLiveCampaignStats(projectId: string | undefined, skip: boolean, onLive: () => void): void {
  useLiveSubscription(CampaignStatsChangedSubscription, {
    variables: { projectId: projectId ?? null },
    skip,
    onLive,
    onData: ({ client, data }) => {
      const stats = data.data?.campaignStatsChanged;
      if (!stats) return;
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Campaign', id: stats.id }),
        fields: {
          status: () => stats.status,
          rejectReason: () => stats.rejectReason ?? null,
          isActive: () => stats.isActive,
          budget: () => stats.budget,
          conversions: () => stats.conversions,
          spend: () => stats.spend,
          todayConversions: () => stats.todayConversions,
          todaySpend: () => stats.todaySpend,
          notNew: () => stats.notNew,
        },
      });
    },
  });
}
