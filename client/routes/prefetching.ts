type Prefetches = typeof import('./prefetch');

/**
 * A route loader that starts the page's first-screen queries (routes/prefetch.ts, loaded on demand)
 * alongside the page's code and does not wait for them: the page shows its own loading state
 * and errors as before, only sooner filled.
 */
export const prefetching = (name: keyof Prefetches) => () => {
  void import('./prefetch').then((p) => p[name]()).catch(() => undefined);
};
