import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { RewardCallbacks } from './RewardCallbacks';

const attempt = (n: number, statusCode: number | null, error: string | null) => ({
  __typename: 'RewardCallbackAttempt',
  attempt: n,
  at: '2026-11-21T10:00:00.000Z',
  statusCode,
  error,
  durationMs: 12,
});

const callback = (id: string, status: string, log: ReturnType<typeof attempt>[]) => ({
  __typename: 'RewardCallback',
  id,
  conversionId: `10${id}`,
  url: 'https://quest.example/rewards',
  status,
  attempts: log.length,
  nextAttemptAt: status === 'PENDING' ? '2026-11-21T10:01:00.000Z' : null,
  lastStatusCode: log.at(-1)?.statusCode ?? null,
  lastError: log.at(-1)?.error ?? null,
  createdAt: '2026-11-21T10:00:00.000Z',
  deliveredAt: status === 'DELIVERED' ? '2026-11-21T10:00:20.000Z' : null,
  attemptLog: log,
});

function render(callbacks: ReturnType<typeof callback>[]) {
  const apollo = testApollo((operation) =>
    operation === 'PlatformCallbacks' ? { platformCallbacks: callbacks } : undefined,
  );
  renderInApp(apollo.wrap(<RewardCallbacks platformId="7" />));
}

describe('reward callbacks of an app', () => {
  it('lists each callback with its status and every attempt', async () => {
    render([
      callback('2', 'PENDING', [attempt(1, null, 'Could not connect: ECONNREFUSED')]),
      callback('1', 'DELIVERED', [
        attempt(1, 500, 'The server answered 500'),
        attempt(2, 500, 'The server answered 500'),
        attempt(3, 200, null),
      ]),
    ]);
    const rows = await screen.findAllByTestId('reward-callback-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['PENDING', 'DELIVERED']);
    expect(within(rows[0]).getByText('Retrying')).toBeTruthy();
    expect(within(rows[0]).getByText(/next try/)).toBeTruthy();
    expect(within(rows[1]).getByText('Delivered')).toBeTruthy();
    expect(within(rows[1]).getByText('#101')).toBeTruthy();
    expect(
      within(rows[1])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^#1 .*The server answered 500 \(12 ms\)$/),
      expect.stringMatching(/^#2 .*The server answered 500 \(12 ms\)$/),
      expect.stringMatching(/^#3 .*HTTP 200 \(12 ms\)$/),
    ]);
  });

  it('explains how to get callbacks when there are none', async () => {
    render([]);
    expect((await screen.findByTestId('reward-callbacks-empty')).textContent).toContain(
      'Set a reward callback URL in the app settings',
    );
  });
});
