import { useMutation, useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { CloudOff } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import { serverError } from '../payments/serverError';
import { type CampaignValues, type TierOption, formFieldOf, formatUsd } from './campaign';
import { CampaignForm } from './CampaignForm';
import {
  CampaignEditQuery,
  CampaignRowFragment,
  CampaignSettingsQuery,
  CountriesQuery,
  UpdateCampaignMutation,
} from './campaignsApi';

/**
 * The campaign update modal (spec 2.4): name, prices, daily cap and targeting of an existing
 * campaign, in the same form as New campaign. Budget moves stay in Add budget / Return budget.
 */
export function EditCampaignDialog({ campaignId, onClose }: { campaignId: string | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={campaignId !== null}
      onOpenChange={(e) => !e.open && onClose()}
      size="md"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="edit-campaign-dialog">
            <Dialog.Header>
              <Dialog.Title>Edit campaign</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{campaignId && <EditCampaign id={campaignId} onClose={onClose} />}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function EditCampaign({ id, onClose }: { id: string; onClose: () => void }) {
  const settings = useQuery(CampaignSettingsQuery);
  const countries = useQuery(CountriesQuery);
  const campaign = useQuery(CampaignEditQuery, { variables: { id }, fetchPolicy: 'network-only' });
  const [update] = useMutation(UpdateCampaignMutation);

  const tiers = useMemo<TierOption[]>(
    () =>
      [...(settings.data?.settings.tierList ?? [])]
        .sort((a, b) => a.level - b.level)
        .map((t) => ({ level: t.level, value: t.value, countryIds: t.prices.map((p) => p.countryId) })),
    [settings.data],
  );
  const loaded = campaign.data?.campaign;
  const row = loaded ? unmask(CampaignRowFragment, loaded) : undefined;
  const values = useMemo<CampaignValues | undefined>(() => {
    if (!loaded || !row) return undefined;
    const price = new Map(row.prices.map((p) => [p.tierLevel, p.value]));
    return {
      projectId: row.projectId,
      taskId: row.taskId ?? '',
      name: row.name,
      prices: tiers.map((t) => formatUsd(price.get(t.level) ?? t.value)),
      dailyCap: row.dailyCap == null ? '' : String(row.dailyCap),
      countries: loaded.countries,
      languages: loaded.languages,
      isPremiumOnly: row.isPremiumOnly,
      newUsersOnly: row.newUsersOnly,
      budget: '',
    };
  }, [loaded, row, tiers]);

  const failed = settings.error ?? countries.error ?? campaign.error;
  if (failed && !(settings.data && countries.data && loaded)) {
    return (
      <EmptyState icon={<CloudOff />} title="Could not load the campaign" description={serverError(failed).message}>
        <Button
          onClick={() => {
            void settings.refetch();
            void countries.refetch();
            void campaign.refetch();
          }}
        >
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (!settings.data || !countries.data || !values || !row) {
    return (
      <Stack gap="4" data-testid="edit-campaign-loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="12" />
        ))}
      </Stack>
    );
  }

  return (
    <CampaignForm
      tiers={tiers}
      languages={settings.data.settings.languages}
      countries={countries.data.countries}
      premiumCommission={settings.data.settings.onlyPremiumUserCommission}
      edit={{
        values,
        task: { id: row.task.id ?? row.taskId ?? '', title: row.task.title, logo: row.task.logo, type: row.task.type },
      }}
      onCancel={onClose}
      onSubmit={async (_target, input) => {
        const { budget: _budget, ...changes } = input;
        try {
          await update({ variables: { id, input: changes } });
          notifySuccess('Campaign saved');
          onClose();
          return undefined;
        } catch (error) {
          const failure = serverError(error);
          notifyError(failure.message);
          return formFieldOf(failure, tiers) ? failure : undefined;
        }
      }}
    />
  );
}
