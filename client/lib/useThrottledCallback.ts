import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs `fn` at most once per `ms`: the first call at once, calls within the window fold into
 * one trailing run at its end. For refetches driven by a stream of live events.
 */
export function useThrottledCallback(fn: () => void, ms: number): () => void {
  const latest = useRef(fn);
  latest.current = fn;
  const lastRun = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  return useCallback(() => {
    if (timer.current !== undefined) return;
    const wait = lastRun.current + ms - Date.now();
    const run = () => {
      timer.current = undefined;
      lastRun.current = Date.now();
      latest.current();
    };
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  }, [ms]);
}
