import { useMutation, useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { CloudOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { serverError } from '../payments/serverError';
import { ProjectsQuery } from '../projects/projectsApi';
import { type TierOption, campaignMessages, formFieldOf } from './campaign';
import { CampaignForm, type ResourceOption } from './CampaignForm';
import {
  AdvertiserBalanceQuery,
  CampaignSettingsQuery,
  CountriesQuery,
  CreateCampaignMutation,
  ProjectResourcesQuery,
} from './campaignsApi';

export interface CampaignPreset {
  projectId: string;
  task: ResourceOption;
}

/**
 * 'New campaign' modal (size md). Opened from the campaign page (pick a project and a resource)
 * or from a resource table row (`preset`). Mounts its queries only while open.
 */
export function CreateCampaignDialog({
  open,
  preset,
  onClose,
  onCreated,
}: {
  open: boolean;
  preset?: CampaignPreset | null;
  onClose: () => void;
  onCreated?: (campaignId: string) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="create-campaign-dialog">
            <Dialog.Header>
              <Dialog.Title>New campaign</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {open && <CreateCampaign preset={preset ?? undefined} onClose={onClose} onCreated={onCreated} />}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CreateCampaign({
  preset,
  onClose,
  onCreated,
}: {
  preset?: CampaignPreset;
  onClose: () => void;
  onCreated?: (campaignId: string) => void;
}) {
  const settings = useQuery(CampaignSettingsQuery);
  const countries = useQuery(CountriesQuery);
  const balance = useQuery(AdvertiserBalanceQuery, { fetchPolicy: 'cache-and-network' });
  const projects = useQuery(ProjectsQuery, { skip: Boolean(preset) });
  const [projectId, setProjectId] = useState('');
  const resources = useQuery(ProjectResourcesQuery, {
    variables: { id: projectId },
    skip: Boolean(preset) || !projectId,
  });
  const [createCampaign] = useMutation(CreateCampaignMutation);

  const tiers = useMemo<TierOption[]>(
    () =>
      [...(settings.data?.settings.tierList ?? [])]
        .sort((a, b) => a.level - b.level)
        .map((t) => ({ level: t.level, value: t.value, countryIds: t.prices.map((p) => p.countryId) })),
    [settings.data],
  );

  const failed = settings.error ?? countries.error;
  if (failed && !(settings.data && countries.data)) {
    return (
      <EmptyState icon={<CloudOff />} title="Could not load the form" description={serverError(failed).message}>
        <Button
          onClick={() => {
            void settings.refetch();
            void countries.refetch();
          }}
        >
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (!settings.data || !countries.data || (!preset && !projects.data)) {
    return (
      <Stack gap="4" data-testid="create-campaign-loading">
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
      balance={balance.data?.me.advertiserBalance}
      preset={preset}
      picker={
        preset
          ? undefined
          : {
              projects: projects.data?.projects.data ?? [],
              resources: projectId ? (resources.data?.project.tasks ?? null) : [],
              onProjectChange: setProjectId,
            }
      }
      onCancel={onClose}
      onSubmit={async ({ projectId, taskId }, input) => {
        try {
          const { data } = await createCampaign({
            variables: { projectId, taskId, input },
            // Lists holding campaigns (the campaign page, the resource's Campaign cell) are
            // dropped from the cache; the ones on screen reload at once.
            update(cache) {
              cache.evict({ id: 'ROOT_QUERY', fieldName: 'campaigns' });
              cache.evict({ id: cache.identify({ __typename: 'Task', id: taskId }), fieldName: 'campaigns' });
            },
            onQueryUpdated: (query) => query.refetch(),
          });
          notifySuccess(campaignMessages.created);
          if (data) onCreated?.(data.createCampaign.id);
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
