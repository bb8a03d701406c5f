import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { MODERATION_TABS, type ModerationTab } from '../features/moderation/tabs';
import { homeRoute } from './home';

// Staff only: the server refuses the queues to non-moderators; the entry is shown to moderators.
export const moderationRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'moderation',
  validateSearch: (search: Record<string, unknown>): { tab?: ModerationTab } =>
    MODERATION_TABS.includes(search.tab as ModerationTab) ? { tab: search.tab as ModerationTab } : {},
  component: lazyRouteComponent(() => import('../features/moderation/ModerationPage'), 'ModerationPage'),
});
