import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SCROLL_POSITIONS_KEY,
  createScrollStore,
  readScrollPositions,
  restoreScroll,
  withScrollPosition,
} from './scrollPositions';

const stored = () => JSON.parse(localStorage.getItem(SCROLL_POSITIONS_KEY) ?? 'null');

describe('scroll positions in localStorage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('saves under one key with throttled writes and reads them back after a reload', () => {
    const store = createScrollStore({ wait: 500 });
    store.set('/advertiser', 'window', [0, 640.4]);
    store.set('/advertiser', 'resource-table', [220, 0]);
    // Nothing is written until the throttle window ends; then one write holds both.
    expect(localStorage.getItem(SCROLL_POSITIONS_KEY)).toBeNull();
    const write = vi.spyOn(Storage.prototype, 'setItem');
    store.set('/publisher', 'window', [0, 90]);
    vi.advanceTimersByTime(500);
    expect(write).toHaveBeenCalledTimes(1);
    write.mockRestore();
    expect(stored()).toEqual({
      '/advertiser': { window: [0, 640], 'resource-table': [220, 0] },
      '/publisher': { window: [0, 90] },
    });

    // A new page load (a new store) restores what was saved.
    const reloaded = createScrollStore();
    expect(reloaded.get('/advertiser')).toEqual({ window: [0, 640], 'resource-table': [220, 0] });
    expect(reloaded.get('/nowhere')).toBeUndefined();
  });

  it('keeps the 50 most recently used paths', () => {
    const store = createScrollStore({ wait: 100 });
    for (let i = 0; i < 60; i++) store.set(`/page/${i}`, 'window', [0, i]);
    store.set('/page/5', 'window', [0, 500]); // used again: moves to the end, survives the cap
    store.flush();
    const paths = Object.keys(stored());
    expect(paths).toHaveLength(50);
    expect(paths.at(-1)).toBe('/page/5');
    expect(paths).not.toContain('/page/10');
    expect(paths).toContain('/page/11');
    expect(stored()['/page/5']).toEqual({ window: [0, 500] });

    expect(Object.keys(withScrollPosition({ '/a': { window: [0, 1] } }, '/b', 'window', [0, 2], 1))).toEqual(['/b']);
  });

  it('merges with entries another tab wrote and ignores malformed data', () => {
    const store = createScrollStore({ wait: 100 });
    localStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ '/other': { window: [0, 10] } }));
    store.set('/mine', 'window', [0, 20]);
    vi.advanceTimersByTime(100);
    expect(stored()).toEqual({ '/other': { window: [0, 10] }, '/mine': { window: [0, 20] } });

    localStorage.setItem(SCROLL_POSITIONS_KEY, '{not json');
    expect(readScrollPositions()).toEqual({});
    localStorage.setItem(
      SCROLL_POSITIONS_KEY,
      JSON.stringify({ '/ok': { window: [1, 2], bad: ['x', 1] }, '/bad': [1, 2], '/neg': { window: [-1, 5] } }),
    );
    expect(readScrollPositions()).toEqual({ '/ok': { window: [1, 2] } });
  });

  it('restores a scroll area once the content has rendered, and gives up after the timeout', () => {
    let time = 0;
    const frames: Array<() => void> = [];
    const options = { now: () => time, nextFrame: (run: () => void) => frames.push(run), timeout: 1000 };
    const settled: string[] = [];
    restoreScroll({ 'resource-table': [300, 0] }, { ...options, onSettled: (t) => settled.push(t) });
    expect(settled).toEqual([]); // the table is not there yet

    // The table renders, still behind a loading placeholder.
    document.body.innerHTML =
      '<main><div aria-busy="true"></div><div data-scroll-restoration-id="resource-table"></div></main>';
    const area = document.querySelector<HTMLElement>('[data-scroll-restoration-id]') as HTMLElement;
    Object.defineProperty(area, 'scrollWidth', { value: 1200 });
    Object.defineProperty(area, 'clientWidth', { value: 400 });
    frames.shift()?.();
    expect(area.scrollLeft).toBe(0);

    document.querySelector('[aria-busy]')?.remove();
    frames.shift()?.();
    expect(area.scrollLeft).toBe(300);
    expect(settled).toEqual(['resource-table']);
    expect(frames).toHaveLength(0);

    // A missing area is waited for only until the timeout.
    const gaveUp: string[] = [];
    restoreScroll({ gone: [10, 0] }, { ...options, onSettled: (t) => gaveUp.push(t) });
    time = 1000;
    frames.shift()?.();
    expect(gaveUp).toEqual(['gone']);
  });

  it('scrolls the window back and can be cancelled by the user', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 3000, configurable: true });
    restoreScroll({ window: [0, 800] }, { nextFrame: () => {} });
    expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 800, behavior: 'instant' });

    scrollTo.mockClear();
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 500, configurable: true });
    const frames: Array<() => void> = [];
    const settled: string[] = [];
    const cancel = restoreScroll(
      { window: [0, 2000] },
      { nextFrame: (run) => frames.push(run), onSettled: (t) => settled.push(t) },
    );
    expect(scrollTo).not.toHaveBeenCalled(); // the page is too short yet
    cancel();
    expect(settled).toEqual(['window']);
    frames.shift()?.();
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });
});
