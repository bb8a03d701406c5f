import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { Trans } from '@lingui/react/macro';

/** Asks for an optional reason before declining a registration request (modal size sm, 420px). */
export function DeclineDialog({
  target,
  busy,
  onClose,
  onConfirm,
}: {
  target: { id: string; name: string } | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (id: string, reason: string | null) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(e) => !e.open && onClose()}
      onExitComplete={() => setReason('')}
      size="sm"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {/* Clear of the close button: a long title ("Reject …?") does not run under it. */}
            <Dialog.Header pe="12">
              <Dialog.Title>
                <Trans>Decline {target?.name}?</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <FormField label={t`Reason (optional)`} helperText={t`Sent to the applicant with the decision`}>
                <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} />
              </FormField>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                colorPalette="red"
                loading={busy}
                onClick={() => target && onConfirm(target.id, reason.trim() || null)}
              >
                <Trans>Decline</Trans>
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
