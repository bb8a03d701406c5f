import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { ApiKeyDialog } from '../../components/ui/ApiKeyDialog';
import { ProjectKeyQuery, RegenerateKeyMutation, SystemBotQuery } from './projectsApi';
import { Trans } from '@lingui/react/macro';

/** Get API key of a project: the shared key modal with this project's key query and mutation. */
export function ProjectKeyDialog({ projectId, onClose }: { projectId: string | null; onClose: () => void }) {
  const { data, loading } = useQuery(ProjectKeyQuery, {
    variables: { id: projectId ?? '' },
    skip: !projectId,
    fetchPolicy: 'cache-and-network',
  });
  const [regenerate] = useMutation(RegenerateKeyMutation);

  const generate = async () => {
    if (!projectId) return;
    await regenerate({
      variables: { id: projectId },
      update: (cache, result) => {
        const secretKey = result.data?.regenerateProjectKey;
        if (!secretKey) return;
        cache.modify({
          id: cache.identify({ __typename: 'Project', id: projectId }),
          fields: { secretKey: () => secretKey },
        });
      },
    });
  };

  return (
    <ApiKeyDialog
      open={projectId !== null}
      apiKey={data?.project.secretKey ?? ''}
      loading={loading}
      caption={t`Use this API key for all resources within a project`}
      testIds={{ dialog: 'api-key-dialog', key: 'api-key', confirm: 'regenerate-confirm' }}
      regenerate={generate}
      onClose={onClose}
    />
  );
}

/**
 * Shown after project creation: recommends the SDK (bots and custom pages report through it);
 * for a project of channels and chats only, the step they need instead (the system bot made an
 * administrator, which the same Set up SDK details explain). Both buttons go to the project page.
 */
export function ProjectCreatedDialog({
  projectId,
  types = [],
  onClose,
}: {
  projectId: string | null;
  /** The new project's resource types. */
  types?: string[];
  onClose: () => void;
}) {
  const chatsOnly = types.length > 0 && types.every((t) => t === 'CHANNEL' || t === 'CHAT');
  const systemBot = useQuery(SystemBotQuery, { skip: !chatsOnly || projectId === null }).data?.settings
    .telegramSystemBot;
  const botName = systemBot ? `@${systemBot}` : t`our system bot`;
  return (
    <Dialog.Root
      open={projectId !== null}
      onOpenChange={(e) => !e.open && onClose()}
      size="sm"
      placement="center"
      // It opens while the project modal closes and focus moves back to the page: that must not close it.
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="project-created-dialog">
            <Dialog.Body pt="8">
              <Stack gap="3" align="center" textAlign="center">
                <CircleCheck size={44} color="var(--chakra-colors-green-500)" />
                <Dialog.Title fontSize="xl">
                  <Trans>Project created</Trans>
                </Dialog.Title>
                <Text color="fg.muted" data-testid="project-created-advice">
                  {chatsOnly
                    ? t`Channels and chats need no code: make ${botName} an administrator there. It confirms the players who join, so your campaigns pay only for real actions.`
                    : t`We recommend installing the SDK: it confirms your resources and reports conversions, so your campaigns pay only for real actions.`}
                </Text>
                <Text fontSize="sm" color="fg.muted" data-testid="project-created-next">
                  {t`Next: start a campaign for a resource from the project page (its Campaign column).`}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center">
              {/* Both go to the project page; Set up SDK opens the new resource's SDK details. */}
              <Button asChild variant="outline">
                <Link to="/advertiser/projects/$id" params={{ id: projectId ?? '' }} onClick={onClose}>
                  <Trans>Go to Projects</Trans>
                </Link>
              </Button>
              <Button asChild colorPalette="brand">
                <Link
                  to="/advertiser/projects/$id"
                  params={{ id: projectId ?? '' }}
                  search={{ sdk: 1 }}
                  onClick={onClose}
                  data-testid="set-up-sdk"
                >
                  {chatsOnly ? t`Add the bot` : t`Set up SDK`}
                </Link>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
