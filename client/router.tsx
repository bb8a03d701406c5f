import { createRouter } from '@tanstack/react-router';
import { paths } from './lib/paths';
import { onSignOut } from './lib/session';
import { advertiserRoutes } from './routes/advertiser';
import { exchangeRoutes } from './routes/exchange';
import { financeRoute } from './routes/finance';
import { guestRoutes } from './routes/guest';
import { homeRoute } from './routes/home';
import { moderationRoute } from './routes/moderation';
import { policyRoutes } from './routes/policy';
import { publisherRoutes } from './routes/publisher';
import { catchAllRoute, rootRoute } from './routes/root';

const routeTree = rootRoute.addChildren([
  guestRoutes,
  policyRoutes,
  homeRoute.addChildren([advertiserRoutes, publisherRoutes, exchangeRoutes, moderationRoute, financeRoute]),
  catchAllRoute,
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // Off: its positions live in sessionStorage. The signed-in layout keeps them in localStorage
  // (spec 3, useScrollPositions); the router still scrolls each new page to the top.
  scrollRestoration: false,
});

// However the session ends (Log out, a 401, a rejected socket), the user lands on login.
onSignOut(() => {
  void router.navigate({ to: paths.login, replace: true });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
