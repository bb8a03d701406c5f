import {
  Outlet,
  createRootRoute,
  createRoute,
  lazyRouteComponent,
  redirect,
  retainSearchParams,
} from '@tanstack/react-router';
import { accountOfSearch } from '../lib/account';
import { Suspense, lazy } from 'react';
import { useStepUpAsk } from '../lib/stepUp';

// Toasts are never needed for the first paint; loading their machinery after it keeps the
// landing page's initial JS small. The toaster store lives in the same module, so toasts
// created by any page land in this one region.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));
// The step-up dialog (lib/stepUp.ts) loads the first time a call asks for it.
const StepUpDialog = lazy(() => import('../features/security/StepUpDialog'));

function StepUp() {
  const ask = useStepUpAsk();
  return ask ? <StepUpDialog /> : null;
}

export const rootRoute = createRootRoute({
  // The account acted on (teams) rides along every link, so a page's address names it.
  validateSearch: (search: Record<string, unknown>): { account?: number } => {
    const account = accountOfSearch(search);
    return account ? { account } : {};
  },
  search: { middlewares: [retainSearchParams(['account'])] },
  component: () => (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <Suspense fallback={null}>
        <StepUp />
      </Suspense>
    </>
  ),
});

// “This was not me” (a security notice's link): whether or not this browser is signed in.
export const notMeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'not-me',
  // In this browser's language (client/lib/i18n.ts), as the sign-in pages.
  loader: () => import('../lib/i18n').then((m) => m.startLanguage()),
  component: lazyRouteComponent(() => import('../features/auth/NotMePage'), 'NotMePage'),
});

// The link sent to a new e-mail: whether or not this browser is signed in.
export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirm-email/$id',
  loader: () => import('../lib/i18n').then((m) => m.startLanguage()),
  component: lazyRouteComponent(() => import('../features/auth/ConfirmEmailPage'), 'ConfirmEmailPage'),
});

// Any unknown path goes to the landing page (which sends signed-in users on to their projects).
export const catchAllRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
