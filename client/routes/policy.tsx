import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

// Open to everyone, signed in or not.
const policyLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'policy',
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
