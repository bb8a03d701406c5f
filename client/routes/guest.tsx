import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { enforce, guestOnlyGuard } from '../lib/guards';
import { loadPublicWords } from './policy';
import { rootRoute } from './root';

// Guest-only pages: landing, register, login, reset password.
const guestLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'guest',
  beforeLoad: ({ search }) => enforce([guestOnlyGuard], search as Record<string, unknown>),
});

const landing = createRoute({
  getParentRoute: () => guestLayout,
  path: '/',
  // Its words: the public pages' catalog in the language shown (the build's HTML has them already).
  loader: loadPublicWords,
  component: lazyRouteComponent(() => import('../features/landing/LandingPage'), 'LandingPage'),
});

const login = createRoute({
  getParentRoute: () => guestLayout,
  path: 'login',
  // The Google sign-in provider comes back here with ?code&state; a signed-in page sent here
  // asks to come back with ?redirect (validated by hand: zod would put ~60 KB into the landing
  // page's initial JS).
  validateSearch: (search: Record<string, unknown>): { code?: string; state?: string; redirect?: string } => ({
    ...(typeof search.code === 'string' ? { code: search.code } : {}),
    ...(typeof search.state === 'string' ? { state: search.state } : {}),
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  }),
  component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
});

const register = createRoute({
  getParentRoute: () => guestLayout,
  path: 'register',
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
});

const resetPassword = createRoute({
  getParentRoute: () => guestLayout,
  path: 'reset-password',
  component: lazyRouteComponent(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});

const setPassword = createRoute({
  getParentRoute: () => guestLayout,
  path: 'reset-password/$id',
  component: lazyRouteComponent(() => import('../features/auth/SetPasswordPage'), 'SetPasswordPage'),
});

export const guestRoutes = guestLayout.addChildren([landing, login, register, resetPassword, setPassword]);
