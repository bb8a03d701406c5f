import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';

// Every signed-in user's second factors and recovery codes (no area's tabs above it).
export const securityRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'security',
  component: lazyRouteComponent(() => import('../features/security/SecurityPage'), 'SecurityPage'),
});
