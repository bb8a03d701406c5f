import type { EntityManager } from '@mikro-orm/postgresql';
import { TtlCache } from '../../lib/ttl-cache.ts';
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

  disable() {
    this.disabled = true;
    this.forget();
  }

  /** The player's state when it is kept here (no read), else undefined. */
  known(playerId: number): PlayerState | undefined {
    return this.states.get(playerId);
  }

  async of(db: Db, playerId: number): Promise<PlayerState> {
    const hit = this.states.get(playerId);
    if (hit) return hit;
    const began = this.counter;
    const state = await this.read(usedDb(db), playerId);
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
      return;
    }
    const until = Date.now() + CHANGE_MEMORY_MS;
    for (const id of playerIds) {
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

  private async read(em: EntityManager, playerId: number): Promise<PlayerState> {
    const [own] = await prepared<{ blocked: number[]; clicks: [number, string, boolean][]; done: number[] }>(
      em,
      'showcase_player_state',
      `select (select coalesce(array_agg(b.platform_id), '{}') from showcase_blocks b where b.player_id = ?) as blocked,
              (select coalesce(json_agg(json_build_array(k.campaign_id, k.code, k.not_new)), '[]')
                 from clicks k where k.player_id = ?) as clicks,
              (select coalesce(array_agg(distinct c2.task_id), '{}') from conversions v
                 join campaigns c2 on c2.id = v.campaign_id where v.player_id = ?) as done`,
      [playerId, playerId, playerId],
    );
    return {
      clicks: new Map(own.clicks.map(([campaignId, code, notNew]) => [campaignId, { code, notNew }])),
      done: new Set(own.done.map(Number)),
      blockedIn: new Set(own.blocked.map(Number)),
    };
  }
}
