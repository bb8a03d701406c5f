import type { EntityManager } from '@mikro-orm/postgresql';
import { queryPrepared } from '../../db/prepared.ts';

export type UserRow = Record<string, unknown>;

/** A session that stands (not ended, not expired) with its user's row. */
export interface SessionRow {
  userId: number;
  lastSeenAt: Date;
  user: UserRow;
}

interface Waiter {
  resolve: (row: SessionRow | undefined) => void;
  reject: (err: unknown) => void;
}

// `has_second_factor`: staff act only with one where STAFF_SECOND_FACTOR=required (graphql/staff.ts).
// `session_proved_at`: the session's last fresh proof, read by step-up (lib/step-up.ts), which
// offers a passkey when there is one (`has_passkey`).
const SESSION_USERS = `select s.id as "session:id", s.user_id as "session:user", s.last_seen_at as "session:seen", u.*,
       s.proved_at as session_proved_at,
       f.has_second_factor, f.has_passkey
  from sessions s join users u on u.id = s.user_id
  -- One look at the user's factors for both (null when there is none).
  left join lateral (select true as has_second_factor, bool_or(f.kind = 'PASSKEY') as has_passkey
                       from second_factors f where f.user_id = u.id and f.confirmed_at is not null
                     having count(*) > 0) f on true
 where s.id = any($1::uuid[]) and s.ended_at is null and s.expires_at > now()`;

/**
 * Reads the sessions of authenticated requests with their users. Every request and every live
 * socket's operation reads its session (a session that was ended or expired serves nothing):
 * the sessions asked for during one turn of the event loop are read with one prepared
 * statement, so a burst — thousands of sockets reconnecting after a deploy, a busy dashboard —
 * costs a few round trips instead of one each. A failure reaches every request of the batch (a
 * database that is away: 503).
 */
export class SessionUsers {
  private pending = new Map<string, Waiter[]>();
  private em: EntityManager | null = null;

  read(em: EntityManager, id: string): Promise<SessionRow | undefined> {
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
      const rows = await queryPrepared<UserRow>(em, 'session_users', SESSION_USERS, [[...batch.keys()]]);
      const byId = new Map<string, SessionRow>();
      for (const { 'session:id': id, 'session:user': userId, 'session:seen': seen, ...user } of rows) {
        // Raw rows may carry timestamps as PostgreSQL's text.
        byId.set(String(id), { userId: Number(userId), lastSeenAt: new Date(seen as string | Date), user });
      }
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
