import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { JobDef } from '../jobs.ts';
import { purgeAccountSafety } from '../modules/auth/auth.service.ts';
import { DAY_MS } from '../modules/campaigns/conversions.service.ts';
import { purgeIdempotencyKeys } from '../modules/idempotency/idempotency.ts';
import type { Services } from '../services.ts';

/**
 * The background work of every area, run by the job queue (server/jobs.ts) once per round
 * across instances: holds that end, reward callbacks to retry, top-ups to settle, offers that
 * expire, and the purges.
 */
export function productJobs({
  config,
  log,
  orm,
  services,
}: {
  config: Config;
  log: Logger;
  orm: MikroORM;
  services: Services;
}): JobDef[] {
  return [
    {
      name: 'hold-end',
      run: async () => {
        const held = await services.conversions.resolveHolds(orm.em.fork() as EntityManager, config.holdDays * DAY_MS);
        if (held.posted || held.voided) log.info(held, 'hold ended: conversions posted or voided');
      },
    },
    {
      name: 'reward-callbacks',
      run: async () => {
        const delivered = await services.callbacks.deliverDue();
        if (delivered) log.info({ delivered }, 'reward callbacks delivered on retry');
      },
    },
    {
      name: 'invoice-reconciliation',
      run: async () => {
        const settled = await services.payments.reconcileTopUps(orm.em.fork() as EntityManager, 15 * 60_000);
        if (settled) log.info({ settled }, 'stale top-ups settled with the provider');
      },
    },
    {
      name: 'offer-expiry',
      run: async () => {
        const expired = await services.exchange.expireOffers(orm.em.fork() as EntityManager);
        if (expired) log.info({ expired }, 'exchange offers expired');
      },
    },
    {
      name: 'idempotency-purge',
      run: async () => {
        const purged = await purgeIdempotencyKeys(orm.em.fork() as EntityManager);
        if (purged) log.debug({ purged }, 'expired idempotency keys purged');
      },
    },
    {
      name: 'account-safety-purge',
      run: async () => {
        const purged = await purgeAccountSafety(orm.em.fork() as EntityManager);
        if (purged.notices || purged.addresses) log.debug(purged, 'old account notices and sign-in addresses purged');
      },
    },
  ];
}
