import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { LANGUAGES, type Language } from '../../shared/languages';
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

/**
 * The sign-in pages in the reader's language: `/login` in the language this browser
 * chose (the build's English HTML of it sends one that chose another to its own, as `/` does),
 * `/ru/login` and so on in that language, each built as HTML in all nine
 * (scripts/prerender.mjs). The dashboard's catalog: the next page after them needs it anyway.
 */
const authLayout = createRoute({
  getParentRoute: () => guestLayout,
  path: '{-$lang}',
  // (`/en/login` or an unknown `/xx/login`: the page without it.)
  beforeLoad: ({ params, location }) => {
    const { lang } = params;
    if (lang !== undefined && (lang === 'en' || !(LANGUAGES as readonly string[]).includes(lang))) {
      throw redirect({ href: location.href.slice(lang.length + 1), replace: true });
    }
  },
  loader: ({ params }) => import('../lib/i18n').then((m) => m.startLanguage(params.lang as Language | undefined)),
});

const login = createRoute({
  getParentRoute: () => authLayout,
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
  getParentRoute: () => authLayout,
  path: 'register',
  component: lazyRouteComponent(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
});

const resetPassword = createRoute({
  getParentRoute: () => authLayout,
  path: 'reset-password',
  validateSearch: (search: Record<string, unknown>): { lost?: boolean } =>
    search.lost === true || search.lost === '1' || search.lost === 1 ? { lost: true } : {},
  component: lazyRouteComponent(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});

const setPassword = createRoute({
  getParentRoute: () => authLayout,
  path: 'reset-password/$id',
  component: lazyRouteComponent(() => import('../features/auth/SetPasswordPage'), 'SetPasswordPage'),
});

export const guestRoutes = guestLayout.addChildren([
  landing,
  authLayout.addChildren([login, register, resetPassword, setPassword]),
]);
