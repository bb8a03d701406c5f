import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../server/database.ts';
import { createTestDatabase } from '../helpers/db.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

test('the committed migrations produce exactly the schema the entities describe', async () => {
  const db = await createTestDatabase({ empty: true });
  cleanups.push(db.drop);
  const orm = await openDatabase(db.url);
  cleanups.push(() => orm.close());
  await orm.getMigrator().up();
  // Anything left here means an entity changed without `npm run db:migration`.
  expect(await orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
});
