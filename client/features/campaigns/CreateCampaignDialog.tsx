import { useMutation, useQuery } from '@apollo/client/react';
import { CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { serverError } from '../../lib/serverError';
import { ProjectsQuery } from '../projects/projectsApi';
import { campaignMessages, formFieldOf } from './campaign';
import { useCampaignFormData } from './useCampaignFormData';
import { CampaignForm, type ResourceOption } from './CampaignForm';
import { AdvertiserBalanceQuery, CreateCampaignMutation, ProjectResourcesQuery } from './campaignsApi';
import { Trans } from '@lingui/react/macro';

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
              <Dialog.Title>
                <Trans>New campaign</Trans>
              </Dialog.Title>
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
  const balance = useQuery(AdvertiserBalanceQuery, { fetchPolicy: 'cache-and-network' });
  const projects = useQuery(ProjectsQuery, { skip: Boolean(preset) });
  const [projectId, setProjectId] = useState('');
  const resources = useQuery(ProjectResourcesQuery, {
    variables: { id: projectId },
    skip: Boolean(preset) || !projectId,
  });
  const [createCampaign] = useMutation(CreateCampaignMutation);
  const { tiers, fallback, form } = useCampaignFormData({
    ready: Boolean(preset || projects.data),
    testId: 'create-campaign-loading',
  });
  if (fallback || !form) return fallback;

  return (
    <CampaignForm
      {...form}
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
