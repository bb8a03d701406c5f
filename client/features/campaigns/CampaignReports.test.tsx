import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import { CampaignReportChart } from './CampaignReportChart';
import { CampaignReportsPage } from './CampaignReportsPage';
import { CampaignReportTable } from './CampaignReportTable';
import {
  type ReportDay,
  addDays,
  axisLabel,
  cpa,
  utcDay,
  matchingPreset,
  niceCeiling,
  presetRange,
  rangeError,
  rangeIncludesToday,
  rangeLength,
  reportMessages,
  reportTotals,
} from './campaignReport';

const days: ReportDay[] = [
  { day: '2026-03-01', conversions: 3, spend: '0.450000' },
  { day: '2026-03-02', conversions: 0, spend: '0' },
  { day: '2026-03-03', conversions: 7, spend: '0.700000' },
];

describe('report range', () => {
  it('presets end today: 7 days, 30 days, this month', () => {
    expect(presetRange('7d', '2026-03-05')).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(presetRange('30d', '2026-03-05')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(presetRange('month', '2026-03-05')).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    expect(rangeLength(presetRange('7d', '2026-01-03'))).toBe(7);
    expect(matchingPreset({ from: '2026-03-01', to: '2026-03-05' }, '2026-03-05')).toBe('month');
    expect(matchingPreset({ from: '2026-03-02', to: '2026-03-05' }, '2026-03-05')).toBeUndefined();
  });

  it.each([
    [{ from: '2026-03-01', to: '2026-03-01' }, undefined],
    [{ from: '2026-03-02', to: '2026-03-01' }, reportMessages.order],
    [{ from: '', to: '2026-03-01' }, reportMessages.required],
    [{ from: '2026-02-30', to: '2026-03-01' }, reportMessages.required],
    [{ from: '2024-01-01', to: '2024-12-31' }, undefined], // 366 days, a leap year
    [{ from: '2025-01-01', to: '2026-01-02' }, reportMessages.tooLong], // 367 days
  ])('%j → %s', (range, message) => {
    expect(rangeError(range)).toBe(message);
  });

  it('goes live only when today is in the range', () => {
    const now = new Date();
    expect(rangeIncludesToday(presetRange('7d'), now)).toBe(true);
    const past = addDays(utcDay(now), -10);
    expect(rangeIncludesToday({ from: addDays(past, -5), to: past }, now)).toBe(false);
  });

  it('computes CPA and totals exactly', () => {
    expect(cpa('0.450000', 3)).toBe('0.15');
    expect(cpa('0', 0)).toBe('-');
    expect(cpa('1', 3)).toBe('0.33');
    expect(reportTotals(days)).toEqual({ conversions: 10, spend: '1.150000' });
    expect(reportTotals([])).toEqual({ conversions: 0, spend: '0' });
    expect([0.3, 1, 7, 10, 11, 21, 0.04, 0.013, 0].map(niceCeiling)).toEqual([0.3, 1, 8, 10, 12, 25, 0.04, 0.015, 1]);
    expect([12.5, 0.0075, 1500, 0.1 + 0.2].map(axisLabel)).toEqual(['12.5', '0.0075', '1,500', '0.3']);
  });
});

describe('report table', () => {
  it('shows day, conversions, spend and CPA, and a totals row', async () => {
    renderInApp(<CampaignReportTable days={days} caption="Report" />);
    const table = await screen.findByTestId('report-table');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const rows = within(table).getAllByTestId('report-row');
    expect(rows).toHaveLength(3);
    expect(cells(rows[0]).slice(1)).toEqual(['3', '0.45', '0.15']);
    expect(cells(rows[1]).slice(1)).toEqual(['0', '0.00', '-']);
    expect(cells(rows[2]).slice(1)).toEqual(['7', '0.70', '0.10']);
    expect(cells(screen.getByTestId('report-totals'))).toEqual(['Total', '10', '1.15', '0.12']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Conversions', 'Spend $', 'CPA']);
  });
});

describe('report chart', () => {
  it('draws one bar per day scaled to the busiest, a spend line, and a summary', async () => {
    renderInApp(<CampaignReportChart days={days} />);
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(/10 conversions, 1\.15 \$ spent; most conversions on .+ \(7\)\.$/);
    const bars = screen.getAllByTestId('report-bar');
    expect(bars.map((b) => b.getAttribute('data-day'))).toEqual(days.map((d) => d.day));
    // Axis top is 8 (the nice ceiling of 7): heights 37.5, 0 and 87.5 of 100.
    expect(bars.map((b) => Number(b.getAttribute('height')))).toEqual([37.5, 0, 87.5]);
    expect(screen.getByTestId('report-spend-line').getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  it('copes with a single day and with no conversions at all', async () => {
    renderInApp(<CampaignReportChart days={[{ day: '2026-03-01', conversions: 0, spend: '0' }]} />);
    expect(await screen.findByRole('img')).toHaveAttribute('aria-label', expect.stringContaining('0 conversions'));
    expect(Number(screen.getByTestId('report-bar').getAttribute('height'))).toBe(0);
  });
});

describe('throttled refetch', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once, then folds a burst into one run a second later', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const { result } = renderHook(() => useThrottledCallback(fn, 1000));
    result.current();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) result.current();
    expect(fn).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(999));
    expect(fn).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(fn).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('campaign reports page', () => {
  const projects = [
    { __typename: 'Project', id: 'p1', title: 'Alpha' },
    { __typename: 'Project', id: 'p2', title: 'Beta' },
  ];
  const campaigns = [
    { __typename: 'Campaign', id: 'c1', name: 'Alpha launch', projectId: 'p1' },
    { __typename: 'Campaign', id: 'c2', name: 'Beta launch', projectId: 'p2' },
  ];

  function setup(options: { campaigns?: typeof campaigns } = {}) {
    const list = options.campaigns ?? campaigns;
    let todayConversions = 2;
    const apollo = testApollo((operation, { from, to }) => {
      if (operation === 'CampaignReportFilters') {
        return {
          projects: { __typename: 'ProjectPage', data: projects },
          campaigns: { __typename: 'CampaignPage', total: list.length, data: list },
        };
      }
      if (operation !== 'CampaignReport') return undefined;
      const out = [];
      for (let day = from as string; day <= (to as string); day = addDays(day, 1)) {
        const today = day === utcDay();
        out.push({
          __typename: 'CampaignReportDay',
          day,
          conversions: today ? todayConversions : 1,
          spend: today ? (todayConversions * 0.15).toFixed(6) : '0.150000',
        });
      }
      return { campaignReport: out };
    });
    renderInApp(apollo.wrap(<CampaignReportsPage />));
    return {
      ...apollo,
      convert: () => {
        todayConversions += 1;
      },
    };
  }

  it('loads the last 7 days with a chart and a table', async () => {
    const { calls } = setup();
    expect(await screen.findByTestId('report-loading')).toBeInTheDocument();
    expect(await screen.findAllByTestId('report-row')).toHaveLength(7);
    expect(screen.getAllByTestId('report-bar')).toHaveLength(7);
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    const report = calls.find((c) => c.operationName === 'CampaignReport');
    expect(report?.variables).toMatchObject({ ...presetRange('7d'), projectId: null, campaignId: null });
    expect(within(screen.getByTestId('report-totals')).getAllByRole('cell')[1]).toHaveTextContent('8');
  });

  it('explains a range that ends before it starts or is too long, and asks for no report', async () => {
    const { count } = setup();
    await screen.findAllByTestId('report-row');
    const before = count('CampaignReport');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    fireEvent.change(from, { target: { value: addDays(utcDay(), 1) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(reportMessages.order);
    expect(screen.queryByTestId('report-table')).toBeNull();

    fireEvent.change(from, { target: { value: '2020-01-01' } });
    fireEvent.change(to, { target: { value: '2021-12-31' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(reportMessages.tooLong);
    expect(count('CampaignReport')).toBe(before);

    await userEvent.click(screen.getByRole('button', { name: '30 days' }));
    expect(screen.queryByRole('alert')).toBeNull();
    // The last range stays on screen (dimmed) until the new one's answer renders.
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(30));
  });

  it('filters by project and campaign', async () => {
    const { calls } = setup();
    await screen.findAllByTestId('report-row');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Project'), 'p2');
    const campaign = screen.getByLabelText('Campaign') as HTMLSelectElement;
    expect([...campaign.options].map((o) => o.textContent)).toEqual(['All campaigns', 'Beta launch']);
    await user.selectOptions(campaign, 'c2');
    await waitFor(() =>
      expect(calls.filter((c) => c.operationName === 'CampaignReport').at(-1)?.variables).toMatchObject({
        projectId: 'p2',
        campaignId: 'c2',
      }),
    );
  });

  it("refetches when a campaign's stats change, so today's bar ticks", async () => {
    const { emit, count, convert } = setup();
    const todayRow = () =>
      screen.getAllByTestId('report-row').find((r) => r.getAttribute('data-day') === utcDay()) as HTMLElement;
    await screen.findAllByTestId('report-row');
    expect(within(todayRow()).getAllByRole('cell')[1]).toHaveTextContent('2');
    const before = count('CampaignReport');

    convert();
    act(() => emit({ campaignStatsChanged: { __typename: 'CampaignStats', id: 'c1', projectId: 'p1' } }));
    await waitFor(() => expect(within(todayRow()).getAllByRole('cell')[1]).toHaveTextContent('3'));
    expect(count('CampaignReport')).toBe(before + 1);
    const bar = screen.getAllByTestId('report-bar').find((b) => b.getAttribute('data-day') === utcDay());
    expect(bar).toHaveAttribute('data-value', '3');
  });

  it('ignores events of campaigns outside the filter', async () => {
    const { emit, count } = setup();
    await screen.findAllByTestId('report-row');
    await userEvent.selectOptions(screen.getByLabelText('Campaign'), 'c1');
    await waitFor(() => expect(screen.getByTestId('report-table')).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByTestId('report-table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false'),
    );
    const before = count('CampaignReport');
    act(() => emit({ campaignStatsChanged: { __typename: 'CampaignStats', id: 'c2', projectId: 'p2' } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count('CampaignReport')).toBe(before);
  });

  it('shows the empty state without campaigns', async () => {
    const { count } = setup({ campaigns: [] });
    expect(await screen.findByText("You don't have any campaigns")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Projects' })).toHaveAttribute('href', '/advertiser/projects');
    expect(count('CampaignReport')).toBe(0);
  });
});
