import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockSubscriptionLink } from '@apollo/client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OperationTypeNode } from 'graphql';
import type { ReactNode } from 'react';
import { Observable } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test-utils';
import { BudgetForm } from './BudgetDialog';
import {
  type TierOption,
  budgetAmountError,
  campaignMessages,
  campaignStatus,
  dailyCapError,
  emptyCampaign,
  formFieldOf,
  formatPrices,
  formatUsd,
  premiumPrice,
  priceError,
  tierMinimum,
  toCreateInput,
} from './campaign';
import { CampaignForm, type CampaignFormProps } from './CampaignForm';
import type { CampaignStatus } from '../../gql/graphql';
import { CampaignPage, optimisticStatus } from './CampaignPage';
import { CampaignStatusBadge } from './CampaignStatusBadge';

const tiers: TierOption[] = [
  { level: 1, value: '0.150000', countryIds: ['DE', 'GB', 'US'] },
  { level: 2, value: '0.100000', countryIds: ['FR', 'IT'] },
  // A tier priced under the landing's floor still asks for 0.05.
  { level: 3, value: '0.030000', countryIds: ['BR', 'RU', 'UA'] },
];

describe('campaign prices and amounts', () => {
  it('floors each tier at its own value, never under 0.05 USD', () => {
    expect(tierMinimum(tiers[0])).toBe('0.15');
    expect(tierMinimum(tiers[2])).toBe('0.05');
    expect(priceError('0.15', tiers[0])).toBeUndefined();
    expect(priceError('0.149999', tiers[0])).toBe('The price for tier 1 must be at least 0.15 USD');
    expect(priceError('0.04', tiers[2])).toBe('The price for tier 3 must be at least 0.05 USD');
    expect(priceError('0.05', tiers[2])).toBeUndefined();
    expect(priceError('-1', tiers[1])).toBe('The price for tier 2 must be at least 0.10 USD');
    expect(priceError('', tiers[1])).toBe('Enter required value');
    expect(priceError('0,2', tiers[1])).toBe('Enter correct value');
  });

  it('wants a whole daily cap of at least 1, or none', () => {
    expect(dailyCapError('')).toBeUndefined();
    expect(dailyCapError('1')).toBeUndefined();
    expect(dailyCapError(' 250 ')).toBeUndefined();
    for (const bad of ['0', '1.5', '-3', 'ten', '1e3']) expect(dailyCapError(bad)).toBe(campaignMessages.dailyCap);
  });

  it.each([
    ['', 'Enter required value'],
    ['abc', 'Enter correct value'],
    ['1,5', 'Enter correct value'],
    ['0', 'The value must be greater than zero'],
    ['0.000000', 'The value must be greater than zero'],
    ['-2', 'The value must be greater than zero'],
    ['12.51', 'Not enough money on the advertiser balance'],
    ['12.50', undefined],
    ['0.01', undefined],
  ])('add budget %j with 12.50 on the balance → %s', (value, message) => {
    expect(budgetAmountError(value, 'fund', '12.500000')).toBe(message);
  });

  it('refuses to return more than the campaign has left', () => {
    expect(budgetAmountError('4', 'return', '3.500000')).toBe('The campaign budget has only 3.50 USD left');
    expect(budgetAmountError('3.5', 'return', '3.500000')).toBeUndefined();
    // Unknown balance: the server decides.
    expect(budgetAmountError('1000', 'fund', undefined)).toBeUndefined();
  });

  it('prints prices in tier order and premium prices exactly', () => {
    expect(formatUsd('0.150000')).toBe('0.15');
    expect(formatUsd('0.125')).toBe('0.125');
    expect(formatUsd('12')).toBe('12.00');
    expect(
      formatPrices([
        { tierLevel: 3, value: '0.050000' },
        { tierLevel: 1, value: '0.150000' },
        { tierLevel: 2, value: '0.100000' },
      ]),
    ).toBe('0.15 $ / 0.10 $ / 0.05 $');
    expect(premiumPrice('0.15', 20)).toBe('0.18');
    expect(premiumPrice('0.05', 20)).toBe('0.06');
  });

  it('sends empty targeting as "all", no budget when empty and the cap as a number', () => {
    const values = { ...emptyCampaign(tiers, { projectId: '1', taskId: '7' }), name: ' Launch ' };
    expect(values.prices).toEqual(['0.15', '0.10', '0.03']);
    expect(toCreateInput({ ...values, prices: ['0.2', '0.1', '0.05'] }, tiers)).toEqual({
      name: 'Launch',
      prices: [
        { tierLevel: 1, value: '0.2' },
        { tierLevel: 2, value: '0.1' },
        { tierLevel: 3, value: '0.05' },
      ],
      dailyCap: null,
      countries: [],
      languages: [],
      isPremiumOnly: false,
      newUsersOnly: true,
      minQuality: null,
      unscoredAllowed: true,
    });
    expect(toCreateInput({ ...values, dailyCap: '30', budget: '25', countries: ['DE'] }, tiers)).toMatchObject({
      dailyCap: 30,
      budget: '25',
      countries: ['DE'],
    });
  });
});

