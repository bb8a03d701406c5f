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

test('a withdrawal the chain did not pay before its code was stored gets its code from the English it kept', async () => {
  const db = await createTestDatabase({ empty: true });
  cleanups.push(db.drop);
  const orm = await openDatabase(db.url);
  cleanups.push(() => orm.close());
  await orm.getMigrator().up({ to: 'Migration20261206090000_account_recovery' });
  const sql = (text: string, params: unknown[] = []) => orm.em.getConnection().execute(text, params);
  const [user] = await sql(
    `insert into users (email, name, password_hash, created_at, updated_at)
     values ('p@x.io', 'P', 'x', now(), now()) returning id`,
  );
  const back = 'The amount is back in your balance.';
  const reasons = [
    `The recipient’s jetton wallet bounced the transfer. ${back}`,
    `The hot wallet’s jetton wallet refused the transfer (exit code 709). ${back}`,
    'The address is wrong: ask the publisher for another one',
  ];
  for (const reason of reasons)
    await sql(
      `insert into payments (user_id, kind, status, amount, failure_reason, created_at, updated_at)
       values (?, 'WITHDRAWAL', 'FAILED', 50000000, ?, now(), now())`,
      [user.id, reason],
    );
  await orm.getMigrator().up();
  const rows = await sql('select chain_failure, chain_exit_code from payments order by id');
  expect(rows).toEqual([
    { chain_failure: 'BOUNCED', chain_exit_code: null },
    { chain_failure: 'REFUSED', chain_exit_code: '709' },
    { chain_failure: null, chain_exit_code: null },
  ]);
});
