import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ApiKeyDialog } from '../../components/ui/ApiKeyDialog';
import { ShowcaseCode } from './ShowcaseCode';
import { PlatformKeyQuery, RegeneratePlatformKeyMutation } from './platformsApi';
import { Trans } from '@lingui/react/macro';

/** Get API key: read-only key with copy; 'Generate new' asks first, then the key modal reopens. */
export function PlatformKeyDialog({ platformId, onClose }: { platformId: string | null; onClose: () => void }) {
  const { data, loading } = useQuery(PlatformKeyQuery, {
    variables: { id: platformId ?? '' },
    skip: !platformId,
    fetchPolicy: 'cache-and-network',
  });
  const [regenerate] = useMutation(RegeneratePlatformKeyMutation);

  const generate = async () => {
    if (!platformId) return;
    await regenerate({
      variables: { id: platformId },
      update: (cache, result) => {
        const secretKey = result.data?.regeneratePlatformKey;
        if (!secretKey) return;
        cache.modify({
          id: cache.identify({ __typename: 'Platform', id: platformId }),
          fields: { secretKey: () => secretKey },
        });
      },
    });
  };

  return (
    <ApiKeyDialog
      open={platformId !== null}
      apiKey={data?.platform.secretKey ?? ''}
      loading={loading}
      caption={t`Use this API key to confirm rewards from your app's server.`}
      testIds={{ dialog: 'platform-key-dialog', key: 'platform-api-key', confirm: 'platform-regenerate-confirm' }}
      regenerate={generate}
      onClose={onClose}
    />
  );
}

/** Showcase code: the snippet for this platform, with copy. */
export function ShowcaseCodeDialog({ platformId, onClose }: { platformId: string | null; onClose: () => void }) {
  return (
    <Dialog.Root open={platformId !== null} onOpenChange={(e) => !e.open && onClose()} size="md" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="showcase-code-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Showcase code</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted">
                  <Trans>
                    Paste this code into your mini app where the task showcase should appear. The callbacks (or the
                    element's events) tell you when the showcase has loaded and when a player starts or finishes a task.
                  </Trans>
                </Text>
                {platformId && <ShowcaseCode platformId={platformId} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>Close</Trans>
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
