import { t } from '@lingui/core/macro';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { formatMoney } from '../../lib/money';
import { Trans } from '@lingui/react/macro';

/** A withdrawal finance rejects (approval needs no dialog: the network sends it). */
export interface DecisionTarget {
  id: string;
  amount: string;
}

interface DecisionDialogProps {
  target: DecisionTarget | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (target: DecisionTarget, value: string) => Promise<string | undefined>;
}

/**
 * Rejecting asks for a reason, shown to the publisher (modal size sm). `onConfirm` resolves to
 * an error message for the field, or nothing when it went through.
 */
export function DecisionDialog({ target, busy, onClose, onConfirm }: DecisionDialogProps) {
  const amount = target ? formatMoney(target.amount) : '';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  const confirm = async () => {
    if (!target) return;
    const text = value.trim();
    if (!text) {
      setError(t`Enter the reason`);
      return;
    }
    setError(await onConfirm(target, text));
  };

  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(e) => !e.open && onClose()}
      onExitComplete={() => {
        setValue('');
        setError(undefined);
      }}
      size="sm"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void confirm();
              }}
              noValidate
            >
              {/* Clear of the close button: a long title ("Reject …?") does not run under it. */}
              <Dialog.Header pe="12">
                <Dialog.Title>
                  <Trans>Reject withdrawal #{target?.id}</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm" color="fg.muted" mb="3">
                  <Trans>{amount} goes back to the publisher’s available balance.</Trans>
                </Text>
                <FormField label={t`Reason`} error={error} helperText={t`Shown to the publisher`}>
                  <Textarea
                    value={value}
                    onChange={(e) => {
                      setValue(e.target.value);
                      setError(undefined);
                    }}
                    rows={3}
                    maxLength={500}
                    data-autofocus
                  />
                </FormField>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button type="submit" colorPalette="red" loading={busy}>
                  <Trans>Reject</Trans>
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
