// Scroll positions of the window and of marked scrollable areas, kept in localStorage
// under one key: a small JSON map from route path to positions, most recently used last.
// Logout leaves it alone (it clears only the token, project and choose-role flag).

export const SCROLL_POSITIONS_KEY = 'scrollPositions';
/** How many route paths are remembered; the least recently used go first. */
export const MAX_SCROLL_ENTRIES = 50;
/** Marks a scrollable area whose position is kept: `<Box data-scroll-restoration-id="resources">`. */
export const SCROLL_AREA_ATTRIBUTE = 'data-scroll-restoration-id';
/** The target name of the window's own scroll position. */
export const WINDOW_TARGET = 'window';

export type ScrollPoint = [x: number, y: number];
/** One route path: target (`window` or a scroll area id) → position. */
export type PageScroll = Record<string, ScrollPoint>;
export type ScrollPositions = Record<string, PageScroll>;

function storageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames).
    return null;
  }
}

const isPoint = (v: unknown): v is ScrollPoint =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0);

/** The stored map; anything malformed is dropped rather than trusted. */
export function readScrollPositions(storage: Storage | null = storageOrNull()): ScrollPositions {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const result: ScrollPositions = {};
  for (const [path, page] of Object.entries(parsed as Record<string, unknown>)) {
    if (!page || typeof page !== 'object' || Array.isArray(page)) continue;
    const points = Object.entries(page as Record<string, unknown>).filter((e): e is [string, ScrollPoint] =>
      isPoint(e[1]),
    );
    if (points.length) result[path] = Object.fromEntries(points);
  }
  return result;
}

/** Keeps only the `max` most recently used paths (the map's last keys). */
export function capScrollPositions(map: ScrollPositions, max = MAX_SCROLL_ENTRIES): ScrollPositions {
  const paths = Object.keys(map);
  if (paths.length <= max) return map;
  return Object.fromEntries(paths.slice(paths.length - max).map((p) => [p, map[p]]));
}

/** Records one target's position for a path and makes that path the most recent. */
export function withScrollPosition(
  map: ScrollPositions,
  path: string,
  target: string,
  point: ScrollPoint,
  max = MAX_SCROLL_ENTRIES,
): ScrollPositions {
  const { [path]: page, ...rest } = map;
  const rounded: ScrollPoint = [Math.max(0, Math.round(point[0])), Math.max(0, Math.round(point[1]))];
  return capScrollPositions({ ...rest, [path]: { ...page, [target]: rounded } }, max);
}

export interface ScrollStore {
  /** The saved positions of one route path. */
  get(path: string): PageScroll | undefined;
  /** Records a position now; the write to storage follows within `wait` ms. */
  set(path: string, target: string, point: ScrollPoint): void;
  /** Writes pending changes at once (page hide, tests). */
  flush(): void;
}

/**
 * Positions in memory with throttled writes: at most one localStorage write per `wait` ms.
 * A write merges this tab's changed paths into what is stored, so other tabs' entries survive.
 */
export function createScrollStore({
  storage = storageOrNull(),
  wait = 500,
  max = MAX_SCROLL_ENTRIES,
}: {
  storage?: Storage | null;
  wait?: number;
  max?: number;
} = {}): ScrollStore {
  let map = readScrollPositions(storage);
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!dirty.size || !storage) return;
    let merged = readScrollPositions(storage);
    // This tab's changes replace the stored ones and keep this tab's order of use.
    merged = Object.fromEntries(Object.entries(merged).filter(([path]) => !dirty.has(path)));
    for (const path of Object.keys(map)) if (dirty.has(path)) merged[path] = map[path];
    dirty.clear();
    map = capScrollPositions(merged, max);
    try {
      storage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(map));
    } catch {
      // Quota or blocked storage: positions stay in memory for this tab.
    }
  };

  return {
    get: (path) => map[path],
    set(path, target, point) {
      const saved = map[path]?.[target];
      const next = withScrollPosition(map, path, target, point, max);
      if (saved && saved[0] === next[path][target][0] && saved[1] === next[path][target][1]) return;
      map = next;
      dirty.add(path);
      timer ??= setTimeout(flush, wait);
    },
    flush,
  };
}

function scrollAreaElement(id: string): HTMLElement | null {
  const escaped = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id.replace(/["\\]/g, '\\$&');
  return document.querySelector<HTMLElement>(`[${SCROLL_AREA_ATTRIBUTE}="${escaped}"]`);
}

/** Whether the page is still showing loading placeholders (skeletons mark themselves aria-busy). */
function isLoading(): boolean {
  return Boolean(document.querySelector('main [aria-busy="true"], [data-testid$="-loading"]'));
}

/** Whether a scroll range is long enough to reach a saved offset (no need to wait for 0). */
const reaches = (range: number, offset: number) => offset === 0 || range >= offset - 1;

export interface RestoreOptions {
  /** Give up waiting for the content after this long and scroll as far as it goes. */
  timeout?: number;
  /** Called once per target when it has been restored (or given up on). */
  onSettled?: (target: string) => void;
  now?: () => number;
  nextFrame?: (run: () => void) => unknown;
}

/**
 * Scrolls the window and each saved scroll area back once the content has rendered: when no
 * loading placeholder is left and the area is long/wide enough to reach the saved position.
 * Returns a cancel function (used when the user scrolls or navigates first).
 */
export function restoreScroll(page: PageScroll, options: RestoreOptions = {}): () => void {
  const { timeout = 4000, onSettled, now = () => Date.now(), nextFrame = requestAnimationFrame } = options;
  const pending = new Map(Object.entries(page));
  const deadline = now() + timeout;
  let cancelled = false;

  const settle = (target: string) => {
    pending.delete(target);
    onSettled?.(target);
  };

  const tick = () => {
    if (cancelled) return;
    const last = now() >= deadline;
    const ready = last || !isLoading();
    for (const [target, [x, y]] of pending) {
      if (target === WINDOW_TARGET) {
        const root = document.documentElement;
        const fits =
          reaches(root.scrollWidth - window.innerWidth, x) && reaches(root.scrollHeight - window.innerHeight, y);
        if (ready && (fits || last)) {
          window.scrollTo({ left: x, top: y, behavior: 'instant' });
          settle(target);
        }
        continue;
      }
      const el = scrollAreaElement(target);
      if (!el) {
        if (last) settle(target);
        continue;
      }
      const fits = reaches(el.scrollWidth - el.clientWidth, x) && reaches(el.scrollHeight - el.clientHeight, y);
      if (ready && (fits || last)) {
        el.scrollLeft = x;
        el.scrollTop = y;
        settle(target);
      }
    }
    if (pending.size) nextFrame(tick);
  };

  tick();
  return () => {
    cancelled = true;
    for (const target of [...pending.keys()]) settle(target);
  };
}
