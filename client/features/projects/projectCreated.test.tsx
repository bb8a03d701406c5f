import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { ProjectCreatedDialog } from './ProjectModals';

describe('“Project created” speaks to the project’s resources', () => {
  it('recommends the SDK where a bot or a page reports through it', async () => {
    const api = testApollo(() => undefined);
    renderInApp(api.wrap(<ProjectCreatedDialog projectId="5" types={['CHANNEL', 'BOT']} onClose={() => {}} />));
    expect(await screen.findByTestId('project-created-advice')).toHaveTextContent(/^We recommend installing the SDK/);
    expect(screen.getByRole('link', { name: 'Set up SDK' })).toHaveAttribute('href', '/advertiser/projects/5?sdk=1');
  });

  it('tells channels and chats the step they need instead', async () => {
    const api = testApollo((name) =>
      name === 'SystemBot'
        ? { settings: { __typename: 'Settings', telegramSystemBot: 'taskgram_ads_bot' } }
        : undefined,
    );
    renderInApp(api.wrap(<ProjectCreatedDialog projectId="6" types={['CHANNEL', 'CHAT']} onClose={() => {}} />));
    // The bot to make an administrator, by its name.
    await waitFor(() =>
      expect(screen.getByTestId('project-created-advice')).toHaveTextContent(
        /^Channels and chats need no code: make @taskgram_ads_bot an administrator there/,
      ),
    );
    // Its main button is that step (the same details), and the step after it is said.
    expect(screen.getByRole('link', { name: 'Add the bot' })).toHaveAttribute('href', '/advertiser/projects/6?sdk=1');
    expect(screen.queryByRole('link', { name: 'Set up SDK' })).toBeNull();
    expect(screen.getByTestId('project-created-next')).toHaveTextContent(/^Next: start a campaign/);
  });
});
