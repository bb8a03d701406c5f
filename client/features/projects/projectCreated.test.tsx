import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test-utils';
import { ProjectCreatedDialog } from './ProjectModals';

describe('“Project created” speaks to the project’s resources', () => {
  it('recommends the SDK where a bot or a page reports through it', async () => {
    renderInApp(<ProjectCreatedDialog projectId="5" types={['CHANNEL', 'BOT']} onClose={() => {}} />);
    expect(await screen.findByTestId('project-created-advice')).toHaveTextContent(/^We recommend installing the SDK/);
    expect(screen.getByRole('link', { name: 'Set up SDK' })).toHaveAttribute('href', '/advertiser/projects/5?sdk=1');
  });

  it('tells channels and chats the step they need instead', async () => {
    renderInApp(<ProjectCreatedDialog projectId="6" types={['CHANNEL', 'CHAT']} onClose={() => {}} />);
    expect(await screen.findByTestId('project-created-advice')).toHaveTextContent(
      /^Channels and chats need no code: make our system bot an administrator there/,
    );
  });
});
