import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTelegramLinkNote } from '../../lib/telegram';
import { renderInApp } from '../../test-utils';
import { LoginForm } from '../auth/LoginForm';
import { TelegramLinkDialog } from '../auth/TelegramLinkDialog';
import { api } from '../../lib/api';
import { NotMePage } from '../auth/NotMePage';
import { PasskeyButton } from '../auth/PasskeyButton';
import { SecurityPage } from './SecurityPage';
import StepUpDialog from './StepUpDialog';
import { StaffForbidden } from './StaffForbidden';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

type Answer = { status?: number; body: unknown };
/** The server, as the page reaches it: each call answered in turn by what `route` says for its path. */
function server(route: (method: string, path: string, body: unknown) => Answer) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method: init?.method ?? 'GET', path: String(url).replace(/^\/api/, ''), body };
    calls.push(call);
    const answer = route(call.method, call.path, body);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return calls;
}

describe('sign-in with a second factor', () => {
  it('asks for the code when the server says so, shows a wrong one under the field, signs in with the right one', async () => {
    const calls = server((_m, _p, body) => {
      const code = (body as { secondFactorCode?: string }).secondFactorCode;
      if (!code) {
        return {
          status: 403,
          body: { error: 'Enter the 6-digit code from your authenticator app', next: 'SECOND_FACTOR' },
        };
      }
      if (code !== '123456')
        return { status: 403, body: { error: 'The code is wrong or was used already', next: 'SECOND_FACTOR' } };
      return { body: { value: { accessToken: 't', user: { id: 1 } } } };
    });
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderInApp(<LoginForm onSignedIn={onSignedIn} />);
    await user.type(await screen.findByLabelText('E-mail'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('second-factor-asked')).toHaveTextContent('Enter the 6-digit code');
    await user.type(screen.getByLabelText('Authenticator code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The code is wrong or was used already')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Authenticator code'));
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toEqual({ email: 'a@b.co', password: 'demo1234', secondFactorCode: '123456' });
  });
});

describe('the Security page', () => {
  it('adds an authenticator app, shows the recovery codes once, removes it with a code', async () => {
    let factors: unknown[] = [];
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `AAAA-BBB${i}`);
    const calls = server((method, path) => {
      if (path === '/v1/users/self/second-factors')
        return { body: { value: { factors, recoveryCodesLeft: factors.length ? 10 : 0 } } };
      if (path === '/v1/users/self/second-factors/totp') {
        return {
          status: 201,
          body: { value: { id: 7, secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://x', qrSvg: '<svg/>' } },
        };
      }
      if (path === '/v1/users/self/second-factors/totp/7/confirm') {
        const factor = { id: 7, kind: 'TOTP', name: 'Phone', createdAt: '2026-11-29T00:00:00Z', lastUsedAt: null };
        factors = [factor];
        return { body: { value: { factor, recoveryCodes } } };
      }
      if (path === '/v1/users/self/second-factors/7/remove' && method === 'POST') {
        factors = [];
        return { body: { value: { ok: true } } };
      }
      return { status: 404, body: { error: 'not here' } };
    });
    const user = userEvent.setup();
    renderInApp(<SecurityPage />);
    expect(await screen.findByTestId('no-factors')).toBeInTheDocument();
    await user.click(screen.getByTestId('add-authenticator'));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    // The code is checked here first: six digits.
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6-digit code your authenticator app shows')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name (which phone or app)'));
    await user.type(screen.getByLabelText('Name (which phone or app)'), 'Phone');
    await user.type(screen.getByLabelText('Code the app shows'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByText(/^AAAA-BBB\d$/)).toHaveLength(10);
    expect(calls.find((c) => c.path.endsWith('/confirm'))?.body).toEqual({ code: '123456', name: 'Phone' });
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
    expect(await screen.findByText('Phone')).toBeInTheDocument();
    expect(screen.getByTestId('recovery-left')).toHaveTextContent('10 of 10 left');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByTestId('proof-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter required value')).toBeInTheDocument();
    // With a factor added, its code is the proof (the password alone is one stolen thing).
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    await user.type(within(dialog).getByLabelText('Authenticator or recovery code'), 'AAAA-BBB0');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('no-factors')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/remove'))?.body).toEqual({ code: 'AAAA-BBB0' });
  });

  it('lists passkeys apart from apps; without WebAuthn in the browser it says so; with it, removing offers “Use a passkey”', async () => {
    const passkey = {
      id: 9,
      kind: 'PASSKEY',
      name: 'This laptop',
      createdAt: '2026-11-29T00:00:00Z',
      lastUsedAt: null,
    };
    server((_m, path) => {
      if (path === '/v1/users/self/second-factors')
        return { body: { value: { factors: [passkey], recoveryCodesLeft: 10 } } };
      return { status: 404, body: { error: 'not here' } };
    });
    const first = renderInApp(<SecurityPage />);
    const list = await screen.findByTestId('passkey-list');
    expect(list).toHaveTextContent('This laptop');
    // The apps card has none; jsdom has no WebAuthn, so no passkey can be made here.
    expect(screen.getByTestId('no-factors')).toHaveTextContent(
      'No authenticator app. Your passkey is your second factor',
    );
    expect(await screen.findByText(/This browser cannot make passkeys/)).toBeInTheDocument();
    expect(screen.queryByTestId('add-passkey')).toBeNull();
    first.unmount();

    vi.stubGlobal('PublicKeyCredential', class {});
    const user = userEvent.setup();
    renderInApp(<SecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByTestId('proof-dialog');
    expect(within(dialog).getByTestId('proof-passkey')).toHaveTextContent('Use a passkey');
    expect(dialog).toHaveTextContent('use a passkey, or enter a code');
    expect(screen.getByTestId('add-passkey')).toBeInTheDocument();
  });

  it('a staff page refused for want of a second factor leads to the Security page', async () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [
        { message: 'Staff actions need a second factor on your account: add one', extensions: { code: 'FORBIDDEN' } },
      ],
    });
    renderInApp(<StaffForbidden page="Finance" who="finance staff" error={error} />);
    expect(await screen.findByText('Add a second factor first')).toBeInTheDocument();
    expect(screen.getByTestId('open-security')).toHaveAttribute('href', '/security');
  });
});

