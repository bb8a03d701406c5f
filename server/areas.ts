import type { AnyArea, Needed, Provided } from './app/area.ts';
import { orderAreas } from './app/services.ts';
import { orderDefinitions } from './db/definitions.ts';
import { auditArea } from './modules/audit/audit.area.ts';
import { authArea } from './modules/auth/auth.area.ts';
import { campaignsArea } from './modules/campaigns/campaigns.area.ts';
import { docsArea } from './modules/docs/docs.area.ts';
import { exchangeArea } from './modules/exchange/exchange.area.ts';
import { idempotencyArea } from './modules/idempotency/idempotency.area.ts';
import { imagesArea } from './modules/images/images.area.ts';
import { ledgerArea } from './modules/ledger/ledger.area.ts';
import { lookupsArea } from './modules/lookups/lookups.area.ts';
import { notificationsArea } from './modules/notifications/notifications.area.ts';
import { moderationArea } from './modules/moderation/moderation.area.ts';
import { paymentsArea } from './modules/payments/payments.area.ts';
import { payoutsArea } from './modules/payouts/payouts.area.ts';
import { platformsArea } from './modules/platforms/platforms.area.ts';
import { qualityArea } from './modules/quality/quality.area.ts';
import { projectsArea } from './modules/projects/projects.area.ts';
import { showcaseArea } from './modules/showcase/showcase.area.ts';
import { statisticsArea } from './modules/statistics/statistics.area.ts';
import { teamsArea } from './modules/teams/teams.area.ts';
import { usersArea } from './modules/users/users.area.ts';
import type { Services } from './services.ts';

/**
 * The product's areas, each defined in `modules/<area>/<area>.area.ts`. Each declares the
 * services it provides and needs; the order areas are built in, their SQL functions applied
 * and their routes registered comes from those declarations (app/services.ts `orderAreas`);
 * where they leave it open, this list's order decides (it is the API document's order).
 */
const definitions = [
  authArea,
  usersArea,
  teamsArea,
  lookupsArea,
  imagesArea,
  ledgerArea,
  payoutsArea,
  paymentsArea,
  statisticsArea,
  campaignsArea,
  projectsArea,
  platformsArea,
  exchangeArea,
  moderationArea,
  auditArea,
  qualityArea,
  showcaseArea,
  notificationsArea,
  docsArea,
  idempotencyArea,
] as const;

// The compiler's check of the declarations: every service some area needs is provided by one,
// and every service of `Services` is provided (a missing one names itself in the error).
type Declared = (typeof definitions)[number];
type Missing = Exclude<Needed<Declared> | keyof Services, Provided<Declared>>;
const everyServiceProvided: [Missing] extends [never] ? true : { missing: Missing } = true;
void everyServiceProvided;

/** The areas in the order they are built (every area after those it needs). */
export const areas: AnyArea[] = orderAreas(definitions);

/** Every entity of the app; the ORM and the migration generator read this list. */
export const entities = areas.flatMap((a) => a.entities ?? []);

/** The database functions' current definitions (db/definitions.ts), in the order they are applied. */
export const sqlDefinitions = orderDefinitions(areas.flatMap((a) => a.sql ?? []));

/** Every /api route in one table; the OpenAPI document is generated from it. */
export const routes = areas.flatMap((a) => a.routes ?? []);