describe('server errors and optimistic status', () => {
  it('maps the field the server names to the form field', () => {
    const msg = (message: string, field?: string) => formFieldOf({ message, field }, tiers);
    expect(msg('The price for tier 3 must be at least 0.05 USD', 'prices')).toBe('prices.2');
    expect(msg('Enter correct value', 'prices.1.value')).toBe('prices.1');
    expect(msg('Not enough money on the advertiser balance', 'value')).toBe('budget');
    expect(msg('Unknown country code: XX', 'countries')).toBe('countries');
    expect(msg('Campaign name is required', 'name')).toBe('name');
    expect(msg('Resource not found')).toBeUndefined();
  });

  it('shows Active at once only with budget for an action; staff statuses stay', () => {
    const c = (status: CampaignStatus, budget: string) => ({
      status,
      budget,
      prices: [
        { __typename: 'CampaignPrice' as const, tierLevel: 1, value: '0.150000' },
        { __typename: 'CampaignPrice' as const, tierLevel: 3, value: '0.050000' },
      ],
    });
    expect(optimisticStatus(c('STOPPED', '1.000000'), true)).toBe('ACTIVE');
    expect(optimisticStatus(c('STOPPED', '0.040000'), true)).toBe('STOPPED');
    expect(optimisticStatus(c('ACTIVE', '1.000000'), false)).toBe('STOPPED');
    expect(optimisticStatus(c('MODERATION', '1.000000'), false)).toBe('MODERATION');
    expect(optimisticStatus(c('REJECTED', '1.000000'), true)).toBe('REJECTED');
  });
});

describe('campaign status badge', () => {
  it.each([
    ['ACTIVE', 'Active', 'green'],
    ['STOPPED', 'Stopped', 'gray'],
    ['MODERATION', 'Moderation', 'orange'],
    ['REJECTED', 'Rejected', 'red'],
  ] as const)('renders %s as %s in %s', async (status, label, palette) => {
    expect(campaignStatus[status]).toEqual({ label, colorPalette: palette });
    renderInApp(<CampaignStatusBadge status={status} />);
    const badge = await screen.findByText(label);
    expect(badge).toHaveAttribute('data-palette', palette);
  });
});

const countries = [
  { id: 'BR', title: 'Brazil' },
  { id: 'DE', title: 'Germany' },
  { id: 'KZ', title: 'Kazakhstan' },
];
const languages = [
  { code: 'en', title: 'English' },
  { code: 'ru', title: 'Russian' },
];
const resource = { id: '7', title: 'Daily News', logo: '/media/news.png', type: 'CHANNEL' as const };

