import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test-utils';
import { PlatformForm } from './PlatformForm';
import {
  type AwardsState,
  type PlatformValues,
  awardsReducer,
  emptyPlatform,
  platformMessages,
  showcaseSnippet,
  showcaseSnippets,
  toFormValues,
  toPlatformInput,
  validateAward,
} from './platform';
import { platformSchema } from './platformSchema';

const coins = { key: 'id:1', id: '1', title: 'Coins', logo: '/media/coins.png' };
const gems = { key: 'new:a', id: null, title: 'Gems', logo: '/media/gems.png' };

function state(): AwardsState {
  const base = emptyPlatform();
  return {
    awards: [coins, gems],
    services: base.services.map((s, i) => ({
      ...s,
      awards:
        i < 3
          ? [
              { awardKey: coins.key, awardTitle: 'Coins', value: '10' },
              { awardKey: gems.key, awardTitle: 'Gems', value: '2' },
            ]
          : [],
    })),
  };
}

describe('award modal propagation', () => {
  it('renaming an award updates the matching awards in every service', () => {
    const next = awardsReducer(state(), { type: 'update', key: coins.key, title: 'Gold', logo: '/media/gold.png' });
    expect(next.awards.map((a) => a.title)).toEqual(['Gold', 'Gems']);
    expect(next.awards[0]).toMatchObject({ id: '1', logo: '/media/gold.png' });
    for (const s of next.services.slice(0, 3)) {
      expect(s.awards.map((a) => a.awardTitle)).toEqual(['Gold', 'Gems']);
      expect(s.awards[0].value).toBe('10');
    }
    expect(next.services[3].awards).toEqual([]);
  });

  it('deleting an award removes it from every service', () => {
    const next = awardsReducer(state(), { type: 'delete', key: gems.key });
    expect(next.awards).toEqual([coins]);
    for (const s of next.services.slice(0, 3)) expect(s.awards.map((a) => a.awardKey)).toEqual([coins.key]);
  });

  it('adding an award leaves the services alone', () => {
    const before = state();
    const next = awardsReducer(before, { type: 'add', award: { key: 'new:b', id: null, title: 'Keys', logo: '/k' } });
    expect(next.awards).toHaveLength(3);
    expect(next.services).toBe(before.services);
  });

  it('checks name required, unique (case-insensitive, not against itself) and logo', () => {
    expect(validateAward({ title: ' ', logo: '' }, [coins], null)).toEqual({
      title: 'Award name is required',
      logo: 'Award logo is required',
    });
    expect(validateAward({ title: 'coins', logo: '/x' }, [coins], null)).toEqual({
      title: 'Award name must be unique',
    });
    expect(validateAward({ title: 'Coins', logo: '/x' }, [coins], coins.key)).toEqual({});
  });
});

