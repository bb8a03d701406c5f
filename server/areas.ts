import type { Area } from './app/area.ts';
import { authArea } from './modules/auth/auth.area.ts';
import { campaignsArea } from './modules/campaigns/campaigns.area.ts';
import { docsArea } from './modules/docs/docs.area.ts';
import { exchangeArea } from './modules/exchange/exchange.area.ts';
import { idempotencyArea } from './modules/idempotency/idempotency.area.ts';
import { imagesArea } from './modules/images/images.area.ts';
import { ledgerArea } from './modules/ledger/ledger.area.ts';
import { lookupsArea } from './modules/lookups/lookups.area.ts';
import { moderationArea } from './modules/moderation/moderation.area.ts';
import { paymentsArea } from './modules/payments/payments.area.ts';
import { platformsArea } from './modules/platforms/platforms.area.ts';
import { qualityArea } from './modules/quality/quality.area.ts';
import { projectsArea } from './modules/projects/projects.area.ts';
import { showcaseArea } from './modules/showcase/showcase.area.ts';
import { statisticsArea } from './modules/statistics/statistics.area.ts';
import { usersArea } from './modules/users/users.area.ts';

/**
 * The product's areas, each defined in `modules/<area>/<area>.area.ts`. The order is the
 * order of building: an area's services may use those of the areas above it (campaigns use
 * the ledger; moderation's reports use conversions; the showcase uses nearly everything).
 * Their SQL functions are applied, and their routes listed, in the same order.
 */
export const areas: Area[] = [
  authArea,
  usersArea,
  lookupsArea,
  imagesArea,
  ledgerArea,
  paymentsArea,
  statisticsArea,
  campaignsArea,
  projectsArea,
  platformsArea,
  exchangeArea,
  moderationArea,
  qualityArea,
  showcaseArea,
  docsArea,
  idempotencyArea,
];

/** Every entity of the app; the ORM and the migration generator read this list. */
export const entities = areas.flatMap((a) => a.entities ?? []);

/** The database functions' current definitions (db/definitions.ts), in the order they are applied. */
export const sqlDefinitions = areas.flatMap((a) => a.sql ?? []);

/** Every /api route in one table; the OpenAPI document is generated from it. */
export const routes = areas.flatMap((a) => a.routes ?? []);
