import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';

// Every signed-in user's own notification settings and Telegram link (no area's tabs above it).
export const notificationsRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'notifications',
  component: lazyRouteComponent(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
});
