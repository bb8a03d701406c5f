import type { EntityManager } from '@mikro-orm/postgresql';

interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs one statement outside any transaction as a named prepared statement on a pooled
 * connection: PostgreSQL parses and plans it once per connection, and the ORM's query
 * building is skipped. For hot paths only; `text` uses $1… placeholders.
 */
export async function queryPrepared<T>(em: EntityManager, name: string, text: string, values: unknown[]): Promise<T[]> {
  const knex = em.getKnex();
  const connection = (await knex.client.acquireConnection()) as PgClient;
  try {
    return (await connection.query({ name, text, values })).rows as T[];
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
