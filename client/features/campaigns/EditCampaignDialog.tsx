import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { useMemo, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import { serverError } from '../../lib/serverError';
import { type CampaignValues, formFieldOf, formatUsd, toCreateInput } from './campaign';
import { useCampaignFormData } from './useCampaignFormData';
import { CampaignForm } from './CampaignForm';
import { CampaignEditQuery, CampaignRowFragment, UpdateCampaignMutation } from './campaignsApi';
import { Trans } from '@lingui/react/macro';
import { StaleNotice, myChanges, staleCurrent } from '../teams/StaleNotice';
import { type StaleCampaign, staleChanges } from './staleCampaign';
import { PresenceBar } from '../teams/PresenceBar';
import { ObjectHistory } from '../teams/ActivityTable';
import { Box } from '@chakra-ui/react/box';

/**
 * The campaign update modal: name, prices, daily cap and targeting of an existing
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
              <Dialog.Title>
                <Trans>Edit campaign</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {campaignId && (
                <>
                  <EditCampaign id={campaignId} onClose={onClose} />
                  <Box mt="8">
                    <ObjectHistory objectType="campaign" objectId={campaignId} />
                  </Box>
                </>
              )}
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

function EditCampaign({ id, onClose }: { id: string; onClose: () => void }) {
  // Another person saved first: what they saved, and the change typed here, kept to apply on top.
  const [conflict, setConflict] = useState<{ current: StaleCampaign; message: string; mine: object } | null>(null);
  // Taking theirs shows the form anew with the campaign as it is.
  const [round, setRound] = useState(0);
  const [dirty, setDirty] = useState(false);
  const campaign = useQuery(CampaignEditQuery, { variables: { id }, fetchPolicy: 'network-only' });
  const [update] = useMutation(UpdateCampaignMutation);
  const loaded = campaign.data?.campaign;
  const { tiers, fallback, form } = useCampaignFormData({
    ready: Boolean(loaded),
    error: campaign.error,
    retry: () => void campaign.refetch(),
    testId: 'edit-campaign-loading',
  });
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
      minQuality: row.minQuality == null ? '' : String(row.minQuality),
      unscoredAllowed: row.unscoredAllowed,
      budget: '',
    };
  }, [loaded, row, tiers]);
  if (fallback || !form || !values || !row) return fallback;
  const save = async (changes: object, expectedVersion: number) => {
    await update({ variables: { id, input: changes, expectedVersion } });
    notifySuccess(t`Campaign saved`);
    onClose();
  };

  return (
    <>
      <PresenceBar objectType="campaign" objectId={id} editing={dirty} />
      {conflict && (
        <StaleNotice
          message={conflict.message}
          changes={staleChanges(values, conflict.current)}
          onMine={async () => {
            try {
              await save(conflict.mine, conflict.current.version);
            } catch (error) {
              notifyError(serverError(error).message);
            }
          }}
          onTheirs={async () => {
            setConflict(null);
            await campaign.refetch();
            setRound((r) => r + 1);
          }}
        />
      )}
      <CampaignForm
        key={round}
        {...form}
        edit={{
          values,
          task: {
            id: row.task.id ?? row.taskId ?? '',
            title: row.task.title,
            logo: row.task.logo,
            type: row.task.type,
          },
        }}
        onCancel={onClose}
        onDirtyChange={setDirty}
        onSubmit={async (_target, input) => {
          const { budget: _budget, ...changes } = input;
          try {
            // The version shown: a change someone else saved meanwhile is not overwritten unseen.
            await save(changes, conflict?.current.version ?? loaded?.version ?? 0);
            return undefined;
          } catch (error) {
            const failure = serverError(error);
            const current = staleCurrent<StaleCampaign>(error);
            if (current) {
              // Mine: only what was changed in this form, so theirs stays where mine did not touch it.
              const mine = myChanges(changes, toCreateInput(values, tiers));
              setConflict({ current, message: failure.message, mine });
              return undefined;
            }
            notifyError(failure.message);
            return formFieldOf(failure, tiers) ? failure : undefined;
          }
        }}
      />
    </>
  );
}
