import { defineArea } from '../../app/area.ts';
import { Platform, PlatformReward, Service, ServiceAward } from './platform.entity.ts';
import { platformsRoutes } from './platforms.rest.ts';
import './platforms.schema.ts';
import { PlatformsService } from './platforms.service.ts';

/** Publishers' apps (platforms), their rewards, services and award rules. */
export const platformsArea = defineArea({
  name: 'platforms',
  provides: ['platforms'],
  needs: ['lookups'],
  entities: [Platform, PlatformReward, Service, ServiceAward],
  services: ({ config, log, pubsub, telegram, outbound }, { lookups }) => ({
    platforms: new PlatformsService({ secretsKey: config.secretsKey, telegram, lookups, log, pubsub, outbound }),
  }),
  routes: platformsRoutes,
});
