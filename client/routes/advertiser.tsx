import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { homeRoute } from './home';
import { prefetching } from './prefetching';

const advertiser = createRoute({ getParentRoute: () => homeRoute, path: 'advertiser' });

const index = createRoute({
  getParentRoute: () => advertiser,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/advertiser/projects', replace: true });
  },
});

const projects = createRoute({
  getParentRoute: () => advertiser,
  path: 'projects',
  loader: prefetching('prefetchProjects'),
  component: lazyRouteComponent(() => import('../features/projects/MyProjectsPage'), 'MyProjectsPage'),
});

const project = createRoute({
  getParentRoute: () => advertiser,
  path: 'projects/$id',
  // ?sdk=1: open the first resource's SDK details (the created-project modal's Set up SDK).
  validateSearch: (search: Record<string, unknown>): { sdk?: 1 } =>
    search.sdk === 1 || search.sdk === '1' ? { sdk: 1 } : {},
  component: lazyRouteComponent(() => import('../features/projects/ProjectPage'), 'ProjectPage'),
});

const campaign = createRoute({
  getParentRoute: () => advertiser,
  path: 'campaign',
  loader: prefetching('prefetchCampaigns'),
  component: lazyRouteComponent(() => import('../features/campaigns/CampaignPage'), 'CampaignPage'),
});

const campaignReports = createRoute({
  getParentRoute: () => advertiser,
  path: 'campaign/reports',
  component: lazyRouteComponent(() => import('../features/campaigns/CampaignReportsPage'), 'CampaignReportsPage'),
});

const payments = createRoute({
  getParentRoute: () => advertiser,
  path: 'payments',
  component: lazyRouteComponent(() => import('../features/payments/AddFundsPage'), 'AddFundsPage'),
});

export const advertiserRoutes = advertiser.addChildren([index, projects, project, campaign, campaignReports, payments]);
