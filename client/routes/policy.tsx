import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * The public pages' words (client/locales/<lang>/public.po) in the language shown, before such a
 * page renders in the app (the build's HTML of them has its words already). Loaded on demand:
 * the sign-in page, whose code has these routes, carries neither Lingui nor a catalog.
 */
export const loadPublicWords = () => import('../lib/i18n').then((m) => m.loadPublicCatalog(m.i18n.locale));

// Open to everyone, signed in or not.
const policyLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'policy',
  loader: loadPublicWords,
  component: lazyRouteComponent(() => import('../features/policy/PolicyLayout'), 'PolicyLayout'),
});

const privacyPolicy = createRoute({
  getParentRoute: () => policyLayout,
  path: 'privacy-policy',
  component: lazyRouteComponent(() => import('../features/policy/PrivacyPolicyPage'), 'PrivacyPolicyPage'),
});

const userAgreement = createRoute({
  getParentRoute: () => policyLayout,
  path: 'user-agreement',
  component: lazyRouteComponent(() => import('../features/policy/UserAgreementPage'), 'UserAgreementPage'),
});

export const policyRoutes = policyLayout.addChildren([privacyPolicy, userAgreement]);