function renderForm(props: Partial<CampaignFormProps> = {}) {
  const onSubmit = vi.fn<CampaignFormProps['onSubmit']>(async () => undefined);
  renderInApp(
    <CampaignForm
      tiers={tiers}
      languages={languages}
      countries={countries}
      premiumCommission={20}
      balance="40.000000"
      preset={{ projectId: '1', task: resource }}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return onSubmit;
}

describe('new campaign form', () => {
  it('asks for a name and keeps each price above its tier floor', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const tier1 = await screen.findByLabelText('Tier 1');
    expect(tier1).toHaveValue('0.15');
    expect(screen.getByLabelText('Tier 3')).toHaveValue('0.03');
    expect(screen.getByText('Daily News')).toBeInTheDocument();

    await user.clear(tier1);
    await user.type(tier1, '0.1');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Campaign name is required')).toBeInTheDocument();
    expect(screen.getByText('The price for tier 1 must be at least 0.15 USD')).toBeInTheDocument();
    // The preset 0.03 of tier 3 is under the 0.05 floor.
    expect(screen.getByText('The price for tier 3 must be at least 0.05 USD')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the daily cap and the initial budget against the balance', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    expect(await screen.findByText(/Advertiser balance: 40\.00 \$/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Daily cap'), '0');
    await user.type(screen.getByLabelText('Initial budget'), '41');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText(campaignMessages.dailyCap)).toBeInTheDocument();
    expect(screen.getByText('Not enough money on the advertiser balance')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/advertiser/payments');

    await user.clear(screen.getByLabelText('Initial budget'));
    await user.type(screen.getByLabelText('Initial budget'), '0');
    expect(await screen.findByText('The value must be greater than zero')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('explains the premium commission with the prices it gives', async () => {
    renderForm();
    const note = await screen.findByTestId('premium-note');
    expect(note).toHaveTextContent('Premium-only actions cost 20% more.');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Tier 3'));
    await user.type(screen.getByLabelText('Tier 3'), '0.05');
    await waitFor(() => expect(note).toHaveTextContent('cost 20% more: 0.18 $ / 0.12 $ / 0.06 $'));
  });

  it('submits targeting, cap and budget; empty targeting means everyone', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    expect(await screen.findByText('All countries')).toBeInTheDocument();
    expect(screen.getByText('All languages')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Campaign name/), 'Spring launch');
    await user.clear(screen.getByLabelText('Tier 3'));
    await user.type(screen.getByLabelText('Tier 3'), '0.07');
    await user.type(screen.getByLabelText('Search countries'), 'germ');
    await user.click(await screen.findByRole('checkbox', { name: /Germany/ }));
    expect(screen.queryByRole('checkbox', { name: /Brazil/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Russian' }));
    await user.click(screen.getByRole('checkbox', { name: 'Only Telegram Premium users' }));
    await user.type(screen.getByLabelText('Daily cap'), '100');
    await user.type(screen.getByLabelText('Initial budget'), '25.5');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { projectId: '1', taskId: '7' },
        {
          name: 'Spring launch',
          prices: [
            { tierLevel: 1, value: '0.15' },
            { tierLevel: 2, value: '0.10' },
            { tierLevel: 3, value: '0.07' },
          ],
          dailyCap: 100,
          countries: ['DE'],
          languages: ['ru'],
          isPremiumOnly: true,
          newUsersOnly: true,
          minQuality: null,
          unscoredAllowed: true,
          budget: '25.5',
        },
      ),
    );
  });

  it('shows a country tier hint; countries outside every tier are the cheapest tier', async () => {
    renderForm();
    const list = await screen.findByTestId('campaign-countries');
    expect(
      within(list)
        .getByRole('checkbox', { name: /Germany/ })
        .closest('label'),
    ).toHaveTextContent('Tier 1');
    expect(
      within(list)
        .getByRole('checkbox', { name: /Kazakhstan/ })
        .closest('label'),
    ).toHaveTextContent('Tier 3');
  });

  it("puts the server's message under the field it names", async () => {
    const user = userEvent.setup();
    // The service names `prices`; the tier is in the message.
    const onSubmit = vi.fn(async () => ({
      field: 'prices',
      message: 'The price for tier 2 must be at least 0.12 USD',
    }));
    renderForm({ onSubmit });
    await user.type(await screen.findByLabelText(/Campaign name/), 'Launch');
    await user.clear(screen.getByLabelText('Tier 3'));
    await user.type(screen.getByLabelText('Tier 3'), '0.05');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('The price for tier 2 must be at least 0.12 USD')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('needs a resource when opened from the campaign page', async () => {
    const user = userEvent.setup();
    const onProjectChange = vi.fn();
    renderForm({
      preset: undefined,
      picker: { projects: [{ id: '1', title: 'Shop' }], resources: [resource], onProjectChange },
    });
    await user.type(await screen.findByLabelText(/Campaign name/), 'Launch');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Resource is required')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Project'), '1');
    expect(onProjectChange).toHaveBeenCalledWith('1');
    expect(screen.getByRole('option', { name: 'Daily News (Channel)' })).toBeInTheDocument();
  });
});

describe('add and return budget', () => {
  it('shows the messages while typing and keeps the button disabled until valid', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    renderInApp(<BudgetForm mode="fund" available="12.500000" onSubmit={onSubmit} />);
    expect(await screen.findByTestId('budget-available')).toHaveTextContent('12.50 $');
    const input = screen.getByLabelText(/Amount/);
    const button = screen.getByRole('button', { name: 'Add budget' });
    expect(button).toBeDisabled();

    await user.type(input, 'x');
    expect(await screen.findByText('Enter correct value')).toBeInTheDocument();
    await user.clear(input);
    expect(await screen.findByText('Enter required value')).toBeInTheDocument();
    await user.type(input, '0');
    expect(await screen.findByText('The value must be greater than zero')).toBeInTheDocument();
    await user.type(input, '0'); // "00"
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, '13');
    expect(await screen.findByText('Not enough money on the advertiser balance')).toBeInTheDocument();
    expect(button).toBeDisabled();

    await user.clear(input);
    await user.type(input, '10');
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('10'));
  });

  it("shows the campaign's budget left and the server's refusal under the field", async () => {
    const user = userEvent.setup();
    renderInApp(
      <BudgetForm
        mode="return"
        available="3.500000"
        onSubmit={async () => 'The campaign budget has only 3.40 USD left'}
      />,
    );
    expect(await screen.findByTestId('budget-available')).toHaveTextContent('3.50 $');
    const input = screen.getByLabelText(/Amount/);
    await user.type(input, '3.6');
    expect(await screen.findByText('The campaign budget has only 3.50 USD left')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '3.5');
    await user.click(screen.getByRole('button', { name: 'Return to balance' }));
    expect(await screen.findByText('The campaign budget has only 3.40 USD left')).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------------------------------------
// The page against a real Apollo client: answers by operation name, subscriptions pushed by hand.

type Answer = {
  data?: Record<string, unknown>;
  errors?: Array<{ message: string; extensions?: object }>;
  /** Milliseconds before the answer arrives (5 by default). */
  delay?: number;
  /** The answer waits for this too: a test checks the state in between, however slow the machine. */
  until?: Promise<void>;
};

function testClient(answer: (operationName: string, variables: Record<string, unknown>) => Answer | undefined) {
  const live = new MockSubscriptionLink();
  const calls: string[] = [];
  const http = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push(operation.operationName ?? '');
        const result = answer(operation.operationName ?? '', operation.variables);
        let closed = false;
        const timer = setTimeout(() => {
          void (result?.until ?? Promise.resolve()).then(() => {
            if (closed) return;
            if (!result) observer.error(new Error(`No answer for ${operation.operationName}`));
            else {
              observer.next({ data: result.data, errors: result.errors } as never);
              observer.complete();
            }
          });
        }, result?.delay ?? 5);
        return () => {
          closed = true;
          clearTimeout(timer);
        };
      }),
  );
  const client = new ApolloClient({
    link: ApolloLink.split((op) => op.operationType === OperationTypeNode.SUBSCRIPTION, live, http),
    cache: new InMemoryCache(),
  });
  const wrap = (ui: ReactNode) => <ApolloProvider client={client}>{ui}</ApolloProvider>;
  return { client, live, calls, wrap };
}