describe('platform form values', () => {
  const valid = (): PlatformValues => ({
    ...emptyPlatform(),
    title: 'Quest',
    logo: '/media/q.png',
    categoryId: '1',
    tgBotUrl: '@quest_bot',
    webappUrl: 'https://quest.example',
    ...state(),
  });
  const issues = (v: PlatformValues) => {
    const r = platformSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('has the spec messages', () => {
    expect(issues(valid())).toEqual([]);
    expect(issues(emptyPlatform())).toEqual([
      'title: App name is required',
      'logo: Platform logo is required',
      'categoryId: Choose a category',
      'tgBotUrl: Telegram bot link is required',
      'webappUrl: Web app URL is required',
    ]);
    expect(issues({ ...valid(), webappUrl: 'http://x.example', tgBotUrl: 'https://example.com/bot' })).toEqual([
      'tgBotUrl: The link is not valid, it should start with https://t.me/your_link',
      'webappUrl: The link is not valid, it should start with https://',
    ]);
    const v = valid();
    v.services[0].awards = [{ awardKey: '', awardTitle: '', value: '' }];
    expect(issues(v)).toEqual([
      'services.0.awards.0.awardKey: Award is required',
      'services.0.awards.0.value: Award quantity is required',
    ]);
  });

  it('checks the optional integration fields like the server', () => {
    expect(
      issues({ ...valid(), tgBotId: ' 123456789 ', botToken: '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11' }),
    ).toEqual([]);
    expect(issues({ ...valid(), rewardCallbackUrl: 'https://quest.example/rewards' })).toEqual([]);
    expect(
      issues({ ...valid(), tgBotId: '@quest_bot', botToken: 'not-a-token', rewardCallbackUrl: 'http://quest.example' }),
    ).toEqual([
      'tgBotId: Enter the numeric bot id',
      'botToken: The bot token looks like 123456:ABC-DEF…',
      'rewardCallbackUrl: The link is not valid, it should start with https://',
    ]);
    expect(issues({ ...valid(), tgBotId: '0' })).toEqual(['tgBotId: Enter the numeric bot id']);
  });

  it('sends the integration fields, empty ones as null', () => {
    const empty = toPlatformInput(valid(), 'edit');
    expect(empty).toMatchObject({ tgBotId: null, botToken: null, rewardCallbackUrl: null });
    const filled = toPlatformInput(
      {
        ...valid(),
        tgBotId: ' 42 ',
        botToken: ' 1:abcdefghijklmnopqrstuvwxyz ',
        rewardCallbackUrl: ' https://q.example/cb ',
      },
      'create',
    );
    expect(filled).toMatchObject({
      tgBotId: '42',
      botToken: '1:abcdefghijklmnopqrstuvwxyz',
      rewardCallbackUrl: 'https://q.example/cb',
    });
  });

  it('sends saved awards by id and new ones by title; the Telegram link only on create', () => {
    const create = toPlatformInput(valid(), 'create');
    expect(create.tgBotUrl).toBe('https://t.me/quest_bot');
    expect(create.rewards).toEqual([
      { id: '1', title: 'Coins', logo: '/media/coins.png' },
      { title: 'Gems', logo: '/media/gems.png' },
    ]);
    expect(create.services[0].awards).toEqual([
      { platformRewardId: '1', value: 10 },
      { platformRewardTitle: 'Gems', value: 2 },
    ]);
    expect(create.services.map((s) => s.taskType)).toEqual(['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK']);
    expect('tgBotUrl' in toPlatformInput(valid(), 'edit')).toBe(false);
  });

  it('loads five services in showcase order with tiers by level', () => {
    const values = toFormValues({
      title: 'Q',
      logo: '/l',
      categoryId: '2',
      tgBotUrl: 'https://t.me/q',
      webappUrl: 'https://q',
      isDarkTheme: true,
      tgBotId: '777',
      rewardCallbackUrl: 'https://q/cb',
      rewards: [{ id: '7', title: 'Coins', logo: '/c' }],
      services: [
        {
          id: '3',
          taskType: 'CHAT',
          isExcluded: true,
          shouldConfirmWithoutPayout: false,
          awards: [{ platformRewardId: '7', platformRewardTitle: 'Coins', value: 5 }],
          tiers: [
            { level: 2, value: '0.10', prices: [] },
            { level: 1, value: '0.20', prices: [] },
          ],
        },
      ],
    });
    expect(values.services.map((s) => s.taskType)).toEqual(['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK', 'CUSTOM']);
    expect(values.services[2]).toMatchObject({ id: '3', isExcluded: true });
    expect(values.services[2].awards).toEqual([{ awardKey: 'id:7', awardTitle: 'Coins', value: '5' }]);
    expect(values.services[2].tiers.map((t) => t.level)).toEqual([1, 2]);
    // The bot token is never loaded back: the field starts empty.
    expect(values).toMatchObject({ tgBotId: '777', botToken: '', rewardCallbackUrl: 'https://q/cb' });
  });

  it('builds the showcase snippet for the platform', () => {
    const code = showcaseSnippet('42', 'https://ads.example');
    expect(code).toContain('<div id="taskgram-showcase"></div>');
    expect(code).toContain('<script src="https://ads.example/showcase.js"></script>');
    expect(code).toContain('platformId: 42,');
    expect(code).toContain("container: document.getElementById('taskgram-showcase'),");
    for (const cb of ['onLoad: () => {}', 'onStartTask: (task) => {}', 'onFinishTask: (task) => {}']) {
      expect(code).toContain(cb);
    }
  });
});

describe('integration snippets', () => {
  it('fills the app id into the HTML, web component, React and Vue snippets', () => {
    const s = showcaseSnippets('42', 'https://ads.example');
    expect(s.html).toBe(showcaseSnippet('42', 'https://ads.example'));
    for (const code of [s.element, s.react, s.vue]) {
      expect(code).toContain('data-platform-id="42"');
      expect(code).toContain('https://ads.example/showcase.js');
    }
    expect(s.element).toContain("addEventListener('finishtask'");
    expect(s.react).toContain("element.addEventListener('finishtask', finish)");
    expect(s.react).toContain('https://ads.example/showcase.d.ts');
    expect(s.vue).toContain('@finishtask="onFinish"');
    expect(s.vue).toContain("isCustomElement: (tag) => tag === 'taskgram-showcase'");
  });
});

describe('platform form (component)', () => {
  const categories = [{ id: '1', title: 'Games' }];

  it('shows the service form messages and the failure toast', async () => {
    const onSubmit = vi.fn(async () => {});
    const initial = { ...emptyPlatform(), awards: [coins] };
    renderInApp(
      <PlatformForm
        mode="create"
        initialValues={initial}
        categories={categories}
        upload={vi.fn()}
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    expect(await screen.findAllByRole('tab')).toHaveLength(4);
    expect(screen.queryByRole('tab', { name: 'Custom' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Visit Link' }));
    // These two are on the edit screen only.
    expect(screen.queryByText('Award the user in any case')).toBeNull();
    expect(screen.queryByText('Disable task type display')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Start Bot' }));
    await user.click(screen.getByRole('button', { name: 'Add award to Start Bot' }));
    await user.click(screen.getByRole('button', { name: 'Create App' }));

    expect(await screen.findByText('Fill in all fields correctly')).toBeTruthy();
    expect(screen.getByText('App name is required')).toBeTruthy();
    expect(screen.getByText('Award is required')).toBeTruthy();
    expect(screen.getByText('Award quantity is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // Fixing the row clears its messages.
    await user.selectOptions(screen.getByLabelText('Start Bot award 1'), coins.key);
    await user.type(screen.getByLabelText('Start Bot award 1 quantity'), '15');
    await waitFor(() => expect(screen.queryByText('Award is required')).toBeNull());
    expect(screen.queryByText('Award quantity is required')).toBeNull();
  });

  it('tier prices say what the publisher earns after the network fee; edit has the service toggles', async () => {
    const tiers = [
      { level: 1, value: '0.150000', publisherValue: '0.120000', prices: [] },
      { level: 2, value: '0.100000', publisherValue: '0.080000', prices: [] },
    ];
    const initial = { ...emptyPlatform(tiers), awards: [coins] };
    renderInApp(
      <PlatformForm
        mode="edit"
        initialValues={initial}
        categories={categories}
        upload={vi.fn()}
        onSubmit={vi.fn(async () => {})}
        networkFeePercent={20}
      />,
    );
    const panel = await screen.findByTestId('service-panel-BOT');
    expect(
      within(panel)
        .getAllByTestId('tier-earning')
        .map((e) => e.textContent),
    ).toEqual(['0.12 $', '0.08 $']);
    expect(
      within(panel)
        .getAllByTestId('tier-price')
        .map((e) => e.textContent),
    ).toEqual(['advertiser pays 0.15 $', 'advertiser pays 0.10 $']);
    expect(within(panel).getByTestId('tier-fee-note').textContent).toContain('the network keeps 20% of each action');
    expect(within(panel).getByText('Disable task type display')).toBeTruthy();
  });

  it('renaming and deleting an award in the modal follows in every service', async () => {
    const s = state();
    const initial: PlatformValues = {
      ...emptyPlatform(),
      title: 'Quest',
      logo: '/media/q.png',
      categoryId: '1',
      tgBotUrl: 'https://t.me/quest',
      webappUrl: 'https://quest.example',
      ...s,
    };
    const onSubmit = vi.fn(async (_: PlatformValues) => {});
    renderInApp(
      <PlatformForm mode="edit" initialValues={initial} categories={categories} upload={vi.fn()} onSubmit={onSubmit} />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit award Coins' }));
    const dialog = await screen.findByTestId('award-dialog');
    const name = within(dialog).getByLabelText('Award name');
    await user.clear(name);
    await user.type(name, 'Gems');
    await user.click(within(dialog).getByRole('button', { name: 'Save award' }));
    expect(await within(dialog).findByText('Award name must be unique')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Gold');
    await user.click(within(dialog).getByRole('button', { name: 'Save award' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit award Coins' })).toBeNull());
    for (const tab of ['Start Bot', 'Channel', 'Chat']) {
      const select = screen.getByLabelText(`${tab} award 1`) as HTMLSelectElement;
      expect(select.selectedOptions[0].textContent).toBe('Gold');
    }
    expect(screen.getAllByText('+10 Gold')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Edit award Gems' }));
    await user.click(within(await screen.findByTestId('award-dialog')).getByRole('button', { name: 'Delete award' }));
    await waitFor(() => expect(screen.queryAllByText(/\+2 Gems/)).toHaveLength(0));
    expect(screen.queryByLabelText('Start Bot award 2')).toBeNull();

    fireEvent.submit(screen.getByRole('form', { name: 'Edit App' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const saved = onSubmit.mock.calls[0][0];
    expect(saved.awards.map((a) => a.title)).toEqual(['Gold']);
    expect(toPlatformInput(saved, 'edit').services[1].awards).toEqual([{ platformRewardId: '1', value: 10 }]);
    expect(platformMessages.updated).toBe('The app has been updated');
  });
  const filled = (): PlatformValues => ({
    ...emptyPlatform(),
    title: 'Quest',
    logo: '/media/q.png',
    categoryId: '1',
    tgBotUrl: 'https://t.me/quest',
    webappUrl: 'https://quest.example',
  });

  it('shows the integration messages and saves the fields on create', async () => {
    const onSubmit = vi.fn(async (_: PlatformValues) => {});
    renderInApp(
      <PlatformForm
        mode="create"
        initialValues={filled()}
        categories={categories}
        upload={vi.fn()}
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Integration (optional)' })).toBeTruthy();
    expect(screen.getByText(/signed request to this address/)).toBeTruthy();
    const token = screen.getByLabelText('Bot token') as HTMLInputElement;
    expect(token.type).toBe('password');
    expect(screen.queryByText(/A bot token is saved/)).toBeNull();

    await user.type(screen.getByLabelText('Telegram bot id'), 'quest_bot');
    await user.type(token, '12345');
    await user.type(screen.getByLabelText('Reward callback URL'), 'http://quest.example/cb');
    await user.click(screen.getByRole('button', { name: 'Create App' }));
    expect(await screen.findByText('Enter the numeric bot id')).toBeTruthy();
    expect(screen.getByText('The bot token looks like 123456:ABC-DEF…')).toBeTruthy();
    expect(screen.getByText('The link is not valid, it should start with https://')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Telegram bot id'));
    await user.type(screen.getByLabelText('Telegram bot id'), '987654321');
    await user.clear(token);
    await user.type(token, '987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
    await user.clear(screen.getByLabelText('Reward callback URL'));
    await user.type(screen.getByLabelText('Reward callback URL'), 'https://quest.example/cb');
    await user.click(screen.getByRole('button', { name: 'Create App' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toPlatformInput(onSubmit.mock.calls[0][0], 'create')).toMatchObject({
      tgBotId: '987654321',
      botToken: '987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      rewardCallbackUrl: 'https://quest.example/cb',
    });
  });

  it('on edit pre-fills the bot id and callback URL, never the token, and keeps a saved token', async () => {
    const onSubmit = vi.fn(async (_: PlatformValues) => {});
    const initial = { ...filled(), tgBotId: '555', rewardCallbackUrl: 'https://quest.example/cb' };
    renderInApp(
      <PlatformForm
        mode="edit"
        initialValues={initial}
        categories={categories}
        upload={vi.fn()}
        onSubmit={onSubmit}
        hasBotToken
      />,
    );
    expect(await screen.findByText(/A bot token is saved/)).toBeTruthy();
    expect((screen.getByLabelText('Telegram bot id') as HTMLInputElement).value).toBe('555');
    expect((screen.getByLabelText('Reward callback URL') as HTMLInputElement).value).toBe('https://quest.example/cb');
    expect((screen.getByLabelText('Bot token') as HTMLInputElement).value).toBe('');

    fireEvent.submit(screen.getByRole('form', { name: 'Edit App' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // An empty token field leaves the saved token unchanged.
    expect(toPlatformInput(onSubmit.mock.calls[0][0], 'edit')).toMatchObject({
      tgBotId: '555',
      botToken: null,
      rewardCallbackUrl: 'https://quest.example/cb',
    });
  });
});
