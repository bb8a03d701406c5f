import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test-utils';
import { LoginForm } from './LoginForm';
import { RegistrationForm } from './RegistrationForm';
import { ResetPasswordForm } from './ResetPasswordPage';
import { messages } from './schemas';
import { SetPasswordForm } from './SetPasswordPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('shows field messages and sends nothing when the input is invalid', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    renderInApp(<LoginForm onSignedIn={() => undefined} />);

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordLength)).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordLength)).toBeInTheDocument();

    // 129 characters, past the 128 a password may have.
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByLabelText('Password'));
    await user.paste('p'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(messages.passwordLength)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("puts the server's error in a toast", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'Incorrect e-mail or password' }), { status: 401 })),
    );
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderInApp(<LoginForm onSignedIn={onSignedIn} />);

    await user.type(await screen.findByLabelText('E-mail'), 'advertiser@demo.local');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Incorrect e-mail or password')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('falls back to the network message when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup();
    renderInApp(<LoginForm onSignedIn={() => undefined} />);
    await user.type(await screen.findByLabelText('E-mail'), 'advertiser@demo.local');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Network error, try again late')).toBeInTheDocument();
  });

  it('hands the session over on success', async () => {
    const session = { accessToken: 'jwt', user: { id: '1', name: 'A', email: 'a@b.co', defaultRole: 'ADVERTISER' } };
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ value: session }), { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderInApp(<LoginForm onSignedIn={onSignedIn} />);
    await user.type(await screen.findByLabelText('E-mail'), ' a@b.co ');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/v1/auth/login',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'a@b.co', password: 'demo1234' }) }),
    );
  });
});

describe('login form under attack', () => {
  it('shows why a code is needed and sends it with the next sign-in', async () => {
    const asked = 'Many failed sign-in attempts: enter the code we have e-mailed to this account';
    const session = { accessToken: 'jwt', user: { id: '1', name: 'A', email: 'a@b.co', defaultRole: 'ADVERTISER' } };
    const fetchSpy = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ error: asked, next: 'EMAIL_CODE' }), { status: 403 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ value: session }), { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderInApp(<LoginForm onSignedIn={onSignedIn} />);
    await user.type(await screen.findByLabelText('E-mail'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // Generous waits: a busy machine renders late, and only the state matters here.
    expect(await screen.findByText(asked, {}, { timeout: 5000 })).toBeInTheDocument();
    const code = screen.getByLabelText('Code from the e-mail');
    await waitFor(() => expect(code).toHaveFocus(), { timeout: 5000 });
    await user.type(code, 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(messages.codeInvalid, {}, { timeout: 5000 })).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'k7qx-m2pd');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session), { timeout: 5000 });
    expect(fetchSpy).toHaveBeenLastCalledWith(
      '/api/v1/auth/login',
      expect.objectContaining({
        body: JSON.stringify({ email: 'a@b.co', password: 'demo1234', code: 'k7qx-m2pd' }),
      }),
    );
  });
});

describe('registration request form', () => {
  it('shows the messages of required and malformed fields', async () => {
    const user = userEvent.setup();
    renderInApp(<RegistrationForm onFiled={() => undefined} />);
    await user.type(await screen.findByLabelText(/^Telegram/), 'a b');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordLength)).toBeInTheDocument();
    expect(screen.getByText(messages.telegramInvalid)).toBeInTheDocument();
  });

  it('sends the request with the chosen role and shows the 409 message', async () => {
    const fetchSpy = vi.fn(
      async () => new Response(JSON.stringify({ error: 'A request for this e-mail already exists' }), { status: 409 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const onFiled = vi.fn();
    const user = userEvent.setup();
    renderInApp(<RegistrationForm onFiled={onFiled} />);
    await user.click(await screen.findByText('Publisher'));
    await user.type(screen.getByLabelText(/^Name/), 'Ann');
    await user.type(screen.getByLabelText(/^E-mail/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('A request for this e-mail already exists')).toBeInTheDocument();
    expect(onFiled).not.toHaveBeenCalled();
    const body = JSON.parse((fetchSpy.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toEqual({ name: 'Ann', email: 'ann@example.com', password: 'secret12', role: 'PUBLISHER' });
  });
});

describe('password reset forms', () => {
  it('asks for a valid e-mail', async () => {
    const user = userEvent.setup();
    renderInApp(<ResetPasswordForm onSent={() => undefined} />);
    await user.type(await screen.findByLabelText('E-mail'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
  });

  it('checks the new password and its repetition', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ value: { secondFactor: false, since: null, changes: [] } }))),
    );
    const user = userEvent.setup();
    renderInApp(<SetPasswordForm resetId="abc" onDone={() => undefined} />);
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(messages.passwordLength)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'longer12');
    await user.type(screen.getByLabelText('Repeat password'), 'longer13');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(messages.passwordsDiffer)).toBeInTheDocument();
  });

  it('asks an account with a second factor for a code, and sends the change the owner says was not theirs', async () => {
    const sent: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push({ method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
        if (init?.method === 'PATCH') return new Response(JSON.stringify({ value: { ok: true } }));
        return new Response(
          JSON.stringify({
            value: {
              secondFactor: true,
              since: null,
              changes: [{ kind: 'TELEGRAM', at: '2026-12-01T10:00:00.000Z', label: '@thief' }],
            },
          }),
        );
      }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderInApp(<SetPasswordForm resetId="abc" onDone={onDone} />);
    const picker = await screen.findByTestId('reset-since');
    expect(picker).toHaveTextContent('Telegram linked @thief');
    await user.type(screen.getByLabelText('New password'), 'longer12');
    await user.type(screen.getByLabelText('Repeat password'), 'longer12');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Enter a code from your authenticator app, or a recovery code')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.selectOptions(picker, '2026-12-01T10:00:00.000Z');
    await user.type(screen.getByLabelText(/Code from your authenticator app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      id: 'abc',
      password: 'longer12',
      code: '123456',
      since: '2026-12-01T10:00:00.000Z',
    });
  });
});
