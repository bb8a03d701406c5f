import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { ExcludedPlatformsQuery, SetPlatformExcludedMutation } from './qualityApi';

/**
 * The advertiser's exclusions the report by app acts on: one campaign's list when a campaign is
 * chosen, else the list for all of their campaigns. `toggle` excludes an app (or includes it
 * again) and answers once the server saved it; the showcase follows within a second.
 */
export function useAppExclusions(campaignId: string | null, skip = false) {
  const variables = { campaignId: campaignId || null };
  const list = useQuery(ExcludedPlatformsQuery, { variables, fetchPolicy: 'cache-and-network', skip });
  const [save] = useMutation(SetPlatformExcludedMutation);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const apps = list.data?.excludedPlatforms ?? [];
  const excluded = useMemo(() => new Set(apps.map((a) => a.platformId)), [apps]);

  const toggle = async (platformId: string, title: string, exclude: boolean) => {
    setPending((p) => new Set(p).add(platformId));
    try {
      await save({
        variables: { platformId, campaignId: variables.campaignId, excluded: exclude },
        update: (cache, { data }) => {
          if (data)
            cache.writeQuery({
              query: ExcludedPlatformsQuery,
              variables,
              data: { __typename: 'Query', excludedPlatforms: data.setPlatformExcluded },
            });
        },
      });
      const what = campaignId ? t`this campaign` : t`your campaigns`;
      notifySuccess(exclude ? t`${title} no longer shows ${what}` : t`${title} shows ${what} again`);
    } catch (err) {
      notifyError(t`The app list was not changed: ${errorMessage(err)}`);
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(platformId);
        return next;
      });
    }
  };

  return {
    apps,
    excluded,
    pending,
    toggle,
    loading: list.loading && !list.data,
    scope: campaignId ? 'campaign' : 'all',
  } as const;
}
