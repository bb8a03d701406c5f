import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRoute } from './home';
import { rootRoute } from './root';

// The account's people (every member sees them; Admins change them).
export const teamRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'team',
  component: lazyRouteComponent(() => import('../features/teams/TeamPage'), 'TeamPage'),
});

// An agency's overview of the accounts a person is in.
export const accountsRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'accounts',
  component: lazyRouteComponent(() => import('../features/teams/AccountsPage'), 'AccountsPage'),
});

// The account's change history.
export const activityRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'activity',
  component: lazyRouteComponent(() => import('../features/teams/ActivityPage'), 'ActivityPage'),
});

// An invitation's link: whether or not this browser is signed in.
export const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invitations/$token',
  loader: () => import('../lib/i18n').then((m) => m.startLanguage()),
  component: lazyRouteComponent(() => import('../features/teams/InvitationPage'), 'InvitationPage'),
});
