import { defineArea } from '../../app/area.ts';
import { Category, Tier, TierPrice } from './lookups.entity.ts';
import { lookupsRoutes } from './lookups.rest.ts';
import './lookups.schema.ts';
import { LookupsService } from './lookups.service.ts';

/** Categories, tiers and their prices, and the network's settings. */
export const lookupsArea = defineArea({
  name: 'lookups',
  provides: ['lookups'],
  entities: [Category, Tier, TierPrice],
  services: ({ config }) => ({ lookups: new LookupsService(config) }),
  routes: lookupsRoutes,
});
