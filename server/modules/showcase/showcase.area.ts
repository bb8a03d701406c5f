import { defineArea } from '../../app/area.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import { listen, SHOWCASE_CHANGED_CHANNEL, SHOWCASE_PLAYERS_CHANNEL } from '../../db/listen.ts';
import { topics } from '../../lib/pubsub.ts';
import { registerShowcaseHttp, showcaseRoutes } from './showcase.rest.ts';
import { ShowcaseService } from './showcase.service.ts';

/** The showcase inside publishers' mini apps: its script, its API and the caches behind them. */
export const showcaseArea = defineArea({
  name: 'showcase',
  provides: ['showcase'],
  needs: ['lookups', 'campaigns', 'conversions', 'reports'],
  services: async (
    { config, pubsub, redis, telegram, url, cleanups, onPublish, em, orm, log },
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
    // A conversion this instance recorded is in the player's next list here at once (the
    // database's notification tells every instance a moment later).
    conversions.afterResults((results) =>
      showcase.players.forget(results.flatMap((r) => (r.result === 'COMPLETED' ? [r.playerId] : []))),
    );
    // Its caches hear of every change this instance publishes, of other instances' changes, and sweep for the rest.
    onPublish((topic, payload) => {
      showcase.changed(topic, payload);
      // Without Redis the pub/sub is this instance's own: its app changes go to the others through
      // the database (a NOTIFY holds 8,000 bytes: a longer list becomes "all").
      if (!redis && topic === topics.showcaseChanged()) {
        const change = { from: showcase.instance, ...(payload as object) };
        const text = JSON.stringify(change);
        void em()
          .getConnection()
          .execute('select pg_notify(?, ?)', [
            SHOWCASE_CHANGED_CHANNEL,
            text.length > 7000 ? JSON.stringify({ from: change.from, all: true }) : text,
          ])
          .catch((err) => log.warn({ err }, 'an app change was not shared with the other instances'));
      }
    });
    cleanups.push(await showcase.watch(em));
    // Players' clicks, conversions and blocks, as any instance (or anyone) commits them; what a
    // lost connection missed is read again once it is back.
    const stopPlayers = await listen(
      orm.config.getClientUrl(),
      SHOWCASE_PLAYERS_CHANNEL,
      (payload) => showcase.players.heard(payload),
      log,
      { onReopen: () => showcase.players.forget() },
    ).catch((err) => {
      log.error({ err }, 'players’ changes are not followed: their states are read on every list');
      showcase.players.disable();
      return async () => {};
    });
    cleanups.push(stopPlayers);
    // Followed from here: who has a state of their own is read (a new player's list reads nothing).
    showcase.players.follow(em, (err) =>
      log.warn(
        { err },
        'who has a showcase state was not read: every new player is read until it is (tried again in 30 s)',
      ),
    );
    cleanups.push(async () => showcase.players.stop());
    if (!redis) {
      // Other instances' app changes, through the database (Redis carries them when it is set).
      const stop = await listen(
        orm.config.getClientUrl(),
        SHOWCASE_CHANGED_CHANNEL,
        (payload) => {
          try {
            showcase.changed(topics.showcaseChanged(), JSON.parse(payload));
          } catch {
            showcase.changed(topics.showcaseChanged(), { all: true });
          }
        },
        log,
      ).catch((err) => {
        log.error({ err }, 'other instances’ app changes are not followed: their lists wait for the next read');
        return async () => {};
      });
      cleanups.push(stop);
    }
    return { showcase };
  },
  sql: [sqlDefinition(import.meta.url, './sql/showcase_players_changed.sql')],
  routes: showcaseRoutes,
  http: ({ http, em, services }) => registerShowcaseHttp(http, { em, showcase: services.showcase }),
  // Platforms publish it too, when an app's services or awards change.
  topics: ['showcaseChanged'],
});
