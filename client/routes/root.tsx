import { Outlet, createRootRoute, createRoute, redirect } from '@tanstack/react-router';
import { Toaster } from '../components/ui/toaster';

export const rootRoute = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
});

// Any unknown path goes to the landing page (which sends signed-in users on to their projects).
export const catchAllRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
