import { t } from '@lingui/core/macro';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FingerprintPattern, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { createPasskey, passkeysSupported } from './passkeys';
import { Trans } from '@lingui/react/macro';

/** A name for a new passkey from the browser's platform: “Passkey on macOS”. */
function suggestedName(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const system = [
    [/iPhone|iPad/, 'iPhone'],
    [/Android/, 'Android'],
    [/Mac OS X/, 'macOS'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(agent))?.[1];
  const name = system as string | undefined;
  return name ? t`Passkey on ${name}` : t`Passkey`;
}

/**
 * The account's passkeys: made on this device (or a phone, a security key) with a name, then a
 * sign-in by themselves (“Sign in with a passkey”) and a second factor for step-ups.
 */
export function PasskeysCard({
  list,
  onAdded,
}: {
  list: React.ReactNode;
  onAdded: (recoveryCodes: string[] | null) => Promise<void>;
}) {
  const [adding, setAdding] = useState(false);
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(passkeysSupported()), []);
  return (
    <Card.Root data-testid="passkeys">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="md">
            <HStack gap="2">
              <FingerprintPattern size={18} /> <Trans>Passkeys</Trans>
            </HStack>
          </Heading>
          {!adding && supported && (
            <Button size="sm" onClick={() => setAdding(true)} data-testid="add-passkey">
              <Plus size={16} /> <Trans>Add a passkey</Trans>
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {!supported && (
            <Text color="fg.muted">
              <Trans>This browser cannot make passkeys. Open the dashboard in a current browser to add one.</Trans>
            </Text>
          )}
          {adding && (
            <NewPasskey
              onCancel={() => setAdding(false)}
              onDone={async (codes) => {
                setAdding(false);
                await onAdded(codes);
              }}
            />
          )}
          {list}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Name it, then the browser and the device make it (they ask for a PIN, fingerprint or face). */
function NewPasskey({
  onCancel,
  onDone,
}: {
  onCancel: () => void;
  onDone: (recoveryCodes: string[] | null) => Promise<void>;
}) {
  const [name, setName] = useState(suggestedName);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t`Enter required value`);
    setBusy(true);
    setError(undefined);
    try {
      const done = await createPasskey(name.trim());
      notifySuccess(t`The passkey is added: sign in with it, no password needed`);
      await onDone(done.recoveryCodes);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" borderRadius="md" p="4" data-testid="passkey-setup">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            Your browser will ask where to keep the passkey (this device, your phone or a security key) and to unlock
            it.
          </Trans>
        </Text>
        <FormField label={t`Name (which device or key)`} error={error}>
          <Input value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <HStack>
          <Button type="submit" loading={busy}>
            <Trans>Create passkey</Trans>
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
