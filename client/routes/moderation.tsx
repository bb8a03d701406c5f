import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';

// Staff only: the server refuses the queue to non-moderators; the entry is shown to moderators.
export const moderationRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'moderation',
  component: lazyRouteComponent(() => import('../features/moderation/ModerationPage'), 'ModerationPage'),
});
