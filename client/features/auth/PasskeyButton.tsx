import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { notifyError } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { passkeysSupported, signInWithPasskey } from '../security/passkeys';
import type { SignedIn } from './authApi';

/**
 * “Sign in with a passkey”: the browser offers the passkeys it holds for this site (no e-mail
 * typed); the device checks its owner (PIN, fingerprint, face), and that one passkey signs in.
 */
export function PasskeyButton({
  onSignedIn,
  label = t`Sign in with a passkey`,
}: {
  onSignedIn: (session: SignedIn) => void;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    // Shown to every browser (the page is built before it runs: a button that came later would
    // move the form under a click); one without WebAuthn is told here.
    if (!passkeysSupported()) {
      notifyError(
        t`This browser cannot use passkeys: sign in with your password, or open the dashboard in a current browser.`,
      );
      return;
    }
    setBusy(true);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="lg" loading={busy} onClick={start} data-testid="passkey-sign-in">
      <KeyRound size={18} aria-hidden /> {label}
    </Button>
  );
}
