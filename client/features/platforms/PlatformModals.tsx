import { useMutation, useQuery } from '@apollo/client/react';
import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, Copy, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPIED_DURATION, CopyButton } from '../../components/ui/CopyButton';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { platformMessages, showcaseSnippet } from './platform';
import { PlatformKeyQuery, RegeneratePlatformKeyMutation } from './platformsApi';

export const REGENERATE_WARNING =
  'Are you sure you want to generate a new API key? The old key will stop working and so will your ad integrations.';

/** Get API key: read-only key with copy; 'Generate new' asks first, then the key modal reopens (spec 4). */
export function PlatformKeyDialog({ platformId, onClose }: { platformId: string | null; onClose: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { data, loading } = useQuery(PlatformKeyQuery, {
    variables: { id: platformId ?? '' },
    skip: !platformId,
    fetchPolicy: 'cache-and-network',
  });
  const [regenerate, { loading: generating }] = useMutation(RegeneratePlatformKeyMutation);
  const key = data?.platform.secretKey ?? '';

  const generate = async () => {
    if (!platformId) return;
    try {
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
      notifySuccess(platformMessages.keyGenerated);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Dialog.Root
        open={platformId !== null && !confirming}
        onOpenChange={(e) => !e.open && onClose()}
        size="sm"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="platform-key-dialog">
              <Dialog.Header>
                <Dialog.Title>API key</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text color="fg.muted">Use this API key to confirm rewards from your app's server.</Text>
                  {loading && !key ? (
                    <Skeleton h="10" />
                  ) : (
                    <HStack gap="1">
                      <Input
                        readOnly
                        value={key}
                        aria-label="API key"
                        data-testid="platform-api-key"
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
        open={platformId !== null && confirming}
        onOpenChange={(e) => !e.open && setConfirming(false)}
        size="sm"
        placement="center"
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="platform-regenerate-confirm">
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

/** Showcase code (spec 9): the snippet for this platform, with copy. */
export function ShowcaseCodeDialog({ platformId, onClose }: { platformId: string | null; onClose: () => void }) {
  const code = platformId ? showcaseSnippet(platformId, window.location.origin) : '';
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_DURATION);
    } catch {
      notifyError('Could not copy, select the code and copy it');
    }
  };

  return (
    <Dialog.Root open={platformId !== null} onOpenChange={(e) => !e.open && onClose()} size="md" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="showcase-code-dialog">
            <Dialog.Header>
              <Dialog.Title>Showcase code</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted">
                  Paste this code into your mini app where the task showcase should appear. The callbacks tell you when
                  the showcase has loaded and when a player starts or finishes a task.
                </Text>
                <Box
                  as="pre"
                  data-testid="showcase-code"
                  tabIndex={0}
                  aria-label="Showcase code"
                  fontFamily="mono"
                  fontSize="sm"
                  bg="bg.muted"
                  borderWidth="1px"
                  borderRadius="lg"
                  p="4"
                  overflowX="auto"
                  whiteSpace="pre"
                >
                  {code}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button colorPalette="brand" onClick={() => void copy()} aria-label={copied ? 'Copied' : 'Copy code'}>
                {copied ? <Check data-testid="copy-done" /> : <Copy />} {copied ? 'Copied' : 'Copy code'}
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
