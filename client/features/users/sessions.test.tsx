import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { SessionsDialog, groupByDevice } from './SessionsDialog';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const session = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: 'Session' as const,
  id,
  method: 'PASSWORD' as const,
  createdAt: `2026-11-2${id}T08:00:00Z`,
  lastSeenAt: `2026-11-2${id}T09:00:00Z`,
  ip: '127.0.0.1',
  lastIp: '127.0.0.1',
  userAgent: CHROME_LINUX,
  current: false,
  ...over,
});

describe('sessions, grouped by device', () => {
  it('one row per browser, system and address; this device first, then the most recently seen', () => {
    const groups = groupByDevice([
      session('1'),
      session('2', { userAgent: CHROME_ANDROID, lastSeenAt: '2026-11-28T10:00:00Z' }),
      session('3', { current: true }),
      session('4'),
      session('5', { lastIp: '10.0.0.2' }),
    ] as never);
    expect(groups.map((g) => [g.name, g.ip, g.sessions.map((s) => s.id), g.current])).toEqual([
      ['Chrome on Linux', '127.0.0.1', ['3', '4', '1'], true],
      // Seen on the 28th: before the one last seen on the 25th.
      ['Chrome on Android', '127.0.0.1', ['2'], false],
      ['Chrome on Linux', '10.0.0.2', ['5'], false],
    ]);
    expect(groups[1].phone).toBe(true);
  });

  it('the dialog: this device with its count and “Sign out the 2 others”; another device signs out as one', async () => {
    let sessions = [
      session('1'),
      session('3', { current: true }),
      session('4'),
      session('2', { userAgent: CHROME_ANDROID }),
    ];
    const ended: string[] = [];
    const apollo = testApollo((operation, variables) => {
      if (operation === 'MySessions') return { mySessions: sessions };
      if (operation === 'EndSession') {
        ended.push(String(variables.id));
        sessions = sessions.filter((s) => s.id !== variables.id);
        return { endSession: true };
      }
      return undefined;
    });
    renderInApp(apollo.wrap(<SessionsDialog open onClose={() => {}} />));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    const [mine, phone] = screen.getAllByTestId('session-row');
    expect(mine).toHaveTextContent('This device');
    expect(within(mine).getByTestId('session-count')).toHaveTextContent('3 sessions');
    expect(mine).toHaveTextContent('First signed in');
    expect(phone).toHaveTextContent('Chrome on Android');
    const user = userEvent.setup();
    await user.click(within(mine).getByRole('button', { name: 'Sign out the 2 others' }));
    await waitFor(() => expect(ended.sort()).toEqual(['1', '4']));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('session-row')[0]).toHaveAttribute('data-sessions', '1'));
    await user.click(within(screen.getAllByTestId('session-row')[1]).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByText('You are signed in here only.')).toBeInTheDocument();
  });
});
