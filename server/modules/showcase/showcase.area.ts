import { defineArea } from '../../app/area.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { registerShowcaseHttp, showcaseRoutes } from './showcase.rest.ts';
import { ShowcaseService } from './showcase.service.ts';

/** The showcase inside publishers' mini apps: its script, its API and the caches behind them. */
export const showcaseArea = defineArea({
  name: 'showcase',
  provides: ['showcase'],
  needs: ['lookups', 'campaigns', 'conversions', 'reports'],
  services: async (
    { config, pubsub, redis, telegram, url, cleanups, onPublish, em },
    { lookups, campaigns, conversions, reports },
  ) => {
    const showcase = new ShowcaseService({
      secretsKey: config.secretsKey,
      publicKeyHex: config.initDataPublicKey,
      maxAgeSeconds: config.initDataMaxAgeSeconds,
      limiter: createRateLimiter(config.showcaseRatePerMinute, redis),
      telegram,
      lookups,
      campaigns,
      conversions,
      reports,
      pubsub,
      qualityMinSample: config.qualityMinSample,
      baseUrl: () => config.publicUrl ?? url(),
    });
    // Its caches hear of every change this instance publishes, of other instances' changes, and sweep for the rest.
    onPublish((topic, payload) => showcase.changed(topic, payload));
    cleanups.push(await showcase.watch(em));
    return { showcase };
  },
  routes: showcaseRoutes,
  http: ({ http, em, services }) => registerShowcaseHttp(http, { em, showcase: services.showcase }),
  // Platforms publish it too, when an app's services or awards change.
  topics: ['showcaseChanged'],
});
