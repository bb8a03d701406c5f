import type { TaskType } from '../projects/project.entity.ts';

/** How many tasks a player's list shows. */
export const LIST_SIZE = 50;
/**
 * Resources an audience's list holds past LIST_SIZE, for what its players did already; a
 * player who did more has the next page read (and kept) for their audience.
 */
export const LIST_MARGIN = 50;
/**
 * The longest a list lives without being read again from scratch (plus up to a fifth, so the
 * lists built together are not read again together): what neither an event nor the sweep
 * announces is at most this old.
 */
export const LIST_MAX_AGE_MS = 600_000;
/** Lists kept per instance (apps × audiences); the least recently built go first. */
const MAX_LISTS = 20_000;
/** Change entries kept; a list further behind is read again. */
const MAX_CHANGES = 20_000;

/** A campaign as a list shows it to one tier; one object per campaign and tier, shared by every list. */
export interface Candidate {
  id: number;
  task_id: number;
  task_type: TaskType;
  title: string;
  logo: string;
  url: string;
  invite_link: string | null;
  is_mini_app: boolean;
  new_users_only: boolean;
  /** The tier's price in micro-USD (for the order only; the click and the conversion read theirs). */
  price: bigint;
}

/** One resource of a list: its campaigns in the order a player is offered them (swap, price, id). */
interface Resource {
  taskId: number;
  campaigns: Candidate[];
}

/**
 * A prefix of an audience's ranking: its resources in list order (by their first campaign's
 * price, then id), each with all of its campaigns the audience may see. `complete` when no
 * resource follows.
 */
interface AudienceList {
  resources: Resource[];
  complete: boolean;
  /** The change sequence it has seen. */
  seen: number;
  expires: number;
  pending: Promise<AudienceList> | null;
  /** The picks of a player who has taken nothing from it, while its resources stay (`plainKnown`). */
  plain?: { resources: Resource[]; picks: Candidate[] };
}

/** A player who has done no resource of a list and was new to every campaign of it. */
const NOTHING_TAKEN = { doneTask: () => false, skip: () => false };

/** Where the ranking starts: after this resource's first campaign (price desc, id asc). */
export interface After {
  price: bigint;
  id: number;
}

/** How an audience's lists are read (the showcase's audience SQL). */
export interface ListSource {
  /** Up to `limit` resources ranked after `after` (from the top without), with all their campaigns. */
  page(after: After | null, limit: number): Promise<Candidate[]>;
  /** All campaigns the audience may see of these resources and of the resources of these campaigns. */
  resources(taskIds: number[], campaignIds: number[]): Promise<Candidate[]>;
}

/**
 * What changed: campaigns or resources (their resources move), an app (its lists are read
 * again), or anything.
 */
export type Change = { campaignIds: number[] } | { taskIds: number[] } | { platformId: number } | { all: true };

/** Is a before b in list order (price desc, then id asc)? */
function before(a: Candidate, b: Candidate): boolean {
  return a.price !== b.price ? a.price > b.price : a.id < b.id;
}

/** List order as a sort comparator. */
function compare(a: Candidate, b: Candidate): number {
  return before(a, b) ? -1 : before(b, a) ? 1 : 0;
}

/**
 * A player's picks from a list: per resource not done, its first campaign the player may take,
 * in list order; null when the list's prefix cannot tell yet (it is extended first).
 */
function choose(
  list: AudienceList,
  may: { doneTask: (taskId: number) => boolean; skip: (campaignId: number) => boolean },
): Candidate[] | null {
  const picks: Candidate[] = [];
  let inOrder = true;
  for (const r of list.resources) {
    if (may.doneTask(r.taskId)) continue;
    const c = r.campaigns.find((x) => !may.skip(x.id));
    if (!c) continue;
    if (c !== r.campaigns[0]) inOrder = false;
    picks.push(c);
  }
  if (!inOrder) picks.sort(compare);
  // A resource past the prefix ranks after its last resource: the picks before that are sure.
  const last = list.resources.at(-1)?.campaigns[0];
  const sure = list.complete || !last ? picks.length : picks.filter((p) => !before(last, p)).length;
  return sure >= LIST_SIZE || list.complete ? picks.slice(0, LIST_SIZE) : null;
}

/** Rows (resource by resource, each in its campaigns' order) as resources. */
function group(rows: Candidate[]): Resource[] {
  const out: Resource[] = [];
  const byTask = new Map<number, Resource>();
  for (const c of rows) {
    let r = byTask.get(c.task_id);
    if (!r) {
      r = { taskId: c.task_id, campaigns: [] };
      byTask.set(c.task_id, r);
      out.push(r);
    }
    r.campaigns.push(c);
  }
  return out;
}

