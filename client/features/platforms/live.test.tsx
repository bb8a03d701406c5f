import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { AppCampaigns } from './AppCampaignsPage';
import { MyAppsPage } from './MyAppsPage';

const row = (
  campaignId: string,
  type: string,
  title: string,
  completedQuantity: number,
  profitBudget: string,
  isActive = true,
) => ({
  __typename: 'PlatformCampaignRow',
  campaignId,
  task: { __typename: 'PlatformCampaignTask', type, title },
  completedQuantity,
  profitBudget,
  isActive,
});

const event = (campaignId: string, completedQuantity: number, profitBudget: string) => ({
  platformStatsChanged: {
    __typename: 'PlatformStats',
    platformId: '7',
    campaignId,
    completedQuantity,
    profitBudget,
    platformCompleted: 40 + completedQuantity,
    platformRevenue: '9.000000',
  },
});

describe('app statistics', () => {
  function setup(
    rows = [row('1', 'CHANNEL', 'News channel', 3, '0.300000'), row('2', 'CHAT', 'Chat', 5, '0.500000', false)],
  ) {
    let current = rows;
    const apollo = testApollo((operation) => {
      if (operation === 'PlatformTotals') {
        return { platform: { __typename: 'Platform', id: '7', title: 'Quest', completed: 8, revenue: '0.800000' } };
      }
      return operation === 'PlatformCampaigns' ? { platformCampaigns: current } : undefined;
    });
    renderInApp(apollo.wrap(<AppCampaigns platformId="7" />));
    return {
      ...apollo,
      serve: (next: typeof rows) => {
        current = next;
      },
    };
  }
  const cells = (campaignId: string) => {
    const r = screen
      .getAllByTestId('app-campaign-row')
      .find((el) => el.getAttribute('data-campaign-id') === campaignId) as HTMLElement;
    return within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent);
  };

  it('lists the rows with Running and Stopped', async () => {
    setup();
    await screen.findByTestId('app-campaigns-table');
    expect(cells('1')).toEqual(['Channel', 'News channel', '3', '0.30', 'Running']);
    expect(cells('2')).toEqual(['Chat', 'Chat', '5', '0.50', 'Stopped']);
    expect(await screen.findByText(/Campaigns shown in Quest: 8 completed, 0\.80 \$ earned/)).toBeInTheDocument();
  });

  it('updates Completed and Revenue $ of the row when platformStatsChanged arrives', async () => {
    const { emit, count } = setup();
    await screen.findByTestId('app-campaigns-table');
    const before = count('PlatformCampaigns');
    act(() => emit(event('1', 4, '0.450000')));
    await waitFor(() => expect(cells('1')).toEqual(['Channel', 'News channel', '4', '0.45', 'Running']));
    expect(cells('2')).toEqual(['Chat', 'Chat', '5', '0.50', 'Stopped']);
    // The app's totals in the header move too, and the row is not fetched again.
    expect(await screen.findByText(/44 completed, 9\.00 \$ earned/)).toBeInTheDocument();
    expect(count('PlatformCampaigns')).toBe(before);
    const completed = within(screen.getAllByTestId('app-campaign-completed')[0]).getByText('4');
    await waitFor(() => expect(completed).toHaveAttribute('data-ticked', 'true'));
  });

  it('refetches when the event names a campaign it does not list', async () => {
    const { emit, serve, count } = setup();
    await screen.findByTestId('app-campaigns-table');
    const before = count('PlatformCampaigns');
    serve([
      row('1', 'CHANNEL', 'News channel', 3, '0.300000'),
      row('2', 'CHAT', 'Chat', 5, '0.500000', false),
      row('9', 'BOT', 'Bot', 1, '0.1'),
    ]);
    act(() => emit(event('9', 1, '0.100000')));
    await waitFor(() => expect(screen.getAllByTestId('app-campaign-row')).toHaveLength(3));
    expect(count('PlatformCampaigns')).toBe(before + 1);
    expect(cells('9')).toEqual(['Start Bot', 'Bot', '1', '0.10', 'Running']);
  });

  it("shows 'You don't have any tasks' with Go to Publisher when there are none", async () => {
    setup([]);
    expect(await screen.findByText("You don't have any tasks")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Publisher' })).toHaveAttribute('href', '/publisher');
  });
});

describe('my apps cards', () => {
  it('show completed and revenue per app and tick on platformStatsChanged', async () => {
    const apollo = testApollo((operation) =>
      operation !== 'MyPlatforms'
        ? undefined
        : {
            platforms: {
              __typename: 'PlatformPage',
              total: 1,
              data: [
                {
                  __typename: 'Platform',
                  id: '7',
                  title: 'Quest',
                  logo: '',
                  status: 'ACTIVE',
                  isActive: true,
                  completed: 8,
                  revenue: '0.800000',
                },
              ],
            },
          },
    );
    renderInApp(apollo.wrap(<MyAppsPage />));
    const card = await screen.findByTestId('app-card');
    expect(within(card).getByTestId('app-card-completed')).toHaveTextContent('8');
    expect(within(card).getByTestId('app-card-revenue')).toHaveTextContent('0.80 $');
    // All-time figures, named so (Statistics counts per day).
    expect(within(card).getByTestId('app-card-stats')).toHaveTextContent(/Completed, all time.*Revenue, all time/);

    // An event before the page subscribes is lost (a loaded machine once got there first).
    await waitFor(() => expect(apollo.subscribed('PlatformStatsLive')).toBe(true));
    act(() => apollo.emit(event('1', 4, '0.450000')));
    await waitFor(() => expect(within(card).getByTestId('app-card-completed')).toHaveTextContent('44'));
    expect(within(card).getByTestId('app-card-revenue')).toHaveTextContent('9.00 $');
    expect(apollo.count('MyPlatforms')).toBe(1);
  });
});
