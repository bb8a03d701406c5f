import { defineArea } from '../../app/area.ts';
import { notifyLater } from '../notifications/notify.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import {
  CampaignExcludedPlatform,
  PlatformQualityDaily,
  PlatformQualityPause,
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
  provides: ['quality'],
  needs: ['ledger', 'reports', 'campaigns', 'platforms'],
  later: ['notifications'],
  entities: [
    PlatformQualityDaily,
    QualitySettings,
    CampaignExcludedPlatform,
    UserExcludedPlatform,
    PlatformQualityPause,
  ],
  sql: [
    sqlDefinition(import.meta.url, './sql/quality_recomputed.sql', { after: ['stats_fast_interval'] }),
    sqlDefinition(import.meta.url, './sql/quality_rebuild.sql', { after: ['quality_recomputed'] }),
    sqlDefinition(import.meta.url, './sql/conversions_quality.sql'),
    sqlDefinition(import.meta.url, './sql/player_reports_quality.sql'),
    sqlDefinition(import.meta.url, './sql/fraud_hits_quality.sql'),
    sqlDefinition(import.meta.url, './sql/platform_quality.sql'),
  ],
  services: async (
    { config, log, pubsub, em, url, telegram, onPublish, cleanups },
    { ledger, reports, campaigns, platforms },
    later,
  ) => {
    const quality = new QualityService({
      pubsub,
      em,
      campaigns,
      platforms,
      minSample: config.qualityMinSample,
      floor: config.qualityFloor,
      notify: notifyLater(later),
      ledger,
      reports,
      mailer: configuredMailer(config, log),
      log,
      appUrl: () => config.publicUrl ?? url(),
      telegram,
      recheck: config.qualityRecheck,
    });
    await quality.start(em(), config.fraud.minSeconds);
    // Reports decided or filed by a rule move their app's quality: its owner hears of it.
    onPublish((topic, payload) => quality.heard(topic, payload));
    cleanups.push(() => quality.flush());
    return { quality };
  },
  routes: qualityRoutes,
  jobs: ({ log, em, services }) => [
    {
      name: 'quality-recheck',
      run: async () => {
        const done = await services.quality.recheck.run(em());
        if (done.checked || done.skipped) log.info(done, 'quality: channel and chat players checked again 30 days on');
      },
    },
    {
      // The floor over every scored app, each round (holds that end and decisions apply it at once too).
      name: 'quality-floor',
      run: async () => {
        const moved = await services.quality.floor.enforceFloor(em());
        if (moved.length) {
          log.info({ apps: moved }, 'quality floor: pauses opened or ended');
          await services.quality.publish(em(), moved);
        }
      },
    },
  ],
  topics: ['platformQuality', 'ownerPlatformQuality'],
});
