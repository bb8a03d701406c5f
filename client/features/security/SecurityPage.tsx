import { t } from '@lingui/core/macro';
import { useBlocker } from '@tanstack/react-router';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { KeyRound, Plus, ShieldCheck, Smartphone, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { FormField } from '../../components/ui/FormField';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { formatShortDate } from '../../lib/dates';
import { pageHeadings } from '../../lib/pageHeadings';
import { type ProofAsk, ProofDialog } from './ProofDialog';
import { type SecondFactor, securityApi } from './securityApi';
import { EmailCard } from './EmailCard';
import { PasskeysCard } from './PasskeysCard';
import { Trans } from '@lingui/react/macro';

type Setup = Awaited<ReturnType<typeof securityApi.startTotp>>;

/** Removing a factor or renewing codes happens with a factor added: a code (or a passkey) proves it. */
const proofMethods = (factors: SecondFactor[]) =>
  factors.some((f) => f.kind === 'PASSKEY')
    ? (['PASSKEY', 'TOTP', 'RECOVERY_CODE'] as const)
    : (['TOTP', 'RECOVERY_CODE'] as const);

/** A button whose long label (Russian's) wraps on a phone rather than push the page sideways. */
const WRAPS = { maxW: 'full', h: 'auto', minH: '8', py: '1.5', whiteSpace: 'normal' } as const;

/**
 * The account's second factors: authenticator apps and passkeys to add, name and remove, and the
 * recovery codes that stand in for them (shown once, renewed with a proof).
 */
export function SecurityPage() {
  const heading = pageHeadings['/security'];
  const [state, setState] = useState<{ factors: SecondFactor[]; recoveryCodesLeft: number } | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<ProofAsk | null>(null);
  const load = useCallback(() => securityApi.list().then(setState, (e) => notifyError(errorMessage(e))), []);
  useEffect(() => void load(), [load]);

  const start = async () => {
    try {
      setSetup(await securityApi.startTotp());
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };
  const remove = (f: SecondFactor) =>
    setAsking({
      title: `Remove “${f.name}”`,
      methods: proofMethods(state?.factors ?? []),
      run: async (proof) => {
        await securityApi.remove(f.id, proof);
        setAsking(null);
        notifySuccess(t`“${f.name}” removed`);
        await load();
      },
    });
  const renew = () =>
    setAsking({
      title: t`New recovery codes`,
      methods: proofMethods(state?.factors ?? []),
      run: async (proof) => {
        setCodes((await securityApi.newRecoveryCodes(proof)).recoveryCodes);
        setAsking(null);
        await load();
      },
    });

  return (
    <Page title={heading.title} description={heading.description}>
      {!state ? (
        <Spinner />
      ) : (
        <Stack gap="6" maxW="3xl">
          {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
          <Card.Root>
            <Card.Header>
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Heading as="h2" size="md">
                  <HStack gap="2">
                    <Smartphone size={18} /> <Trans>Authenticator apps</Trans>
                  </HStack>
                </Heading>
                {!setup && (
                  <Button size="sm" onClick={start} data-testid="add-authenticator" {...WRAPS}>
                    <Plus size={16} /> <Trans>Add authenticator app</Trans>
                  </Button>
                )}
              </HStack>
            </Card.Header>
            <Card.Body>
              <Stack gap="4">
                {setup && (
                  <TotpSetup
                    setup={setup}
                    onCancel={() => setSetup(null)}
                    onDone={async (recovery) => {
                      setSetup(null);
                      if (recovery) setCodes(recovery);
                      await load();
                    }}
                  />
                )}
                <FactorList
                  factors={state.factors.filter((f) => f.kind === 'TOTP')}
                  onRemove={remove}
                  hasOthers={state.factors.length > 0}
                />
              </Stack>
            </Card.Body>
          </Card.Root>
          <PasskeysCard
            list={<FactorList factors={state.factors.filter((f) => f.kind === 'PASSKEY')} onRemove={remove} passkeys />}
            onAdded={async (recovery) => {
              if (recovery) setCodes(recovery);
              await load();
            }}
          />
          <RecoveryCard factors={state.factors.length} left={state.recoveryCodesLeft} onRenew={renew} />
          <EmailCard />
        </Stack>
      )}
      <ProofDialog asking={asking} onClose={() => setAsking(null)} />
    </Page>
  );
}

function FactorList({
  factors,
  onRemove,
  passkeys = false,
  hasOthers = false,
}: {
  factors: SecondFactor[];
  onRemove: (f: SecondFactor) => void;
  passkeys?: boolean;
  /** The account has a second factor of another kind (a passkey): the apps' empty text says so. */
  hasOthers?: boolean;
}) {
  if (!factors.length && passkeys) {
    return (
      <Text color="fg.muted" data-testid="no-passkeys">
        <Trans>
          No passkey yet. A passkey signs you in with this device’s lock (fingerprint, face or PIN) instead of a
          password, and no site but this one can use it.
        </Trans>
      </Text>
    );
  }
  if (!factors.length && hasOthers) {
    return (
      <Text color="fg.muted" data-testid="no-factors">
        <Trans>
          No authenticator app. Your passkey is your second factor; an app as well lets you sign in where the passkey is
          not at hand.
        </Trans>
      </Text>
    );
  }
  if (!factors.length) {
    return (
      <Text color="fg.muted" data-testid="no-factors">
        <Trans>
          No second factor yet: anyone with your password can sign in. Add an authenticator app (Google Authenticator,
          1Password, Authy…) so that a sign-in also needs the code on your phone.
        </Trans>
      </Text>
    );
  }
  return (
    <Stack gap="2" data-testid={passkeys ? 'passkey-list' : 'factors'}>
      {factors.map((f) => (
        <HStack key={f.id} justify="space-between" borderWidth="1px" borderRadius="md" px="3" py="2" wrap="wrap">
          <Stack gap="0">
            <HStack gap="2">
              <ShieldCheck size={16} color="var(--chakra-colors-green-500)" />
              <Text fontWeight="medium">{f.name}</Text>
              <Badge colorPalette="green">
                <Trans>On</Trans>
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {f.lastUsedAt
                ? t`Added ${formatShortDate(f.createdAt)} · last used ${formatShortDate(f.lastUsedAt)}`
                : t`Added ${formatShortDate(f.createdAt)}`}
            </Text>
          </Stack>
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => onRemove(f)}>
            <Trash2 size={16} /> <Trans>Remove</Trans>
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}

/** Scan (or type the key), name it, and prove it with the code the app shows. */
function TotpSetup({
  setup,
  onCancel,
  onDone,
}: {
  setup: Setup;
  onCancel: () => void;
  onDone: (recoveryCodes: string[] | null) => Promise<void>;
}) {
  const [name, setName] = useState(t`Authenticator app`);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\d{3}\s?\d{3}$/.test(code.trim())) return setError(t`Enter the 6-digit code your authenticator app shows`);
    setBusy(true);
    try {
      const done = await securityApi.confirmTotp(setup.id, code.trim(), name.trim() || t`Authenticator app`);
      notifySuccess(t`The authenticator app is on: sign-ins now ask for its code`);
      await onDone(done.recoveryCodes);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" borderRadius="md" p="4" data-testid="totp-setup">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <Stack gap="2" align="center">
          <Image
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t`QR code to scan with the authenticator app`}
            boxSize="44"
            bg="white"
            borderRadius="md"
          />
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            <Trans>Scan with your authenticator app, or enter this key:</Trans>
          </Text>
          <HStack gap="1">
            <Code data-testid="totp-secret" fontSize="xs" wordBreak="break-all">
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Code>
            <CopyButton value={setup.secret} label={t`Copy the key`} />
          </HStack>
        </Stack>
        <Stack gap="3">
          <FormField label={t`Name (which phone or app)`}>
            <Input value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField label={t`Code the app shows`} error={error}>
            <Input
              value={code}
              autoComplete="one-time-code"
              inputMode="numeric"
              placeholder="123 456"
              maxLength={7}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
          <HStack>
            <Button type="submit" loading={busy}>
              <Trans>Turn on</Trans>
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          </HStack>
        </Stack>
      </SimpleGrid>
    </Box>
  );
}

/** The ten recovery codes, this once: copy or download them before going on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  // Until "I have saved them", leaving (a link, a reload, closing the tab) asks first: the codes are not shown again.
  useBlocker({
    shouldBlockFn: () => !window.confirm(t`Leave without saving your recovery codes? They are not shown again.`),
    enableBeforeUnload: true,
  });
  const text = t`Taskgram Ads recovery codes (each signs in once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'taskgram-recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Card.Root borderColor="orange.400" data-testid="recovery-codes">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md">
            <Trans>Save your recovery codes</Trans>
          </Heading>
          <Text>
            <Trans>
              Each signs in once in place of the app’s code, should your phone be lost. They are shown only now: keep
              them somewhere safe, apart from your password.
            </Trans>
          </Text>
          <SimpleGrid columns={{ base: 2, sm: 5 }} gap="2">
            {codes.map((c) => (
              <Code key={c} justifyContent="center" py="1">
                {c}
              </Code>
            ))}
          </SimpleGrid>
          <HStack wrap="wrap">
            <CopyButton value={codes.join('\n')} label={t`Copy the codes`} />
            <Button size="sm" variant="outline" onClick={download}>
              <Trans>Download</Trans>
            </Button>
            <Button size="sm" onClick={onDone}>
              <Trans>I have saved them</Trans>
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** How many recovery codes are left, and new ones (with a proof). */
function RecoveryCard({ factors, left, onRenew }: { factors: number; left: number; onRenew: () => void }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          <HStack gap="2">
            <KeyRound size={18} /> <Trans>Recovery codes</Trans>
          </HStack>
        </Heading>
      </Card.Header>
      <Card.Body>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text color="fg.muted" data-testid="recovery-left">
            {factors
              ? t`${left} of 10 left. Each signs in once when your phone is not at hand.`
              : t`They come with your first authenticator app or passkey.`}
          </Text>
          {factors > 0 && (
            <Button size="sm" variant="outline" onClick={onRenew}>
              <Trans>Get new codes</Trans>
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
