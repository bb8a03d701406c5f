import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { AreaTabs } from '../layout/AreaTabs';
import { expiryError, mySide, offerMessages, quantityError, toOfferInput } from './offer';
import { OfferForm } from './OfferDialog';
import { SwapsPage } from './SwapsPage';
import { useAwaitingOffers } from './useAwaitingOffers';

describe('offer rules', () => {
  it('checks quantities: required, whole, 1 to 1,000,000; the partner’s may be empty', () => {
    expect(quantityError('')).toBe(offerMessages.quantityRequired);
    expect(quantityError('', true)).toBeUndefined();
    expect(quantityError('2.5')).toBe(offerMessages.quantityWhole);
    expect(quantityError('-3')).toBe(offerMessages.quantityWhole);
    expect(quantityError('0')).toBe(offerMessages.quantityMin);
    expect(quantityError('1000001')).toBe('The quantity must be at most 1,000,000');
    expect(quantityError(' 500 ')).toBeUndefined();
  });

  it('expiry: empty is fine, a past day or one beyond 90 days is not', () => {
    const now = new Date('2026-11-24T12:00:00');
    expect(expiryError('', now)).toBeUndefined();
    expect(expiryError('2026-11-23', now)).toBe(offerMessages.expiryPast);
    expect(expiryError('2026-11-24', now)).toBeUndefined(); // until the end of today
    expect(expiryError('2027-03-30', now)).toBe(offerMessages.expiryFar);
  });

  it('sends an empty partner quantity and message as absent', () => {
    const input = toOfferInput(
      {
        platformId: '1',
        projectId: '2',
        partnerProjectId: '4',
        quantity: '300',
        partnerQuantity: ' ',
        expiresOn: '',
        message: '  ',
      },
      '3',
    );
    expect(input).toEqual({
      platformId: '1',
      projectId: '2',
      partnerPlatformId: '3',
      partnerProjectId: '4',
      quantity: 300,
    });
  });

  it('tells what I give and get on either side of a deal', () => {
    const deal = { proposer: { id: '7' }, quantity: 10, delivered: 4, partnerQuantity: 20, partnerDelivered: 9 };
    expect(mySide(deal, '7')).toEqual({
      proposer: true,
      give: { quantity: 10, done: 4 },
      get: { quantity: 20, done: 9 },
    });
    expect(mySide(deal, '8')).toEqual({
      proposer: false,
      give: { quantity: 20, done: 9 },
      get: { quantity: 10, done: 4 },
    });
  });
});

const choices = {
  platforms: {
    __typename: 'PlatformPage',
    data: [
      { __typename: 'Platform', id: '11', title: 'My Clicker', isActive: true },
      { __typename: 'Platform', id: '12', title: 'Switched off', isActive: false },
    ],
  },
  mine: [{ __typename: 'ExchangeProject', id: '21', title: 'My Project', resources: 2 }],
  theirs: [{ __typename: 'ExchangeProject', id: '31', title: 'Their Project', resources: 1, taskTypes: ['BOT'] }],
};

