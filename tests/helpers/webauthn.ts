import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey authenticator for tests that talk to the server without a browser: it
 * answers WebAuthn options as a platform authenticator would (ES256 key, "none" attestation,
 * user present and verified), in the JSON form @simplewebauthn/browser sends. The end-to-end
 * tests use Chromium's virtual authenticator instead.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

/** The few CBOR shapes an attestation needs: unsigned/negative integers, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b: Buffer = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: ${typeof value}`);
}

export interface SoftPasskey {
  credentialId: Buffer;
  userHandle: string;
  rpId: string;
  privateKey: KeyObject;
  counter: number;
}

export interface SoftAuthenticatorOptions {
  /** Sign with this origin (the page the browser is at). */
  origin: string;
  /** Say the user was verified (PIN, fingerprint); true unless a test says otherwise. */
  verified?: boolean;
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];
  constructor(private readonly options: SoftAuthenticatorOptions) {}

  private flags(extra: number) {
    return 0x01 | (this.options.verified === false ? 0 : 0x04) | extra;
  }

  private clientData(type: string, challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.options.origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create` with the server's creation options. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    const rpId = options.rp.id ?? new URL(this.options.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(0x40)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.passkeys.push({ credentialId, userHandle: options.user.id, rpId, privateKey, counter: 0 });
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get` with the server's request options (the first passkey allowed). */
  get(options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] }, which?: SoftPasskey) {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const key = which ?? this.passkeys.find((k) => !allowed?.length || allowed.includes(b64url(k.credentialId)));
    if (!key) throw new Error('NotAllowedError: no passkey for this request');
    key.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(key.counter);
    const authData = Buffer.concat([sha256(key.rpId), Buffer.from([this.flags(0)]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
    return {
      id: b64url(key.credentialId),
      rawId: b64url(key.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
