import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  SCROLL_AREA_ATTRIBUTE,
  type ScrollStore,
  WINDOW_TARGET,
  createScrollStore,
  restoreScroll,
} from '../../lib/scrollPositions';

let shared: ScrollStore | null = null;

/**
 * Keeps the window's scroll position per route path, and that of every area marked with
 * `data-scroll-restoration-id`, in localStorage, and restores them after a navigation
 * and after a reload once the content has rendered. Used once, in the signed-in layout; the
 * router's own (sessionStorage) restoration is off, it only scrolls new pages to the top.
 */
export function useScrollPositions(): void {
  const router = useRouter();

  useEffect(() => {
    if (!shared) shared = createScrollStore();
    const store = shared;
    /** Targets being restored: their scroll events (the router's scroll to top) are not recorded. */
    const restoring = new Set<string>();
    let cancelRestore: (() => void) | null = null;
    let navigating = false;
    const path = () => router.state.location.pathname;

    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';

    /** Records a scroll target's position, unless it still waits to be restored. */
    const record = (target: EventTarget | null, at = path()) => {
      if (target === document || target === window) {
        if (!restoring.has(WINDOW_TARGET)) store.set(at, WINDOW_TARGET, [window.scrollX, window.scrollY]);
        return;
      }
      if (!(target instanceof HTMLElement)) return;
      const id = target.getAttribute(SCROLL_AREA_ATTRIBUTE);
      if (id && !restoring.has(id)) store.set(at, id, [target.scrollLeft, target.scrollTop]);
    };

    const onScroll = (event: Event) => {
      if (!navigating) record(event.target);
    };

    const start = (at: string) => {
      cancelRestore?.();
      const page = store.get(at);
      if (!page) return;
      for (const target of Object.keys(page)) restoring.add(target);
      cancelRestore = restoreScroll(page, { onSettled: (target) => restoring.delete(target) });
    };

    // The user's own scrolling wins over a restore still waiting for content.
    const onUserInput = () => {
      cancelRestore?.();
      cancelRestore = null;
    };

    /** Saves the page being left in full: the window and every marked area still on screen. */
    const snapshot = (at: string) => {
      record(document, at);
      for (const el of document.querySelectorAll<HTMLElement>(`[${SCROLL_AREA_ATTRIBUTE}]`)) record(el, at);
    };

    const unsubscribeBefore = router.subscribe('onBeforeLoad', (event) => {
      if (!event.fromLocation || event.fromLocation.pathname === event.toLocation.pathname) return;
      snapshot(event.fromLocation.pathname);
      cancelRestore?.();
      navigating = true;
    });
    // Runs after the router's own scroll to the top of the new page.
    const unsubscribeRendered = router.subscribe('onRendered', (event) => {
      navigating = false;
      if (event.fromLocation?.pathname === event.toLocation.pathname) return;
      start(event.toLocation.pathname);
    });

    const onHide = () => {
      if (!navigating) snapshot(path());
      store.flush();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };

    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      window.addEventListener(type, onUserInput, { capture: true, passive: true });
    }
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);

    // A reload (or the first signed-in page): bring back this path's positions.
    start(path());

    return () => {
      cancelRestore?.();
      unsubscribeBefore();
      unsubscribeRendered();
      document.removeEventListener('scroll', onScroll, { capture: true });
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
        window.removeEventListener(type, onUserInput, { capture: true });
      }
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      store.flush();
      history.scrollRestoration = previous;
    };
  }, [router]);
}
