import { defineArea } from '../../app/area.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import { Account } from './account.entity.ts';
import { ledgerCheckGauges } from './ledger.check.ts';
import { Ledger } from './ledger.service.ts';
import { Transfer } from './transfer.entity.ts';

/** Double-entry accounts and transfers; every balance the product shows comes from here. */
export const ledgerArea = defineArea({
  name: 'ledger',
  provides: ['ledger'],
  entities: [Account, Transfer],
  sql: [sqlDefinition(import.meta.url, './sql/ledger_transfer.sql')],
  services: ({ pubsub }) => ({ ledger: new Ledger(pubsub) }),
  topics: ['balance'],
  // The books checked every LEDGER_CHECK_INTERVAL_MINUTES (first one interval after the start),
  // the result on /metrics for the alert that wakes someone when they are wrong.
  jobs: ({ config, log, em }) =>
    config.ledgerCheckIntervalMs > 0
      ? [
          {
            name: 'ledger-check',
            intervalMs: config.ledgerCheckIntervalMs,
            notAtStart: true,
            run: async () => {
              const failed = await ledgerCheckGauges(em());
              if (failed.length) log.error({ failed }, 'ledger check: the books are wrong');
            },
          },
        ]
      : [],
});
