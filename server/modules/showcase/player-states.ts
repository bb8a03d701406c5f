import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { StateHolders } from './state-holders.ts';
import { prepared } from './audience-sql.ts';
import { type Db, usedDb } from './db.ts';

/** What is the player's own in every app's list: their clicks, the resources they converted on, the apps that blocked them. */
export interface PlayerState {
  /** Campaign → the click's code and whether the player was already a member at its start. */
  clicks: Map<number, { code: string; notNew: boolean }>;
  /** Resources (tasks) the player converted on, through any campaign. */
  done: Set<number>;
  /** Apps whose showcase blocked the player. */
  blockedIn: Set<number>;
}

/**
 * How long a player's state is kept without a word of change. The database tells every instance
 * of each click, conversion and block as it commits (`showcase_players_changed`, below), so this
 * only bounds what a lost notification connection could leave behind (it is cleared when the
 * connection opens again): a returning player within the hour reads nothing.
 */
const PLAYER_STATE_TTL_MS = 60 * 60_000;
const MAX_PLAYERS = 200_000;
/** Longer than any read of a state takes: a read that began before a change is not kept. */
const CHANGE_MEMORY_MS = 60_000;
/** The most players one read asks for. */
const MAX_BATCH = 500;

/** The state of a player with nothing of their own (shared: no one changes a state). */
const NOTHING: PlayerState = Object.freeze({
  clicks: new Map(),
  done: new Set<number>(),
  blockedIn: new Set<number>(),
});

/** A player's state as the read answers it. */
interface StateRow {
  id: string;
  blocked: number[];
  clicks: [number, string, boolean][];
  done: number[];
}

/**
 * The players' own states, read once per player and kept per instance (a returning player's list
 * needs no query). Every write that changes one — a start's click, a conversion, a moderator's
 * block, by any instance or by hand — reaches every instance through the database's
 * notification on commit (`forget`); a read that began before a change is used once, not kept.
 */
export class PlayerStates {
  private readonly states = new TtlCache<number, PlayerState>(MAX_PLAYERS);
  /** Player → when (this instance's change counter) their state last changed. */
  private readonly changedAt = new TtlCache<number, number>(MAX_PLAYERS);
  private counter = 0;
  /** The counter when everything was last forgotten. */
  private allChangedAt = 0;
  /** No change can be heard (the notifications could not be followed): nothing is kept. */
  private disabled = false;
  /** Who has anything of their own: a player who surely has nothing is not read. */
  private readonly holders = new StateHolders();

  disable() {
    this.disabled = true;
    this.holders.stop();
    this.forget();
  }

  /** The notifications are followed: who has a state of their own is read, and kept with them. */
  follow(em: () => EntityManager, warn: (err: unknown) => void) {
    if (!this.disabled) this.holders.follow(em, warn);
  }

  /** Stops following (the instance stops). */
  stop() {
    this.holders.stop();
  }

  /**
   * The player's state when it is known here without a read: kept, or nothing for a player who
   * has nothing of their own (a new player). Else undefined.
   */
  known(playerId: number): PlayerState | undefined {
    return this.states.get(playerId) ?? (this.holders.mayHold(playerId) ? undefined : NOTHING);
  }

  async of(db: Db, playerId: number): Promise<PlayerState> {
    const hit = this.known(playerId);
    if (hit) return hit;
    const began = this.counter;
    const state = await this.reads.load({ db, playerId });
    const changed = Math.max(this.changedAt.get(playerId) ?? 0, this.allChangedAt);
    if (changed <= began && !this.disabled) this.states.set(playerId, state, Date.now() + PLAYER_STATE_TTL_MS);
    return state;
  }

  /** These players' states changed (or, without ids, anyone's): they are read again. */
  forget(playerIds?: Iterable<number>) {
    this.counter++;
    if (!playerIds) {
      this.allChangedAt = this.counter;
      this.states.clear();
      this.holders.rebuild();
      return;
    }
    const ids = [...playerIds];
    this.holders.add(ids);
    const until = Date.now() + CHANGE_MEMORY_MS;
    for (const id of ids) {
      this.states.delete(id);
      this.changedAt.set(id, this.counter, until);
    }
  }

  /** A notification's payload: player ids, comma-separated, or `*` for all. */
  heard(payload: string) {
    if (payload === '*' || !payload) return this.forget();
    const ids = payload.split(',').map(Number);
    if (ids.some((id) => !Number.isSafeInteger(id))) return this.forget();
    this.forget(ids);
  }

  /**
   * The states of players not kept here who may have one, read together: every player asked for
   * in one turn of the event loop (the requests that arrived together) in one query. When the
   * kept states are dropped (the notifications' connection came back, a `*`), every returning
   * player is read at once: a query each cost more than the rest of their list.
   */
  private readonly reads = new DataLoader<{ db: Db; playerId: number }, PlayerState>(
    async (asked) => {
      const ids = [...new Set(asked.map((a) => a.playerId))];
      const rows = await prepared<StateRow>(
        usedDb(asked[0].db),
        'showcase_player_states',
        `select p.id::text as id,
                (select coalesce(array_agg(b.platform_id), '{}') from showcase_blocks b where b.player_id = p.id) as blocked,
                (select coalesce(json_agg(json_build_array(k.campaign_id, k.code, k.not_new)), '[]')
                   from clicks k where k.player_id = p.id) as clicks,
                (select coalesce(array_agg(distinct c2.task_id), '{}') from conversions v
                   join campaigns c2 on c2.id = v.campaign_id where v.player_id = p.id) as done
           from unnest(?::bigint[]) as p(id)`,
        [`{${ids.join(',')}}`],
      );
      const states = new Map(rows.map((r) => [Number(r.id), stateOf(r)]));
      return asked.map((a) => states.get(a.playerId) ?? stateOf(undefined));
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (read) => setImmediate(read) },
  );
}

/** A read's row as a state (none: a player with nothing of their own yet). */
function stateOf(row: StateRow | undefined): PlayerState {
  return {
    clicks: new Map(row?.clicks.map(([campaignId, code, notNew]) => [campaignId, { code, notNew }])),
    done: new Set(row?.done.map(Number)),
    blockedIn: new Set(row?.blocked.map(Number)),
  };
}
