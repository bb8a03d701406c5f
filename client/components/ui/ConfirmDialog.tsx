import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { HStack } from '@chakra-ui/react/stack';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/** Warning confirmation (alertdialog, size sm): icon and title, the warning, Cancel and a red confirm button. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  loading,
  iconColor,
  testId,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: ReactNode;
  /** The warning shown in the body. */
  children: ReactNode;
  confirmLabel: string;
  loading: boolean;
  /** Colour token of the warning icon, e.g. 'orange-500'. */
  iconColor: string;
  testId: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onCancel()}
      size="sm"
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <HStack gap="2">
                <TriangleAlert color={`var(--chakra-colors-${iconColor})`} />
                <Dialog.Title>{title}</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
              <Button colorPalette="red" loading={loading} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
