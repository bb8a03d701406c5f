import { useMutation, useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { CircleCheck, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { ProjectKeyQuery, RegenerateKeyMutation } from './projectsApi';

export const KEY_TEXT = 'Use this API key for all resources within a project';
export const REGENERATE_WARNING =
  'Are you sure you want to generate a new API key? The old key will stop working and so will your ad integrations.';

/**
 * Get API key: read-only key with copy; 'Generate new' asks first (nested confirmation), then the
 * confirmation closes and the key modal reopens with the new key (spec 4).
 */
export function ApiKeyDialog({ projectId, onClose }: { projectId: string | null; onClose: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { data, loading } = useQuery(ProjectKeyQuery, {
    variables: { id: projectId ?? '' },
    skip: !projectId,
    fetchPolicy: 'cache-and-network',
  });
  const [regenerate, { loading: generating }] = useMutation(RegenerateKeyMutation);
  const key = data?.project.secretKey ?? '';

  const generate = async () => {
    if (!projectId) return;
    try {
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
      notifySuccess('API key successfully generated');
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Dialog.Root
        open={projectId !== null && !confirming}
        onOpenChange={(e) => !e.open && onClose()}
        size="sm"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="api-key-dialog">
              <Dialog.Header>
                <Dialog.Title>API key</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text color="fg.muted">{KEY_TEXT}</Text>
                  {loading && !key ? (
                    <Skeleton h="10" />
                  ) : (
                    <HStack gap="1">
                      <Input
                        readOnly
                        value={key}
                        aria-label="API key"
                        data-testid="api-key"
                        fontFamily="mono"
                        fontSize="sm"
                        onFocus={(e) => e.target.select()}
                      />
                      <CopyButton value={key} label="Copy API key" size="md" />
                    </HStack>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirming(true)} disabled={!key}>
                  <RefreshCw /> Generate new
                </Button>
                <Button colorPalette="brand" onClick={onClose}>
                  Done
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <Dialog.Root
        open={projectId !== null && confirming}
        onOpenChange={(e) => !e.open && setConfirming(false)}
        size="sm"
        placement="center"
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="regenerate-confirm">
              <Dialog.Header>
                <HStack gap="2">
                  <TriangleAlert color="var(--chakra-colors-orange-500)" />
                  <Dialog.Title>Generate a new API key?</Dialog.Title>
                </HStack>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{REGENERATE_WARNING}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button colorPalette="red" loading={generating} onClick={() => void generate()}>
                  Generate
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

/** Shown after project creation: recommends the SDK; both buttons go to the project page. */
export function ProjectCreatedDialog({ projectId, onClose }: { projectId: string | null; onClose: () => void }) {
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
                <Dialog.Title fontSize="xl">Project created</Dialog.Title>
                <Text color="fg.muted">
                  We recommend installing the SDK: it confirms your resources and reports conversions, so your campaigns
                  pay only for real actions.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center">
              {/* Both go to the project page (spec 2.4). */}
              <Button asChild variant="outline">
                <Link to="/advertiser/projects/$id" params={{ id: projectId ?? '' }} onClick={onClose}>
                  Go to Projects
                </Link>
              </Button>
              <Button asChild colorPalette="brand">
                <Link to="/advertiser/projects/$id" params={{ id: projectId ?? '' }} onClick={onClose}>
                  Set up SDK
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
