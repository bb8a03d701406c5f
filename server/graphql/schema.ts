// Imports only: each area file defines its own types, queries, mutations and subscriptions.
import { builder } from './builder.ts';
import './scalars.ts';
import '../modules/users/users.schema.ts';
import '../modules/moderation/registration.schema.ts';
import '../modules/lookups/lookups.schema.ts';
import '../modules/payments/payments.schema.ts';
import '../modules/projects/projects.schema.ts';
import '../modules/platforms/platforms.schema.ts';
import '../modules/campaigns/campaigns.schema.ts';
import '../modules/exchange/exchange.schema.ts';
import '../modules/moderation/moderation.schema.ts';
import '../modules/statistics/statistics.schema.ts';

export const schema = builder.toSchema({ sortSchema: true });
