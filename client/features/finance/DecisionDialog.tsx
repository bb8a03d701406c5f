import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { formatMoney } from '../../lib/money';

export interface DecisionTarget {
  id: string;
  amount: string;
  action: 'done' | 'failed';
}

interface DecisionDialogProps {
  target: DecisionTarget | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (target: DecisionTarget, value: string) => Promise<string | undefined>;
}

/**
 * Mark done asks for the TON transaction hash, mark failed for a reason (modal size sm).
 * `onConfirm` resolves to an error message for the field, or nothing when it went through.
 */
export function DecisionDialog({ target, busy, onClose, onConfirm }: DecisionDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const done = target?.action === 'done';

  const confirm = async () => {
    if (!target) return;
    const text = value.trim();
    if (!text) {
      setError(done ? 'Enter the TON transaction hash' : 'Enter the reason');
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
              <Dialog.Header>
                <Dialog.Title>
                  {done ? 'Mark withdrawal' : 'Fail withdrawal'} #{target?.id} as {done ? 'done' : 'failed'}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm" color="fg.muted" mb="3">
                  {done
                    ? `Send ${target ? formatMoney(target.amount) : ''} first, then paste the TON transaction hash.`
                    : 'The amount goes back to the publisher’s available balance.'}
                </Text>
                {done ? (
                  <FormField label="TON transaction hash" error={error}>
                    <Input
                      value={value}
                      onChange={(e) => {
                        setValue(e.target.value);
                        setError(undefined);
                      }}
                      autoComplete="off"
                      spellCheck={false}
                      data-autofocus
                    />
                  </FormField>
                ) : (
                  <FormField label="Reason" error={error} helperText="Shown to the publisher">
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
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette={done ? 'green' : 'red'} loading={busy}>
                  {done ? 'Mark done' : 'Mark failed'}
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
