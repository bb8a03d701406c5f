import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';

// Finance staff and staff administrators: the server refuses the trail to others; the entry is shown to them.
export const auditRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'audit',
  component: lazyRouteComponent(() => import('../features/audit/AuditPage'), 'AuditPage'),
});
