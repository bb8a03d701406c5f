import { t } from '@lingui/core/macro';
import { api } from '../../lib/api';
import type { SignedIn } from '../auth/authApi';
import type { PasskeyAnswer, SecondFactor } from './securityApi';

/**
 * Passkeys in the browser (WebAuthn through @simplewebauthn/browser, loaded when first used):
 * each ceremony asks the server for options, lets the browser and the device do their part
 * (the device asks for its PIN, fingerprint or face), and sends the answer back. The server's
 * side is server/modules/auth/passkeys.ts.
 */

type Options = Record<string, unknown> & { challenge: string };

const cancelled = () => t`The passkey was not used: the request was cancelled or timed out. Try again.`;

const browser = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (the buttons show only then). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The browser's errors in words people can act on. */
function explain(error: unknown): Error {
  const name = (error as { name?: string; cause?: { name?: string } })?.name;
  const cause = (error as { cause?: { name?: string } })?.cause?.name;
  if (name === 'NotAllowedError' || cause === 'NotAllowedError') return new Error(cancelled());
  if (name === 'InvalidStateError' || cause === 'InvalidStateError')
    return new Error(t`This device already holds a passkey for your account.`);
  if (name === 'SecurityError' || cause === 'SecurityError')
    return new Error(
      t`Passkeys work at the dashboard’s web address (a name such as localhost, not a bare IP address).`,
    );
  return error instanceof Error ? error : new Error(String(error));
}

async function authenticate(path: string): Promise<PasskeyAnswer> {
  const optionsJSON = await api<Options>('POST', path);
  const { startAuthentication } = await browser();
  try {
    return (await startAuthentication({ optionsJSON: optionsJSON as never })) as unknown as PasskeyAnswer;
  } catch (error) {
    throw explain(error);
  }
}

/** “Sign in with a passkey”: the device offers its passkeys for this site; no e-mail typed. */
export async function signInWithPasskey(): Promise<SignedIn> {
  const response = await authenticate('/v1/auth/passkey/options');
  return api<SignedIn>('POST', '/v1/auth/passkey', { response });
}

/** A proof with one of the signed-in account's passkeys (step-up, removing a factor, new codes). */
export function provePasskey(): Promise<PasskeyAnswer> {
  return authenticate('/v1/users/self/passkeys/proof-options');
}

/** Makes a passkey on this device (or a phone, a security key) and adds it under `name`. */
export async function createPasskey(name: string) {
  const optionsJSON = await api<Options>('POST', '/v1/users/self/passkeys/options');
  const { startRegistration } = await browser();
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: optionsJSON as never });
  } catch (error) {
    throw explain(error);
  }
  return api<{ factor: SecondFactor; recoveryCodes: string[] | null }>('POST', '/v1/users/self/passkeys', {
    response,
    name,
  });
}
