import { defineArea } from '../../app/area.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import { Account } from './account.entity.ts';
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
});