describe('Make an offer', () => {
  it('says what is missing, then sends the offer with my app, both projects and quantities', async () => {
    const api = testApollo((name) =>
      name === 'OfferChoices'
        ? choices
        : name === 'CreateOffer'
          ? { createOffer: { __typename: 'Offer', id: '99', status: 'PENDING' } }
          : name === 'AwaitingOffers'
            ? { awaitingOffers: { __typename: 'AwaitingOffers', incoming: 0, outgoing: 1 } }
            : undefined,
    );
    let closed = false;
    renderInApp(
      api.wrap(
        <OfferForm
          target={{ id: '5', title: 'Their App', ownerName: 'Pat' }}
          onDone={() => {
            closed = true;
          }}
        />,
      ),
    );
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'My Clicker' });
    // A switched-off app cannot deliver anything.
    expect(screen.queryByRole('option', { name: 'Switched off' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    for (const message of [
      offerMessages.appRequired,
      offerMessages.projectRequired,
      offerMessages.partnerProjectRequired,
      offerMessages.quantityRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.selectOptions(screen.getByTestId('offer-platformId'), '11');
    await user.selectOptions(screen.getByTestId('offer-projectId'), '21');
    await user.selectOptions(screen.getByTestId('offer-partnerProjectId'), '31');
    await user.type(screen.getByTestId('offer-quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(offerMessages.quantityMin)).toBeInTheDocument();
    await user.clear(screen.getByTestId('offer-quantity'));
    await user.type(screen.getByTestId('offer-quantity'), '250');
    expect(screen.getByText('Empty: the same (250)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(closed).toBe(true));
    const sent = api.calls.find((c) => c.operationName === 'CreateOffer');
    expect(sent?.variables).toEqual({
      input: { platformId: '11', projectId: '21', partnerPlatformId: '5', partnerProjectId: '31', quantity: 250 },
    });
    expect(await screen.findByText('Offer sent to Pat')).toBeInTheDocument();
  });
});

function Badges() {
  const badges = useAwaitingOffers(true);
  return <AreaTabs area="exchange" badges={badges} />;
}

describe('tab badges', () => {
  it('show the awaiting counts and follow awaitingOffersChanged without a refetch', async () => {
    const api = testApollo((name) =>
      name === 'AwaitingOffers'
        ? { awaitingOffers: { __typename: 'AwaitingOffers', incoming: 2, outgoing: 0 } }
        : undefined,
    );
    renderInApp(api.wrap(<Badges />));
    expect(await screen.findByTestId('badge-incoming')).toHaveTextContent('2');
    expect(screen.queryByTestId('badge-outgoing')).toBeNull();
    await waitFor(() => expect(api.subscribed('AwaitingOffersChanged')).toBe(true));
    act(() => api.emit({ awaitingOffersChanged: { __typename: 'AwaitingOffers', incoming: 3, outgoing: 1 } }));
    await waitFor(() => expect(screen.getByTestId('badge-incoming')).toHaveTextContent('3'));
    expect(screen.getByTestId('badge-outgoing')).toHaveTextContent('1');
    act(() => api.emit({ awaitingOffersChanged: { __typename: 'AwaitingOffers', incoming: 0, outgoing: 1 } }));
    await waitFor(() => expect(screen.queryByTestId('badge-incoming')).toBeNull());
    expect(api.count('AwaitingOffers')).toBe(1);
  });
});

const app = (id: string, title: string) => ({ __typename: 'ExchangeApp', id, title, logo: '' });
const project = (id: string, title: string) => ({ __typename: 'ExchangeProjectSummary', id, title });
function deal(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Deal',
    id: '40',
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'ACTIVE',
    quantity: 200,
    delivered: 37,
    partnerQuantity: 150,
    partnerDelivered: 22,
    proposer: { __typename: 'ExchangeParty', id: '1', name: 'Ada Advertiser' },
    partner: { __typename: 'ExchangeParty', id: '2', name: 'Pat Publisher' },
    platform: app('11', 'Farm Hero Play'),
    project: project('21', 'Farm Hero'),
    partnerPlatform: app('12', 'Clicker Quest'),
    partnerProject: project('22', 'Clicker Quest'),
    ...overrides,
  };
}

describe('Swaps page', () => {
  it('shows my side of each swap and ticks deliveries from dealUpdated without a refetch', async () => {
    const api = testApollo((name) =>
      name === 'ExchangeMe'
        ? { me: { __typename: 'User', id: '2', isExchangeReady: true } }
        : name === 'ExchangeDeals'
          ? { exchangeDeals: { __typename: 'DealPage', total: 1, data: [deal()] } }
          : undefined,
    );
    renderInApp(api.wrap(<SwapsPage />));
    const card = await screen.findByTestId('deal-card');
    // I am the partner: my app (Clicker Quest) delivers partnerQuantity; I receive `quantity`.
    expect(within(card).getByText('Swap with Ada Advertiser')).toBeInTheDocument();
    expect(within(card).getByTestId('deal-delivered')).toHaveTextContent('22 of 150 completions');
    expect(within(card).getByTestId('deal-received')).toHaveTextContent('37 of 200 completions');

    await waitFor(() => expect(api.subscribed('DealUpdated')).toBe(true));
    act(() => api.emit({ dealUpdated: deal({ delivered: 38 }) }));
    await waitFor(() => expect(within(card).getByTestId('deal-received')).toHaveTextContent('38 of 200'), {
      // (The event's render under a loaded CI machine can take over waitFor's default second.)
      timeout: 5_000,
    });
    act(() => api.emit({ dealUpdated: deal({ delivered: 38, status: 'PAUSED' }) }));
    await waitFor(() => expect(within(card).getByTestId('exchange-status')).toHaveTextContent('Paused'));
    expect(within(card).getByRole('button', { name: /Resume/ })).toBeInTheDocument();
    expect(api.count('ExchangeDeals')).toBe(1);
  });

  it('asks a user outside the exchange to join, with the way to add what is missing', async () => {
    const api = testApollo((name) =>
      name === 'ExchangeMe' ? { me: { __typename: 'User', id: '2', isExchangeReady: false } } : undefined,
    );
    renderInApp(api.wrap(<SwapsPage />));
    expect(await screen.findByRole('button', { name: 'Join the exchange' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an app' })).toBeInTheDocument();
    expect(api.count('ExchangeDeals')).toBe(0);
  });
});