/**
 * What a player may see is kept per app and audience as a short ranked list, not re-ranked per
 * request: LIST_SIZE + LIST_MARGIN resources, read once, then kept right by changes — a
 * campaign's change re-reads its resource for the lists that are read afterwards, an app's
 * change its lists, anything else all of them — and read again from scratch after
 * LIST_MAX_AGE_MS. A list stays a prefix of the audience's ranking: a resource that leaves
 * shortens it, one that joins below its end is left to the next page.
 */
export class AudienceLists {
  private readonly lists = new Map<string, AudienceList>();
  private changes: { seq: number; change: Change }[] = [];
  private seq = 0;
  /** Campaign objects by tier and id, so lists share them. */
  private readonly shared = new Map<string, Candidate>();

  /** Notes a change; the lists it touches catch up when next read. */
  note(change: Change) {
    if ('all' in change) {
      this.lists.clear();
      this.changes = [];
      this.seq++;
      return;
    }
    this.changes.push({ seq: ++this.seq, change });
    if (this.changes.length > MAX_CHANGES) this.changes.splice(0, this.changes.length - MAX_CHANGES);
  }

  get size() {
    return this.lists.size;
  }

  /**
   * The player's tasks: the first LIST_SIZE of the audience's resources the player may still do
   * (`skip` says which campaigns they may not, `doneTask` which resources), each as its first
   * campaign the player may do, in list order. Reads further pages while the prefix cannot
   * answer for sure.
   */
  async pick(
    key: string,
    platformId: number,
    source: ListSource,
    may: { doneTask: (taskId: number) => boolean; skip: (campaignId: number) => boolean },
  ): Promise<Candidate[]> {
    for (;;) {
      const list = await this.current(key, platformId, source);
      const picks = choose(list, may);
      if (picks) return picks;
      await this.extend(list, source);
    }
  }

  /**
   * `pick` without waiting, when the list is in memory and up to date and its prefix holds the
   * player's picks; otherwise undefined (`pick` reads what is missing). A returning player's
   * list on a quiet network: no promise at all.
   */
  pickKnown(
    key: string,
    platformId: number,
    may: { doneTask: (taskId: number) => boolean; skip: (campaignId: number) => boolean },
  ): Candidate[] | undefined {
    const list = this.known(this.lists.get(key), platformId);
    return (list && choose(list, may)) ?? undefined;
  }

  /**
   * `pickKnown` for a player who has done and skipped nothing: the same array for every such
   * player while the list's resources stay, so what is made of it can be kept with it (the
   * answer's shared tasks: ShowcaseService).
   */
  plainKnown(key: string, platformId: number): Candidate[] | undefined {
    const list = this.known(this.lists.get(key), platformId);
    if (!list) return undefined;
    if (list.plain?.resources !== list.resources) {
      const picks = choose(list, NOTHING_TAKEN);
      if (!picks) return undefined;
      list.plain = { resources: list.resources, picks };
    }
    return list.plain.picks;
  }

  /**
   * The list when it is up to date in memory: read, not pending, not expired, and no change
   * since it was read that touches it (a change elsewhere only moves its mark). Otherwise
   * undefined: `current` reads or catches up.
   */
  private known(list: AudienceList | undefined, platformId: number): AudienceList | undefined {
    if (!list || list.pending || Date.now() > list.expires) return undefined;
    const missed = this.missed(list, platformId);
    if (missed === 'rebuild' || missed.campaignIds.size || missed.taskIds.size) return undefined;
    list.seen = this.seq;
    return list;
  }

  /**
   * What changed since the list was read that touches it: the campaigns and resources to read
   * again, or `rebuild` (its app changed, or the changes it missed are no longer kept).
   */
  private missed(
    list: AudienceList,
    platformId: number,
  ): 'rebuild' | { campaignIds: Set<number>; taskIds: Set<number> } {
    const campaignIds = new Set<number>();
    const taskIds = new Set<number>();
    if (list.seen === this.seq) return { campaignIds, taskIds };
    const oldest = this.changes[0]?.seq ?? this.seq + 1;
    if (list.seen < oldest - 1) return 'rebuild';
    for (let i = this.changes.length - 1; i >= 0 && this.changes[i].seq > list.seen; i--) {
      const change = this.changes[i].change;
      if ('platformId' in change && change.platformId === platformId) return 'rebuild';
      if ('campaignIds' in change) for (const id of change.campaignIds) campaignIds.add(id);
      if ('taskIds' in change) for (const id of change.taskIds) taskIds.add(id);
    }
    return { campaignIds, taskIds };
  }