describe('“Sign in with a passkey”', () => {
  it('a browser without passkeys is told; a request the person cancels says so and signs nobody in', async () => {
    const calls = server((_m, path) =>
      path === '/v1/auth/passkey/options'
        ? {
            body: {
              value: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required', timeout: 1000 },
            },
          }
        : { status: 404, body: { error: 'not here' } },
    );
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderInApp(<PasskeyButton onSignedIn={onSignedIn} />);
    await user.click(await screen.findByTestId('passkey-sign-in'));
    expect(await screen.findByText(/This browser cannot use passkeys/)).toBeInTheDocument();
    expect(calls).toEqual([]);

    vi.stubGlobal('PublicKeyCredential', class {});
    const get = vi.fn(async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    try {
      await user.click(screen.getByTestId('passkey-sign-in'));
      expect(
        await screen.findByText('The passkey was not used: the request was cancelled or timed out. Try again.'),
      ).toBeInTheDocument();
      expect(get).toHaveBeenCalledTimes(1);
      expect(calls.map((c) => c.path)).toEqual(['/v1/auth/passkey/options']);
      expect(onSignedIn).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });
});

describe('the Telegram link asked after sign-in', () => {
  it('names the Telegram account, links it only when told, forgets it on “Not mine”', async () => {
    const calls = server(() => ({ body: { value: {} } }));
    const user = userEvent.setup();
    setTelegramLinkNote({ linkToken: 'tok', message: 'm', account: { username: 'someone', name: 'Some One' } });
    const { unmount } = renderInApp(<TelegramLinkDialog signedIn />);
    expect(await screen.findByTestId('telegram-link-account')).toHaveTextContent('@someone (Some One)');
    await user.click(screen.getByRole('button', { name: 'Not mine' }));
    await waitFor(() => expect(screen.queryByTestId('telegram-link-confirm')).toBeNull());
    expect(calls).toEqual([]);
    expect(sessionStorage.getItem('taskgram:telegram-link')).toBeNull();
    unmount();

    setTelegramLinkNote({ linkToken: 'tok2', message: 'm', account: { username: null, name: 'Plain Name' } });
    renderInApp(<TelegramLinkDialog signedIn />);
    expect(await screen.findByTestId('telegram-link-account')).toHaveTextContent('Plain Name');
    await user.click(screen.getByRole('button', { name: 'Link Telegram' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', path: '/v1/users/self/telegram/link', body: { linkToken: 'tok2' } });
  });
});

describe('step-up', () => {
  it('a call answered STEP_UP_REQUIRED asks once (a wrong password stays in the dialog), then is sent again; cancelled, it fails with the message', async () => {
    let proved = false;
    const calls = server((method, path, body) => {
      if (path === '/v1/users/self/step-up') {
        if ((body as { password?: string }).password !== 'demo1234')
          return { status: 403, body: { error: 'The password or code is wrong' } };
        proved = true;
        return { body: { value: { provedUntil: '2026-11-29T03:10:00Z' } } };
      }
      if (path === '/v1/users/self/telegram' && method === 'DELETE') {
        return proved
          ? { body: { value: { telegram: null } } }
          : {
              status: 403,
              body: {
                error: 'Confirm it is you: enter your password, then try again.',
                code: 'STEP_UP_REQUIRED',
                methods: ['PASSWORD'],
              },
            };
      }
      return { status: 404, body: { error: 'not here' } };
    });
    const user = userEvent.setup();
    renderInApp(<StepUpDialog />);
    const unlinked = api('DELETE', '/v1/users/self/telegram');
    const dialog = await screen.findByTestId('proof-dialog');
    expect(within(dialog).getByText(/Enter your password/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password or code is wrong')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'demo1234');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(unlinked).resolves.toEqual({ telegram: null });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /v1/users/self/telegram',
      'POST /v1/users/self/step-up',
      'POST /v1/users/self/step-up',
      'DELETE /v1/users/self/telegram',
    ]);
    await waitFor(() => expect(screen.queryByTestId('proof-dialog')).toBeNull());

    // Cancelled: the call fails with the server's message, nothing is sent again.
    proved = false;
    const refused = api('DELETE', '/v1/users/self/telegram').catch((e: Error) => e);
    await user.click(within(await screen.findByTestId('proof-dialog')).getByRole('button', { name: 'Cancel' }));
    expect(await refused).toMatchObject({
      name: 'ApiError',
      message: 'Confirm it is you: enter your password, then try again.',
      status: 403,
    });
    expect(calls).toHaveLength(5);
  });
});

describe('“This was not me”', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('acts only on the click, with the token from the address’s fragment; a spent link says so', async () => {
    window.history.replaceState(null, '', '/not-me#tok_123-abc');
    let spent = false;
    const calls = server((_method, path) => {
      if (path !== '/v1/auth/not-me') return { status: 404, body: { error: 'not here' } };
      if (spent) return { status: 404, body: { error: 'This link was opened already or has expired.' } };
      spent = true;
      return { body: { value: { ok: true } } };
    });
    const user = userEvent.setup();
    const { unmount } = renderInApp(<NotMePage />);
    const stop = await screen.findByRole('button', { name: 'End every session and stop withdrawals' });
    expect(calls).toHaveLength(0);
    await user.click(stop);
    expect(await screen.findByTestId('not-me-done')).toHaveTextContent(
      'Every session has ended and withdrawals are stopped',
    );
    expect(calls).toEqual([{ method: 'POST', path: '/v1/auth/not-me', body: { token: 'tok_123-abc' } }]);
    unmount();

    renderInApp(<NotMePage />);
    await user.click(await screen.findByRole('button', { name: 'End every session and stop withdrawals' }));
    expect(await screen.findByTestId('not-me-error')).toHaveTextContent('This link was opened already or has expired.');
  });
});

describe('the account’s e-mail', () => {
  it('shows it, says where the confirmation link went, and puts a refusal under the field', async () => {
    const calls = server((method, path, body) => {
      if (path === '/v1/users/self' && method === 'GET') return { body: { value: { email: 'owner@example.com' } } };
      if (path === '/v1/users/self/email') {
        const { email } = body as { email: string };
        if (email === 'taken@example.com')
          return {
            status: 400,
            body: { error: 'This e-mail is already used by another account', code: 'EMAIL_TAKEN' },
          };
        return { body: { value: { ok: true, message: 'sent' } } };
      }
      if (path === '/v1/users/self/second-factors') return { body: { value: { factors: [], recoveryCodesLeft: 0 } } };
      return { status: 404, body: { error: 'not here' } };
    });
    const user = userEvent.setup();
    renderInApp(<SecurityPage />);
    await waitFor(() =>
      expect(screen.getByTestId('account-email')).toHaveTextContent('Mail and sign-in use owner@example.com.'),
    );
    const field = screen.getByLabelText('New e-mail');
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('Enter a valid e-mail')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('This e-mail is already used by another account')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByTestId('email-change-sent')).toHaveTextContent(
      'We sent a link to new@example.com: open it within 24 hours to make it your e-mail',
    );
    expect(calls.filter((c) => c.path === '/v1/users/self/email').map((c) => c.body)).toEqual([
      { email: 'taken@example.com' },
      { email: 'new@example.com' },
    ]);
  });
});

describe('the step-up dialog, as the root route mounts it (outside the I18nProvider)', () => {
  it('names the act the proof is for, and asks plainly when the server names none', async () => {
    const { render } = await import('@testing-library/react');
    const { UiProvider } = await import('../../components/ui/provider');
    const { askStepUp } = await import('../../lib/stepUp');
    render(
      <UiProvider>
        <StepUpDialog />
      </UiProvider>,
    );
    const asked = askStepUp(['PASSWORD'], 'Enter your password', 'payoutAddress.save');
    expect(await screen.findByText('Confirm it’s you to save a payout address')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await asked).toBe(false);
    const plain = askStepUp(['PASSWORD'], 'Enter your password');
    expect(await screen.findByText('Confirm it’s you')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await plain).toBe(false);
  });
});
