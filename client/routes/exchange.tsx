import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { homeRoute } from './home';
import { prefetching } from './prefetching';

const exchange = createRoute({ getParentRoute: () => homeRoute, path: 'exchange' });

const index = createRoute({
  getParentRoute: () => exchange,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/exchange/swaps', replace: true });
  },
});

const swaps = createRoute({
  getParentRoute: () => exchange,
  path: 'swaps',
  loader: prefetching('prefetchSwaps'),
  component: lazyRouteComponent(() => import('../features/exchange/ExchangePages'), 'SwapsPage'),
});

const catalog = createRoute({
  getParentRoute: () => exchange,
  path: 'catalog',
  component: lazyRouteComponent(() => import('../features/exchange/ExchangePages'), 'CatalogPage'),
});

const incoming = createRoute({
  getParentRoute: () => exchange,
  path: 'incoming',
  component: lazyRouteComponent(() => import('../features/exchange/ExchangePages'), 'IncomingPage'),
});

const outgoing = createRoute({
  getParentRoute: () => exchange,
  path: 'outgoing',
  component: lazyRouteComponent(() => import('../features/exchange/ExchangePages'), 'OutgoingPage'),
});

// One offer, for a link a teammate sends: who else from the account has it open shows on it.
const offer = createRoute({
  getParentRoute: () => exchange,
  path: 'offers/$id',
  component: lazyRouteComponent(() => import('../features/exchange/ExchangePages'), 'OfferPage'),
});

export const exchangeRoutes = exchange.addChildren([index, swaps, catalog, incoming, outgoing, offer]);
