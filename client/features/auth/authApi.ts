import { api } from '../../lib/api';
import type { DefaultRole } from '../../lib/areas';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  defaultRole: DefaultRole;
  isModerator?: boolean;
}

export interface SignedIn {
  accessToken: string;
  user: SessionUser;
}

/** A Telegram or Google sign-in of an account with a second factor: the code comes next. */
export interface SecondFactorAsked {
  secondFactorRequired: true;
  signInToken: string;
  methods: string[];
  message: string;
  code?: string;
}

export interface AuthConfig {
  google: null | { clientId: string; authorizationEndpoint: string; redirectUri: string; scope: string };
  /** The system bot for “Sign in with Telegram”; null when the server has none. */
  telegram: null | { bot: string; botId: number };
  supportBot: string;
  supportEmail: string;
  docsUrl: string;
}

/** A change the recovery can undo: what was added to the account, when, and its name. */
export interface AddedChange {
  kind: 'TELEGRAM' | 'SECOND_FACTOR' | 'PAYOUT_ADDRESS' | 'STAFF_GRANT' | 'EMAIL';
  at: string;
  label: string;
}

export interface ResetInfo {
  secondFactor: boolean;
  /** The event a "This was not me" link answered: the factor must be older, what came after is undone. */
  since: string | null;
  changes: AddedChange[];
}

export interface RegistrationRequestBody {
  name: string;
  email: string;
  password: string;
  role: DefaultRole;
  telegram?: string;
  company?: string;
  comment?: string;
}

export const authApi = {
  login: ({
    code,
    secondFactorCode,
    ...body
  }: {
    email: string;
    password: string;
    code?: string;
    secondFactorCode?: string;
  }) =>
    api<SignedIn>('POST', '/v1/auth/login', {
      ...body,
      ...(code ? { code } : {}),
      ...(secondFactorCode ? { secondFactorCode } : {}),
    }),
  /** Starts a Login Widget sign-in: the state this browser must bring back (a cookie holds it too). */
  telegramStart: () => api<{ state: string }>('POST', '/v1/auth/telegram/start', {}),
  /** The Mini App's initData, or the Login Widget's signed fields with the started sign-in's state. */
  telegram: (body: { initData: string } | Record<string, string | number>) =>
    api<
      | SignedIn
      | SecondFactorAsked
      | {
          linkRequired: true;
          linkToken: string;
          account: { username: string | null; name: string };
          message: string;
        }
    >('POST', '/v1/auth/telegram', body),
  /** The signed-in owner confirms the Telegram account a sign-in named. */
  confirmTelegramLink: (linkToken: string) => api<unknown>('POST', '/v1/users/self/telegram/link', { linkToken }),
  register: (body: RegistrationRequestBody) =>
    api<{ status: 'PENDING'; message: string }>('POST', '/v1/auth/registration', body),
  requestReset: (email: string) => api<{ ok: true }>('POST', '/v1/auth/reset-password', { email }),
  setPassword: (id: string, password: string, proof: { code?: string; since?: string } = {}) =>
    api<{ ok: true }>('PATCH', '/v1/auth/reset-password', {
      id,
      password,
      ...(proof.code ? { code: proof.code } : {}),
      ...(proof.since ? { since: proof.since } : {}),
    }),
  /** What a reset link's page asks for: a second factor's code, and the changes it may undo. */
  resetInfo: (id: string) => api<ResetInfo>('GET', `/v1/auth/reset-password/${encodeURIComponent(id)}`),
  /** A signed-in user's new e-mail: a link to it confirms. */
  changeEmail: (email: string) => api<{ ok: true; message: string }>('POST', '/v1/users/self/email', { email }),
  confirmEmail: (id: string) => api<{ ok: true; email: string }>('POST', '/v1/auth/confirm-email', { id }),
  google: (code: string) =>
    api<SignedIn | SecondFactorAsked | { registrationRequested: true }>('POST', '/v1/auth/google', { code }),
  /** The second step of a Telegram or Google sign-in: its token and the authenticator's code. */
  secondFactor: (signInToken: string, code: string) =>
    api<SignedIn>('POST', '/v1/auth/second-factor', { signInToken, code }),
  config: () => api<AuthConfig>('GET', '/v1/auth/config'),
};
