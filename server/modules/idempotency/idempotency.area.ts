import { defineArea } from '../../app/area.ts';
import { IdempotencyKey } from './idempotency.entity.ts';
import { purgeIdempotencyKeys } from '../../lib/idempotency.ts';

/** Idempotency keys: a retried request answers what the first one did. */
export const idempotencyArea = defineArea({
  name: 'idempotency',
  entities: [IdempotencyKey],
  jobs: ({ log, em }) => [
    {
      name: 'idempotency-purge',
      run: async () => {
        const purged = await purgeIdempotencyKeys(em());
        if (purged) log.debug({ purged }, 'expired idempotency keys purged');
      },
    },
  ],
});