  /** The list as of now: built, or caught up with the changes since it was read. */
  private current(key: string, platformId: number, source: ListSource): Promise<AudienceList> {
    const list = this.lists.get(key);
    if (list?.pending) return list.pending;
    if (!list || Date.now() > list.expires) return this.build(key, source);
    const missed = this.missed(list, platformId);
    if (missed === 'rebuild') return this.build(key, source);
    if (!missed.campaignIds.size && !missed.taskIds.size) {
      list.seen = this.seq;
      return Promise.resolve(list);
    }
    return this.track(list, this.patch(list, source, missed.taskIds, missed.campaignIds));
  }

  /** Runs `work` as the list's one pending read: concurrent readers share it. */
  private track(list: AudienceList, work: Promise<AudienceList>): Promise<AudienceList> {
    const p = work.finally(() => {
      list.pending = null;
    });
    list.pending = p;
    return p;
  }

  private build(key: string, source: ListSource): Promise<AudienceList> {
    const expires = Date.now() + LIST_MAX_AGE_MS * (1 + Math.random() / 5);
    const list: AudienceList = { resources: [], complete: false, seen: this.seq, expires, pending: null };
    this.lists.delete(key);
    this.lists.set(key, list);
    if (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value as string);
    const limit = LIST_SIZE + LIST_MARGIN;
    return this.track(
      list,
      source.page(null, limit).then(
        (rows) => {
          list.resources = group(this.share(rows));
          list.complete = list.resources.length < limit;
          return list;
        },
        (err: unknown) => {
          if (this.lists.get(key) === list) this.lists.delete(key);
          throw err;
        },
      ),
    );
  }

  /** The next page of the ranking, kept on the list. */
  private extend(list: AudienceList, source: ListSource): Promise<AudienceList> {
    if (list.pending) return list.pending;
    const last = list.resources.at(-1)?.campaigns[0];
    const limit = LIST_SIZE + LIST_MARGIN;
    // The page is as of now and the list as of `seen`: the changes between are applied (again)
    // when it is next read, which re-reads their resources whole.
    return this.track(
      list,
      source.page(last ? { price: last.price, id: last.id } : null, limit).then((rows) => {
        const known = new Set(list.resources.map((r) => r.taskId));
        const page = group(this.share(rows)).filter((r) => !known.has(r.taskId));
        list.resources = [...list.resources, ...page];
        list.complete = page.length < limit;
        return list;
      }),
    );
  }

  /** Re-reads changed resources (and those of changed campaigns) and puts them where they rank now, or takes them out. */
  private patch(list: AudienceList, source: ListSource, taskIds: Set<number>, campaignIds: Set<number>) {
    const seen = this.seq;
    return source.resources([...taskIds], [...campaignIds]).then((rows) => {
      const fresh = group(this.share(rows));
      const touched = new Set<number>([...taskIds, ...fresh.map((r) => r.taskId)]);
      for (const r of list.resources) if (r.campaigns.some((c) => campaignIds.has(c.id))) touched.add(r.taskId);
      // Every resource that ranks up to the list's end is known (the untouched as they were, the
      // touched read now); one that now ranks past it is left for the next page.
      const end = list.resources.at(-1)?.campaigns[0];
      const kept = list.resources.filter((r) => !touched.has(r.taskId));
      const joining = fresh.filter((r) => list.complete || (end !== undefined && !before(end, r.campaigns[0])));
      list.resources = [...kept, ...joining].sort((a, b) => compare(a.campaigns[0], b.campaigns[0]));
      list.seen = seen;
      return list;
    });
  }

  /** The shared object of each campaign (a new one when anything it shows changed). */
  private share(rows: Candidate[]): Candidate[] {
    if (this.shared.size > 100_000) this.shared.clear();
    return rows.map((row) => {
      const id = `${row.price}|${row.id}`;
      const known = this.shared.get(id);
      if (
        known &&
        known.task_id === row.task_id &&
        known.title === row.title &&
        known.logo === row.logo &&
        known.url === row.url &&
        known.invite_link === row.invite_link &&
        known.is_mini_app === row.is_mini_app &&
        known.new_users_only === row.new_users_only &&
        known.task_type === row.task_type
      ) {
        return known;
      }
      this.shared.set(id, row);
      return row;
    });
  }
}
