import type { EntityManager } from '@mikro-orm/postgresql';
import { BloomFilter } from 'bloomfilter';

/** The first filter's room; each next one doubles it. */
const FIRST_ROOM = 65_536;
/** Each filter's false positives: a player taken for a holder is only read, as before. */
const ERROR_RATE = 0.005;
/** Players per page of the scan. */
const PAGE_SIZE = 20_000;
/** How long after a failed scan it is tried again. */
const RETRY_MS = 30_000;
/** The tables a player's own state is made of (player-states.ts reads the same three). */
const TABLES = ['clicks', 'conversions', 'showcase_blocks'] as const;

/**
 * A set of player ids that may say "maybe" of an id it never took (a Bloom filter, ~11 bits per
 * player) and never says "no" of one it took. Filters are added as it fills, each twice the last,
 * so it needs no count up front.
 */
export class GrowingFilter {
  private readonly filters: { filter: BloomFilter; size: number; room: number }[] = [];

  has(id: number): boolean {
    for (const { filter } of this.filters) if (filter.test(id)) return true;
    return false;
  }

  add(id: number) {
    if (this.has(id)) return;
    let last = this.filters.at(-1);
    if (!last || last.room === 0) {
      const size = last ? last.size * 2 : FIRST_ROOM;
      last = { filter: BloomFilter.withTargetError(size, ERROR_RATE), size, room: size };
      this.filters.push(last);
    }
    last.filter.add(id);
    last.room--;
  }
}

/**
 * The players who have anything of their own in the showcase: a click, a conversion or a block.
 * A player who is not one has nothing to read, so a new player's first list needs no query.
 *
 * Built by a scan of the three tables (a page at a time, in the background) once the database's
 * notifications of players' changes are followed, and told of every change since (`add`): a row
 * committed before a page's read is in the scan, one after it is heard. Built again when changes
 * may have been missed (the notifications' connection came back, or a statement changed too
 * many players to name them). While it is built, and without the notifications, it knows no one
 * for sure (`mayHold` is true for all).
 */
export class StateHolders {
  /** The players it knows of, or null while it cannot say. */
  private known: GrowingFilter | null = null;
  /** The build under way: what is heard while it scans goes into it too. */
  private building: GrowingFilter | null = null;
  private generation = 0;
  private source: { em: () => EntityManager; warn: (err: unknown) => void } | null = null;

  /** `page`: players per page of the scan. */
  constructor(private readonly page = PAGE_SIZE) {}

  /** False only for a player who surely has nothing of their own. */
  mayHold(playerId: number): boolean {
    return !this.known || this.known.has(playerId);
  }

  /** These players have something of their own now (or may have). */
  add(playerIds: Iterable<number>) {
    for (const id of playerIds) {
      this.known?.add(id);
      this.building?.add(id);
    }
  }

  /** Follows the players from now on, reading who holds anything (the notifications are followed). */
  follow(em: () => EntityManager, warn: (err: unknown) => void) {
    this.source = { em, warn };
    this.rebuild();
  }

  /** Changes may have been missed: no one is known until the tables are read again. */
  rebuild() {
    const generation = ++this.generation;
    this.known = null;
    this.building = null;
    if (!this.source) return;
    const next = new GrowingFilter();
    this.building = next;
    const { em, warn } = this.source;
    this.scan(em, next, generation).then(
      (done) => {
        if (!done) return;
        this.known = next;
        this.building = null;
      },
      (err: unknown) => {
        if (generation !== this.generation) return;
        this.building = null;
        warn(err);
        // Tried again unless something newer started a build (or stopped it) in the meantime.
        setTimeout(() => generation === this.generation && this.rebuild(), RETRY_MS).unref();
      },
    );
  }

  /** Stops following: no one is known (a build under way is dropped). */
  stop() {
    this.source = null;
    this.rebuild();
  }

  /** Every player id of the three tables into `into`; false when a newer build took over. */
  private async scan(em: () => EntityManager, into: GrowingFilter, generation: number): Promise<boolean> {
    for (const table of TABLES) {
      // Distinct ids in index order, a page after the last: an index-only walk, not a sort.
      let after = '0';
      for (;;) {
        if (generation !== this.generation) return false;
        const rows = await em().execute<{ id: string | number }[]>(
          `select distinct player_id as id from "${table}" where player_id > ?::bigint order by player_id limit ?`,
          [after, this.page],
        );
        for (const { id } of rows) into.add(Number(id));
        if (rows.length < this.page) break;
        after = String(rows[rows.length - 1].id);
      }
    }
    return generation === this.generation;
  }
}
