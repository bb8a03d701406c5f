import { defineArea } from '../../app/area.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import {
  CampaignExcludedPlatform,
  PlatformQualityDaily,
  QualitySettings,
  UserExcludedPlatform,
} from './quality.entity.ts';
import { qualityRoutes } from './quality.rest.ts';
import './quality.schema.ts';
import { QualityService } from './quality.service.ts';

/**
 * Traffic quality: a score per app from its conversions, voids and reports (a rollup its
 * triggers keep), and the advertisers' exclusions and minimum scores that keep campaigns away
 * from apps (applied by the showcase's audience query).
 */
export const qualityArea = defineArea({
  name: 'quality',
  entities: [PlatformQualityDaily, QualitySettings, CampaignExcludedPlatform, UserExcludedPlatform],
  sql: [
    sqlDefinition(import.meta.url, './sql/quality_recomputed.sql'),
    sqlDefinition(import.meta.url, './sql/quality_rebuild.sql'),
    sqlDefinition(import.meta.url, './sql/conversions_quality_insert.sql'),
    sqlDefinition(import.meta.url, './sql/conversions_quality.sql'),
    sqlDefinition(import.meta.url, './sql/player_reports_quality.sql'),
    sqlDefinition(import.meta.url, './sql/platform_quality.sql'),
  ],
  services: async ({ config, pubsub, em, onPublish, cleanups }) => {
    const quality = new QualityService({ pubsub, em, minSample: config.qualityMinSample });
    await quality.start(em(), config.fraud.minSeconds);
    // Reports decided or filed by a rule move their app's quality: its owner hears of it.
    onPublish((topic, payload) => quality.heard(topic, payload));
    cleanups.push(() => quality.flush());
    return { quality };
  },
  routes: qualityRoutes,
  topics: ['platformQuality', 'ownerPlatformQuality'],
});
