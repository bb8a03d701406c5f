import { api } from '../../lib/api';

/** A passkey's answer, as WebAuthn's JSON (what the server checks): features/security/passkeys.ts. */
export type PasskeyAnswer = Record<string, unknown> & { id: string };

export interface SecondFactor {
  id: number;
  kind: 'TOTP' | 'PASSKEY';
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A proof for what changes the account's protection: the password, a second-factor code, or a passkey's answer. */
export type FactorProof = { password: string } | { code: string } | { passkey: PasskeyAnswer };

export const securityApi = {
  list: () => api<{ factors: SecondFactor[]; recoveryCodesLeft: number }>('GET', '/v1/users/self/second-factors'),
  startTotp: () =>
    api<{ id: number; secret: string; uri: string; qrSvg: string }>('POST', '/v1/users/self/second-factors/totp'),
  confirmTotp: (id: number, code: string, name: string) =>
    api<{ factor: SecondFactor; recoveryCodes: string[] | null }>(
      'POST',
      `/v1/users/self/second-factors/totp/${id}/confirm`,
      { code, name },
    ),
  rename: (id: number, name: string) => api<SecondFactor>('PATCH', `/v1/users/self/second-factors/${id}`, { name }),
  remove: (id: number, proof: FactorProof) =>
    api<{ ok: true }>('POST', `/v1/users/self/second-factors/${id}/remove`, proof),
  newRecoveryCodes: (proof: FactorProof) =>
    api<{ recoveryCodes: string[] }>('POST', '/v1/users/self/recovery-codes', proof),
};
