import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Bare user rows for ledger-level tests (ledger accounts reference users): no password, no
 * login, just ids. Returns the ids in insertion order.
 */
export async function insertUsers(em: EntityManager, count: number): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = await em.execute<{ id: number }[]>(
    `insert into users (name, email)
     select 'Ledger test ' || g, 'ledger.' || ? || '.' || g || '@example.com' from generate_series(1, ?) g
     returning id`,
    [tag, count],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
