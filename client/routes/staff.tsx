import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';

// Staff administrators only: the server refuses the list to others; the entry is shown for isAdmin.
export const staffRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'staff',
  component: lazyRouteComponent(() => import('../features/staff/StaffPage'), 'StaffPage'),
});
