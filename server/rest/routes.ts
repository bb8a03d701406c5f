import { campaignsRoutes } from '../modules/campaigns/campaigns.rest.ts';
import { moderationRoutes } from '../modules/moderation/moderation.rest.ts';
import { exchangeRoutes } from '../modules/exchange/exchange.rest.ts';
import { showcaseRoutes } from '../modules/showcase/showcase.rest.ts';
import { authRoutes } from '../modules/auth/auth.rest.ts';
import { imagesRoutes } from '../modules/images/images.rest.ts';
import { paymentsRoutes } from '../modules/payments/payments.rest.ts';
import { platformsRoutes } from '../modules/platforms/platforms.rest.ts';
import { projectsRoutes } from '../modules/projects/projects.rest.ts';
import { lookupsRoutes } from '../modules/lookups/lookups.rest.ts';
import { statisticsRoutes } from '../modules/statistics/statistics.rest.ts';
import { usersRoutes } from '../modules/users/users.rest.ts';
import type { RouteDef } from './route.ts';

/** Every /api route in one table; the OpenAPI document is generated from it. */
export const routes: RouteDef[] = [
  ...authRoutes,
  ...usersRoutes,
  ...lookupsRoutes,
  ...imagesRoutes,
  ...paymentsRoutes,
  ...projectsRoutes,
  ...platformsRoutes,
  ...campaignsRoutes,
  ...statisticsRoutes,
  ...showcaseRoutes,
  ...exchangeRoutes,
  ...moderationRoutes,
];
