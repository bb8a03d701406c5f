import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { addMoney } from '../../lib/money';
import { utcDay } from '../campaigns/campaignReport';
import { chartRange, StatisticsPage } from './StatisticsPage';

const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

function setup() {
  let todayConversions = 2;
  const apollo = testApollo((operation) => {
    if (operation === 'StatisticsApps') {
      return {
        platforms: {
          __typename: 'PlatformPage',
          data: [
            {
              __typename: 'Platform',
              id: '7',
              title: 'Clicker Quest',
              quality: { __typename: 'PlatformQuality', platformId: '7', score: 92, conversions: 120 },
            },
            {
              __typename: 'Platform',
              id: '8',
              title: 'Farm Hero',
              quality: { __typename: 'PlatformQuality', platformId: '8', score: null, conversions: 3 },
            },
          ],
        },
      };
    }
    if (operation !== 'PublisherStatistics') return undefined;
    const rows = [
      { createdAt: day(0), conversions: todayConversions, profit: addMoney(...Array(todayConversions).fill('0.12')) },
      { createdAt: day(1), conversions: 3, profit: '1.000000' },
      { createdAt: day(3), conversions: 0, profit: '0' },
    ];
    return {
      publisherStatistics: {
        __typename: 'StatisticsPage',
        totalCount: rows.length,
        data: rows.map((r) => ({ __typename: 'StatisticsDay', ...r })),
      },
      publisherStatisticsToday: { __typename: 'StatisticsDay', ...rows[0] },
    };
  });
  renderInApp(apollo.wrap(<StatisticsPage />));
  return {
    ...apollo,
    convert: () => {
      todayConversions += 1;
    },
  };
}

const lastVariables = (calls: { operationName: string; variables: Record<string, unknown> }[]) =>
  calls.filter((c) => c.operationName === 'PublisherStatistics').at(-1)!.variables;

describe('Statistics page', () => {
  it('shows date, conversions, profit and CPA with 2 decimals ("-" without conversions)', async () => {
    setup();
    const rows = await screen.findAllByTestId('statistics-row');
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells.map((c) => c.slice(1))).toEqual([
      ['2', '0.24 $', '0.12'],
      ['3', '1.00 $', '0.33'],
      ['0', '0.00 $', '-'],
    ]);
    expect(screen.getByTestId('today-conversions')).toHaveTextContent('2');
    expect(screen.getByTestId('today-cpa')).toHaveTextContent(/^0\.12 \$$/);
  });

  it('cycles the sort asc → desc → none on a header, asking the server each time', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await screen.findAllByTestId('statistics-row');
    const header = screen.getByTestId('sort-cpa');
    await user.click(header);
    await waitFor(() => expect(lastVariables(calls)).toMatchObject({ sortField: 'cpa', sortOrder: 'asc', page: 1 }));
    await user.click(header);
    await waitFor(() => expect(lastVariables(calls)).toMatchObject({ sortField: 'cpa', sortOrder: 'desc' }));
    await user.click(header);
    await waitFor(() => expect(lastVariables(calls)).toMatchObject({ sortField: null, sortOrder: null }));
    expect(header.dataset.sorted).toBe('none');
  });

  it('filters by task type and app; page sizes are 10 to 50 in steps of 10', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await screen.findAllByTestId('statistics-row');
    await user.selectOptions(screen.getByTestId('filter-task-type'), 'CHANNEL');
    await waitFor(() => expect(lastVariables(calls)).toMatchObject({ taskType: 'CHANNEL', platformId: null }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Farm Hero' })).toBeInTheDocument());
    await user.selectOptions(screen.getByTestId('filter-app'), '8');
    await waitFor(() => expect(lastVariables(calls)).toMatchObject({ taskType: 'CHANNEL', platformId: '8' }));
    const sizes = within(screen.getByTestId('table-page-size'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10', '20', '30', '40', '50']);
    expect(lastVariables(calls)).toMatchObject({ size: 10 });
    expect(screen.queryByTestId('table-search')).toBeNull();
  });

  it('shows every app’s quality score; choosing one filters the table to it', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    const scores = await screen.findAllByTestId('app-score');
    expect(scores.map((s) => s.textContent)).toEqual(['Clicker Quest92 / 100', 'Farm HeroNot enough data']);
    await user.click(scores[0]);
    await waitFor(() => expect(lastVariables(calls)).toMatchObject({ platformId: '7' }));
  });

  it("refetches when a conversion lands in one of the publisher's apps (a subscription, not polling)", async () => {
    const { emit, convert, count } = setup();
    await screen.findAllByTestId('statistics-row');
    const before = count('PublisherStatistics');
    convert();
    await act(async () => {
      emit({ platformStatsChanged: { __typename: 'PlatformStats', platformId: '7', platformCompleted: 3 } });
    });
    await waitFor(() => expect(screen.getByTestId('today-conversions')).toHaveTextContent('3'));
    expect(count('PublisherStatistics')).toBe(before + 1);
  });

  it('charts at least a week, with the days between the rows as zeros', () => {
    const today = utcDay();
    const range = chartRange([
      { createdAt: today, conversions: 2, profit: '0.24' },
      { createdAt: day(2), conversions: 1, profit: '0.1' },
    ]);
    expect(range).toHaveLength(7);
    expect(range.at(-1)).toEqual({ day: today, conversions: 2, spend: '0.24' });
    expect(range.at(-2)).toEqual({ day: day(1), conversions: 0, spend: '0' });
    expect(range.at(-3)).toEqual({ day: day(2), conversions: 1, spend: '0.1' });
    expect(chartRange([])).toEqual([]);
  });
});
