import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';
import { prefetching } from './prefetching';

const publisher = createRoute({ getParentRoute: () => homeRoute, path: 'publisher' });

const myApps = createRoute({
  getParentRoute: () => publisher,
  path: '/',
  component: lazyRouteComponent(() => import('../features/platforms/MyAppsPage'), 'MyAppsPage'),
});

const appCampaigns = createRoute({
  getParentRoute: () => publisher,
  path: '$id/campaigns',
  component: lazyRouteComponent(() => import('../features/platforms/AppCampaignsPage'), 'AppCampaignsPage'),
});

const createPlatform = createRoute({
  getParentRoute: () => publisher,
  path: 'platforms/create',
  component: lazyRouteComponent(() => import('../features/platforms/PlatformFormPage'), 'CreatePlatformPage'),
});

const editPlatform = createRoute({
  getParentRoute: () => publisher,
  path: 'platforms/edit/$id',
  component: lazyRouteComponent(() => import('../features/platforms/PlatformFormPage'), 'EditPlatformPage'),
});

const statistics = createRoute({
  getParentRoute: () => publisher,
  path: 'statistics',
  loader: prefetching('prefetchStatistics'),
  component: lazyRouteComponent(() => import('../features/statistics/StatisticsPage'), 'StatisticsPage'),
});

const payments = createRoute({
  getParentRoute: () => publisher,
  path: 'payments',
  component: lazyRouteComponent(() => import('../features/payments/WithdrawPage'), 'WithdrawPage'),
});

const integrations = createRoute({
  getParentRoute: () => publisher,
  path: 'integrations',
  component: lazyRouteComponent(() => import('../features/platforms/IntegrationsPage'), 'IntegrationsPage'),
});

export const publisherRoutes = publisher.addChildren([
  integrations,
  myApps,
  appCampaigns,
  createPlatform,
  editPlatform,
  statistics,
  payments,
]);
