import type { EntityManager } from '@mikro-orm/postgresql';
import { queryPrepared } from '../../db/prepared.ts';

export type UserRow = Record<string, unknown>;

interface Waiter {
  resolve: (row: UserRow | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads the users of authenticated requests. Every request and every live socket reads its
 * user (the token version decides whether the session still stands): the ids asked for during
 * one turn of the event loop are read with one prepared statement, so a burst — thousands of
 * sockets reconnecting after a deploy, a busy dashboard — costs a few round trips instead of
 * one each. A failure reaches every request of the batch (a database that is away: 503).
 */
export class SessionUsers {
  private pending = new Map<number, Waiter[]>();
  private em: EntityManager | null = null;

  read(em: EntityManager, id: number): Promise<UserRow | undefined> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) {
        this.em = em;
        // After the I/O callbacks of this turn: the requests that arrived with it join the batch.
        setImmediate(() => void this.flush());
      }
      const waiters = this.pending.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(id, [{ resolve, reject }]);
    });
  }

  private async flush() {
    const batch = this.pending;
    const em = this.em!;
    this.pending = new Map();
    this.em = null;
    try {
      const rows =
        batch.size === 1
          ? await queryPrepared<UserRow>(em, 'session_user', 'select * from users where id = $1', [...batch.keys()])
          : await queryPrepared<UserRow>(em, 'session_users', 'select * from users where id = any($1::int[])', [
              [...batch.keys()],
            ]);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const [id, waiters] of batch) for (const w of waiters) w.resolve(byId.get(id));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }
}

const propertyNames = new Map<string, string>();
const propertyName = (column: string) => {
  let name = propertyNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    propertyNames.set(column, name);
  }
  return name;
};

/** A user row as a plain object with the entity's property names (snake_case → camelCase). */
export function plainUser<T>(row: UserRow): T {
  const out: Record<string, unknown> = {};
  for (const column in row) out[propertyName(column)] = row[column];
  return out as T;
}
