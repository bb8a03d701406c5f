import { join } from 'node:path';
import type { Config } from '../server/config.ts';
import { connectEmbeddedPostgres } from '../server/db/embedded.ts';
import { openDatabase } from '../server/database.ts';

/**
 * The scripts' database: `url`, else DATABASE_URL, else the embedded PostgreSQL in the data
 * folder (the one a running `npm start` has, or one of its own). `close` ends both.
 */
export async function scriptDatabase(config: Config, url = config.databaseUrl) {
  let stop = async () => {};
  if (!url) {
    const embedded = await connectEmbeddedPostgres(join(config.dataDir, 'pg'));
    url = embedded.url;
    stop = embedded.stop;
  }
  const orm = await openDatabase(url);
  return {
    orm,
    close: async () => {
      await orm.close();
      await stop();
    },
  };
}
