import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';

export const MODERATION_TABS = ['reports', 'campaigns', 'registrations'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];

// Staff only: the server refuses the queues to non-moderators; the entry is shown to moderators.
export const moderationRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'moderation',
  validateSearch: (search: Record<string, unknown>): { tab?: ModerationTab } =>
    MODERATION_TABS.includes(search.tab as ModerationTab) ? { tab: search.tab as ModerationTab } : {},
  component: lazyRouteComponent(() => import('../features/moderation/ModerationPage'), 'ModerationPage'),
});
