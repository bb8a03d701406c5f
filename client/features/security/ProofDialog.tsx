import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { errorMessage } from '../../lib/api';
import type { StepUpMethod } from '../../lib/stepUp';
import { KeyRound } from 'lucide-react';
import { passkeysSupported, provePasskey } from './passkeys';
import type { FactorProof } from './securityApi';

export interface ProofAsk {
  title: string;
  /** What to enter, in the server's words (step-up); a default otherwise. */
  message?: string;
  /** The proofs the account can give: a passkey or a code when it has a second factor, else the password. */
  methods: readonly StepUpMethod[];
  run: (proof: FactorProof) => Promise<void>;
}

/**
 * “Confirm it’s you”: a passkey or a code from the authenticator app (or a recovery code) on an
 * account with a second factor, the password on one without. Removing a factor and step-up both
 * ask this way.
 */
export function ProofDialog({ asking, onClose }: { asking: ProofAsk | null; onClose: () => void }) {
  const password = !!asking?.methods.includes('PASSWORD');
  const passkey = !!asking?.methods.includes('PASSKEY') && passkeysSupported();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const withPasskey = async () => {
    if (!asking) return;
    setPasskeyBusy(true);
    setError(undefined);
    try {
      await asking.run({ passkey: await provePasskey() });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPasskeyBusy(false);
    }
  };
  useEffect(() => {
    if (asking) {
      setValue('');
      setError(undefined);
    }
  }, [asking]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!asking || !value.trim()) return setError(t`Enter required value`);
    setBusy(true);
    try {
      await asking.run(password ? { password: value } : { code: value.trim() });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={!!asking} onOpenChange={(e) => !e.open && onClose()} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={submit} data-testid="proof-dialog">
            <Dialog.Header>
              <Dialog.Title>{asking?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  {asking?.message ??
                    (password
                      ? t`Confirm it’s you first: enter your password.`
                      : passkey
                        ? t`Confirm it’s you first: use a passkey, or enter a code from your authenticator app or a recovery code.`
                        : t`Confirm it’s you first: enter a code from your authenticator app, or a recovery code.`)}
                </Text>
                {passkey && <PasskeyWay onClick={withPasskey} busy={passkeyBusy} />}
                <FormField label={password ? t`Your password` : t`Authenticator or recovery code`} error={error}>
                  {password ? (
                    <PasswordInput
                      value={value}
                      autoComplete="current-password"
                      onChange={(e) => setValue(e.target.value)}
                    />
                  ) : (
                    <Input
                      value={value}
                      autoComplete="one-time-code"
                      inputMode="text"
                      onChange={(e) => setValue(e.target.value)}
                    />
                  )}
                </FormField>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t`Cancel`}
              </Button>
              <Button type="submit" loading={busy}>
                {t`Confirm`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The passkey, then "or" before the code field: two ways, either one. */
function PasskeyWay({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <>
      <Button variant="outline" onClick={onClick} loading={busy} data-testid="proof-passkey" alignSelf="stretch">
        <KeyRound size={16} aria-hidden /> {t`Use a passkey`}
      </Button>
      <HStack gap="3" color="fg.muted" fontSize="sm" data-testid="proof-or">
        <Box flex="1" borderTopWidth="1px" />
        <Text as="span">{t`or`}</Text>
        <Box flex="1" borderTopWidth="1px" />
      </HStack>
    </>
  );
}
