import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { ConfirmDialog } from './ConfirmDialog';
import { CopyButton } from './CopyButton';
import { notifyError, notifySuccess } from './toaster';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Get API key: read-only key with copy; 'Generate new' asks first (nested confirmation), then the
 * confirmation closes and the key modal reopens with the new key.
 */
export function ApiKeyDialog({
  open,
  apiKey,
  loading,
  caption,
  testIds,
  regenerate,
  onClose,
}: {
  open: boolean;
  apiKey: string;
  loading: boolean;
  caption: string;
  testIds: { dialog: string; key: string; confirm: string };
  /** Makes the new key; the caller updates the cache so that apiKey follows. */
  regenerate: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [generating, setGenerating] = useState(false);

  const generate = async () => {
    setGenerating(true);
    try {
      await regenerate();
      notifySuccess(t`API key successfully generated`);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setGenerating(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Dialog.Root open={open && !confirming} onOpenChange={(e) => !e.open && onClose()} size="sm" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid={testIds.dialog}>
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>API key</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text color="fg.muted">{caption}</Text>
                  {loading && !apiKey ? (
                    <Skeleton h="10" />
                  ) : (
                    <HStack gap="1">
                      <Input
                        readOnly
                        value={apiKey}
                        aria-label={t`API key`}
                        data-testid={testIds.key}
                        fontFamily="mono"
                        fontSize="sm"
                        onFocus={(e) => e.target.select()}
                      />
                      <CopyButton value={apiKey} label={t`Copy API key`} size="md" />
                    </HStack>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirming(true)} disabled={!apiKey}>
                  <RefreshCw /> <Trans>Generate new</Trans>
                </Button>
                <Button colorPalette="brand" onClick={onClose}>
                  <Trans>Done</Trans>
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <RegenerateConfirm
        open={open && confirming}
        loading={generating}
        testId={testIds.confirm}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void generate()}
      />
    </>
  );
}

/** "Generate a new API key?": the old key stops working. */
function RegenerateConfirm(props: {
  open: boolean;
  loading: boolean;
  testId: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog {...props} title={t`Generate a new API key?`} confirmLabel={t`Generate`} iconColor="orange-500">
      <Text>
        <Trans>
          Are you sure you want to generate a new API key? The old key will stop working and so will your ad
          integrations.
        </Trans>
      </Text>
    </ConfirmDialog>
  );
}
