import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { renderInApp } from '../../test-utils';
import { initialsOf } from '../../lib/initials';
import { NewResourceForm } from './ResourceDialog';
import type { ResourceServices } from './ResourceFields';
import { checkImage, emptyResource, resourceMessages, resourceSchema, toTaskInput, toTelegramLink } from './resource';

const MB = 1024 * 1024;

function services(overrides: Partial<ResourceServices> = {}): ResourceServices {
  return {
    search: vi.fn(async () =>
      Promise.reject(
        new ApiError(
          { error: 'Resource not found. Please fill in the fields yourself', code: 'TELEGRAM_RESOURCE_UNKNOWN' },
          404,
        ),
      ),
    ),
    upload: vi.fn(async () => '/media/logo.png'),
    ...overrides,
  };
}

describe('image checks before sending', () => {
  it('refuses files over 1 MB', () => {
    expect(checkImage({ name: 'a.png', size: MB + 1, type: 'image/png' })).toBe('Too large file');
    expect(checkImage({ name: 'a.png', size: MB, type: 'image/png' })).toBeNull();
  });

  it('refuses files whose type does not contain image', () => {
    expect(checkImage({ name: 'a.pdf', size: 10, type: 'application/pdf' })).toBe('Add an image only');
    expect(checkImage({ name: 'a.png', size: 10, type: '' })).toBe('Add an image only');
  });

  it('accepts only png, jpg, jpeg, webp, svg and avif', () => {
    for (const ext of ['png', 'jpg', 'jpeg', 'webp', 'svg', 'avif', 'PNG']) {
      expect(checkImage({ name: `logo.${ext}`, size: 10, type: 'image/x' })).toBeNull();
    }
    expect(checkImage({ name: 'logo.gif', size: 10, type: 'image/gif' })).toBe('Add an image only');
    expect(checkImage({ name: 'logo.bmp', size: 10, type: 'image/bmp' })).toBe('Add an image only');
  });
});

