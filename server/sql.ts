import { type SqlDefinition, sqlDefinition } from './db/definitions.ts';

/**
 * The database functions' current definitions, each in its area (db/definitions.ts), in the
 * order they are applied: the ledger's transfer, then the statistics the conversion trigger
 * keeps, then the conversion itself and its batch.
 */
export const sqlDefinitions: SqlDefinition[] = [
  'modules/ledger/sql/ledger_transfer.sql',
  'modules/statistics/sql/stats_apply.sql',
  'modules/statistics/sql/conversions_stats.sql',
  'modules/statistics/sql/stats_rebuild.sql',
  'modules/campaigns/sql/record_conversion.sql',
  'modules/campaigns/sql/record_conversions.sql',
].map((file) => sqlDefinition(import.meta.url, `./${file}`));