function campaign(id: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Campaign',
    id,
    projectId: '1',
    taskId: '7',
    name: `Campaign ${id}`,
    status: 'ACTIVE',
    rejectReason: null,
    isActive: true,
    dailyCap: null,
    isPremiumOnly: false,
    newUsersOnly: true,
    minQuality: null,
    unscoredAllowed: true,
    prices: [
      { __typename: 'CampaignPrice', tierLevel: 1, value: '0.150000' },
      { __typename: 'CampaignPrice', tierLevel: 2, value: '0.100000' },
      { __typename: 'CampaignPrice', tierLevel: 3, value: '0.050000' },
    ],
    task: { __typename: 'CampaignTask', ...resource, url: 'https://t.me/daily_news' },
    budget: '10.000000',
    spend: '1.500000',
    conversions: 10,
    todayConversions: 2,
    todaySpend: '0.300000',
    notNew: 0,
    ...overrides,
  };
}

const page = (rows: object[], total = rows.length) => ({
  data: { campaigns: { __typename: 'CampaignPage', totalCount: total, data: rows } },
});

describe('campaign page', () => {
  it("shows 'No Campaign' with 'Add New Campaign' when there are none", async () => {
    const api = testClient((name) => (name === 'MyCampaigns' ? page([]) : undefined));
    renderInApp(api.wrap(<CampaignPage />));
    expect(await screen.findByText('No Campaign')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add New Campaign/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Reports/ })).toHaveAttribute('href', '/advertiser/campaign/reports');
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('ticks counters from campaignStatsChanged without a refetch', async () => {
    const api = testClient((name) => (name === 'MyCampaigns' ? page([campaign('5')]) : undefined));
    renderInApp(api.wrap(<CampaignPage />));
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).getByText('Campaign 5')).toBeInTheDocument();
    expect(within(row).getByTestId('campaign-status')).toHaveTextContent('Active');
    expect(within(row).getByTestId('campaign-conversions')).toHaveTextContent('10');
    expect(within(row).getByTestId('campaign-budget')).toHaveTextContent('10.00 $');

    act(() =>
      api.live.simulateResult({
        result: {
          data: {
            campaignStatsChanged: {
              __typename: 'CampaignStats',
              id: '5',
              projectId: '1',
              status: 'STOPPED',
              rejectReason: null,
              isActive: true,
              budget: '0.000000',
              conversions: 11,
              spend: '1.650000',
              todayConversions: 3,
              todaySpend: '0.450000',
              notNew: 4,
            },
          },
        },
      }),
    );
    await waitFor(() => expect(within(row).getByTestId('campaign-conversions')).toHaveTextContent('11'));
    expect(within(row).getByTestId('campaign-budget')).toHaveTextContent('0.00 $');
    expect(within(row).getByTestId('campaign-status')).toHaveTextContent('Stopped');
    // Switched on but out of budget: the page says why it does not run and what to do, and
    // nothing in the row says Active (the switch is "Run": it waits for budget).
    expect(within(row).getByTestId('campaign-needs-budget')).toHaveTextContent(
      'Out of budget: it runs again once you add budget',
    );
    expect(row).not.toHaveTextContent(/Active/);
    expect(within(row).getByRole('checkbox', { name: 'Run Campaign 5 (waits for budget)' })).toBeChecked();
    expect(within(row).getByText('+3')).toBeInTheDocument();
    // Completions refused as not new tick too.
    expect(within(row).getByTestId('campaign-not-new')).toHaveTextContent('4 not new, unpaid');
    // The highlight lights at the render after the new figures' (its effect sees them change).
    await waitFor(() => expect(row.querySelector('[data-ticked]')).not.toBeNull());
    expect(api.calls.filter((c) => c === 'MyCampaigns')).toHaveLength(1);
    // What to do is one press away: Add budget, from the status itself.
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Add budget' }));
    expect(await screen.findByRole('dialog', { name: /Add budget/ })).toBeInTheDocument();
  });

  it('shows a first campaign in review, then the moderator’s rejection and reason live', async () => {
    const api = testClient((name) =>
      name === 'MyCampaigns' ? page([campaign('6', { status: 'MODERATION', budget: '50.000000' })]) : undefined,
    );
    renderInApp(api.wrap(<CampaignPage />));
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).getByTestId('campaign-status')).toHaveTextContent('Moderation');
    expect(within(row).getByTestId('campaign-in-review')).toHaveTextContent('A moderator reviews your first campaign');
    act(() =>
      api.live.simulateResult({
        result: {
          data: {
            campaignStatsChanged: {
              __typename: 'CampaignStats',
              id: '6',
              projectId: '1',
              status: 'REJECTED',
              rejectReason: 'The channel sells followers.',
              isActive: true,
              budget: '0.000000',
              conversions: 10,
              spend: '1.500000',
              todayConversions: 2,
              todaySpend: '0.300000',
              notNew: 0,
            },
          },
        },
      }),
    );
    await waitFor(() => expect(within(row).getByTestId('campaign-status')).toHaveTextContent('Rejected'));
    expect(within(row).getByTestId('campaign-reject-reason')).toHaveTextContent('The channel sells followers.');
    expect(within(row).queryByTestId('campaign-in-review')).toBeNull();
    expect(within(row).getByTestId('campaign-budget')).toHaveTextContent('0.00 $');
    // A rejected campaign cannot run: its switch is off and locked, and says why. The switch's
    // machine takes the new checked state in its effect, a moment after the label's render.
    const toggle = within(row).getByRole('checkbox', { name: 'Campaign 6 was rejected and cannot run' });
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toBeDisabled();
  });

  it('switches a campaign off at once and reverts with a toast when the server refuses', async () => {
    const user = userEvent.setup();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = testClient((name) => {
      if (name === 'MyCampaigns') return page([campaign('5')]);
      if (name === 'SetCampaignActive') {
        return {
          errors: [{ message: 'The campaign cannot be changed now', extensions: { code: 'CONFLICT' } }],
          until: answered,
        };
      }
      return undefined;
    });
    renderInApp(api.wrap(<CampaignPage />));
    const toggle = await screen.findByRole('checkbox', { name: 'Run Campaign 5' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    // Optimistic: off (and Stopped) before the server answers (it answers when the test says).
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Stopped');
    answer();
    expect(await screen.findByText('The campaign cannot be changed now')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Active');
  });

  it('pages by 20 and hides the pager with one page', async () => {
    const user = userEvent.setup();
    const requested: number[] = [];
    const api = testClient((name, variables) => {
      if (name !== 'MyCampaigns') return undefined;
      requested.push(variables.page as number);
      expect(variables.size).toBe(20);
      const p = variables.page as number;
      return page([campaign(String(p * 100))], 21);
    });
    renderInApp(api.wrap(<CampaignPage />));
    expect(await screen.findByText('Campaign 100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Campaign 200')).toBeInTheDocument();
    expect(requested).toEqual([1, 2]);
  });

  it('sends filters, search and sort to the server and exports what they select', async () => {
    const user = userEvent.setup();
    const seen: Record<string, unknown>[] = [];
    const api = testClient((name, variables) => {
      if (name !== 'MyCampaigns') return undefined;
      seen.push(variables);
      return page([campaign('5')]);
    });
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return new Response('id\r\n', { headers: { 'content-disposition': 'attachment; filename="c.csv"' } });
    }) as typeof fetch;
    URL.createObjectURL ??= () => 'blob:test';
    URL.revokeObjectURL ??= () => undefined;
    try {
      renderInApp(api.wrap(<CampaignPage />));
      await screen.findByTestId('campaign-row');
      await user.selectOptions(screen.getByTestId('campaign-type-filter'), 'BOT');
      await waitFor(() => expect(seen.at(-1)).toMatchObject({ filters: { taskType: ['BOT'], status: null }, page: 1 }));
      await user.selectOptions(screen.getByTestId('campaign-status-filter'), 'STOPPED');
      await waitFor(() => expect(seen.at(-1)).toMatchObject({ filters: { taskType: ['BOT'], status: ['STOPPED'] } }));
      // Phones have no headers to press: the sort is a select.
      await user.selectOptions(screen.getByTestId('table-sort'), 'budget:desc');
      await waitFor(() => expect(seen.at(-1)).toMatchObject({ sortField: 'budget', sortOrder: 'desc' }));
      await user.type(screen.getByTestId('table-search'), 'daily');
      await waitFor(() => expect(seen.at(-1)).toMatchObject({ search: 'daily' }), { timeout: 2000 });
      await user.click(screen.getByTestId('export-csv'));
      await waitFor(() => expect(fetched).toHaveLength(1));
      const url = new URL(fetched[0], 'http://localhost');
      expect(url.pathname).toBe('/api/v1/campaigns.csv');
      expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual({ status: ['STOPPED'], taskType: ['BOT'] });
      expect(url.searchParams.get('search')).toBe('daily');
      expect(url.searchParams.get('sortField')).toBe('budget');
      expect(url.searchParams.get('sortOrder')).toBe('desc');
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("filters that select nothing show 'No records found', not 'No Campaign'", async () => {
    const user = userEvent.setup();
    const api = testClient((name, variables) => {
      if (name !== 'MyCampaigns') return undefined;
      return (variables.filters as { status: string[] | null }).status ? page([]) : page([campaign('5')]);
    });
    renderInApp(api.wrap(<CampaignPage />));
    await screen.findByTestId('campaign-row');
    await user.selectOptions(screen.getByTestId('campaign-status-filter'), 'REJECTED');
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.queryByText('No Campaign')).toBeNull();
  });
});
