import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';

// Finance staff only: the server refuses the queue to others; the entry is shown for isFinance.
export const financeRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'finance',
  component: lazyRouteComponent(() => import('../features/finance/FinancePage'), 'FinancePage'),
});
