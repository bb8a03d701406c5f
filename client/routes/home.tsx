import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authGuard, chooseRoleGuard, enforce } from '../lib/guards';
import { prefetching } from './prefetching';
import { rootRoute } from './root';

// The signed-in home layout; guards run in the spec's order (auth, then the choose-role flag).
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'home',
  beforeLoad: ({ search, location }) =>
    enforce([authGuard, chooseRoleGuard], search as Record<string, unknown>, location.href),
  // The layout's data starts; its words wait for their catalog (client/lib/i18n.ts).
  loader: async () => {
    prefetching('prefetchLayout')();
    await import('../lib/i18n').then((m) => m.startLanguage());
  },
  component: lazyRouteComponent(() => import('../features/layout/HomeLayout'), 'HomeLayout'),
});
