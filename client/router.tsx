import { type RouterHistory, createRouter } from '@tanstack/react-router';
import { loginFor } from './lib/guards';
import { paths } from './lib/paths';
import { onSignOut } from './lib/session';
import { advertiserRoutes } from './routes/advertiser';
import { exchangeRoutes } from './routes/exchange';
import { financeRoute } from './routes/finance';
import { staffRoute } from './routes/staff';
import { auditRoute } from './routes/audit';
import { securityRoute } from './routes/security';
import { guestRoutes } from './routes/guest';
import { homeRoute } from './routes/home';
import { moderationRoute } from './routes/moderation';
import { policyRoutes } from './routes/policy';
import { notificationsRoute } from './routes/notifications';
import { publisherRoutes } from './routes/publisher';
import { catchAllRoute, confirmEmailRoute, notMeRoute, rootRoute } from './routes/root';
import { accountsRoute, activityRoute, invitationRoute, teamRoute } from './routes/teams';

const routeTree = rootRoute.addChildren([
  guestRoutes,
  policyRoutes,
  homeRoute.addChildren([
    advertiserRoutes,
    publisherRoutes,
    exchangeRoutes,
    moderationRoute,
    financeRoute,
    staffRoute,
    auditRoute,
    securityRoute,
    notificationsRoute,
    teamRoute,
    accountsRoute,
    activityRoute,
  ]),
  notMeRoute,
  invitationRoute,
  confirmEmailRoute,
  catchAllRoute,
]);

/**
 * The app's router: the browser's history in the page, a memory history when the build renders
 * the public pages to HTML (client/prerender.tsx).
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Off: its positions live in sessionStorage. The signed-in layout keeps them in localStorage
    // (useScrollPositions); the router still scrolls each new page to the top.
    scrollRestoration: false,
  });
}

/** The page's router (created on first use: the build's renderer has no browser history). */
let pageRouter: ReturnType<typeof createAppRouter> | undefined;
export function appRouter() {
  if (!pageRouter) {
    const router = createAppRouter();
    pageRouter = router;
    // However the session ends (Log out, a 401, a rejected socket), the user lands on login;
    // unless they chose to leave, signing in again comes back to the page they were on.
    onSignOut(({ deliberate }) => {
      void router.navigate({ href: deliberate ? paths.login : loginFor(router.state.location.href), replace: true });
    });
  }
  return pageRouter;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
