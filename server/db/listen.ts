import pg from 'pg';
import type { Logger } from 'pino';

/** A user's roles changed: the payload is their ids, comma-separated (`select pg_notify(…)`). */
export const USER_CHANGED_CHANNEL = 'user_changed';
/** Sessions ended: the payload is their ids, comma-separated; every instance closes their sockets. */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';
/** An account's history grew (its trigger, on commit): the payload is the account's id. */
export const ACCOUNT_ACTIVITY_CHANNEL = 'account_activity';
/** An app's showcase changed (its exclusions, quality, services): JSON `{ from, platformIds?, all? }`, without Redis. */
export const SHOWCASE_CHANGED_CHANNEL = 'showcase_changed';
/** Players' clicks, conversions or blocks changed (their trigger, on commit): their ids, comma-separated, or `*`. */
export const SHOWCASE_PLAYERS_CHANNEL = 'showcase_players';

/**
 * Follows a PostgreSQL NOTIFY channel on a connection of its own: every instance (and a
 * command-line tool that changes the database, `npm run staff`) reaches every other through the
 * database itself, Redis or not. A lost connection is opened again (1 s, then up to 30 s apart);
 * what was sent meanwhile is missed, which callers cover by re-reading (a socket's operation
 * reads its user anew) or by `onReopen` (called once listening again, e.g. to drop a cache).
 */
export async function listen(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  log: Logger,
  opts: { onReopen?: () => void } = {},
): Promise<() => Promise<void>> {
  let opened = false;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 1000;
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', (err) => {
      log.warn({ err, channel }, 'the database notification connection failed; opening it again');
      reconnect();
    });
    client = c;
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    delay = 1000;
    if (opened) opts.onReopen?.();
    opened = true;
  };
  const reconnect = () => {
    const c = client;
    client = null;
    void c?.end().catch(() => undefined);
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (stopped) return;
      open().catch(() => reconnect());
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 30_000);
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