describe('resource validation', () => {
  const valid = { ...emptyResource('CHANNEL'), title: 'News', url: '@news_channel', logo: '/media/a.png' };
  const issues = (value: object) => {
    const result = resourceSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('converts @name to a t.me link', () => {
    expect(toTelegramLink('@news_channel')).toBe('https://t.me/news_channel');
    expect(toTelegramLink('t.me/news_channel')).toBe('https://t.me/news_channel');
    expect(toTaskInput(valid).url).toBe('https://t.me/news_channel');
    expect(issues(valid)).toEqual([]);
  });

  it('requires name, url and logo with the spec messages', () => {
    expect(issues({ ...emptyResource('CHANNEL') })).toEqual([
      `title: ${resourceMessages.nameRequired}`,
      `url: ${resourceMessages.urlRequired}`,
      `logo: ${resourceMessages.logoRequired}`,
    ]);
  });

  it('wants a Telegram link unless the type is custom', () => {
    expect(issues({ ...valid, url: 'https://example.com/x' })).toEqual([
      'url: The link is not valid, it should start with https://t.me/your_link',
    ]);
    expect(issues({ ...valid, type: 'CUSTOM', url: 'https://example.com/x' })).toEqual([]);
  });

  it('checks the invite link only when filled and sends null when empty', () => {
    expect(toTaskInput(valid).inviteLink).toBeNull();
    expect(issues({ ...valid, inviteLink: 'https://example.com/join' })).toEqual([
      'inviteLink: The link is not valid, it should start with https://t.me/your_link',
    ]);
    expect(issues({ ...valid, inviteLink: 'https://t.me/+AbCdEf' })).toEqual([]);
    expect(toTaskInput({ ...valid, inviteLink: '@invite_here' }).inviteLink).toBe('https://t.me/invite_here');
  });

  it('sends isMiniApp only for bots', () => {
    expect(toTaskInput({ ...valid, isMiniApp: true }).isMiniApp).toBe(false);
    expect(toTaskInput({ ...valid, type: 'BOT', isMiniApp: true }).isMiniApp).toBe(true);
  });
});

describe('new resource form', () => {
  it('hides the details until manual entry and shows the messages on submit', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderInApp(<NewResourceForm services={services()} onSubmit={onSubmit} />);

    await screen.findByPlaceholderText('https://t.me/your_link or @name');
    expect(screen.queryByLabelText('Resource name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create resource' }));
    expect(await screen.findByText('Required fields are not filled in')).toBeInTheDocument();
    expect(screen.getByText('Resource url is required')).toBeInTheDocument();
    // The failed submit reveals the details with their messages.
    expect(await screen.findByText('Resource name is required')).toBeInTheDocument();
    expect(screen.getByText('Resource logo is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says the server’s own reason when the search cannot look up, and takes a name not ending in bot for a channel', async () => {
    const off = new ApiError(
      {
        error:
          'Telegram lookups are not configured on this server (TELEGRAM_BOT_TOKEN is not set). Fill in the fields yourself.',
        code: 'TELEGRAM_LOOKUPS_OFF',
      },
      404,
    );
    const svc = services({ search: vi.fn(async () => Promise.reject(off)) });
    const user = userEvent.setup();
    renderInApp(<NewResourceForm services={svc} onSubmit={vi.fn()} />);
    const link = await screen.findByPlaceholderText('https://t.me/your_link or @name');
    await user.type(link, 't.me/walker_games_news');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/Telegram lookups are not configured on this server/)).toBeInTheDocument();
    expect(screen.queryByText('Resource not found. Please fill in the fields yourself')).toBeNull();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Channel' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Bot' })).not.toBeChecked();
  });

  it('sets the type to bot and asks for manual entry when the search fails; @name becomes a link', async () => {
    const svc = services();
    const user = userEvent.setup();
    renderInApp(<NewResourceForm services={svc} onSubmit={vi.fn()} />);

    const link = await screen.findByPlaceholderText('https://t.me/your_link or @name');
    await user.type(link, '@my_shop_bot');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(svc.search).toHaveBeenCalledWith('https://t.me/my_shop_bot');
    expect(await screen.findByText('Resource not found. Please fill in the fields yourself')).toBeInTheDocument();
    expect(link).toHaveValue('https://t.me/my_shop_bot');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Bot' })).toBeChecked());
    expect(screen.getByLabelText('Resource name')).toBeInTheDocument();
    expect(screen.getByText('This bot is a mini app')).toBeInTheDocument();
    // The form speaks of what the type is: a bot has a bot's name and no invite link.
    expect(screen.getByLabelText('Resource name')).toHaveAttribute('placeholder', 'My bot');
    expect(screen.queryByLabelText('Invite link')).toBeNull();
    // A custom resource is any https page, not a Telegram link.
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await waitFor(() => expect(screen.getByLabelText('Resource name')).toHaveAttribute('placeholder', 'My offer'));
    expect(screen.getByPlaceholderText('https://your.site/offer')).toBeInTheDocument();
    expect(screen.getByText(/Any https page: players arrive there with \?click=/)).toBeInTheDocument();
    expect(screen.queryByText(/A t\.me link or @name/)).toBeNull();
    expect(screen.queryByLabelText('Invite link')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Channel' }));
    await waitFor(() => expect(screen.getByLabelText('Invite link')).toBeInTheDocument());
    expect(screen.getByLabelText('Resource name')).toHaveAttribute('placeholder', 'My channel');
  });

  it('fills title, logo and type from a search result and submits the TaskInput', async () => {
    const svc = services({
      search: vi.fn(async () => ({
        title: 'Daily News',
        logo: '/media/news.png',
        taskType: 'CHANNEL' as const,
        url: 'https://t.me/daily_news',
      })),
    });
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderInApp(<NewResourceForm services={svc} onSubmit={onSubmit} />);

    await user.type(await screen.findByPlaceholderText('https://t.me/your_link or @name'), 't.me/daily_news{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Resource name')).toHaveValue('Daily News'));
    await user.type(screen.getByLabelText('Invite link'), 'https://example.com/join');
    await user.click(screen.getByRole('button', { name: 'Create resource' }));
    expect(
      await screen.findByText('The link is not valid, it should start with https://t.me/your_link'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Invite link'));
    await user.click(screen.getByRole('button', { name: 'Create resource' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        type: 'CHANNEL',
        title: 'Daily News',
        url: 'https://t.me/daily_news',
        logo: '/media/news.png',
        isMiniApp: false,
        inviteLink: null,
      }),
    );
  });

  it('a bot found by search: name and type filled, and at once a word that its initials stand in for a logo', async () => {
    const svc = services({
      search: vi.fn(async () => ({
        title: 'shop_bot',
        logo: null,
        taskType: 'BOT' as const,
        url: 'https://t.me/shop_bot',
      })),
    });
    const user = userEvent.setup();
    renderInApp(<NewResourceForm services={svc} onSubmit={vi.fn()} />);
    await user.type(await screen.findByPlaceholderText('https://t.me/your_link or @name'), '@shop_bot{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Resource name')).toHaveValue('shop_bot'));
    expect(
      await screen.findByText('No logo yet: the initials shown here are used unless you upload one.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/search fills in the name and type, and the picture Telegram shares/)).toBeInTheDocument();
  });

  it('sends a resource without a logo with its initials picture, uploaded like any logo', async () => {
    const drawn = new File([new Uint8Array([137, 80, 78, 71])], 'initials.png', { type: 'image/png' });
    const drawInitials = vi.fn(async () => drawn);
    const svc = services({ drawInitials, upload: vi.fn(async () => '/media/initials.png') });
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderInApp(<NewResourceForm services={svc} onSubmit={onSubmit} />);
    await user.click(await screen.findByRole('button', { name: 'Fill in manually' }));
    await user.click(screen.getByRole('radio', { name: 'Channel' }));
    await user.type(screen.getByPlaceholderText('https://t.me/your_link or @name'), 'https://t.me/walker_games_news');
    await user.type(screen.getByLabelText('Resource name'), 'Walker Games News');
    await user.click(screen.getByRole('button', { name: 'Create resource' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(drawInitials).toHaveBeenCalledWith('Walker Games News');
    expect(svc.upload).toHaveBeenCalledWith(drawn);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ logo: '/media/initials.png', type: 'CHANNEL' }));
  });

  it('initials: the first letters of the first and last words, any script', () => {
    expect(initialsOf('Walker Games News')).toBe('WN');
    expect(initialsOf('walker_games_news')).toBe('WN');
    expect(initialsOf('  игры  ')).toBe('И');
    expect(initialsOf('😀 club')).toBe('😀C');
    expect(initialsOf('   ')).toBe('');
  });

  it('checks an image before uploading it', async () => {
    const svc = services();
    const user = userEvent.setup();
    renderInApp(<NewResourceForm services={svc} onSubmit={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Fill in manually' }));
    const input = screen.getByTestId('logo-input') as HTMLInputElement;

    const big = new File([new Uint8Array(MB + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findAllByText('Too large file')).length).toBeGreaterThan(0);

    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect((await screen.findAllByText('Add an image only')).length).toBeGreaterThan(0);
    expect(svc.upload).not.toHaveBeenCalled();

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(svc.upload).toHaveBeenCalledWith(png));
    expect(await screen.findByRole('button', { name: 'Change logo' })).toBeInTheDocument();
  });
});
