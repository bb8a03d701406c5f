import { t } from '@lingui/core/macro';
import { useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { CloudOff } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { serverError } from '../../lib/serverError';
import type { TierOption } from './campaign';
import { CampaignSettingsQuery, CountriesQuery } from './campaignsApi';
import { Trans } from '@lingui/react/macro';

/**
 * What the campaign form needs whether it creates or edits: the settings (tiers by level,
 * languages, the Premium commission) and the countries. `fallback` is what to show instead of
 * the form while they load or after they failed (`extra` adds the caller's own queries).
 */
export function useCampaignFormData(extra: { ready: boolean; error?: unknown; retry?: () => void; testId: string }) {
  const settings = useQuery(CampaignSettingsQuery);
  const countries = useQuery(CountriesQuery);
  const tiers = useMemo<TierOption[]>(
    () =>
      [...(settings.data?.settings.tierList ?? [])]
        .sort((a, b) => a.level - b.level)
        .map((t) => ({ level: t.level, value: t.value, countryIds: t.prices.map((p) => p.countryId) })),
    [settings.data],
  );
  const loaded = settings.data && countries.data ? { settings: settings.data.settings, countries } : null;
  const failed = settings.error ?? countries.error ?? extra.error;
  let fallback: ReactNode = null;
  if (failed && !(loaded && extra.ready)) {
    fallback = (
      <EmptyState icon={<CloudOff />} title={t`Could not load the form`} description={serverError(failed).message}>
        <Button
          onClick={() => {
            void settings.refetch();
            void countries.refetch();
            extra.retry?.();
          }}
        >
          <Trans>Try again</Trans>
        </Button>
      </EmptyState>
    );
  } else if (!loaded || !extra.ready) {
    fallback = (
      <Stack gap="4" data-testid={extra.testId}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="12" />
        ))}
      </Stack>
    );
  }
  return {
    tiers,
    fallback,
    form: loaded && {
      tiers,
      languages: loaded.settings.languages,
      countries: countries.data?.countries ?? [],
      premiumCommission: loaded.settings.onlyPremiumUserCommission,
    },
  };
}
